import { describe, expect, it } from 'vitest';
import { checkUpload, extensionOf, isUploadBiz, MB, UPLOAD_TEXT, uploadKind } from './upload.ts';

describe('extensionOf', () => {
  it.each([
    ['photo.PNG', 'png'],
    ['a.b.tar.7z', '7z'],
    ['C:\\fakepath\\报表.xlsx', 'xlsx'],
    ['noext', ''],
    ['.bashrc', ''],
  ])('%s → %s', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

describe('checkUpload', () => {
  it('accepts images, videos and documents within their sizes', () => {
    expect(checkUpload('a.jpg', 20 * MB)).toBeNull();
    expect(checkUpload('a.mp4', 50 * MB)).toBeNull();
    expect(checkUpload('a.pdf', 1)).toBeNull();
    expect(checkUpload('a.xlsx', null)).toBeNull();
  });

  it('says the spec texts for sizes: 20 MB for files, 50 MB for videos', () => {
    expect(checkUpload('a.pdf', 20 * MB + 1)).toBe('上传文件大小不能超过20MB');
    expect(checkUpload('a.mkv', 50 * MB + 1)).toBe('上传视频大小不能超过50MB');
  });

  it('refuses markup, scripts and executables with 禁止上传.{ext}文件', () => {
    for (const ext of ['html', 'svg', 'js', 'exe', 'sh', 'php']) {
      expect(checkUpload(`x.${ext}`, 10)).toBe(`禁止上传.${ext}文件`);
    }
    expect(checkUpload('x', 10)).toBe('禁止上传.未知文件');
  });

  it('takes images only where the folder holds images (请上传图片)', () => {
    expect(checkUpload('a.pdf', 10, 'avatar')).toBe(UPLOAD_TEXT.imageOnly);
    expect(checkUpload('a.svg', 10, 'jeditor')).toBe(UPLOAD_TEXT.imageOnly);
    expect(checkUpload('a.webp', 10, 'avatar')).toBeNull();
  });

  it('knows the kinds and the allowed folders', () => {
    expect(uploadKind('tiff')).toBe('image');
    expect(uploadKind('ogg')).toBe('video');
    expect(uploadKind('svg')).toBeNull();
    expect(isUploadBiz('avatar')).toBe(true);
    expect(isUploadBiz('../etc')).toBe(false);
  });
});
