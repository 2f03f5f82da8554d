/**
 * The accounting workspace's server (issue 15): business records → documents → draft vouchers → posted vouchers,
 * on SQLite and PostgreSQL. Double entry to the fen (价税分离 half up), idempotent generation and posting (also two
 * runs at the same moment), numbering 记-0001… without a gap, the trial balance, an unbalanced voucher refused by
 * number, period close and reopen, documented records frozen, organisations and permission codes enforced.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTING_PATHS as PATH,
  ACCOUNTING_TEXT,
  type BillRecord,
  type BizRecordRecord,
  type LedgerBalanceAnswer,
  type MyLedger,
  type SyncLogRecord,
  type VoucherLine,
  type VoucherRecord,
} from '@houtai/shared/contract/accounting';
import { formatMoney, splitTax } from '@houtai/shared/money';
import { newId } from '../src/lib/ids.ts';
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

async function insertRecords(
  rows: { org: string; source: string; date: string; amount: number; rate: number }[],
): Promise<string[]> {
  const values = rows.map((r) => ({
    id: newId(),
    orgId: orgs[r.org]!,
    dataSource: r.source,
    bizDate: r.date,
    period: r.date.slice(0, 7),
    amount: r.amount,
    taxRate: r.rate,
    counterparty: '测试往来单位',
    summary: `测试 ${r.source}`,
    createBy: 'admin',
    createTime: new Date().toISOString(),
    updateBy: null,
    updateTime: null,
  }));
  for (let i = 0; i < values.length; i += 200)
    await db()
      .insertInto('accBizRecord')
      .values(values.slice(i, i + 200))
      .execute();
  return values.map((v) => v.id);
}

const generate = (date: string, dataSource: string, orgId = '', token = admin) =>
  call('POST', PATH.generate, { date, orgId, dataSource }, token);
const sync = (date: string, dataSource: string, orgId = '', token = admin) =>
  call('POST', PATH.sync, { date, orgId, dataSource }, token);

async function vouchersOf(ledger: string, period: string): Promise<VoucherRecord[]> {
  const b = body<Page<VoucherRecord>>(
    await call('GET', `${PATH.vouchers}?ledgerId=${ledgers[ledger]}&period=${period}&pageSize=200`),
  );
  expect(b.success, b.message).toBe(true);
  return b.result.records;
}

async function trialBalance(ledger: string, period: string): Promise<LedgerBalanceAnswer> {
  const b = body<LedgerBalanceAnswer>(
    await call('GET', `${PATH.balances}?ledgerId=${ledgers[ledger]}&period=${period}`),
  );
  expect(b.success, b.message).toBe(true);
  return b.result;
}

describe('generate documents', () => {
  it('turns each pending record into one document and one balanced draft voucher with the tax split half up', async () => {
    await insertRecords([
      { org: 'SO002', source: 'A01A01A01', date: '2025-03-05', amount: 113_000, rate: 1300 },
      { org: 'SO002', source: 'A01A01A02', date: '2025-03-07', amount: 1_001, rate: 1300 },
      { org: 'SO002', source: 'A01A02A01', date: '2025-03-01', amount: 5_000, rate: 0 },
    ]);
    const purchases = body<{ bills: number }>(await generate('2025-03-15', 'A01A01'));
    expect(purchases).toMatchObject({ success: true, message: ACCOUNTING_TEXT.generated(2), result: { bills: 2 } });

    const bills = body<Page<BillRecord>>(await call('GET', `${PATH.bills}?ledgerId=${ledgers.L003}&period=2025-03`));
    expect(bills.result.records.map((b) => b.billNo).sort()).toEqual(['L003-202503-00001', 'L003-202503-00002']);
    const drafts = await vouchersOf('L003', '2025-03');
    expect(drafts).toHaveLength(2);
    for (const v of drafts) {
      expect(v).toMatchObject({ status: '0', voucherNo: null, ledgerId: ledgers.L003, period: '2025-03' });
      expect(v.debitTotal).toBe(v.creditTotal);
    }
    const inbound = drafts.find((v) => v.dataSource === 'A01A01A01')!;
    const lines = body<VoucherLine[]>(await call('GET', `${PATH.voucherLines}?voucherId=${inbound.id}`)).result;
    expect(lines.map((l) => [l.subjectCode, l.debit, l.credit])).toEqual([
      ['1405', '1000.00', '0.00'],
      ['222101', '130.00', '0.00'],
      ['2202', '0.00', '1130.00'],
    ]);
    expect(lines[1]!.subjectName).toBe('应交税费-应交增值税（进项税额）');
    // 10.01 at 13%: tax 1.1515… → 1.15 (half up), net 8.86; the return reverses the sides.
    const ret = drafts.find((v) => v.dataSource === 'A01A01A02')!;
    const retLines = body<VoucherLine[]>(await call('GET', `${PATH.voucherLines}?voucherId=${ret.id}`)).result;
    expect(retLines.map((l) => [l.subjectCode, l.debit, l.credit])).toEqual([
      ['1405', '0.00', '8.86'],
      ['222101', '0.00', '1.15'],
      ['2202', '10.01', '0.00'],
    ]);
    // The sale record of the same period was not of the requested source.
    const sale = await db()
      .selectFrom('accBizRecord')
      .select(['status'])
      .where('dataSource', '=', 'A01A02A01')
      .where('period', '=', '2025-03')
      .execute();
    expect(sale.map((s) => s.status)).toEqual(['0']);
  });

  it('is idempotent: a second run creates nothing and says so; documented records cannot be edited or deleted', async () => {
    const again = body(await generate('2025-03-01', 'A01A01'));
    expect(again).toMatchObject({ success: true, message: ACCOUNTING_TEXT.nothingNew });
    expect((await vouchersOf('L003', '2025-03')).length).toBe(2);

    const documented = await db()
      .selectFrom('accBizRecord')
      .select(['id', 'billId', 'status'])
      .where('period', '=', '2025-03')
      .where('dataSource', '=', 'A01A01A01')
      .executeTakeFirstOrThrow();
    expect(documented.status).toBe('1');
    expect(documented.billId).not.toBeNull();
    const edit = body(
      await call('PUT', PATH.bizRecordEdit, {
        id: documented.id,
        orgId: orgs.SO002,
        dataSource: 'A01A01A01',
        bizDate: '2025-03-05',
        amount: '1.00',
        taxRate: '13',
        summary: '改',
      }),
    );
    expect(edit).toMatchObject({ success: false, message: ACCOUNTING_TEXT.documented });
    const del = body(await call('DELETE', `${PATH.bizRecordDelete}?id=${documented.id}`));
    expect(del).toMatchObject({ success: false, message: ACCOUNTING_TEXT.documented });
    expect(
      Number(
        (
          await db()
            .selectFrom('accBizRecord')
            .select('amount')
            .where('id', '=', documented.id)
            .executeTakeFirstOrThrow()
        ).amount,
      ),
    ).toBe(113_000);
  });

  it('two runs at the same moment create each document once', async () => {
    const ids = await insertRecords(
      Array.from({ length: 60 }, (_, i) => ({
        org: 'SO003',
        source: 'A01A02A01',
        date: `2025-04-${String(1 + (i % 28)).padStart(2, '0')}`,
        amount: 1_000 + i * 37,
        rate: 1300,
      })),
    );
    const [a, b] = await Promise.all([generate('2025-04-10', 'A01A02'), generate('2025-04-10', 'A01A02')]);
    const made = [body<{ bills: number }>(a), body<{ bills: number }>(b)];
    expect(made.every((m) => m.success)).toBe(true);
    expect(made.map((m) => m.result.bills).sort((x, y) => x - y)).toEqual([0, 60]);
    const bills = await db()
      .selectFrom('accBill')
      .select(['bizRecordId', 'seq'])
      .where('bizRecordId', 'in', ids)
      .execute();
    expect(new Set(bills.map((x) => x.bizRecordId)).size).toBe(60);
    expect(bills.map((x) => x.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
});

describe('synchronise vouchers', () => {
  it('posts the drafts numbered 记-0001… without a gap, balances the trial balance and logs the run', async () => {
    const r = body<{ vouchers: number }>(await sync('2025-03-20', 'A01A01', orgs.SO002));
    expect(r).toMatchObject({ success: true, message: ACCOUNTING_TEXT.synced(2, 1) });
    const posted = await vouchersOf('L003', '2025-03');
    expect(posted.map((v) => [v.voucherNo, v.status, v.bizDate])).toEqual([
      ['记-0001', '1', '2025-03-05'],
      ['记-0002', '1', '2025-03-07'],
    ]);
    const logs = body<Page<SyncLogRecord>>(
      await call('GET', `${PATH.syncLogs}?ledgerId=${ledgers.L003}&period=2025-03`),
    );
    expect(logs.result.records[0]).toMatchObject({
      status: '1',
      voucherCount: 2,
      firstNo: '记-0001',
      lastNo: '记-0002',
      debitTotal: '1140.01',
      creditTotal: '1140.01',
    });
    const tb = await trialBalance('L003', '2025-03');
    expect(tb.totals.periodDebit).toBe('1140.01');
    expect(tb.totals.periodCredit).toBe('1140.01');
    expect(tb.totals.closingDebit).toBe(tb.totals.closingCredit);
    const tax = tb.records.find((x) => x.subjectCode === '2221')!;
    // 进项 130.00 debit, 1.15 credit (the return) → 128.85 on the debit side.
    expect(tax).toMatchObject({ periodDebit: '130.00', periodCredit: '1.15', closingDebit: '128.85', leaf: false });
    expect(tb.records.find((x) => x.subjectCode === '222101')).toMatchObject({ level: 2, leaf: true });

    // Nothing left: a second run posts nothing; the next month opens with March's closing balances.
    expect(body(await sync('2025-03-20', 'A01A01', orgs.SO002))).toMatchObject({
      success: true,
      message: ACCOUNTING_TEXT.nothingToSync,
    });
    const april = await trialBalance('L003', '2025-04');
    expect(april.records.find((x) => x.subjectCode === '2221')).toMatchObject({
      openingDebit: '128.85',
      periodDebit: '0.00',
    });
    expect(april.totals.openingDebit).toBe(april.totals.openingCredit);
  });

  it('two syncs at the same moment post each voucher once, numbers contiguous', async () => {
    const [a, b] = await Promise.all([sync('2025-04-01', 'A01A02'), sync('2025-04-01', 'A01A02')]);
    const counts = [body<{ vouchers: number }>(a), body<{ vouchers: number }>(b)].map((x) => x.result.vouchers);
    expect(counts.sort((x, y) => x - y)).toEqual([0, 60]);
    const seqs = (
      await db()
        .selectFrom('accVoucher')
        .select('voucherSeq')
        .where('ledgerId', '=', ledgers.L004!)
        .where('period', '=', '2025-04')
        .execute()
    ).map((v) => v.voucherSeq!);
    expect(seqs.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const tb = await trialBalance('L004', '2025-04');
    expect(tb.totals.periodDebit).toBe(tb.totals.periodCredit);
  });

  it('refuses an unbalanced voucher by its number, posts nothing and logs the refusal', async () => {
    await insertRecords([
      { org: 'SO002', source: 'A01A03A01', date: '2025-05-02', amount: 10_900, rate: 900 },
      { org: 'SO002', source: 'A01A03A02', date: '2025-05-03', amount: 21_800, rate: 900 },
    ]);
    expect(body(await generate('2025-05-01', 'A01A03', orgs.SO002)).success).toBe(true);
    const bill = await db()
      .selectFrom('accBill')
      .select(['id', 'billNo'])
      .where('period', '=', '2025-05')
      .where('dataSource', '=', 'A01A03A02')
      .executeTakeFirstOrThrow();
    const v = await db().selectFrom('accVoucher').select('id').where('billId', '=', bill.id).executeTakeFirstOrThrow();
    await db()
      .updateTable('accVoucherLine')
      .set({ debit: 1 })
      .where('voucherId', '=', v.id)
      .where('lineNo', '=', 1)
      .execute();

    const r = body(await sync('2025-05-01', 'A01A03', orgs.SO002));
    expect(r.success).toBe(false);
    expect(r.message).toContain(bill.billNo);
    expect(r.message).toContain('借贷不平衡');
    const drafts = await db().selectFrom('accVoucher').select('status').where('period', '=', '2025-05').execute();
    expect(drafts.every((d) => d.status === '0')).toBe(true);
    const logs = body<Page<SyncLogRecord>>(
      await call('GET', `${PATH.syncLogs}?ledgerId=${ledgers.L003}&period=2025-05`),
    );
    expect(logs.result.records[0]).toMatchObject({ status: '0', voucherCount: 0 });
  });
});

describe('period close', () => {
  it('a closed period refuses generate, sync and record changes; an administrator reopens it, audited', async () => {
    await insertRecords([{ org: 'SO003', source: 'A01A05A01', date: '2025-06-03', amount: 50_000, rate: 0 }]);
    const close = body(await call('POST', PATH.closePeriod, { ledgerId: ledgers.L004, period: '2025-06' }));
    expect(close).toMatchObject({ success: true });
    const closedText = ACCOUNTING_TEXT.periodClosed('北京科技主账簿', '2025-06');
    expect(body(await generate('2025-06-01', 'A01A05', orgs.SO003))).toMatchObject({
      success: false,
      message: closedText,
    });
    expect(body(await sync('2025-06-01', 'A01A05', orgs.SO003))).toMatchObject({ success: false, message: closedText });
    const add = body(
      await call('POST', PATH.bizRecordAdd, {
        orgId: orgs.SO003,
        dataSource: 'A01A05A02',
        bizDate: '2025-06-09',
        amount: '12.30',
        summary: '付款',
      }),
    );
    expect(add).toMatchObject({ success: false, message: closedText });

    expect(body(await call('POST', PATH.reopenPeriod, { ledgerId: ledgers.L004, period: '2025-06' })).success).toBe(
      false,
    );
    const reopen = body(
      await call('POST', PATH.reopenPeriod, { ledgerId: ledgers.L004, period: '2025-06', reason: '补录收款' }),
    );
    expect(reopen).toMatchObject({ success: true });
    const logged = await db()
      .selectFrom('operateLog')
      .select(['content'])
      .where('content', 'like', '反结账%')
      .execute();
    expect(logged.map((l) => l.content)).toContain('反结账：2025-06：补录收款');
    expect(body(await generate('2025-06-01', 'A01A05', orgs.SO003))).toMatchObject({
      success: true,
      message: ACCOUNTING_TEXT.generated(1),
    });
    // Drafts left: closing is refused until they are posted.
    const refused = body(await call('POST', PATH.closePeriod, { ledgerId: ledgers.L004, period: '2025-06' }));
    expect(refused).toMatchObject({ success: false, message: ACCOUNTING_TEXT.draftsLeft(1) });
  });
});

describe('business records and access', () => {
  it('adds a record with the amount in fen and answers it with the tax split', async () => {
    const b = body<BizRecordRecord>(
      await call('POST', PATH.bizRecordAdd, {
        orgId: orgs.SO001,
        dataSource: 'A01A02A03A01',
        bizDate: '2025-07-08',
        amount: '2260.5',
        taxRate: '13',
        counterparty: '上海华联商贸有限公司',
        summary: '开具专票',
      }),
    );
    expect(b.success, b.message).toBe(true);
    expect(b.result).toMatchObject({
      amount: '2260.50',
      taxAmount: '260.06',
      netAmount: '2000.44',
      taxRate: '13',
      status: '0',
    });
    const stored = await db()
      .selectFrom('accBizRecord')
      .select(['amount', 'taxRate', 'period'])
      .where('id', '=', b.result.id)
      .executeTakeFirstOrThrow();
    expect([Number(stored.amount), stored.taxRate, stored.period]).toEqual([226_050, 1300, '2025-07']);

    for (const [field, value, message] of [
      ['amount', '1.234', ACCOUNTING_TEXT.amountInvalid],
      ['amount', '-5', ACCOUNTING_TEXT.amountInvalid],
      ['taxRate', '101', ACCOUNTING_TEXT.rateInvalid],
      ['bizDate', '2025-02-30', ACCOUNTING_TEXT.bizDateInvalid],
      ['dataSource', 'A01A02', ACCOUNTING_TEXT.leafRequired],
    ] as const) {
      const r = body(
        await call('POST', PATH.bizRecordAdd, {
          orgId: orgs.SO001,
          dataSource: 'A01A02A01',
          bizDate: '2025-07-08',
          amount: '10',
          summary: 'x',
          [field]: value,
        }),
      );
      expect(r.success, `${field}=${value}`).toBe(false);
      expect(r.message).toContain(message);
    }
  });

  it('keeps a user to their own organisations and the view / generate / sync codes', async () => {
    // lisi: finance, SO002 only.
    const lisi = await login(t.app, 'lisi');
    const mine = body<MyLedger[]>(await call('GET', PATH.myLedgers, undefined, lisi)).result;
    expect(mine.map((l) => l.code)).toEqual(['L003']);
    expect(body(await generate('2025-08-01', 'A01A01', orgs.SO001, lisi))).toMatchObject({
      success: false,
      message: ACCOUNTING_TEXT.notYourOrg,
    });
    const theirs = body<Page<VoucherRecord>>(
      await call('GET', `${PATH.vouchers}?ledgerId=${ledgers.L004}`, undefined, lisi),
    );
    expect(theirs.result.total).toBe(0);
    // zhangsan: staff, no accounting codes.
    const zhangsan = await login(t.app, 'zhangsan');
    expect((await generate('2025-08-01', 'A01A01', '', zhangsan)).statusCode).toBe(403);
    expect((await call('GET', PATH.vouchers, undefined, zhangsan)).statusCode).toBe(403);
    expect(
      (await call('POST', PATH.reopenPeriod, { ledgerId: ledgers.L003, period: '2025-03', reason: 'x' }, lisi))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a source that is not a non-leaf child of A01 and a bad date, in Chinese', async () => {
    expect(body(await generate('2025-08-01', 'A01A01A01'))).toMatchObject({
      success: false,
      message: ACCOUNTING_TEXT.sourceInvalid,
    });
    const noDate = await call('POST', PATH.generate, { orgId: '', dataSource: 'A01A01' });
    expect(body(noDate).message).toContain(ACCOUNTING_TEXT.periodRequired);
    const noSource = await call('POST', PATH.generate, { date: '2025-08-01', orgId: '' });
    expect(body(noSource).message).toContain(ACCOUNTING_TEXT.sourceRequired);
  });
});

describe('property: random records always balance', () => {
  it('every generated voucher balances to the fen and the trial balance totals are equal', async () => {
    let month = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            source: fc.constantFrom('A01A01A01', 'A01A01A02', 'A01A01A03'),
            amount: fc.integer({ min: 1, max: 9_999_999_999 }),
            rate: fc.constantFrom(0, 100, 300, 600, 900, 1300, 1700, 650, 1),
            day: fc.integer({ min: 1, max: 28 }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (rows) => {
          month += 1;
          const period = `${2000 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
          await insertRecords(
            rows.map((r) => ({
              org: 'SO002',
              source: r.source,
              date: `${period}-${String(r.day).padStart(2, '0')}`,
              amount: r.amount,
              rate: r.rate,
            })),
          );
          expect(body(await generate(`${period}-01`, 'A01A01', orgs.SO002)).success).toBe(true);
          const vouchers = await db()
            .selectFrom('accVoucher')
            .select(['id', 'debitTotal', 'creditTotal'])
            .where('ledgerId', '=', ledgers.L003!)
            .where('period', '=', period)
            .execute();
          expect(vouchers).toHaveLength(rows.length);
          for (const v of vouchers) {
            const lines = await db()
              .selectFrom('accVoucherLine')
              .select(['debit', 'credit'])
              .where('voucherId', '=', v.id)
              .execute();
            const d = lines.reduce((s, l) => s + Number(l.debit), 0);
            const c = lines.reduce((s, l) => s + Number(l.credit), 0);
            expect(d).toBe(c);
            expect(Number(v.debitTotal)).toBe(d);
            expect(lines.length).toBeGreaterThanOrEqual(2);
          }
          expect(body(await sync(`${period}-01`, 'A01A01', orgs.SO002)).success).toBe(true);
          const tb = await trialBalance('L003', period);
          const gross = rows.reduce((s, r) => s + r.amount, 0);
          expect(tb.totals.periodDebit).toBe(tb.totals.periodCredit);
          expect(tb.totals.openingDebit).toBe(tb.totals.openingCredit);
          expect(tb.totals.closingDebit).toBe(tb.totals.closingCredit);
          // Period debit = Σ gross (each record's gross lands once on each side).
          expect(tb.totals.periodDebit).toBe(formatMoney(gross));
          const tax = rows.reduce((s, r) => s + splitTax(r.amount, r.rate).tax, 0);
          const taxRow = tb.records.find((x) => x.subjectCode === '222101');
          if (tax > 0) expect(taxRow).toBeDefined();
        },
      ),
      { numRuns: 12 },
    );
  });
});
