/**
 * Why readWorkbook does not use exceljs's stream reader (see docs/decisions.md): exceljs 4.4.0 decodes each
 * 16 KB chunk on its own, so a Chinese character that straddles two chunks becomes U+FFFD, and it decodes
 * entities twice. If these tests start failing, exceljs has fixed them and the choice can be revisited.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook } from './reader.ts';
import { tempDir, type TempDir } from './test-support.ts';
import { writeXlsx } from './writer.ts';

let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

describe('exceljs 4.4.0 stream reader (canary)', () => {
  it('corrupts CJK text at chunk boundaries and decodes &amp;amp; twice, where readWorkbook does not', async () => {
    const file = tmp.path('canary.xlsx');
    const text = (i: number) => `员工${i}号：研发中心第${i % 13}组，负责华东地区客户关系维护与回访工作&amp;`;
    await writeXlsx(
      file,
      [{ key: 't', title: '文本' }],
      Array.from({ length: 5000 }, (_, i) => ({ t: text(i) })),
    );

    const theirs: unknown[] = [];
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
    });
    for await (const sheet of reader) for await (const row of sheet) theirs.push(row.getCell(1).value);
    expect(theirs.some((v) => typeof v === 'string' && v.includes('\uFFFD'))).toBe(true);
    expect(theirs[1]).toBe('员工0号：研发中心第0组，负责华东地区客户关系维护与回访工作&');

    const ours: unknown[] = [];
    for await (const row of readWorkbook(file)) ours.push(row.values[0]);
    expect(ours.slice(1)).toEqual(Array.from({ length: 5000 }, (_, i) => text(i)));
  });
});
