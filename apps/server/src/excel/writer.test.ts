import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeErrorFile } from './error-file.ts';
import { ExcelError } from './excel-error.ts';
import { inspectWorkbook, readWorkbook } from './reader.ts';
import { tempDir, type TempDir } from './test-support.ts';
import type { ExcelRow } from './values.ts';
import { writeXlsx, XlsxWriter, type ExportColumn } from './writer.ts';

let tmp: TempDir;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

async function readAll(file: string, sheet?: string): Promise<ExcelRow[]> {
  const rows: ExcelRow[] = [];
  for await (const row of readWorkbook(file, { sheet })) rows.push(row);
  return rows;
}

async function partText(file: string, part: string): Promise<string> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== part) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    }
  } finally {
    zip.close();
  }
  throw new Error(`${part} not found`);
}

const FORMULA_LIKE = [
  '=1+1',
  '=HYPERLINK("http://evil","点我")',
  '+8613800138000',
  '-5',
  '@SUM(A1:A2)',
  '\tTAB',
  '\rCR',
  "=cmd|' /C calc'!A0",
];

describe('export writer', () => {
  const columns: ExportColumn[] = [
    { key: 'id', title: '编号', type: 'number' },
    { key: 'name', title: '姓名', type: 'string' },
    { key: 'note', title: '备注' },
    { key: 'day', title: '日期', type: 'date' },
    { key: 'at', title: '创建时间', type: 'datetime' },
    { key: 'amount', title: '金额', type: 'number' },
    { key: 'ok', title: '启用' },
  ];

  it('round-trips through our reader: formula-like text stays text, dates and numbers stay typed', async () => {
    const file = tmp.path('round.xlsx');
    const records = FORMULA_LIKE.map((note, i) => ({
      id: i + 1,
      name: `用户${i}`,
      note,
      day: '2024-03-0' + String(i + 1),
      at: new Date(Date.UTC(2024, 2, 1, 16, 30, 5)), // an instant: 2024-03-02 00:30:05 in Shanghai
      amount: i % 2 ? '1234.56' : 99.5,
      ok: i % 2 === 0,
    }));
    records.push({
      id: 99,
      name: '00123',
      note: '控制\u0001字符 _x000D_ 原样\r\n换行',
      day: '2024-03-31',
      at: new Date(Date.UTC(2024, 2, 31, 1, 0, 0)),
      amount: '12345678901234567890',
      ok: false,
    });
    expect(await writeXlsx(file, columns, records)).toEqual({ rows: 9, sheets: 1 });

    const rows = await readAll(file);
    expect(rows[0]!.values).toEqual(['编号', '姓名', '备注', '日期', '创建时间', '金额', '启用']);
    const data = rows.slice(1);
    expect(data.map((r) => r.values[2])).toEqual([...FORMULA_LIKE, '控制\u0001字符 _x000D_ 原样\r\n换行']);
    expect(data[0]!.values).toEqual([
      1,
      '用户0',
      '=1+1',
      { kind: 'date', date: new Date('2024-03-01T00:00:00Z'), hasTime: false, text: '2024-03-01' },
      { kind: 'date', date: new Date('2024-03-02T00:30:05Z'), hasTime: true, text: '2024-03-02 00:30:05' },
      99.5,
      true,
    ]);
    expect(data[1]!.values[5]).toBe(1234.56);
    expect(data[8]!.values[1]).toBe('00123');
    expect(data[8]!.values[5]).toBe('12345678901234567890'); // too precise for a double: kept as text
    expect(data.flatMap((r) => r.issues)).toEqual([]);

    const sheetXml = await partText(file, 'xl/worksheets/sheet1.xml');
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).not.toContain('<f ');
  });

  it('formula-like text reads back as the original text in exceljs too, with the Text format', async () => {
    const file = tmp.path('exceljs.xlsx');
    await writeXlsx(
      file,
      [{ key: 'note', title: '备注' }],
      FORMULA_LIKE.map((note) => ({ note })),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    FORMULA_LIKE.forEach((text, i) => {
      const cell = sheet.getCell(i + 2, 1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
      if (!text.startsWith('\r')) expect(cell.value).toBe(text); // exceljs does not decode _x000D_
    });
  });

  it('starts a new sheet every rowsPerSheet rows, each with the header row', async () => {
    const file = tmp.path('split.xlsx');
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `第${i + 1}行` }));
    const summary = await writeXlsx(file, columns.slice(0, 2), rows, { rowsPerSheet: 3, sheetName: '用户' });
    expect(summary).toEqual({ rows: 7, sheets: 3 });
    const info = await inspectWorkbook(file);
    expect(info.sheets.map((s) => s.name)).toEqual(['用户', '用户(2)', '用户(3)']);
    const ids = await Promise.all(info.sheets.map(async (s) => (await readAll(file, s.name)).map((r) => r.values[0])));
    expect(ids).toEqual([
      ['编号', 1, 2, 3],
      ['编号', 4, 5, 6],
      ['编号', 7],
    ]);
  });

  it('writes a header-only workbook when there are no rows', async () => {
    const file = tmp.path('empty.xlsx');
    expect(await writeXlsx(file, columns, [])).toEqual({ rows: 0, sheets: 1 });
    expect((await readAll(file)).map((r) => r.rowNumber)).toEqual([1]);
  });

  it('refuses more than maxRows and removes the partial file', async () => {
    const file = tmp.path('capped.xlsx');
    const rows = Array.from({ length: 3 }, (_, i) => ({ id: i }));
    const err = await writeXlsx(file, columns, rows, { maxRows: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExcelError);
    expect((err as ExcelError).message).toBe('导出数据超过 2 行，请缩小查询范围后再导出');
    expect(existsSync(file)).toBe(false);
  });

  it('writes to a stream, and can see exceljs backlog to keep memory flat', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = XlsxWriter.create(out, columns.slice(0, 2));
    for (let i = 0; i < 300; i++) await writer.addRow({ id: i, name: `名字${i}` });
    // exceljs's internals as addRow's backpressure expects them (see XlsxWriter.backlog).
    expect(writer.backlog()).not.toBeNull();
    await writer.finish();
    const file = await tmp.file('stream.xlsx', Buffer.concat(chunks));
    const rows = await readAll(file);
    expect(rows).toHaveLength(301);
    expect(rows[300]!.values).toEqual([299, '名字299']);
  });

  it('an output failure (disk full, client gone) surfaces from addRow instead of hanging', async () => {
    let written = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        callback(written > 50_000 ? new Error('disk full') : null);
      },
    });
    const writer = XlsxWriter.create(out, [{ key: 't', title: '文本' }]);
    const run = async () => {
      for (let i = 0; i < 500_000; i++) await writer.addRow({ t: `第${i}行 ${randomText(i)}` });
    };
    await expect(run()).rejects.toThrow('disk full');
    await writer.abort();
  });

  it('keeps CJK text intact across chunk boundaries (20,000 rows)', async () => {
    const file = tmp.path('cjk.xlsx');
    const text = (i: number) => `中文姓名${i}，部门：研发中心第${i % 97}组。`;
    await writeXlsx(
      file,
      [{ key: 't', title: '文本', type: 'string' }],
      Array.from({ length: 20_000 }, (_, i) => ({ t: text(i) })),
    );
    let bad = 0;
    let count = 0;
    for await (const batch of readWorkbook(file).batches(1000)) {
      for (const row of batch) {
        if (row.rowNumber === 1) continue;
        count++;
        if (row.values[0] !== text(row.rowNumber - 2)) bad++;
      }
    }
    expect(count).toBe(20_000);
    expect(bad).toBe(0);
  });
});

describe('error file', () => {
  it('names the rejected rows with 行号 and 错误信息 next to the original cells', async () => {
    const file = tmp.path('errors.xlsx');
    await writeErrorFile(
      file,
      [
        {
          sheetName: '数据',
          rowNumber: 5,
          values: [
            '张三',
            '=1+1',
            { kind: 'date', date: new Date('2024-01-02T00:00:00Z'), hasTime: false, text: '2024-01-02' },
          ],
          messages: ['“部门”不能为空', '“工资”不是有效的数字：abc'],
        },
        {
          sheetName: '数据',
          rowNumber: 9,
          values: [null, 12, { kind: 'error', code: 'ERROR_VALUE', excel: '#N/A', message: '单元格为错误值 #N/A' }],
          messages: ['“入职日期”单元格为错误值 #N/A'],
        },
      ],
      { headers: ['姓名', '部门', '入职日期'] },
    );
    const rows = await readAll(file);
    expect(rows.map((r) => r.values)).toEqual([
      ['行号', '错误信息', '姓名', '部门', '入职日期'],
      [
        5,
        '“部门”不能为空；“工资”不是有效的数字：abc',
        '张三',
        '=1+1',
        { kind: 'date', date: new Date('2024-01-02T00:00:00Z'), hasTime: false, text: '2024-01-02' },
      ],
      [9, '“入职日期”单元格为错误值 #N/A', null, 12, '#N/A'],
    ]);
    expect((await inspectWorkbook(file)).sheets[0]!.name).toBe('错误信息');
    expect((await readFile(file)).subarray(0, 2).toString()).toBe('PK');
  });
});

/** Text that does not compress to nothing, so the zip really writes. */
function randomText(seed: number): string {
  let x = seed * 2654435761;
  let out = '';
  for (let i = 0; i < 40; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(0x4e00 + (x % 2000));
  }
  return out;
}
