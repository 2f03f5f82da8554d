import { randomBytes } from 'node:crypto';
import { readdir, readlink } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcelError } from './excel-error.ts';
import { readWorkbook, type ReadWorkbookOptions } from './reader.ts';
import { buildXlsx, tempDir, type TempDir, type XlsxSpec } from './test-support.ts';
import type { ExcelRow } from './values.ts';

let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

async function save(spec: XlsxSpec): Promise<string> {
  return tmp.file(`c-${randomBytes(6).toString('hex')}.xlsx`, buildXlsx(spec));
}

async function rows(spec: XlsxSpec, options?: ReadWorkbookOptions): Promise<ExcelRow[]> {
  const out: ExcelRow[] = [];
  for await (const row of readWorkbook(await save(spec), options)) out.push(row);
  return out;
}

const n = (ref: string, v: number | string, s?: number) =>
  `<c r="${ref}"${s === undefined ? '' : ` s="${s}"`}><v>${v}</v></c>`;

describe('dates and times', () => {
  const styles = {
    xfs: [0, 14, 22, 46, 31, 164, 165, 166, 49],
    formats: { 164: 'h:mm AM/PM', 165: '0.00E+00', 166: 'yyyy"年"m"月"d"日"' },
  };

  it('1900 serials around the phantom leap day: 59 is 1900-02-28, 60 is flagged, 61 is 1900-03-01', async () => {
    const [row] = await rows({
      sheet: `<row r="1">${n('A1', 59, 1)}${n('B1', 60, 1)}${n('C1', 61, 1)}${n('D1', 1, 1)}</row>`,
      styles,
    });
    expect(row!.values[0]).toMatchObject({ kind: 'date', text: '1900-02-28' });
    expect(row!.values[1]).toEqual({ kind: 'error', code: 'INVALID_DATE', message: '日期无效：1900-02-29 不存在' });
    expect(row!.values[2]).toMatchObject({ kind: 'date', text: '1900-03-01' });
    expect(row!.values[3]).toMatchObject({ kind: 'date', text: '1900-01-01' });
    expect(row!.issues).toEqual([{ column: 2, ref: 'B1', message: '日期无效：1900-02-29 不存在' }]);
  });

  it('date-time, duration, time of day and zh-CN built-in formats', async () => {
    const [row] = await rows({
      sheet: `<row r="1">${n('A1', 45292.5, 2)}${n('B1', 1.25, 3)}${n('C1', 45292.75, 5)}${n('D1', 45292, 4)}${n('E1', 45292, 7)}${n('F1', 1234.5, 6)}${n('G1', 7, 8)}</row>`,
      styles,
    });
    expect(row!.values).toEqual([
      { kind: 'date', date: new Date('2024-01-01T12:00:00Z'), hasTime: true, text: '2024-01-01 12:00:00' },
      { kind: 'time', seconds: 108_000, elapsed: true, text: '30:00:00' },
      { kind: 'time', seconds: 64_800, elapsed: false, text: '18:00:00' },
      { kind: 'date', date: new Date('2024-01-01T00:00:00Z'), hasTime: false, text: '2024-01-01' },
      { kind: 'date', date: new Date('2024-01-01T00:00:00Z'), hasTime: false, text: '2024-01-01' },
      1234.5,
      7,
    ]);
  });

  it('date1904="true" (LibreOffice) shifts serials by 1,462 days', async () => {
    const [row] = await rows({ sheet: `<row r="1">${n('A1', 42735, 1)}</row>`, styles, date1904: 'true' });
    expect(row!.values[0]).toMatchObject({ kind: 'date', text: '2021-01-01' });
  });

  it('t="d" ISO cells: dates, date-times, times; impossible dates are flagged', async () => {
    const d = (ref: string, text: string, s = 0) => `<c r="${ref}" t="d" s="${s}"><v>${text}</v></c>`;
    const [row] = await rows({
      sheet: `<row r="1">${d('A1', '2024-02-29', 1)}${d('B1', '2024-03-01T08:30:00', 2)}${d('C1', '2023-02-29', 1)}${d('D1', '10:15:30')}${d('E1', 'abc')}</row>`,
      styles,
    });
    expect(row!.values[0]).toMatchObject({ kind: 'date', text: '2024-02-29' });
    expect(row!.values[1]).toMatchObject({ kind: 'date', text: '2024-03-01 08:30:00' });
    expect(row!.values[2]).toMatchObject({
      kind: 'error',
      code: 'INVALID_DATE',
      message: '无法识别的日期：2023-02-29',
    });
    expect(row!.values[3]).toMatchObject({ kind: 'time', text: '10:15:30' });
    expect(row!.values[4]).toMatchObject({ kind: 'error', code: 'INVALID_DATE' });
  });
});

describe('strings, formulas and errors', () => {
  it('inline rich text runs are joined and phonetic runs dropped; _x escapes decoded, _x005F_ kept literal', async () => {
    const [row] = await rows({
      sheet:
        '<row r="1"><c r="A1" t="inlineStr"><is><r><t>東京</t></r><r><t xml:space="preserve"> 都</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></is></c>' +
        '<c r="B1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c><c r="D1" t="str"><f>A1</f><v>a_x000D_b</v></c></row>',
      sharedStrings: ['第一行_x000D__x000A_第二行', '_x005F_x000D_ 原样'],
    });
    expect(row!.values).toEqual(['東京 都', '第一行\r\n第二行', '_x000D_ 原样', 'a\rb']);
  });

  it('formulas without a cached result are flagged, not read as empty', async () => {
    const [row] = await rows({
      sheet:
        '<row r="1"><c r="A1"><f>1+1</f><v>2</v></c><c r="B1"><f t="shared" si="0"/></c><c r="C1" t="str"><f>T("")</f><v></v></c><c r="D1" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="E1" t="b"><f>TRUE()</f><v>1</v></c></row>',
    });
    expect(row!.values[0]).toBe(2);
    expect(row!.values[1]).toEqual({
      kind: 'error',
      code: 'NO_CACHED_VALUE',
      message: '公式没有保存计算结果，请在 Excel 中打开并保存后再导入',
    });
    expect(row!.values[2]).toBe('');
    expect(row!.values[3]).toMatchObject({ kind: 'error', excel: '#DIV/0!' });
    expect(row!.values[4]).toBe(true);
    expect(row!.issues.map((i) => i.ref)).toEqual(['B1', 'D1']);
  });

  it('a text-too-long cell is flagged with the limit', async () => {
    const [row] = await rows(
      {
        sheet: '<row r="1"><c r="A1" t="inlineStr"><is><t>12345678901</t></is></c><c r="B1" t="s"><v>0</v></c></row>',
        sharedStrings: ['短'],
      },
      { limits: { maxCellChars: 10 } },
    );
    expect(row!.values).toEqual([{ kind: 'error', code: 'TEXT_TOO_LONG', message: '单元格内容超过 10 个字符' }, '短']);
  });

  it('a shared string index out of range is flagged', async () => {
    const [row] = await rows({ sheet: '<row r="1"><c r="A1" t="s"><v>5</v></c></row>', sharedStrings: ['a'] });
    expect(row!.values[0]).toMatchObject({ kind: 'error', code: 'BAD_SHARED_STRING' });
  });

  it('cells and rows without r attributes follow on from the previous ones', async () => {
    const out = await rows({
      sheet:
        '<row><c><v>1</v></c><c><v>2</v></c></row><row r="4"><c r="B4"><v>3</v></c><c><v>4</v></c></row><row><c><v>5</v></c></row>',
    });
    expect(out.map((r) => [r.rowNumber, r.values])).toEqual([
      [1, [1, 2]],
      [4, [null, 3, 4]],
      [5, [5]],
    ]);
  });

  it('Strict Open XML namespaces are read like transitional ones', async () => {
    const sheet =
      '<?xml version="1.0"?><worksheet xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>严格</t></is></c></row></sheetData></worksheet>';
    expect((await rows({ sheet }))[0]!.values).toEqual(['严格']);
  });

  it('elements of another namespace are not taken for cells', async () => {
    const sheet =
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:o="urn:other"><sheetData><row r="1"><c r="A1"><v>1</v></c><o:c r="B1"><o:v>2</o:v></o:c></row></sheetData></worksheet>';
    expect((await rows({ sheet }))[0]!.values).toEqual([1]);
  });
});

describe('limits', () => {
  it('data beyond the column limit refuses the file; styled empty cells out there do not', async () => {
    const ok = await rows(
      { sheet: '<row r="1"><c r="A1"><v>1</v></c><c r="ZZ1" s="0"/></row>' },
      { limits: { maxColumns: 5 } },
    );
    expect(ok[0]!.values).toEqual([1]);
    const file = await save({ sheet: '<row r="7"><c r="A7"><v>1</v></c><c r="F7"><v>2</v></c></row>' });
    const err = await collect(file, { limits: { maxColumns: 5 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExcelError);
    expect((err as ExcelError).message).toBe('第 7 行的数据超出了 5 列，请删除多余的列后再导入');
  });

  it('data beyond the row limit refuses the file; empty styled rows out there do not', async () => {
    const sheet = (last: string) =>
      `<row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="A3"><v>3</v></c></row>${last}`;
    expect(
      await rows({ sheet: sheet('<row r="9" s="1" customFormat="1"/>') }, { limits: { maxRows: 3 } }),
    ).toHaveLength(2);
    const file = await save({ sheet: sheet('<row r="4"><c r="A4"><v>4</v></c></row>') });
    const err = await collect(file, { limits: { maxRows: 3 } }).catch((e: unknown) => e);
    expect((err as ExcelError).reason).toBe('TOO_MANY_ROWS');
    expect((err as ExcelError).message).toBe('数据超过 3 行，请分批导入');
  });
});

describe('batches and early stop', () => {
  const five = Array.from({ length: 5 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i + 1}</v></c></row>`).join(
    '',
  );

  it('batches(2) hands out 2, 2 and 1 rows with their row numbers', async () => {
    const file = await save({ sheet: five });
    const sizes: number[][] = [];
    for await (const batch of readWorkbook(file).batches(2)) sizes.push(batch.map((r) => r.rowNumber));
    expect(sizes).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('leaving the loop early closes the file', async () => {
    const file = await save({ sheet: five });
    for await (const row of readWorkbook(file)) {
      expect(row.rowNumber).toBe(1);
      expect(await openHandles(file)).toBeGreaterThan(0);
      break;
    }
    await expect.poll(() => openHandles(file), { timeout: 2000 }).toBe(0);
  });

  it('a refusal after some rows also closes the file', async () => {
    const file = await save({ sheet: `${five}<row r="6"><c r="A6"><v>6</v></c></row>` });
    await expect(collect(file, { limits: { maxRows: 5 } })).rejects.toThrow('数据超过 5 行，请分批导入');
    await expect.poll(() => openHandles(file), { timeout: 2000 }).toBe(0);
  });
});

async function collect(file: string, options?: ReadWorkbookOptions): Promise<ExcelRow[]> {
  const out: ExcelRow[] = [];
  for await (const row of readWorkbook(file, options)) out.push(row);
  return out;
}

/** Open descriptors of this process on `file` (Linux /proc; 1 elsewhere so the checks stay meaningful there). */
async function openHandles(file: string): Promise<number> {
  let fds: string[];
  try {
    fds = await readdir('/proc/self/fd');
  } catch {
    return 0;
  }
  let count = 0;
  for (const fd of fds) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target === file) count++;
  }
  return count;
}
