import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcelError } from './excel-error.ts';
import { inspectWorkbook, readWorkbook, type ReadWorkbookOptions } from './reader.ts';
import { fixture, fixturesMissing, tempDir, type TempDir } from './test-support.ts';
import type { ExcelDate, ExcelRow, ExcelValue } from './values.ts';

const skipReason = fixturesMissing();
if (skipReason) console.warn(`[excel] ${skipReason}: fixture tests skipped`);

async function rowsOf(file: string, options?: ReadWorkbookOptions): Promise<ExcelRow[]> {
  const rows: ExcelRow[] = [];
  for await (const row of readWorkbook(file, options)) rows.push(row);
  return rows;
}

async function refusal(file: string, options?: ReadWorkbookOptions): Promise<ExcelError> {
  try {
    await rowsOf(file, options);
  } catch (err) {
    if (err instanceof ExcelError) return err;
    throw err;
  }
  throw new Error(`${file} was read, not refused`);
}

function dateText(value: ExcelValue | undefined): string {
  expect(value).toMatchObject({ kind: 'date' });
  return (value as ExcelDate).text;
}

describe.skipIf(skipReason !== null)('reading the shared fixtures', () => {
  it('shared-strings-rich-zh: rich text is flattened and _x000D_ decoded, styled empty rows skipped', async () => {
    const rows = await rowsOf(fixture('shared-strings-rich-zh.xlsx'));
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 2]);
    expect(rows[0]!.sheetName).toBe('情人节活动');
    expect(rows[0]!.values).toEqual([
      '用例Suite一',
      '用例Suite二',
      '用例Suite三',
      '用例Suite四',
      '用例Suite五',
      '用例标题',
      '用例分级',
      '前置条件',
      '执行步骤',
      '预期结果',
      '备注',
    ]);
    const row2 = rows[1]!.values;
    expect(row2[0]).toBe('情人节活动');
    expect(row2.slice(1, 5)).toEqual([null, null, null, null]); // covered by merges: read as empty
    expect(row2[5]).toBe('sss实物奖卡片1');
    expect(row2[6]).toBe('P1');
    expect(row2[7]).toBe('1、实物奖中奖概率设置为100%\r\n2、抽到的是卡片1\r\n3、虚拟奖中奖概率设置为100%');
    expect(row2[8]).toBe('1、用户A抽取卡片\r\n2、用户B抽取卡片\r\n3、用户C抽取卡片\r\n4、用户D抽取卡片');
    expect(row2[9]).toBe('用户A抽到金戒指\n用户B抽到银手镯\r用户C抽到虚拟奖\r\n用户D抽到虚拟奖\ntest');
    expect(row2).toHaveLength(10);
    expect(JSON.stringify(rows)).not.toContain('_x000D_');
  });

  it('inline-strings: inline strings, entities, booleans, the t="d" date, times and a cached string result', async () => {
    const rows = await rowsOf(fixture('inline-strings.xlsx'));
    expect(rows).toHaveLength(13);
    const v = (n: number) => rows.find((r) => r.rowNumber === n)!.values;
    expect(v(1)).toEqual(['String', 'てすと', '&\'";<>', '&amp;']);
    expect(v(2)).toEqual(['Integer', 1, 2, -3]);
    expect(v(3)).toEqual(['Float', 1.5, 0.3, 1.23456789e22]);
    expect(v(4)).toEqual(['Boolean', true, false]);
    // '2014-02-14T08:27:48.765Z' with a date format: the day Excel shows, not exceljs's 1905-07-06.
    expect(v(5)[1]).toEqual({
      kind: 'date',
      date: new Date('2014-02-14T08:27:49.000Z'),
      hasTime: false,
      text: '2014-02-14',
    });
    expect(v(6)[1]).toBe(1.5);
    expect(v(7)[1]).toEqual({ kind: 'time', seconds: 43_200, elapsed: false, text: '12:00:00' });
    expect(v(8)[1]).toBe(0.5);
    expect(v(10)[1]).toEqual({ kind: 'time', seconds: 129_600, elapsed: true, text: '36:00:00' });
    expect(v(11)).toEqual(['Formula', 'String1']);
    expect(v(13)).toEqual(['A full comment', 'cell with comment']);
    expect(rows.flatMap((r) => r.issues)).toEqual([]);
  });

  it('numbers-as-text: text stays text and numbers stay numbers under the @ format', async () => {
    const rows = await rowsOf(fixture('numbers-as-text.xlsx'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.values).toEqual(['2010-05-05', '1.1', 2.2, 123, '2,2']);
  });

  it('dates-1900: serials 1 and 11 land on the days Excel shows (its cached TEXT() results)', async () => {
    const rows = await rowsOf(fixture('dates-1900.xlsx'));
    expect(rows.map((r) => r.values[0])).toEqual([1, 11, 111, 1111, 11111]);
    expect(rows.map((r) => dateText(r.values[1]))).toEqual([
      '1900-01-01',
      '1900-01-11',
      '1900-04-20',
      '1903-01-15',
      '1930-06-02',
    ]);
    for (const row of rows) expect(dateText(row.values[1])).toBe(row.values[2]);
    for (const row of rows) expect(row.values[3]).toBe(row.values[2]);
  });

  it('dates-1904: date1904="1" counts from 1904-01-01', async () => {
    const rows = await rowsOf(fixture('dates-1904.xlsx'));
    expect(rows.map((r) => dateText(r.values[1]))).toEqual([
      '1904-01-02',
      '1904-01-12',
      '1904-04-21',
      '1907-01-16',
      '1934-06-03',
    ]);
    for (const row of rows) expect(dateText(row.values[1])).toBe(row.values[2]);
    expect((await inspectWorkbook(fixture('dates-1904.xlsx'))).date1904).toBe(true);
  });

  it('dates-1904-libreoffice: date1904="true" is honoured and [hh]:mm:ss is a duration', async () => {
    const file = fixture('dates-1904-libreoffice.xlsx');
    expect((await inspectWorkbook(file)).date1904).toBe(true);
    const rows = await rowsOf(file);
    expect(rows.map((r) => r.values)).toEqual([
      [{ kind: 'date', date: new Date('2021-01-01T00:00:00Z'), hasTime: false, text: '2021-01-01' }, 15],
      [{ kind: 'date', date: new Date('2021-01-02T00:00:00Z'), hasTime: false, text: '2021-01-02' }, 16],
      [{ kind: 'time', seconds: 918_610, elapsed: true, text: '255:10:10' }, 17],
    ]);
  });

  it('merged-cells: only the top-left cell of a merge has the value, covered cells read as empty', async () => {
    const rows = await rowsOf(fixture('merged-cells.xlsx'));
    expect(rows.map((r) => [r.rowNumber, r.values])).toEqual([
      [1, ['A1:B2', null, 'C1:C2', 'Separate blocks']],
      [3, ['A3:B3', null, 'C3']],
      [4, ['… are merged separately']],
    ]);
  });

  it('formulas-cached: cached results are read, cached #VALUE! errors are flagged on their cells', async () => {
    const rows = await rowsOf(fixture('formulas-cached.xlsx'));
    expect(rows.slice(0, 5).map((r) => r.values)).toEqual([1, 2, 3, 4, 5].map((n) => [n, n, n, n]));
    const last = rows[5]!;
    expect(last.rowNumber).toBe(6);
    expect(last.values[1]).toBe(55);
    expect(last.values[3]).toBe(55);
    for (const i of [0, 2]) {
      expect(last.values[i]).toEqual({
        kind: 'error',
        code: 'ERROR_VALUE',
        excel: '#VALUE!',
        message: '单元格为错误值 #VALUE!',
      });
    }
    expect(last.issues).toEqual([
      { column: 1, ref: 'A6', message: '单元格为错误值 #VALUE!' },
      { column: 3, ref: 'C6', message: '单元格为错误值 #VALUE!' },
    ]);
  });

  it('empty-rows-cols-wps: missing rows keep their numbers, empty leading cells are null', async () => {
    const rows = await rowsOf(fixture('empty-rows-cols-wps.xlsx'));
    expect(rows.map((r) => [r.rowNumber, r.values])).toEqual([
      [1, ['编号']],
      [3, ['编号']],
      [5, [null, null, '编号']],
    ]);
  });

  it('multi-sheet-hidden: lists the sheets in tab order and reads the first visible worksheet', async () => {
    const file = fixture('multi-sheet-hidden.xlsx');
    const info = await inspectWorkbook(file);
    expect(info.sheets).toEqual([
      { name: 'Visible', index: 0, state: 'visible', kind: 'worksheet' },
      { name: 'Hidden', index: 1, state: 'hidden', kind: 'worksheet' },
      { name: 'VeryHidden', index: 2, state: 'veryHidden', kind: 'worksheet' },
      { name: 'Chart', index: 3, state: 'visible', kind: 'chartsheet' },
    ]);
    expect(info.selected.name).toBe('Visible');
    const rows = await rowsOf(file);
    expect(rows.map((r) => [r.sheetName, r.rowNumber, r.values])).toEqual([
      ['Visible', 1, [1, 2]],
      ['Visible', 2, [3, 4]],
      ['Visible', 3, [5, 6]],
      ['Visible', 5, ['This workbook contains 4 sheets: Visible, Hidden, VeryHidden and Chart']],
    ]);
    expect(await rowsOf(file, { sheet: 'Hidden' })).toEqual([]);
    const chart = await refusal(file, { sheet: 'Chart' });
    expect(chart.message).toBe('“Chart”不是数据工作表（可能是图表），无法导入');
    const missing = await refusal(file, { sheet: '不存在' });
    expect(missing.reason).toBe('SHEET_NOT_FOUND');
    expect(missing.message).toBe('文件中没有名为“不存在”的工作表');
  });

  it('long-text: a 1,122-character shared string arrives intact', async () => {
    const rows = await rowsOf(fixture('long-text.xlsx'));
    expect(rows[0]!.values).toEqual(['Name', 'Image']);
    const text = rows[1]!.values[1];
    expect(rows[1]!.values[0]).toBe('github');
    expect(typeof text).toBe('string');
    expect((text as string).length).toBe(1122);
    expect(text).toMatch(/^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/=]+$/);
  });

  it('wps-zh-13-sheets: 1月 is read by default, 6月 by name, IDs stored as text stay text', async () => {
    const file = fixture('wps-zh-13-sheets.xlsx');
    const info = await inspectWorkbook(file);
    expect(info.sheets.map((s) => s.name)).toEqual([
      '1月',
      '2月',
      '3月',
      '4月',
      '5月',
      '6月',
      '7月',
      '8月',
      '9月',
      '10月',
      '11月',
      '12月',
      'Sheet1',
    ]);
    const jan = await rowsOf(file);
    expect(jan.map((r) => r.rowNumber)).toEqual([2, 3, 4, 5]);
    expect(jan.every((r) => r.sheetName === '1月')).toBe(true);
    expect(jan[1]!.values.slice(0, 8)).toEqual([
      '员工姓名',
      '身份证号码',
      '银行账号',
      '性别',
      '入职日期',
      '离职日期',
      '电话号码',
      '本月应付工资',
    ]);
    expect(jan[1]!.values).toHaveLength(30);
    expect(jan[2]!.values.slice(0, 5)).toEqual([
      'AAA',
      123456,
      789456,
      '男',
      { kind: 'date', date: new Date('2020-08-27T00:00:00Z'), hasTime: false, text: '2020-08-27' },
    ]);
    expect(jan[2]!.values[28]).toBe(5319.28);
    expect(jan[3]!.values[0]).toBe('合计');
    const june = await rowsOf(file, { sheet: '6月' });
    expect(june[2]!.values.slice(0, 4)).toEqual(['CCC', '369852', '147852', '男']);
    expect(await rowsOf(file, { sheet: '7月' })).toEqual([]);
  });

  it('openxml-sdk-prefixed: x:-prefixed SpreadsheetML with absolute targets is read, 2 rows × 11 columns', async () => {
    const rows = await rowsOf(fixture('openxml-sdk-prefixed.xlsx'));
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 2]);
    expect(rows[0]!.sheetName).toBe('TestExport');
    expect(rows[0]!.values).toEqual([
      'Name',
      'China',
      'India',
      'Germany',
      'Japan',
      'Morocco',
      'Banglore',
      'Italy',
      'France',
      'Pune',
      'Test',
    ]);
    expect(rows[1]!.values).toEqual(['TestNewButton', '677', 'u77', 'u766', 'y66', 'F', '', '', '', '', '']);
  });

  it('legacy-biff8.xls is refused as a legacy .xls', async () => {
    const err = await refusal(fixture('legacy-biff8.xls'));
    expect(err.reason).toBe('LEGACY_XLS');
    expect(err.message).toBe('不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后再导入');
  });

  it('encrypted-agile.xlsx is refused as password-protected', async () => {
    const err = await refusal(fixture('encrypted-agile.xlsx'));
    expect(err.reason).toBe('ENCRYPTED');
    expect(err.message).toBe('文件已加密，请取消密码保护后再导入');
  });

  it('corrupt-invalid-xml.xlsx is refused as damaged XML, naming the sheet', async () => {
    const err = await refusal(fixture('corrupt-invalid-xml.xlsx'));
    expect(err.reason).toBe('CORRUPT_XML');
    expect(err.message).toBe('文件内容已损坏（工作表“Sheet1”无法解析），请用 Excel 打开并另存为 .xlsx 后再导入');
  });

  describe('truncated uploads', () => {
    let tmp: TempDir;
    beforeAll(async () => {
      tmp = await tempDir();
    });
    afterAll(() => tmp.remove());

    const zips = [
      'shared-strings-rich-zh.xlsx',
      'inline-strings.xlsx',
      'numbers-as-text.xlsx',
      'dates-1900.xlsx',
      'dates-1904.xlsx',
      'dates-1904-libreoffice.xlsx',
      'merged-cells.xlsx',
      'formulas-cached.xlsx',
      'empty-rows-cols-wps.xlsx',
      'multi-sheet-hidden.xlsx',
      'long-text.xlsx',
      'wps-zh-13-sheets.xlsx',
      'openxml-sdk-prefixed.xlsx',
      'corrupt-invalid-xml.xlsx',
    ];

    it.each(zips)('%s cut short is refused as incomplete', async (name) => {
      const buf = await readFile(fixture(name));
      for (const n of [
        4,
        Math.floor(buf.length * 0.3),
        Math.floor(buf.length * 0.6),
        buf.length * 0.97,
        buf.length - 1,
      ]) {
        const file = await tmp.file(`cut-${Math.floor(n)}-${name}`, buf.subarray(0, Math.floor(n)));
        const err = await refusal(file);
        expect(err.reason, `${name} cut at ${n}`).toBe('DAMAGED');
        expect(err.message).toBe('文件不完整或已损坏，请重新上传');
      }
    });

    it.each(['legacy-biff8.xls', 'encrypted-agile.xlsx'])('%s cut short is still refused', async (name) => {
      const buf = await readFile(fixture(name));
      for (const n of [8, 600, Math.floor(buf.length / 2), buf.length - 1]) {
        const file = await tmp.file(`cut-${n}-${name}`, buf.subarray(0, n));
        await expect(rowsOf(file)).rejects.toBeInstanceOf(ExcelError);
      }
    });
  });
});
