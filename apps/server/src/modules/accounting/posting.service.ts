/**
 * The business-to-voucher bridge (业务凭证, issue 15): generate documents and draft vouchers from business records,
 * synchronise (post) drafts to the ledger, close and reopen periods. Each runs in one transaction that first locks
 * the (ledger, period) rows it touches, so two runs at the same moment serialise: a record is documented once
 * (also guarded by acc_bill.biz_record_id unique), a voucher is posted and numbered once, numbers have no gap.
 *
 * A record's document and voucher go to its organisation's main ledger (ledger.is_main; else its first active
 * ledger by code). Amounts are integer fen; the template's gross/net/tax lines come from splitTax (half up, once per
 * record), so every voucher balances by construction — and the sync re-checks the lines anyway before posting.
 */
import {
  ACCOUNTING_LIMITS,
  ACCOUNTING_TEXT,
  type PeriodCloseBody,
  type PeriodRecord,
  type PeriodReopenBody,
  type VoucherRequestBody,
} from '@houtai/shared/contract/accounting';
import { formatMoney, splitTax } from '@houtai/shared/money';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { categoriesUnder, type CategoryNode } from '../category/category.service.ts';
import { orgNames, userOrgIds } from '../settlement/settlement.service.ts';
import * as repo from './accounting.repository.ts';

export interface AccountingActor {
  userId: string;
  username: string;
}

type LedgerRow = NonNullable<Awaited<ReturnType<typeof repo.findLedger>>>;

/** The caller's organisations, narrowed to the requested ones (refused when one is not the caller's). */
export async function callerOrgs(db: Db, actor: AccountingActor, requested: readonly string[] = []): Promise<string[]> {
  const own = await userOrgIds(db, actor.userId);
  if (requested.length === 0) return own;
  const mine = new Set(own);
  if (requested.some((id) => !mine.has(id))) throw AppError.business(ACCOUNTING_TEXT.notYourOrg);
  return [...requested];
}

/** The sources of a request: a non-leaf child of A01 and its leaves. */
export async function sourceLeaves(
  db: Db,
  dataSource: string,
): Promise<{ source: CategoryNode; leaves: CategoryNode[] }> {
  const all = await categoriesUnder(db, ACCOUNTING_LIMITS.sourceRoot);
  const source = all.find((c) => c.code === dataSource);
  if (!source || source.leaf || dataSource.length !== ACCOUNTING_LIMITS.sourceRoot.length + 3) {
    throw AppError.business(ACCOUNTING_TEXT.sourceInvalid);
  }
  return { source, leaves: all.filter((c) => c.leaf && c.code.startsWith(dataSource)) };
}

/** Each organisation's main ledger (active; is_main first, then by code). */
export async function mainLedgers(db: Db, orgIds: readonly string[]): Promise<Map<string, LedgerRow>> {
  const out = new Map<string, LedgerRow>();
  const rows = (await repo.ledgersOfOrgs(db, orgIds)).filter((l) => l.status === '1');
  for (const l of [...rows.filter((r) => r.isMain === '1'), ...rows]) {
    if (!out.has(l.settlementOrgId)) out.set(l.settlementOrgId, l);
  }
  return out;
}

/**
 * Under the period locks: the ledgers read before the transaction are still there and active (a ledger deleted or
 * disabled meanwhile refuses the run; its administration deletes the period rows first, so it waits for this run).
 */
async function refuseChangedLedgers(trx: Db, ledgerIds: readonly string[], orgIds: readonly string[]): Promise<void> {
  const now = new Set((await repo.ledgersOfOrgs(trx, orgIds)).filter((l) => l.status === '1').map((l) => l.id));
  if (ledgerIds.some((id) => !now.has(id))) throw AppError.business(ACCOUNTING_TEXT.ledgersChanged);
}

async function refuseClosed(db: Db, locked: readonly { ledgerId: string; period: string; closed: string }[]) {
  const closed = locked.find((p) => p.closed === '1');
  if (!closed) return;
  const names = await repo.ledgerNames(db, [closed.ledgerId]);
  throw AppError.business(ACCOUNTING_TEXT.periodClosed(names.get(closed.ledgerId) ?? closed.ledgerId, closed.period));
}

type Kind = 'gross' | 'net' | 'tax';
interface TemplateDef {
  name: string;
  lines: { side: 'D' | 'C'; subjectCode: string; kind: Kind; summary: string | null }[];
}

/** A template balances when, for every amount, its debit lines carry the same parts as its credit lines. */
export function templateBalances(lines: TemplateDef['lines']): boolean {
  const weight = (side: 'D' | 'C', part: 'net' | 'tax') =>
    lines.filter((l) => l.side === side && (l.kind === 'gross' || l.kind === part)).length;
  return lines.length >= 2 && weight('D', 'net') === weight('C', 'net') && weight('D', 'tax') === weight('C', 'tax');
}

async function loadTemplates(db: Db, leaves: readonly CategoryNode[]): Promise<Map<string, TemplateDef>> {
  const out = new Map<string, TemplateDef>();
  for (const r of await repo.templatesOf(
    db,
    leaves.map((l) => l.code),
  )) {
    if (r.status !== '1') continue;
    const t = out.get(r.dataSource) ?? { name: r.name, lines: [] };
    t.lines.push({
      side: r.side as 'D' | 'C',
      subjectCode: r.subjectCode,
      kind: r.amountKind as Kind,
      summary: r.summary,
    });
    out.set(r.dataSource, t);
  }
  return out;
}

/** The voucher lines of one record: zero-amount lines (no tax) are left out. */
export function voucherLinesOf(
  template: TemplateDef,
  amountFen: number,
  rateBp: number,
  summary: string,
): { side: 'D' | 'C'; subjectCode: string; amount: number; summary: string }[] {
  const { net, tax } = splitTax(amountFen, rateBp);
  const part = { gross: amountFen, net, tax };
  return template.lines
    .map((l) => ({ side: l.side, subjectCode: l.subjectCode, amount: part[l.kind], summary: l.summary ?? summary }))
    .filter((l) => l.amount !== 0);
}

/** POST batchCreateVoucher: one document and one draft voucher per not-yet-documented record. */
export async function generateDocuments(
  db: Db,
  actor: AccountingActor,
  body: VoucherRequestBody,
): Promise<{ bills: number; message: string }> {
  const orgIds = await callerOrgs(db, actor, body.orgId);
  if (orgIds.length === 0) throw AppError.business(ACCOUNTING_TEXT.noOrgs);
  const { leaves } = await sourceLeaves(db, body.dataSource);
  const sources = leaves.map((l) => l.code);
  if (sources.length === 0) return { bills: 0, message: ACCOUNTING_TEXT.nothingNew };
  const [ledgers, templates, names] = await Promise.all([
    mainLedgers(db, orgIds),
    loadTemplates(db, leaves),
    orgNames(db, orgIds),
  ]);
  const leafName = new Map(leaves.map((l) => [l.code, l.name]));
  const period = body.date;
  const at = nowIso();

  const bills = await db.transaction().execute(async (trx) => {
    const locked = await repo.lockPeriods(
      trx,
      [...ledgers.values()].map((l) => ({ ledgerId: l.id, period })),
    );
    await refuseChangedLedgers(
      trx,
      [...ledgers.values()].map((l) => l.id),
      orgIds,
    );
    await refuseClosed(trx, locked);
    const records = await repo.pendingRecords(trx, period, orgIds, sources);
    if (records.length === 0) return 0;
    for (const r of records) {
      if (!ledgers.has(r.orgId))
        throw AppError.business(ACCOUNTING_TEXT.orgWithoutLedger(names.get(r.orgId) ?? r.orgId));
      const t = templates.get(r.dataSource);
      const sourceName = leafName.get(r.dataSource) ?? r.dataSource;
      if (!t) throw AppError.business(ACCOUNTING_TEXT.noTemplate(sourceName));
      if (!templateBalances(t.lines)) throw AppError.business(ACCOUNTING_TEXT.badTemplate(sourceName));
    }
    const seqOf = new Map(locked.map((p) => [p.ledgerId, { id: p.id, seq: p.billSeq }]));
    const billRows: Parameters<typeof repo.insertBills>[1][number][] = [];
    const voucherRows: Parameters<typeof repo.insertVouchers>[1][number][] = [];
    const lineRows: Parameters<typeof repo.insertVoucherLines>[1][number][] = [];
    const pairs: { recordId: string; billId: string }[] = [];
    for (const r of records) {
      const ledger = ledgers.get(r.orgId)!;
      const counter = seqOf.get(ledger.id)!;
      counter.seq += 1;
      const billId = newId();
      const voucherId = newId();
      const amount = Number(r.amount);
      const { tax } = splitTax(amount, r.taxRate);
      const lines = voucherLinesOf(templates.get(r.dataSource)!, amount, r.taxRate, r.summary);
      const debit = lines.filter((l) => l.side === 'D').reduce((s, l) => s + l.amount, 0);
      const credit = lines.filter((l) => l.side === 'C').reduce((s, l) => s + l.amount, 0);
      billRows.push({
        id: billId,
        billNo: `${ledger.code}-${period.replace('-', '')}-${String(counter.seq).padStart(5, '0')}`,
        bizRecordId: r.id,
        orgId: r.orgId,
        ledgerId: ledger.id,
        dataSource: r.dataSource,
        bizDate: r.bizDate,
        period,
        seq: counter.seq,
        amount,
        taxAmount: tax,
        counterparty: r.counterparty,
        summary: r.summary,
        createBy: actor.username,
        createTime: at,
      });
      voucherRows.push({
        id: voucherId,
        billId,
        ledgerId: ledger.id,
        orgId: r.orgId,
        period,
        bizDate: r.bizDate,
        dataSource: r.dataSource,
        summary: r.summary,
        debitTotal: debit,
        creditTotal: credit,
        createBy: actor.username,
        createTime: at,
      });
      lines.forEach((l, i) =>
        lineRows.push({
          id: newId(),
          voucherId,
          lineNo: i + 1,
          summary: l.summary,
          subjectCode: l.subjectCode,
          debit: l.side === 'D' ? l.amount : 0,
          credit: l.side === 'C' ? l.amount : 0,
        }),
      );
      pairs.push({ recordId: r.id, billId });
    }
    await repo.insertBills(trx, billRows);
    await repo.insertVouchers(trx, voucherRows);
    await repo.insertVoucherLines(trx, lineRows);
    await repo.markDocumented(trx, pairs);
    for (const { id, seq } of seqOf.values()) await repo.setBillSeq(trx, id, seq);
    return records.length;
  });
  return { bills, message: bills === 0 ? ACCOUNTING_TEXT.nothingNew : ACCOUNTING_TEXT.generated(bills) };
}

/** POST syncVoucher: posts the period's drafts of the organisations' ledgers, numbered 记-0001… with no gap. */
export async function syncVouchers(
  db: Db,
  actor: AccountingActor,
  body: VoucherRequestBody,
): Promise<{ vouchers: number; message: string }> {
  const orgIds = await callerOrgs(db, actor, body.orgId);
  if (orgIds.length === 0) throw AppError.business(ACCOUNTING_TEXT.noOrgs);
  const { leaves } = await sourceLeaves(db, body.dataSource);
  const sources = leaves.map((l) => l.code);
  const ledgers = (await repo.ledgersOfOrgs(db, orgIds)).filter((l) => l.status === '1');
  const period = body.date;
  const at = nowIso();
  const failures: { ledgerId: string; message: string }[] = [];
  try {
    const posted = await db.transaction().execute(async (trx) => {
      const locked = await repo.lockPeriods(
        trx,
        ledgers.map((l) => ({ ledgerId: l.id, period })),
      );
      await refuseChangedLedgers(
        trx,
        ledgers.map((l) => l.id),
        orgIds,
      );
      await refuseClosed(trx, locked);
      let total = 0;
      let touched = 0;
      for (const ledger of ledgers) {
        if (sources.length === 0) break;
        const bad = await repo.firstUnbalancedDraft(trx, ledger.id, period, sources);
        if (bad) {
          const message = ACCOUNTING_TEXT.unbalanced(
            bad.billNo,
            formatMoney(Number(bad.debit)),
            formatMoney(Number(bad.credit)),
          );
          failures.push({ ledgerId: ledger.id, message });
          throw AppError.business(message);
        }
        const lastSeq = await repo.maxVoucherSeq(trx, ledger.id, period);
        const syncLogId = newId();
        const n = await repo.postDrafts(trx, {
          ledgerId: ledger.id,
          period,
          sources,
          lastSeq,
          syncLogId,
          by: actor.username,
          at,
        });
        if (n === 0) continue;
        const sums = await repo.postedSums(trx, syncLogId);
        let debit = 0;
        let credit = 0;
        for (const s of sums) {
          await repo.addToBalance(trx, ledger.id, period, s.subjectCode, Number(s.debit), Number(s.credit));
          debit += Number(s.debit);
          credit += Number(s.credit);
        }
        await repo.insertSyncLog(trx, {
          id: syncLogId,
          ledgerId: ledger.id,
          period,
          dataSource: body.dataSource,
          voucherCount: n,
          firstSeq: lastSeq + 1,
          lastSeq: lastSeq + n,
          debitTotal: debit,
          creditTotal: credit,
          status: '1',
          message: ACCOUNTING_TEXT.synced(n, 1),
          createBy: actor.username,
          createTime: at,
        });
        total += n;
        touched += 1;
      }
      return { total, touched };
    });
    return {
      vouchers: posted.total,
      message:
        posted.total === 0 ? ACCOUNTING_TEXT.nothingToSync : ACCOUNTING_TEXT.synced(posted.total, posted.touched),
    };
  } catch (err) {
    // A refused sync leaves its reason in the log (outside the rolled-back transaction).
    for (const f of failures) {
      await repo.insertSyncLog(db, {
        id: newId(),
        ledgerId: f.ledgerId,
        period,
        dataSource: body.dataSource,
        voucherCount: 0,
        firstSeq: null,
        lastSeq: null,
        debitTotal: 0,
        creditTotal: 0,
        status: '0',
        message: f.message,
        createBy: actor.username,
        createTime: at,
      });
    }
    throw err;
  }
}

/** A ledger of the caller's organisations, or refused. */
export async function callerLedger(db: Db, actor: AccountingActor, ledgerId: string): Promise<LedgerRow> {
  const ledger = await repo.findLedger(db, ledgerId);
  if (!ledger || !(await userOrgIds(db, actor.userId)).includes(ledger.settlementOrgId)) {
    throw AppError.business(ACCOUNTING_TEXT.ledgerUnknown);
  }
  return ledger;
}

/** GET accPeriod/list: the ledger's periods that have a row (any activity), newest first, with voucher counts. */
export async function listPeriods(db: Db, actor: AccountingActor, ledgerId: string): Promise<PeriodRecord[]> {
  await callerLedger(db, actor, ledgerId);
  const [rows, counts] = await Promise.all([
    repo.periodsOfLedger(db, ledgerId),
    repo.voucherCountsByPeriod(db, ledgerId),
  ]);
  const count = (period: string, status: string) =>
    Number(counts.find((c) => c.period === period && c.status === status)?.n ?? 0);
  return rows.map((p) => ({
    ledgerId: p.ledgerId,
    period: p.period,
    closed: p.closed === '1' ? '1' : '0',
    closedBy: p.closedBy,
    closedTime: toWireTime(p.closedTime),
    reopenedBy: p.reopenedBy,
    reopenedTime: toWireTime(p.reopenedTime),
    reopenReason: p.reopenReason,
    draftCount: count(p.period, '0'),
    postedCount: count(p.period, '1'),
  }));
}

/** 结账: refused while drafts of the period are not synchronised. */
export async function closeLedgerPeriod(db: Db, actor: AccountingActor, body: PeriodCloseBody): Promise<string> {
  const ledger = await callerLedger(db, actor, body.ledgerId);
  return db.transaction().execute(async (trx) => {
    const [p] = await repo.lockPeriods(trx, [{ ledgerId: ledger.id, period: body.period }]);
    if (p!.closed === '1') throw AppError.business(ACCOUNTING_TEXT.alreadyClosed);
    const drafts = (await repo.voucherCountsByPeriod(trx, ledger.id)).find(
      (c) => c.period === body.period && c.status === '0',
    );
    if (drafts && Number(drafts.n) > 0) throw AppError.business(ACCOUNTING_TEXT.draftsLeft(Number(drafts.n)));
    await repo.closePeriod(trx, p!.id, actor.username, nowIso());
    return ACCOUNTING_TEXT.closed(ledger.name, body.period);
  });
}

/** 反结账 (an administrator's step; the route logs it with its reason): refused while a later period is closed. */
export async function reopenLedgerPeriod(db: Db, actor: AccountingActor, body: PeriodReopenBody): Promise<string> {
  const ledger = await callerLedger(db, actor, body.ledgerId);
  return db.transaction().execute(async (trx) => {
    const [p] = await repo.lockPeriods(trx, [{ ledgerId: ledger.id, period: body.period }]);
    if (p!.closed !== '1') throw AppError.business(ACCOUNTING_TEXT.notClosed);
    const later = await repo.closedPeriodsAfter(trx, ledger.id, body.period);
    if (later.length > 0) throw AppError.business(ACCOUNTING_TEXT.laterClosed(later[later.length - 1]!));
    await repo.reopenPeriod(trx, p!.id, actor.username, nowIso(), body.reason);
    return ACCOUNTING_TEXT.reopened(ledger.name, body.period);
  });
}

/**
 * Refuses a change to business records in a closed period (their organisation's main ledger), holding the period
 * locks for the rest of the caller's transaction so a generate cannot read them half-changed.
 */
export async function lockRecordPeriods(trx: Db, keys: readonly { orgId: string; period: string }[]): Promise<void> {
  const ledgers = await mainLedgers(
    trx,
    keys.map((k) => k.orgId),
  );
  const locked = await repo.lockPeriods(
    trx,
    keys.flatMap((k) => {
      const l = ledgers.get(k.orgId);
      return l ? [{ ledgerId: l.id, period: k.period }] : [];
    }),
  );
  await refuseClosed(trx, locked);
}
