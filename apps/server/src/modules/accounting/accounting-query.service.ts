/**
 * The workspace's reading side (issue 15): documents, vouchers and their lines, the sync log, the trial balance
 * (科目余额表) and the caller's ledgers. Everything is narrowed to the caller's settlement organisations; rows are
 * presented with the names of their organisation, ledger and business source (no per-row lookups: one query per
 * name kind per page). Amounts leave as decimal strings with two places.
 */
import {
  ACCOUNTING_LIMITS,
  type AccountingListQuery,
  type BillRecord,
  type LedgerBalanceAnswer,
  type LedgerBalanceQuery,
  type LedgerBalanceRow,
  type MyLedger,
  type SyncLogRecord,
  type VoucherLine,
  type VoucherListQuery,
  type VoucherRecord,
} from '@houtai/shared/contract/accounting';
import { formatMoney } from '@houtai/shared/money';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { toWireTime } from '../../lib/time.ts';
import { categoriesUnder } from '../category/category.service.ts';
import { orgNames } from '../settlement/settlement.service.ts';
import * as repo from './accounting.repository.ts';
import { callerLedger, callerOrgs, type AccountingActor } from './posting.service.ts';

export const voucherNoOf = (seq: number | null): string | null =>
  seq === null ? null : `记-${String(seq).padStart(4, '0')}`;

const VOUCHER_STATUS: Readonly<Record<string, string>> = { '0': '草稿', '1': '已过账' };
const SYNC_STATUS: Readonly<Record<string, string>> = { '0': '失败', '1': '成功' };

export async function sourceNames(db: Db): Promise<Map<string, string>> {
  return new Map((await categoriesUnder(db, ACCOUNTING_LIMITS.sourceRoot)).map((c) => [c.code, c.name]));
}

/** The caller's organisations narrowed by the query's orgId; an org outside them simply matches nothing. */
async function scopeOrgs(db: Db, actor: AccountingActor, requested: readonly string[]): Promise<string[]> {
  const own = await callerOrgs(db, actor);
  return requested.length === 0 ? own : own.filter((id) => requested.includes(id));
}

async function namesFor(db: Db, rows: readonly { orgId: string; ledgerId: string }[]) {
  const [orgs, ledgers, sources] = await Promise.all([
    orgNames(
      db,
      rows.map((r) => r.orgId),
    ),
    repo.ledgerNames(
      db,
      rows.map((r) => r.ledgerId),
    ),
    sourceNames(db),
  ]);
  return { orgs, ledgers, sources };
}

export async function listBills(db: Db, actor: AccountingActor, q: AccountingListQuery): Promise<PageOf<BillRecord>> {
  const f = {
    orgIds: await scopeOrgs(db, actor, q.orgId),
    ledgerId: q.ledgerId,
    period: q.period,
    dataSource: q.dataSource,
  };
  const [countRow, rows] = await Promise.all([
    repo
      .billsFiltered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    repo
      .billsFiltered(db, f)
      .selectAll()
      .orderBy('period', q.order === 'asc' ? 'asc' : 'desc')
      .orderBy('ledgerId')
      .orderBy('seq', q.order === 'asc' ? 'asc' : 'desc')
      .offset(offsetOf(q))
      .limit(q.pageSize)
      .execute(),
  ]);
  const [names, vouchers] = await Promise.all([
    namesFor(db, rows),
    repo.voucherByBill(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const records = rows.map((r): BillRecord => {
    const amount = Number(r.amount);
    const tax = Number(r.taxAmount);
    const v = vouchers.get(r.id);
    return {
      id: r.id,
      billNo: r.billNo,
      bizRecordId: r.bizRecordId,
      orgId: r.orgId,
      orgId_dictText: names.orgs.get(r.orgId) ?? r.orgId,
      ledgerId: r.ledgerId,
      ledgerId_dictText: names.ledgers.get(r.ledgerId) ?? r.ledgerId,
      dataSource: r.dataSource,
      dataSource_dictText: names.sources.get(r.dataSource) ?? r.dataSource,
      bizDate: r.bizDate,
      period: r.period,
      amount: formatMoney(amount),
      taxAmount: formatMoney(tax),
      netAmount: formatMoney(amount - tax),
      counterparty: r.counterparty,
      summary: r.summary,
      voucherId: v?.id ?? '',
      voucherNo: voucherNoOf(v?.voucherSeq ?? null),
      createBy: r.createBy,
      createTime: toWireTime(r.createTime),
    };
  });
  return pageOf(records, Number(countRow?.n ?? 0), q);
}

export async function listVouchers(
  db: Db,
  actor: AccountingActor,
  q: VoucherListQuery,
): Promise<PageOf<VoucherRecord>> {
  const seqMatch = q.voucherNo ? /(\d+)\s*$/.exec(q.voucherNo) : null;
  const f = {
    orgIds: await scopeOrgs(db, actor, q.orgId),
    ledgerId: q.ledgerId,
    period: q.period,
    dataSource: q.dataSource,
    status: q.status,
    voucherSeq: q.voucherNo ? (seqMatch ? Number(seqMatch[1]) : -1) : undefined,
  };
  const dir = q.order === 'desc' ? 'desc' : 'asc';
  const [countRow, rows] = await Promise.all([
    repo
      .vouchersFiltered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    repo
      .vouchersFiltered(db, f)
      .innerJoin('accBill', 'accBill.id', 'accVoucher.billId')
      .selectAll('accVoucher')
      .select(['accBill.billNo', 'accBill.seq'])
      .orderBy('accVoucher.period', 'desc')
      .orderBy('accVoucher.ledgerId')
      // Posted in number order, drafts after them in document order.
      .orderBy('accVoucher.status', 'desc')
      .orderBy('accVoucher.voucherSeq', dir)
      .orderBy('accBill.seq', dir)
      .offset(offsetOf(q))
      .limit(q.pageSize)
      .execute(),
  ]);
  const names = await namesFor(db, rows);
  const records = rows.map((r): VoucherRecord => ({
    id: r.id,
    voucherNo: voucherNoOf(r.voucherSeq),
    billId: r.billId,
    billNo: r.billNo,
    period: r.period,
    bizDate: r.bizDate,
    orgId: r.orgId,
    orgId_dictText: names.orgs.get(r.orgId) ?? r.orgId,
    ledgerId: r.ledgerId,
    ledgerId_dictText: names.ledgers.get(r.ledgerId) ?? r.ledgerId,
    dataSource: r.dataSource,
    dataSource_dictText: names.sources.get(r.dataSource) ?? r.dataSource,
    summary: r.summary,
    debitTotal: formatMoney(Number(r.debitTotal)),
    creditTotal: formatMoney(Number(r.creditTotal)),
    status: r.status === '1' ? '1' : '0',
    status_dictText: VOUCHER_STATUS[r.status] ?? r.status,
    postTime: toWireTime(r.postTime),
    postBy: r.postBy,
    createTime: toWireTime(r.createTime),
  }));
  return pageOf(records, Number(countRow?.n ?? 0), q);
}

export async function voucherLines(db: Db, actor: AccountingActor, voucherId: string): Promise<VoucherLine[]> {
  const v = await repo.findVoucher(db, voucherId);
  if (!v || !(await callerOrgs(db, actor)).includes(v.orgId)) throw AppError.business('凭证不存在或无权查看');
  const [lines, subjects] = await Promise.all([repo.linesOf(db, voucherId), repo.allSubjects(db)]);
  const name = new Map(subjects.map((s) => [s.code, s.name]));
  return lines.map((l) => ({
    id: l.id,
    lineNo: l.lineNo,
    summary: l.summary,
    subjectCode: l.subjectCode,
    subjectName: subjectPath(l.subjectCode, name),
    debit: formatMoney(Number(l.debit)),
    credit: formatMoney(Number(l.credit)),
  }));
}

/** '应交税费-应交增值税（进项税额）': a sub-account with its parents' names. */
function subjectPath(code: string, names: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  for (let c = code; c.length >= 4; c = c.slice(0, -2)) {
    const n = names.get(c);
    if (n) parts.unshift(n);
  }
  return parts.join('-') || code;
}

export async function listSyncLogs(
  db: Db,
  actor: AccountingActor,
  q: AccountingListQuery,
): Promise<PageOf<SyncLogRecord>> {
  const orgIds = await scopeOrgs(db, actor, q.orgId);
  const ledgerIds = (await repo.ledgersOfOrgs(db, orgIds))
    .map((l) => l.id)
    .filter((id) => !q.ledgerId || id === q.ledgerId);
  const f = { ledgerIds, period: q.period, dataSource: q.dataSource };
  const [countRow, rows, sources] = await Promise.all([
    repo
      .syncLogsFiltered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    repo
      .syncLogsFiltered(db, f)
      .selectAll()
      .orderBy('createTime', 'desc')
      .orderBy('id')
      .offset(offsetOf(q))
      .limit(q.pageSize)
      .execute(),
    sourceNames(db),
  ]);
  const ledgers = await repo.ledgerNames(
    db,
    rows.map((r) => r.ledgerId),
  );
  const records = rows.map((r): SyncLogRecord => ({
    id: r.id,
    ledgerId: r.ledgerId,
    ledgerId_dictText: ledgers.get(r.ledgerId) ?? r.ledgerId,
    period: r.period,
    dataSource: r.dataSource,
    dataSource_dictText: sources.get(r.dataSource) ?? r.dataSource,
    voucherCount: r.voucherCount,
    firstNo: voucherNoOf(r.firstSeq),
    lastNo: voucherNoOf(r.lastSeq),
    debitTotal: formatMoney(Number(r.debitTotal)),
    creditTotal: formatMoney(Number(r.creditTotal)),
    status: r.status === '1' ? '1' : '0',
    status_dictText: SYNC_STATUS[r.status] ?? r.status,
    message: r.message,
    createBy: r.createBy,
    createTime: toWireTime(r.createTime),
  }));
  return pageOf(records, Number(countRow?.n ?? 0), q);
}

const split = (net: number) => ({ debit: net > 0 ? net : 0, credit: net < 0 ? -net : 0 });

/**
 * GET ledgerBalance/list: per subject, the opening balance (everything posted before the period), the period's
 * debit and credit and the closing balance, each balance shown on the side of its sign. Parent subjects sum
 * their sub-accounts; the totals are the first-level rows' sums, and each pair balances because every posted
 * voucher does.
 */
export async function ledgerBalance(
  db: Db,
  actor: AccountingActor,
  q: LedgerBalanceQuery,
): Promise<LedgerBalanceAnswer> {
  await callerLedger(db, actor, q.ledgerId);
  const [{ before, during }, subjects, period] = await Promise.all([
    repo.balanceSums(db, q.ledgerId, q.period),
    repo.allSubjects(db),
    repo.findPeriod(db, q.ledgerId, q.period),
  ]);
  const acc = new Map<string, { opening: number; debit: number; credit: number }>();
  const add = (code: string, opening: number, debit: number, credit: number) => {
    // The subject and each of its parents.
    for (let c = code; c.length >= 4; c = c.slice(0, -2)) {
      const a = acc.get(c) ?? { opening: 0, debit: 0, credit: 0 };
      a.opening += opening;
      a.debit += debit;
      a.credit += credit;
      acc.set(c, a);
    }
  };
  for (const b of before) add(b.subjectCode, Number(b.debit) - Number(b.credit), 0, 0);
  for (const b of during) add(b.subjectCode, 0, Number(b.debit), Number(b.credit));
  const byCode = new Map(subjects.map((s) => [s.code, s]));
  const hasChild = new Set(subjects.map((s) => s.parentCode).filter((c): c is string => c !== null));
  const records: LedgerBalanceRow[] = [...acc.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, a]) => {
      const opening = split(a.opening);
      const closing = split(a.opening + a.debit - a.credit);
      const s = byCode.get(code);
      return {
        subjectCode: code,
        subjectName: s?.name ?? code,
        level: s?.level ?? (code.length - 2) / 2,
        leaf: !hasChild.has(code),
        openingDebit: formatMoney(opening.debit),
        openingCredit: formatMoney(opening.credit),
        periodDebit: formatMoney(a.debit),
        periodCredit: formatMoney(a.credit),
        closingDebit: formatMoney(closing.debit),
        closingCredit: formatMoney(closing.credit),
      };
    });
  const top = [...acc.entries()].filter(([code]) => code.length === 4).map(([, a]) => a);
  const sum = (f: (a: { opening: number; debit: number; credit: number }) => number) =>
    formatMoney(top.reduce((s, a) => s + f(a), 0));
  return {
    ledgerId: q.ledgerId,
    period: q.period,
    records,
    totals: {
      openingDebit: sum((a) => split(a.opening).debit),
      openingCredit: sum((a) => split(a.opening).credit),
      periodDebit: sum((a) => a.debit),
      periodCredit: sum((a) => a.credit),
      closingDebit: sum((a) => split(a.opening + a.debit - a.credit).debit),
      closingCredit: sum((a) => split(a.opening + a.debit - a.credit).credit),
    },
    closed: period?.closed === '1',
  };
}

/** GET ledger/myLedgers: the active ledgers of the caller's organisations. */
export async function myLedgers(db: Db, actor: AccountingActor): Promise<MyLedger[]> {
  const orgIds = await callerOrgs(db, actor);
  const rows = (await repo.ledgersOfOrgs(db, orgIds)).filter((l) => l.status === '1');
  const names = await orgNames(
    db,
    rows.map((r) => r.settlementOrgId),
  );
  return rows.map((l) => ({
    id: l.id,
    code: l.code,
    name: l.name,
    settlementOrgId: l.settlementOrgId,
    settlementOrgName: names.get(l.settlementOrgId) ?? l.settlementOrgId,
    main: l.isMain === '1',
  }));
}
