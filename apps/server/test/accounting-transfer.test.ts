/**
 * 业务数据导出 / 导入 (issue 15, the task centre's BIZ_RECORD kinds through /voucher/bizRecord/exportXls and
 * importExcel) and the list's sorting: the export holds the caller's filtered records with names and amounts as
 * text; export → delete → import restores the same records; rows naming another user's organisation, a parent
 * source or a bad amount go to the error file; a closed period refuses the batch.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTING_PATHS as PATH,
  ACCOUNTING_TEXT,
  BIZ_RECORD_TRANSFER_TEXT,
  type BizRecordRecord,
} from '@houtai/shared/contract/accounting';
import { cellText } from '../src/excel/header-map.ts';
import { readWorkbook } from '../src/excel/reader.ts';
import { writeXlsx } from '../src/excel/writer.ts';
import { api, body, createTestApp, login, multipart, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let work: string;
const orgId: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  work = mkdtempSync(path.join(tmpdir(), 'houtai-acc-transfer-'));
  admin = await login(t.app, 'admin');
  for (const o of await t.handle.db.selectFrom('settlementOrg').select(['id', 'code']).execute()) orgId[o.code] = o.id;
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

function saved(content: Buffer): string {
  const file = path.join(work, `${randomBytes(4).toString('hex')}.xlsx`);
  writeFileSync(file, content);
  return file;
}

async function rowsOf(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readWorkbook(file)) rows.push(row.values.map((v) => cellText(v)));
  return rows;
}

async function add(fields: Record<string, string>, token = admin): Promise<BizRecordRecord> {
  const res = await api(t.app, token, { method: 'POST', url: PATH.bizRecordAdd, payload: fields });
  const b = body<BizRecordRecord>(res);
  expect(b.success, b.message).toBe(true);
  return b.result;
}

async function importFile(content: Buffer, token = admin) {
  const res = await api(t.app, token, {
    method: 'POST',
    url: PATH.bizRecordImport,
    ...multipart({ name: '业务数据导入.xlsx', content }),
  });
  expect(res.statusCode).toBe(200);
  return body<string | null>(res);
}

async function sheet(rows: readonly Record<string, string>[]): Promise<Buffer> {
  const titles = ['业务日期', '结算组织', '业务来源', '价税合计', '税率(%)', '往来单位', '摘要'];
  const file = path.join(work, `${randomBytes(4).toString('hex')}.xlsx`);
  await writeXlsx(
    file,
    titles.map((title) => ({ key: title, title, type: 'string' as const })),
    rows,
  );
  return readFileSync(file);
}

const fieldsOf = (r: BizRecordRecord) => [
  r.bizDate,
  r.orgId,
  r.dataSource,
  r.amount,
  r.taxRate,
  r.counterparty,
  r.summary,
];

describe('业务数据导出 and 导入', () => {
  it('exports the filtered records; export → delete → import restores them', async () => {
    const made = [
      await add({
        orgId: orgId.SO002!,
        dataSource: 'A01A03A01',
        bizDate: '2023-02-03',
        amount: '1090',
        taxRate: '9',
        counterparty: '顺达物流',
        summary: '运费 一月',
      }),
      await add({
        orgId: orgId.SO002!,
        dataSource: 'A01A03A02',
        bizDate: '2023-02-14',
        amount: '0.07',
        taxRate: '6',
        summary: '仓储 零头',
      }),
    ];
    const res = await api(t.app, admin, { method: 'GET', url: `${PATH.bizRecordExport}?period=2023-02` });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(saved(res.rawPayload));
    expect(rows[0]).toEqual([
      '业务日期',
      '结算组织',
      '业务来源',
      '价税合计',
      '税率(%)',
      '税额',
      '不含税金额',
      '往来单位',
      '摘要',
      '状态',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => r.join('|'))
        .sort(),
    ).toEqual([
      '2023-02-03|杭州后台物流有限公司|运输费用|1090.00|9|90.00|1000.00|顺达物流|运费 一月|未生成',
      '2023-02-14|杭州后台物流有限公司|仓储费用|0.07|6|0.00|0.07||仓储 零头|未生成',
    ]);

    const content = readFileSync(saved(res.rawPayload));
    const del = await api(t.app, admin, {
      method: 'DELETE',
      url: `${PATH.bizRecordDeleteBatch}?ids=${made.map((m) => m.id).join(',')}`,
    });
    expect(body(del).success).toBe(true);
    const answer = await importFile(content);
    expect(answer.success, answer.message).toBe(true);
    const list = body<{ records: BizRecordRecord[] }>(
      await api(t.app, admin, { method: 'GET', url: `${PATH.bizRecordList}?period=2023-02&column=bizDate&order=asc` }),
    );
    expect(list.result.records.map(fieldsOf)).toEqual(made.map(fieldsOf));
  });

  it('sends rows it cannot place to the error file with their reason', async () => {
    const answer = await importFile(
      await sheet([
        {
          业务日期: '2023-03-01',
          结算组织: 'SO001',
          业务来源: 'A01A01A01',
          价税合计: '113',
          '税率(%)': '13',
          摘要: '按编码',
        },
        { 业务日期: '2023-03-02', 结算组织: '不存在的公司', 业务来源: '采购入库', 价税合计: '1', 摘要: 'x' },
        { 业务日期: '2023-03-03', 结算组织: '上海后台贸易有限公司', 业务来源: '采购业务', 价税合计: '1', 摘要: 'x' },
        {
          业务日期: '2023-03-04',
          结算组织: '上海后台贸易有限公司',
          业务来源: '采购入库',
          价税合计: '1.001',
          摘要: 'x',
        },
      ]),
    );
    expect(answer).toMatchObject({ success: true, code: 201 });
    const errors = (
      await rowsOf(
        saved((await api(t.app, admin, { method: 'GET', url: `/sys/common/static/${answer.result}` })).rawPayload),
      )
    )
      .slice(1)
      .map((r) => r.join('|'));
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain(BIZ_RECORD_TRANSFER_TEXT.orgUnknown('不存在的公司'));
    expect(errors[1]).toContain(BIZ_RECORD_TRANSFER_TEXT.sourceUnknown('采购业务'));
    expect(errors[2]).toContain(ACCOUNTING_TEXT.amountInvalid);
    const stored = await t.handle.db
      .selectFrom('accBizRecord')
      .select(['summary', 'amount'])
      .where('period', '=', '2023-03')
      .execute();
    expect(stored.map((s) => [s.summary, Number(s.amount)])).toEqual([['按编码', 11_300]]);

    // lisi belongs to SO002 only: SO001 is not theirs.
    const lisi = await login(t.app, 'lisi');
    const theirs = await importFile(
      await sheet([{ 业务日期: '2023-03-05', 结算组织: 'SO001', 业务来源: '采购入库', 价税合计: '5', 摘要: 'y' }]),
      lisi,
    );
    expect(theirs.message).toContain('失败 1 行');
  });

  it('a closed period refuses the import batch', async () => {
    const ledger = await t.handle.db
      .selectFrom('ledger')
      .select('id')
      .where('code', '=', 'L001')
      .executeTakeFirstOrThrow();
    const close = await api(t.app, admin, {
      method: 'POST',
      url: PATH.closePeriod,
      payload: { ledgerId: ledger.id, period: '2023-04' },
    });
    expect(body(close).success).toBe(true);
    const answer = await importFile(
      await sheet([{ 业务日期: '2023-04-05', 结算组织: 'SO001', 业务来源: '采购入库', 价税合计: '5', 摘要: 'z' }]),
    );
    expect(answer.success).toBe(false);
    expect(answer.message).toContain(ACCOUNTING_TEXT.periodClosed('上海贸易主账簿', '2023-04'));
    expect(await t.handle.db.selectFrom('accBizRecord').select('id').where('period', '=', '2023-04').execute()).toEqual(
      [],
    );
  });

  it('sorts the list by a registered column and refuses an unknown one', async () => {
    const sorted = body<{ records: BizRecordRecord[] }>(
      await api(t.app, admin, {
        method: 'GET',
        url: `${PATH.bizRecordList}?orgId=${orgId.SO002}&column=amount&order=desc&pageSize=50`,
      }),
    );
    const amounts = sorted.result.records.map((r) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const bad = body(await api(t.app, admin, { method: 'GET', url: `${PATH.bizRecordList}?column=password` }));
    expect(bad.success).toBe(false);
  });
});
