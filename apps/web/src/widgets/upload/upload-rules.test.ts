import { describe, expect, it } from 'vitest';
import {
  cellName,
  itemsFromValue,
  keepLast,
  refusalOf,
  statusText,
  valueFromItems,
  type UploadItem,
} from './upload-rules.ts';

const MB = 1024 * 1024;

describe('refusalOf', () => {
  it('takes the shared type and size rules: videos up to 50 MB, others 20 MB, no markup or programs', () => {
    expect(refusalOf({ name: 'a.mp4', size: 50 * MB }, 'file')).toBeNull();
    expect(refusalOf({ name: 'a.mp4', size: 50 * MB + 1 }, 'file')).toBe('上传视频大小不能超过50MB');
    expect(refusalOf({ name: 'a.pdf', size: 20 * MB + 1 }, 'file')).toBe('上传文件大小不能超过20MB');
    expect(refusalOf({ name: 'x.png.jsp', size: 1 }, 'file')).toBe('禁止上传.jsp文件');
    expect(refusalOf({ name: 'logo.svg', size: 1 }, 'file')).toBe('禁止上传.svg文件');
  });

  it("the image uploader takes only files whose type contains 'image'", () => {
    expect(refusalOf({ name: 'a.png', size: 1, type: 'image/png' }, 'image')).toBeNull();
    expect(refusalOf({ name: 'a.png', size: 1, type: 'application/pdf' }, 'image')).toBe('请上传图片');
    expect(refusalOf({ name: 'a.pdf', size: 1, type: '' }, 'image')).toBe('请上传图片');
  });
});

describe('value ⇄ items', () => {
  const a = 'temp/20261125/00000000-0000-0000-0000-00000000000a.pdf';
  const b = 'temp/20261125/00000000-0000-0000-0000-00000000000b.png';

  it('reads comma-joined paths and file records as done items', () => {
    expect(itemsFromValue(`${a}, ${b}`).map((i) => [i.name, i.status, i.path])).toEqual([
      ['00000000-0000-0000-0000-00000000000a.pdf', 'done', a],
      ['00000000-0000-0000-0000-00000000000b.png', 'done', b],
    ]);
    expect(itemsFromValue([{ fileName: '合同.pdf', filePath: a, fileSize: 9 }])[0]).toMatchObject({
      name: '合同.pdf',
      path: a,
      size: 9,
    });
    expect(itemsFromValue('')).toEqual([]);
    expect(itemsFromValue(null)).toEqual([]);
  });

  it('gives a value only when every item is done, without failed or removed ones', () => {
    const done: UploadItem = { uid: '1', name: '合同.pdf', status: 'done', path: a, size: 9 };
    const uploading: UploadItem = { uid: '2', name: 'b', status: 'uploading', percent: 40 };
    const failed: UploadItem = { uid: '3', name: 'c', status: 'error', message: 'x' };
    expect(valueFromItems([done, uploading])).toBeUndefined();
    expect(valueFromItems([done, failed])).toBe(a);
    expect(valueFromItems([done, { ...done, uid: '4', path: b }])).toBe(`${a},${b}`);
    expect(valueFromItems([done], false)).toEqual([{ fileName: '合同.pdf', filePath: a, fileSize: 9 }]);
    expect(valueFromItems([])).toBe('');
  });
});

describe('keepLast, cellName, statusText', () => {
  it('keeps only the last N with a limit', () => {
    expect(keepLast([1, 2, 3, 4], 2)).toEqual([3, 4]);
    expect(keepLast([1, 2], 5)).toEqual([1, 2]);
    expect(keepLast(Array.from({ length: 1000 }, (_, i) => i))).toHaveLength(999);
  });

  it('cuts names at 5 characters', () => {
    expect(cellName('项目合同扫描件.pdf')).toBe('项目合同扫…');
    expect(cellName('a.pdf')).toBe('a.pdf');
  });

  it('says 上传中(percent%), 上传完成, or 上传失败 with the reason (未知错误 when none)', () => {
    expect(statusText({ status: 'uploading', percent: 42.4 })).toBe('上传中(42%)');
    expect(statusText({ status: 'done' })).toBe('上传完成');
    expect(statusText({ status: 'error', message: '请上传图片' })).toBe('上传失败：请上传图片');
    expect(statusText({ status: 'error' })).toBe('上传失败：未知错误');
  });
});
