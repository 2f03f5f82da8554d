/**
 * 凭证模板 and 账簿管理 (issue 15): the template list of every source leaf, save (create / replace, refused unless it
 * balances — the same rule as generation), delete (generation then refuses the source); ledgers with exactly one
 * main per organisation, delete refused while used, permission codes — answers, what is stored, and nothing changed
 * after a refusal. On SQLite and PostgreSQL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_PATHS, ACCOUNTING_TEXT } from '@houtai/shared/contract/accounting';
import {
  LEDGER_PATHS,
  LEDGER_TEXT,
  TEMPLATE_PATHS,
  TEMPLATE_TEXT,
  templateBalance,
  type LedgerRecord,
  type TemplateSourceRecord,
  type TemplateSubjectOption,
} from '@houtai/shared/contract/accounting-template';
import { newId } from '../src/lib/ids.ts';
import { templateBalances } from '../src/modules/accounting/posting.service.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
const db = () => t.handle.db;
let orgs: Record<string, string>;
let ledgers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
  orgs = Object.fromEntries(
    (await db().selectFrom('settlementOrg').select(['id', 'code']).execute()).map((o) => [o.code, o.id]),
  );
  ledgers = Object.fromEntries(
    (await db().selectFrom('ledger').select(['id', 'code']).execute()).map((l) => [l.code, l.id]),
  );
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) {
  return api(t.app, token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

interface Page<T> {
  records: T[];
  total: number;
}

async function templates(): Promise<TemplateSourceRecord[]> {
  const b = body<TemplateSourceRecord[]>(await call('GET', TEMPLATE_PATHS.list));
  expect(b.success, b.message).toBe(true);
  return b.result;
}

async function storedLines(dataSource: string) {
  return db()
    .selectFrom('accVoucherTemplate as t')
    .innerJoin('accVoucherTemplateLine as l', 'l.templateId', 't.id')
    .select(['l.lineNo', 'l.side', 'l.subjectCode', 'l.amountKind', 't.name', 't.version'])
    .where('t.dataSource', '=', dataSource)
    .orderBy('l.lineNo')
    .execute();
}

const PURCHASE_LINES = [
  { side: 'D', subjectCode: '1405', amountKind: 'net', summary: '入库' },
  { side: 'D', subjectCode: '222101', amountKind: 'tax' },
  { side: 'C', subjectCode: '2202', amountKind: 'gross' },
];

describe('voucher templates', () => {
  it('lists every business source leaf with its template, subject names and the parent names', async () => {
    const rows = await templates();
    const leaves = await db().selectFrom('sysCategory').select('code').where('code', 'like', 'A01%').execute();
    const codes = leaves.map((l) => l.code!);
    const leafCodes = codes.filter((c) => !codes.some((o) => o !== c && o.startsWith(c))).sort();
    expect(rows.map((r) => r.dataSource).sort()).toEqual(leafCodes);
    const vat = rows.find((r) => r.dataSource === 'A01A02A03A01')!;
    expect(vat.parentNames).toHaveLength(2);
    expect(vat.template).toMatchObject({ status: '1', status_dictText: '启用', version: 1 });
    expect(vat.template!.lines.map((l) => [l.side, l.subjectCode, l.subjectName, l.amountKind])).toEqual([
      ['D', '1122', '应收账款', 'gross'],
      ['C', '6001', '主营业务收入', 'net'],
      ['C', '222102', '应交增值税（销项税额）', 'tax'],
    ]);
  });

  it('offers only active leaf subjects for a line', async () => {
    await db().updateTable('accSubject').set({ status: '0' }).where('code', '=', '6603').execute();
    const subjects = body<TemplateSubjectOption[]>(await call('GET', TEMPLATE_PATHS.subjects)).result;
    const codes = subjects.map((s) => s.code);
    expect(codes).toEqual(expect.arrayContaining(['1001', '222101', '222102', '660201']));
    expect(codes).not.toContain('2221');
    expect(codes).not.toContain('6602');
    expect(codes).not.toContain('6603');
    expect(subjects.find((s) => s.code === '1405')?.name).toBe('库存商品');
    await db().updateTable('accSubject').set({ status: '1' }).where('code', '=', '6603').execute();
  });

  it('deleting a template makes generation refuse the source; saving a balanced one makes it generate again', async () => {
    const del = await call('DELETE', `${TEMPLATE_PATHS.delete}?dataSource=A01A03A02`);
    expect(body(del)).toMatchObject({ success: true, message: TEMPLATE_TEXT.deleted });
    expect(await storedLines('A01A03A02')).toEqual([]);
    expect((await templates()).find((r) => r.dataSource === 'A01A03A02')?.template).toBeNull();
    expect(body(await call('DELETE', `${TEMPLATE_PATHS.delete}?dataSource=A01A03A02`))).toMatchObject({
      success: false,
      message: TEMPLATE_TEXT.notFound,
    });

    await db()
      .insertInto('accBizRecord')
      .values({
        id: newId(),
        orgId: orgs.SO002!,
        dataSource: 'A01A03A02',
        bizDate: '2024-05-10',
        period: '2024-05',
        amount: 10_600,
        taxRate: 600,
        counterparty: null,
        summary: '仓储费',
        createBy: 'admin',
        createTime: new Date().toISOString(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const gen = { date: '2024-05-31', orgId: orgs.SO002, dataSource: 'A01A03' };
    expect(body(await call('POST', ACCOUNTING_PATHS.generate, gen))).toMatchObject({
      success: false,
      message: ACCOUNTING_TEXT.noTemplate('仓储费用'),
    });

    const saved = await call('POST', TEMPLATE_PATHS.save, {
      dataSource: 'A01A03A02',
      name: '仓储费用（新）',
      lines: [
        { side: 'D', subjectCode: '6601', amountKind: 'net' },
        { side: 'D', subjectCode: '222101', amountKind: 'tax' },
        { side: 'C', subjectCode: '1002', amountKind: 'gross', summary: '支付仓储费' },
      ],
    });
    const b = body<TemplateSourceRecord>(saved);
    expect(b, b.message).toMatchObject({ success: true, message: TEMPLATE_TEXT.saved });
    expect(b.result.template).toMatchObject({ name: '仓储费用（新）', status: '1', version: 1 });
    expect(b.result.template!.lines.map((l) => l.subjectName)).toEqual([
      '销售费用',
      '应交增值税（进项税额）',
      '银行存款',
    ]);

    expect(body(await call('POST', ACCOUNTING_PATHS.generate, gen))).toMatchObject({
      success: true,
      message: ACCOUNTING_TEXT.generated(1),
    });
    const voucher = await db()
      .selectFrom('accVoucher')
      .select(['id', 'debitTotal', 'creditTotal'])
      .where('dataSource', '=', 'A01A03A02')
      .where('period', '=', '2024-05')
      .executeTakeFirstOrThrow();
    expect(Number(voucher.debitTotal)).toBe(10_600);
    expect(Number(voucher.creditTotal)).toBe(10_600);
    const lines = await db()
      .selectFrom('accVoucherLine')
      .select(['subjectCode', 'debit', 'credit', 'summary'])
      .where('voucherId', '=', voucher.id)
      .orderBy('lineNo')
      .execute();
    expect(lines.map((l) => [l.subjectCode, Number(l.debit), Number(l.credit), l.summary])).toEqual([
      ['6601', 10_000, 0, '仓储费'],
      ['222101', 600, 0, '仓储费'],
      ['1002', 0, 10_600, '支付仓储费'],
    ]);
  });

  it('replaces a template with its version; refuses a stale version, leaving it as it was', async () => {
    const before = (await templates()).find((r) => r.dataSource === 'A01A01A01')!.template!;
    const ok = await call('POST', TEMPLATE_PATHS.save, {
      dataSource: 'A01A01A01',
      name: '采购入库（改）',
      status: '0',
      lines: PURCHASE_LINES,
      version: before.version,
    });
    expect(body(ok)).toMatchObject({
      success: true,
      result: {
        template: { name: '采购入库（改）', status: '0', status_dictText: '停用', version: before.version + 1 },
      },
    });
    const stale = await call('POST', TEMPLATE_PATHS.save, {
      dataSource: 'A01A01A01',
      name: '旧',
      lines: [
        { side: 'D', subjectCode: '1405', amountKind: 'gross' },
        { side: 'C', subjectCode: '2202', amountKind: 'gross' },
      ],
      version: before.version,
    });
    expect(body(stale)).toMatchObject({ success: false, message: TEMPLATE_TEXT.stale });
    const stored = await storedLines('A01A01A01');
    expect(stored.map((l) => [l.lineNo, l.side, l.subjectCode, l.amountKind])).toEqual([
      [1, 'D', '1405', 'net'],
      [2, 'D', '222101', 'tax'],
      [3, 'C', '2202', 'gross'],
    ]);
    expect(stored[0]).toMatchObject({ name: '采购入库（改）', version: before.version + 1 });
    // Disabled: generation refuses the source like a missing template.
    await db()
      .insertInto('accBizRecord')
      .values({
        id: newId(),
        orgId: orgs.SO002!,
        dataSource: 'A01A01A01',
        bizDate: '2024-06-10',
        period: '2024-06',
        amount: 100,
        taxRate: 0,
        counterparty: null,
        summary: 'x',
        createBy: 'admin',
        createTime: new Date().toISOString(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    expect(
      body(
        await call('POST', ACCOUNTING_PATHS.generate, { date: '2024-06-01', orgId: orgs.SO002, dataSource: 'A01A01' }),
      ),
    ).toMatchObject({ success: false, message: ACCOUNTING_TEXT.noTemplate('采购入库') });
  });

  it('refuses unbalanced, short, non-leaf and hostile templates with the form messages; nothing changes', async () => {
    const before = await storedLines('A01A02A01');
    const cases: [unknown, string][] = [
      [
        {
          dataSource: 'A01A02A01',
          name: 'x',
          lines: [
            { side: 'D', subjectCode: '1122', amountKind: 'gross' },
            { side: 'C', subjectCode: '6001', amountKind: 'net' },
          ],
        },
        TEMPLATE_TEXT.unbalanced,
      ],
      [
        {
          dataSource: 'A01A02A01',
          name: 'x',
          lines: [
            { side: 'D', subjectCode: '1122', amountKind: 'tax' },
            { side: 'C', subjectCode: '6001', amountKind: 'tax' },
            { side: 'D', subjectCode: '1122', amountKind: 'gross' },
          ],
        },
        TEMPLATE_TEXT.unbalanced,
      ],
      [
        { dataSource: 'A01A02A01', name: 'x', lines: [{ side: 'D', subjectCode: '1122', amountKind: 'gross' }] },
        TEMPLATE_TEXT.linesTooFew,
      ],
      [{ dataSource: 'A01A02A01', name: 'x' }, TEMPLATE_TEXT.linesRequired],
      [{ dataSource: 'A01A02', name: 'x', lines: PURCHASE_LINES }, TEMPLATE_TEXT.sourceInvalid],
      [{ dataSource: "A01' or 1=1", name: 'x', lines: PURCHASE_LINES }, TEMPLATE_TEXT.sourceInvalid],
      [{ name: 'x', lines: PURCHASE_LINES }, TEMPLATE_TEXT.sourceRequired],
      [{ dataSource: 'A01A02A01', lines: PURCHASE_LINES }, TEMPLATE_TEXT.nameRequired],
      [{ dataSource: 'A01A02A01', name: '名'.repeat(101), lines: PURCHASE_LINES }, TEMPLATE_TEXT.nameTooLong],
      [
        {
          dataSource: 'A01A02A01',
          name: 'x',
          lines: [
            { side: 'D', subjectCode: '2221', amountKind: 'gross' },
            { side: 'C', subjectCode: '6001', amountKind: 'gross' },
          ],
        },
        TEMPLATE_TEXT.subjectNotLeaf('2221'),
      ],
      [
        {
          dataSource: 'A01A02A01',
          name: 'x',
          lines: [
            { side: 'X', subjectCode: '1122', amountKind: 'gross' },
            { side: 'C', subjectCode: '6001', amountKind: 'gross' },
          ],
        },
        TEMPLATE_TEXT.sideInvalid,
      ],
      [
        {
          dataSource: 'A01A02A01',
          name: 'x',
          lines: [
            { side: 'D', subjectCode: "1122'--", amountKind: 'gross' },
            { side: 'C', subjectCode: '6001', amountKind: 'gross' },
          ],
        },
        TEMPLATE_TEXT.subjectInvalid,
      ],
      [
        {
          dataSource: 'A01A02A01',
          name: 'x',
          lines: [
            { side: 'D', subjectCode: '1122', amountKind: 'half' },
            { side: 'C', subjectCode: '6001', amountKind: 'gross' },
          ],
        },
        TEMPLATE_TEXT.kindInvalid,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', TEMPLATE_PATHS.save, payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    expect(await storedLines('A01A02A01')).toEqual(before);
  });

  it('the shared balance rule is the one generation applies', () => {
    const line = fc.record({
      side: fc.constantFrom('D' as const, 'C' as const),
      amountKind: fc.constantFrom('gross' as const, 'net' as const, 'tax' as const),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const posting = templateBalances(
          lines.map((l) => ({ ...l, subjectCode: '1001', kind: l.amountKind, summary: null })),
        );
        expect(templateBalance(lines).ok).toBe(posting);
      }),
    );
  });

  it('reads with the view code, writes with the template code only', async () => {
    const lisi = await login(t.app, 'lisi');
    expect(body(await call('GET', TEMPLATE_PATHS.list, undefined, lisi)).success).toBe(true);
    const save = await call(
      'POST',
      TEMPLATE_PATHS.save,
      { dataSource: 'A01A02A02', name: 'x', lines: PURCHASE_LINES },
      lisi,
    );
    expect(save.statusCode).toBe(403);
    expect((await call('DELETE', `${TEMPLATE_PATHS.delete}?dataSource=A01A02A02`, undefined, lisi)).statusCode).toBe(
      403,
    );
    const zhangsan = await login(t.app, 'zhangsan');
    expect((await call('GET', TEMPLATE_PATHS.list, undefined, zhangsan)).statusCode).toBe(403);
    expect((await storedLines('A01A02A02')).length).toBe(3);
  });

  it('writes the operate log', async () => {
    const rows = await db().selectFrom('operateLog').selectAll().where('relateId', '=', 'A01A03A02').execute();
    // The first delete and the save (the refused second delete is not a change).
    expect(rows.map((r) => r.content)).toEqual(
      expect.arrayContaining([expect.stringContaining('删除凭证模板'), expect.stringContaining('保存凭证模板')]),
    );
    expect(rows.find((r) => r.content.includes('保存凭证模板'))?.username).toBe('admin');
  });
});

// ---- ledgers ----

async function orgLedgers(orgId: string) {
  return db()
    .selectFrom('ledger')
    .select(['id', 'code', 'status', 'isMain'])
    .where('settlementOrgId', '=', orgId)
    .orderBy('code')
    .execute();
}

async function mainsOf(orgId: string): Promise<string[]> {
  return (await orgLedgers(orgId)).filter((l) => l.isMain === '1').map((l) => l.code);
}

async function addLedger(payload: Record<string, unknown>): Promise<LedgerRecord> {
  const b = body<LedgerRecord>(await call('POST', LEDGER_PATHS.add, payload));
  expect(b.success, b.message).toBe(true);
  return b.result;
}

describe('ledgers', () => {
  it('lists with the organisation name, main flag and status text; filters by organisation, code and name', async () => {
    const all = body<Page<LedgerRecord>>(await call('GET', `${LEDGER_PATHS.list}?pageSize=50`));
    expect(all.success).toBe(true);
    expect(all.result.records.find((l) => l.code === 'L001')).toMatchObject({
      name: '上海贸易主账簿',
      settlementOrgId: orgs.SO001,
      settlementOrgId_dictText: '上海后台贸易有限公司',
      currency: 'CNY',
      isMain: '1',
      status: '1',
      status_dictText: '启用',
    });
    const so1 = body<Page<LedgerRecord>>(await call('GET', `${LEDGER_PATHS.list}?settlementOrgId=${orgs.SO001}`));
    expect(so1.result.records.map((l) => l.code).sort()).toEqual(['L001', 'L002']);
    const byName = body<Page<LedgerRecord>>(
      await call('GET', `${LEDGER_PATHS.list}?name=${encodeURIComponent('杭州')}&code=L00`),
    );
    expect(byName.result.records.map((l) => l.code)).toEqual(['L003']);
    const hostile = await call('GET', `${LEDGER_PATHS.list}?name=${encodeURIComponent("' or 1=1 --")}`);
    expect(body(hostile)).toMatchObject({ success: true, result: { total: 0 } });
    const badSort = await call('GET', `${LEDGER_PATHS.list}?column=${encodeURIComponent('code; drop table ledger')}`);
    expect(badSort.statusCode).toBeLessThan(500);
    expect(body(badSort).success).toBe(false);
  });

  it("the first ledger of an organisation becomes main; setting another main clears the others'", async () => {
    const orgId = newId();
    await db()
      .insertInto('settlementOrg')
      .values({ id: orgId, code: 'QA_LEDGER_ORG', name: '测试账簿组织', createBy: 'admin', createTime: null })
      .execute();
    const first = await addLedger({ code: 'QL1', name: '测试一', settlementOrgId: orgId });
    expect(first).toMatchObject({ isMain: '1', status: '1', currency: 'CNY', version: 1 });
    const second = await addLedger({ code: 'QL2', name: '测试二', settlementOrgId: orgId, currency: 'usd' });
    expect(second).toMatchObject({ isMain: '0', currency: 'USD' });
    expect(await mainsOf(orgId)).toEqual(['QL1']);

    const third = await addLedger({ code: 'QL3', name: '测试三', settlementOrgId: orgId, isMain: true });
    expect(third.isMain).toBe('1');
    expect(await mainsOf(orgId)).toEqual(['QL3']);

    const put = await call('PUT', LEDGER_PATHS.edit, {
      id: second.id,
      code: 'QL2',
      name: '测试二',
      settlementOrgId: orgId,
      isMain: '1',
      version: second.version,
    });
    expect(body(put)).toMatchObject({
      success: true,
      message: LEDGER_TEXT.edited,
      result: { isMain: '1', version: 2 },
    });
    expect(await mainsOf(orgId)).toEqual(['QL2']);

    // The main ledger can be neither unset, disabled nor deleted while others are active.
    const unset = await call('POST', LEDGER_PATHS.edit, {
      id: second.id,
      code: 'QL2',
      name: '测试二',
      settlementOrgId: orgId,
      isMain: '0',
    });
    expect(body(unset)).toMatchObject({ success: false, message: LEDGER_TEXT.mainNeeded('测试账簿组织') });
    const disable = await call('POST', LEDGER_PATHS.edit, {
      id: second.id,
      code: 'QL2',
      name: '测试二',
      settlementOrgId: orgId,
      status: '0',
    });
    expect(body(disable)).toMatchObject({ success: false, message: LEDGER_TEXT.mainNeeded('测试账簿组织') });
    expect(body(await call('DELETE', `${LEDGER_PATHS.delete}?id=${second.id}`))).toMatchObject({
      success: false,
      message: LEDGER_TEXT.mainNeeded('测试账簿组织'),
    });
    expect(await mainsOf(orgId)).toEqual(['QL2']);
    const disableMainAtAdd = await call('POST', LEDGER_PATHS.add, {
      code: 'QL4',
      name: 'x',
      settlementOrgId: orgId,
      status: '0',
      isMain: '1',
    });
    expect(body(disableMainAtAdd)).toMatchObject({ success: false, message: LEDGER_TEXT.mainDisabled });

    // A stale version changes nothing.
    const stale = await call('PUT', LEDGER_PATHS.edit, {
      id: second.id,
      code: 'QL2',
      name: '旧名',
      settlementOrgId: orgId,
      isMain: '1',
      version: 1,
    });
    expect(body(stale)).toMatchObject({ success: false, message: LEDGER_TEXT.stale });

    // Non-main ledgers go; then the last active one is main and may be disabled (no active ledger, no main).
    for (const l of [first, third]) {
      expect(body(await call('DELETE', `${LEDGER_PATHS.delete}?id=${l.id}`))).toMatchObject({
        success: true,
        message: LEDGER_TEXT.deleted,
      });
    }
    const off = await call('PUT', LEDGER_PATHS.edit, {
      id: second.id,
      code: 'QL2',
      name: '测试二',
      settlementOrgId: orgId,
      status: '0',
    });
    expect(body(off)).toMatchObject({ success: true, result: { status: '0', isMain: '0' } });
    const on = await call('PUT', LEDGER_PATHS.edit, {
      id: second.id,
      code: 'QL2',
      name: '测试二',
      settlementOrgId: orgId,
      status: '1',
    });
    expect(body(on)).toMatchObject({ success: true, result: { status: '1', isMain: '1' } });
  });

  it('refuses a taken code, an unknown organisation and hostile values; nothing is stored', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('ledger')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await count();
    const cases: [unknown, string][] = [
      [{ code: 'L001', name: 'x', settlementOrgId: orgs.SO001 }, LEDGER_TEXT.codeTaken],
      [{ code: 'QLX', name: 'x', settlementOrgId: newId() }, LEDGER_TEXT.orgUnknown],
      [{ code: 'QLX', name: 'x' }, LEDGER_TEXT.orgRequired],
      [{ code: "x' or '1'='1", name: 'x', settlementOrgId: orgs.SO001 }, LEDGER_TEXT.codeFormat],
      [{ name: 'x', settlementOrgId: orgs.SO001 }, LEDGER_TEXT.codeRequired],
      [{ code: 'QLX', settlementOrgId: orgs.SO001 }, LEDGER_TEXT.nameRequired],
      [{ code: 'QLX', name: 'x', settlementOrgId: orgs.SO001, currency: '人民币' }, LEDGER_TEXT.currencyInvalid],
      [{ code: 'QLX', name: 'x', settlementOrgId: orgs.SO001, status: '2' }, LEDGER_TEXT.statusInvalid],
      [{ code: 'QLX', name: 'x', settlementOrgId: orgs.SO001, isMain: 'yes' }, LEDGER_TEXT.mainInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', LEDGER_PATHS.add, payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    expect(await count()).toBe(before);
    expect(body(await call('GET', `${LEDGER_PATHS.queryById}?id=${newId()}`))).toMatchObject({
      success: false,
      message: LEDGER_TEXT.notFound,
    });
  });

  it('a ledger with documents can be neither deleted nor moved to another organisation', async () => {
    // L002 (SO001, not main) gets a document.
    await db()
      .insertInto('accBill')
      .values({
        id: newId(),
        billNo: 'QA-BILL-1',
        bizRecordId: newId(),
        orgId: orgs.SO001!,
        ledgerId: ledgers.L002!,
        dataSource: 'A01A01A01',
        bizDate: '2024-01-02',
        period: '2024-01',
        seq: 1,
        amount: 100,
        taxAmount: 0,
        counterparty: null,
        summary: 'x',
        createBy: 'admin',
        createTime: null,
      })
      .execute();
    expect(body(await call('DELETE', `${LEDGER_PATHS.delete}?id=${ledgers.L002}`))).toMatchObject({
      success: false,
      message: LEDGER_TEXT.inUse('上海贸易管理账簿', '单据'),
    });
    const move = await call('PUT', LEDGER_PATHS.edit, {
      id: ledgers.L002,
      code: 'L002',
      name: '上海贸易管理账簿',
      settlementOrgId: orgs.SO003,
    });
    expect(body(move)).toMatchObject({ success: false, message: LEDGER_TEXT.orgLocked('上海贸易管理账簿') });
    expect(await orgLedgers(orgs.SO001!)).toHaveLength(2);
  });

  it('reads with the view code, writes with the ledger code only', async () => {
    const lisi = await login(t.app, 'lisi');
    expect(body(await call('GET', LEDGER_PATHS.list, undefined, lisi)).success).toBe(true);
    const add = await call('POST', LEDGER_PATHS.add, { code: 'QLY', name: 'x', settlementOrgId: orgs.SO002 }, lisi);
    expect(add.statusCode).toBe(403);
    expect((await call('DELETE', `${LEDGER_PATHS.delete}?id=${ledgers.L003}`, undefined, lisi)).statusCode).toBe(403);
    const zhangsan = await login(t.app, 'zhangsan');
    expect((await call('GET', LEDGER_PATHS.list, undefined, zhangsan)).statusCode).toBe(403);
    expect(await mainsOf(orgs.SO002!)).toEqual(['L003']);
  });
});
