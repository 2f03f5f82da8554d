import { IMPORT_MAX_BYTES } from '@houtai/shared/upload';
import { describe, expect, it } from 'vitest';
import {
  addFiles,
  dialogState,
  patchFile,
  pendingFiles,
  removeFile,
  retryStep,
  type ImportFileItem,
} from './import-model.ts';

const file = (uid: string, name: string, size = 1000) => ({ uid, name, size });

describe('addFiles', () => {
  it('adds Excel files under 21 MB, waiting', () => {
    const { items, refused } = addFiles([], [file('a', '工单.xlsx'), file('b', '旧版.XLS', IMPORT_MAX_BYTES - 1)]);
    expect(items.map((i) => [i.name, i.status])).toEqual([
      ['工单.xlsx', 'wait'],
      ['旧版.XLS', 'wait'],
    ]);
    expect(refused).toEqual([]);
  });

  it('leaves out a file of 21 MB or more with "{file}文件大小超出20MB!", and files of other types', () => {
    const { items, refused } = addFiles(
      [],
      [file('a', '大文件.xlsx', IMPORT_MAX_BYTES), file('b', 'x.png.jsp'), file('c', '好的.xlsx')],
    );
    expect(items.map((i) => i.name)).toEqual(['好的.xlsx']);
    expect(refused).toEqual(['大文件.xlsx文件大小超出20MB!', 'x.png.jsp不是Excel文件（.xls、.xlsx）']);
  });

  it('does not add the same file twice', () => {
    const first = addFiles([], [file('a', '工单.xlsx')]).items;
    expect(addFiles(first, [file('b', '工单.xlsx')]).items).toHaveLength(1);
    expect(addFiles(first, [file('b', '工单.xlsx', 2000)]).items).toHaveLength(2);
  });
});

describe('states', () => {
  const items: ImportFileItem[] = [
    { uid: 'a', name: 'a.xlsx', size: 1, status: 'wait' },
    { uid: 'b', name: 'b.xlsx', size: 1, status: 'filed', url: 'import/20261125/x.xlsx' },
  ];

  it('the dialog is uploading while any file is, done when every file is', () => {
    expect(dialogState([])).toBe('wait');
    expect(dialogState(items)).toBe('wait');
    expect(dialogState(patchFile(items, 'a', { status: 'uploading' }))).toBe('uploading');
    const done = patchFile(patchFile(items, 'a', { status: 'done' }), 'b', { status: 'done' });
    expect(dialogState(done)).toBe('done');
  });

  it('a start sends the waiting files only; failed ones have their own retry', () => {
    expect(pendingFiles(items).map((i) => i.uid)).toEqual(['a']);
  });

  it('a retry of an uploaded file only registers the task again; otherwise it uploads again', () => {
    expect(retryStep(items[1]!)).toBe('register');
    expect(retryStep({ ...items[1]!, url: undefined })).toBe('upload');
  });

  it('a file being uploaded cannot be removed', () => {
    const uploading = patchFile(items, 'a', { status: 'uploading' });
    expect(removeFile(uploading, 'a')).toHaveLength(2);
    expect(removeFile(items, 'a').map((i) => i.uid)).toEqual(['b']);
  });
});
