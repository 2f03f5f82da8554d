/**
 * Export → import of work orders leaves the same rows: an exported file's rows carry their 工单号 (the business
 * key), and the import reports each of them in the error file instead of creating a twin. Rows without a 工单号 are
 * created as before; a 工单号 that does not exist is reported too (numbers are the server's to give).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_ORDER_TEXT } from '@houtai/shared/contract/work-order-rules';
import { cellText } from '../src/excel/header-map.ts';
import { readWorkbook } from '../src/excel/reader.ts';
import { writeXlsx } from '../src/excel/writer.ts';
import { api, body, createTestApp, login, multipart, type TestContext } from './helpers.ts';

let t: TestContext;
let work: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  work = mkdtempSync(path.join(tmpdir(), 'houtai-roundtrip-'));
  token = await login(t.app, 'zhangsan');
  await t.handle.db.deleteFrom('biWorkOrderLog').execute();
  await t.handle.db.deleteFrom('biWorkOrder').execute();
  for (const [title, content, priority] of [
    ['打印机卡纸', '三楼打印机', 'H'],
    ['=1+1 公式开头的标题', '', 'M'],
    ['网络断开', '会议室无线网络\n时断时续', 'L'],
  ] as const) {
    const res = await api(t.app, token, {
      method: 'POST',
      url: '/bi/workOrder/add',
      payload: { title, content, priority },
    });
    expect(body(res).success).toBe(true);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every work order as stored, in a stable order. */
function snapshot() {
  return t.handle.db
    .selectFrom('biWorkOrder')
    .select(['id', 'orderNo', 'title', 'content', 'priority', 'status', 'reporterId', 'assigneeId', 'createTime'])
    .orderBy('orderNo')
    .execute();
}

async function rowsOf(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readWorkbook(file)) rows.push(row.values.map((v) => cellText(v)));
  return rows;
}

function saved(content: Buffer): string {
  const file = path.join(work, `${randomBytes(4).toString('hex')}.xlsx`);
  writeFileSync(file, content);
  return file;
}

async function importFile(name: string, content: Buffer) {
  const res = await api(t.app, token, {
    method: 'POST',
    url: '/bi/workOrder/importExcel',
    ...multipart({ name, content }),
  });
  expect(res.statusCode).toBe(200);
  return body<string | null>(res);
}

async function errorRows(stored: string): Promise<string[][]> {
  const res = await api(t.app, token, { method: 'GET', url: `/sys/common/static/${stored}` });
  expect(res.statusCode).toBe(200);
  return rowsOf(saved(res.rawPayload));
}

describe('work-order import round trip', () => {
  it('export → import leaves the same rows and reports every exported row by its 工单号', async () => {
    const before = await snapshot();
    expect(before).toHaveLength(3);

    const exported = await api(t.app, token, { method: 'GET', url: '/bi/workOrder/exportXls' });
    expect(exported.statusCode).toBe(200);
    const file = saved(exported.rawPayload);
    const sheet = await rowsOf(file);
    expect(sheet[0]).toContain('工单号');

    const answer = await importFile('工单导出.xlsx', readFileSync(file));
    expect(answer).toMatchObject({ success: true, code: 201 });
    expect(await snapshot()).toEqual(before);

    const errors = await errorRows(answer.result!);
    const numberColumn = sheet[0]!.indexOf('工单号');
    const exportedNumbers = sheet.slice(1).map((r) => r[numberColumn]);
    // The error file: one line per exported row, in the file's order, naming its 工单号.
    const lines = errors.slice(1).map((r) => r.join('|'));
    expect(lines).toHaveLength(exportedNumbers.length);
    lines.forEach((line, i) => expect(line).toContain(WORK_ORDER_TEXT.importExists(exportedNumbers[i]!)));
    expect(errors.slice(1).map((r) => r[0])).toEqual(sheet.slice(1).map((_, i) => String(i + 2)));
  });

  it('creates the rows without a 工单号 and reports an unknown 工单号, in one file', async () => {
    const before = await snapshot();
    const file = path.join(work, 'mixed.xlsx');
    await writeXlsx(
      file,
      [
        { key: 'orderNo', title: '工单号', type: 'string' },
        { key: 'title', title: '标题', type: 'string' },
        { key: 'priority', title: '优先级', type: 'string' },
      ],
      [
        { orderNo: before[0]!.orderNo, title: '改过的标题', priority: 'L' },
        { orderNo: '', title: '新的工单', priority: 'M' },
        { orderNo: 'GD20000101-9999', title: '编号不存在', priority: 'M' },
        { orderNo: '   ', title: '空白编号也是新建', priority: 'H' },
      ],
    );
    const answer = await importFile('混合.xlsx', readFileSync(file));
    expect(answer).toMatchObject({ success: true, code: 201 });

    const after = await snapshot();
    expect(after).toHaveLength(before.length + 2);
    expect(
      after
        .filter((o) => before.every((b) => b.id !== o.id))
        .map((o) => o.title)
        .sort(),
    ).toEqual(['新的工单', '空白编号也是新建'].sort());
    // The existing order is untouched.
    expect(after.find((o) => o.id === before[0]!.id)).toEqual(before[0]);

    const errors = await errorRows(answer.result!);
    expect(errors.slice(1).map((r) => r[0])).toEqual(['2', '4']);
    expect(errors[1]!.join('|')).toContain(WORK_ORDER_TEXT.importExists(before[0]!.orderNo));
    expect(errors[2]!.join('|')).toContain(WORK_ORDER_TEXT.importUnknownNo('GD20000101-9999'));
  });
});
