/**
 * SQL of the accounting module (issue 15): ledgers, subjects, templates, business records, documents, vouchers,
 * periods, balances and the sync log. Set-based where the volume is (a period may hold 100,000 records): bulk
 * inserts in chunks, one numbering UPDATE … FROM with row_number(), grouped sums. Values are always bound.
 */
import { PostgresAdapter, type Expression, type Insertable, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type {
  AccBillTable,
  AccBizRecordTable,
  AccVoucherLineTable,
  AccVoucherTable,
  Database,
} from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { like } from '../../lib/like.ts';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits for the widest table here. */
const CHUNK = 1000;

export async function insertChunked<T extends keyof Database>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

// ---- ledgers ----

const LEDGER_COLUMNS = ['id', 'code', 'name', 'settlementOrgId', 'status', 'isMain'] as const;

export function ledgersOfOrgs(db: Db, orgIds: readonly string[]) {
  if (orgIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ledger')
    .select(LEDGER_COLUMNS)
    .where('settlementOrgId', 'in', [...orgIds])
    .orderBy('code')
    .execute();
}

export function findLedger(db: Db, id: string) {
  return db.selectFrom('ledger').select(LEDGER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function ledgerNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- subjects and templates ----

export function allSubjects(db: Db) {
  return db
    .selectFrom('accSubject')
    .select(['id', 'code', 'name', 'parentCode', 'direction', 'category', 'level', 'status'])
    .orderBy('code')
    .execute();
}

export function templatesOf(db: Db, sources: readonly string[]) {
  if (sources.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('accVoucherTemplate as t')
    .innerJoin('accVoucherTemplateLine as l', 'l.templateId', 't.id')
    .select(['t.dataSource', 't.name', 't.status', 'l.lineNo', 'l.side', 'l.subjectCode', 'l.amountKind', 'l.summary'])
    .where('t.dataSource', 'in', [...sources])
    .orderBy('t.dataSource')
    .orderBy('l.lineNo')
    .execute();
}

// ---- periods (the lock) ----

export interface PeriodKey {
  ledgerId: string;
  period: string;
}

/**
 * Makes sure the period rows exist and locks them (PostgreSQL: FOR UPDATE, in key order so two callers never
 * deadlock; SQLite: the single writer connection already serialises transactions). Answers the rows.
 */
export async function lockPeriods(trx: Db, keys: readonly PeriodKey[]) {
  const sorted = [...new Map(keys.map((k) => [`${k.ledgerId}|${k.period}`, k])).values()].sort((a, b) =>
    a.ledgerId === b.ledgerId ? a.period.localeCompare(b.period) : a.ledgerId.localeCompare(b.ledgerId),
  );
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const rows = [];
  for (const k of sorted) {
    await trx
      .insertInto('accPeriod')
      .values({ id: newId(), ledgerId: k.ledgerId, period: k.period })
      .onConflict((oc) => oc.columns(['ledgerId', 'period']).doNothing())
      .execute();
    let q = trx.selectFrom('accPeriod').selectAll().where('ledgerId', '=', k.ledgerId).where('period', '=', k.period);
    if (postgres) q = q.forUpdate();
    rows.push(await q.executeTakeFirstOrThrow());
  }
  return rows;
}

export function findPeriod(db: Db, ledgerId: string, period: string) {
  return db
    .selectFrom('accPeriod')
    .selectAll()
    .where('ledgerId', '=', ledgerId)
    .where('period', '=', period)
    .executeTakeFirst();
}

export function periodsOfLedger(db: Db, ledgerId: string) {
  return db.selectFrom('accPeriod').selectAll().where('ledgerId', '=', ledgerId).orderBy('period', 'desc').execute();
}

export async function closedPeriodsAfter(db: Db, ledgerId: string, period: string): Promise<string[]> {
  const rows = await db
    .selectFrom('accPeriod')
    .select('period')
    .where('ledgerId', '=', ledgerId)
    .where('period', '>', period)
    .where('closed', '=', '1')
    .orderBy('period')
    .execute();
  return rows.map((r) => r.period);
}

export function setBillSeq(trx: Db, id: string, billSeq: number) {
  return trx.updateTable('accPeriod').set({ billSeq }).where('id', '=', id).execute();
}

export function closePeriod(trx: Db, id: string, by: string, at: string) {
  return trx.updateTable('accPeriod').set({ closed: '1', closedBy: by, closedTime: at }).where('id', '=', id).execute();
}

export function reopenPeriod(trx: Db, id: string, by: string, at: string, reason: string) {
  return trx
    .updateTable('accPeriod')
    .set({ closed: '0', reopenedBy: by, reopenedTime: at, reopenReason: reason })
    .where('id', '=', id)
    .execute();
}

/** Draft and posted vouchers per period of a ledger. */
export async function voucherCountsByPeriod(db: Db, ledgerId: string) {
  return db
    .selectFrom('accVoucher')
    .select(['period', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('ledgerId', '=', ledgerId)
    .groupBy(['period', 'status'])
    .execute();
}

// ---- business records ----

export const BIZ_COLUMNS = [
  'id',
  'orgId',
  'dataSource',
  'bizDate',
  'period',
  'amount',
  'taxRate',
  'counterparty',
  'summary',
  'status',
  'billId',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

export interface BizFilter {
  orgIds: readonly string[];
  period?: string | undefined;
  dataSource?: string | undefined;
  status?: string | undefined;
  counterparty?: string | undefined;
  summary?: string | undefined;
  where?: Expression<SqlBool> | null | undefined;
}

export function bizFiltered(db: Db, f: BizFilter) {
  return db.selectFrom('accBizRecord').where((eb) => {
    const preds: Expression<SqlBool>[] = [eb('orgId', 'in', f.orgIds.length > 0 ? [...f.orgIds] : [''])];
    if (f.period !== undefined) preds.push(eb('period', '=', f.period));
    if (f.dataSource !== undefined) preds.push(like(eb.ref('dataSource'), f.dataSource, 'prefix'));
    if (f.status !== undefined) preds.push(eb('status', '=', f.status));
    if (f.counterparty !== undefined) preds.push(like(eb.ref('counterparty'), f.counterparty));
    if (f.summary !== undefined) preds.push(like(eb.ref('summary'), f.summary));
    if (f.where) preds.push(f.where);
    return eb.and(preds);
  });
}

export function findBizRecord(db: Db, id: string) {
  return db.selectFrom('accBizRecord').select(BIZ_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findBizRecords(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('accBizRecord')
    .select(BIZ_COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
}

export function insertBizRecords(db: Db, rows: readonly Insertable<AccBizRecordTable>[]) {
  return insertChunked(db, 'accBizRecord', rows);
}

export async function updateBizRecord(
  db: Db,
  id: string,
  version: number | undefined,
  values: Partial<Insertable<AccBizRecordTable>>,
): Promise<number> {
  let q = db
    .updateTable('accBizRecord')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', '0');
  if (version !== undefined) q = q.where('version', '=', version);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteBizRecords(db: Db, ids: readonly string[]): Promise<number> {
  const r = await db
    .deleteFrom('accBizRecord')
    .where('id', 'in', [...ids])
    .where('status', '=', '0')
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Not-yet-documented records of a period, organisations and source leaves, in date order. */
export function pendingRecords(db: Db, period: string, orgIds: readonly string[], sources: readonly string[]) {
  return db
    .selectFrom('accBizRecord')
    .select(BIZ_COLUMNS)
    .where('period', '=', period)
    .where('orgId', 'in', [...orgIds])
    .where('dataSource', 'in', [...sources])
    .where('status', '=', '0')
    .orderBy('bizDate')
    .orderBy('createTime')
    .orderBy('id')
    .execute();
}

/** Marks the records of the documents just made as documented (status 1, bill_id). */
export async function markDocumented(trx: Db, pairs: readonly { recordId: string; billId: string }[]): Promise<void> {
  // One UPDATE per chunk: bill_id from the document that names the record (unique per record).
  for (let i = 0; i < pairs.length; i += CHUNK) {
    const ids = pairs.slice(i, i + CHUNK).map((p) => p.recordId);
    await trx
      .updateTable('accBizRecord')
      .set((eb) => ({
        status: '1',
        billId: eb
          .selectFrom('accBill')
          .select('accBill.id')
          .whereRef('accBill.bizRecordId', '=', 'accBizRecord.id')
          .limit(1),
        version: eb('version', '+', 1),
      }))
      .where('id', 'in', ids)
      .where('status', '=', '0')
      .execute();
  }
}

// ---- documents, vouchers, lines ----

export function insertBills(trx: Db, rows: readonly Insertable<AccBillTable>[]) {
  return insertChunked(trx, 'accBill', rows);
}
export function insertVouchers(trx: Db, rows: readonly Insertable<AccVoucherTable>[]) {
  return insertChunked(trx, 'accVoucher', rows);
}
export function insertVoucherLines(trx: Db, rows: readonly Insertable<AccVoucherLineTable>[]) {
  return insertChunked(trx, 'accVoucherLine', rows);
}

export interface DocFilter {
  orgIds: readonly string[];
  ledgerId?: string | undefined;
  period?: string | undefined;
  dataSource?: string | undefined;
}

export function billsFiltered(db: Db, f: DocFilter) {
  return db.selectFrom('accBill').where((eb) => {
    const preds: Expression<SqlBool>[] = [eb('accBill.orgId', 'in', f.orgIds.length > 0 ? [...f.orgIds] : [''])];
    if (f.ledgerId !== undefined) preds.push(eb('accBill.ledgerId', '=', f.ledgerId));
    if (f.period !== undefined) preds.push(eb('accBill.period', '=', f.period));
    if (f.dataSource !== undefined) preds.push(like(eb.ref('accBill.dataSource'), f.dataSource, 'prefix'));
    return eb.and(preds);
  });
}

export interface VoucherFilter extends DocFilter {
  status?: string | undefined;
  voucherSeq?: number | undefined;
}

export function vouchersFiltered(db: Db, f: VoucherFilter) {
  return db.selectFrom('accVoucher').where((eb) => {
    const preds: Expression<SqlBool>[] = [eb('accVoucher.orgId', 'in', f.orgIds.length > 0 ? [...f.orgIds] : [''])];
    if (f.ledgerId !== undefined) preds.push(eb('accVoucher.ledgerId', '=', f.ledgerId));
    if (f.period !== undefined) preds.push(eb('accVoucher.period', '=', f.period));
    if (f.dataSource !== undefined) preds.push(like(eb.ref('accVoucher.dataSource'), f.dataSource, 'prefix'));
    if (f.status !== undefined) preds.push(eb('accVoucher.status', '=', f.status));
    if (f.voucherSeq !== undefined) preds.push(eb('accVoucher.voucherSeq', '=', f.voucherSeq));
    return eb.and(preds);
  });
}

export function findVoucher(db: Db, id: string) {
  return db.selectFrom('accVoucher').selectAll().where('id', '=', id).executeTakeFirst();
}

export function linesOf(db: Db, voucherId: string) {
  return db.selectFrom('accVoucherLine').selectAll().where('voucherId', '=', voucherId).orderBy('lineNo').execute();
}

/** Voucher numbers of documents (posted ones), by bill id. */
export async function voucherByBill(db: Db, billIds: readonly string[]) {
  if (billIds.length === 0) return new Map<string, { id: string; voucherSeq: number | null }>();
  const rows = await db
    .selectFrom('accVoucher')
    .select(['id', 'billId', 'voucherSeq'])
    .where('billId', 'in', [...billIds])
    .execute();
  return new Map(rows.map((r) => [r.billId, { id: r.id, voucherSeq: r.voucherSeq }]));
}

export async function billNos(db: Db, billIds: readonly string[]): Promise<Map<string, string>> {
  if (billIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('accBill')
    .select(['id', 'billNo'])
    .where('id', 'in', [...billIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.billNo]));
}

// ---- synchronisation ----

/**
 * The first draft of a ledger period (of the given sources) whose lines do not balance, do not match its totals or
 * are fewer than two — the sync refuses it.
 */
export async function firstUnbalancedDraft(trx: Db, ledgerId: string, period: string, sources: readonly string[]) {
  return trx
    .selectFrom('accVoucher as v')
    .innerJoin('accBill as b', 'b.id', 'v.billId')
    .leftJoin('accVoucherLine as l', 'l.voucherId', 'v.id')
    .select((eb) => [
      'v.id',
      'b.billNo',
      eb.fn.coalesce(eb.fn.sum<number>('l.debit'), eb.val(0)).as('debit'),
      eb.fn.coalesce(eb.fn.sum<number>('l.credit'), eb.val(0)).as('credit'),
    ])
    .where('v.ledgerId', '=', ledgerId)
    .where('v.period', '=', period)
    .where('v.status', '=', '0')
    .where('v.dataSource', 'in', [...sources])
    .groupBy(['v.id', 'b.billNo', 'v.debitTotal', 'v.creditTotal', 'b.seq'])
    .having((eb) =>
      eb.or([
        eb(eb.fn.coalesce(eb.fn.sum('l.debit'), eb.val(0)), '<>', eb.fn.coalesce(eb.fn.sum('l.credit'), eb.val(0))),
        eb(eb.fn.coalesce(eb.fn.sum('l.debit'), eb.val(0)), '<>', eb.ref('v.debitTotal')),
        eb(eb.fn.coalesce(eb.fn.sum('l.credit'), eb.val(0)), '<>', eb.ref('v.creditTotal')),
        eb(eb.fn.count('l.id'), '<', 2),
      ]),
    )
    .orderBy('b.seq')
    .limit(1)
    .executeTakeFirst();
}

export async function maxVoucherSeq(trx: Db, ledgerId: string, period: string): Promise<number> {
  const row = await trx
    .selectFrom('accVoucher')
    .select((eb) => eb.fn.max('voucherSeq').as('m'))
    .where('ledgerId', '=', ledgerId)
    .where('period', '=', period)
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/**
 * Posts the drafts of a ledger period (of the given sources): numbers them after `lastSeq` in date and document
 * order (one UPDATE … FROM with row_number()), stamps the sync log, the poster and the time. Answers how many.
 */
export async function postDrafts(
  trx: Db,
  p: {
    ledgerId: string;
    period: string;
    sources: readonly string[];
    lastSeq: number;
    syncLogId: string;
    by: string;
    at: string;
  },
): Promise<number> {
  const numbered = trx
    .selectFrom('accVoucher as d')
    .innerJoin('accBill as b', 'b.id', 'd.billId')
    .select((eb) => [
      'd.id as voucherId',
      eb(
        eb.val(p.lastSeq),
        '+',
        eb.fn.agg<number>('row_number', []).over((ob) => ob.orderBy('d.bizDate').orderBy('b.seq')),
      ).as('seq'),
    ])
    .where('d.ledgerId', '=', p.ledgerId)
    .where('d.period', '=', p.period)
    .where('d.status', '=', '0')
    .where('d.dataSource', 'in', [...p.sources]);
  const r = await trx
    .updateTable('accVoucher')
    .from(numbered.as('n'))
    .set((eb) => ({
      status: '1',
      voucherSeq: eb.ref('n.seq'),
      syncLogId: p.syncLogId,
      postBy: p.by,
      postTime: p.at,
    }))
    .whereRef('accVoucher.id', '=', 'n.voucherId')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Per-subject sums of the vouchers one sync posted. */
export function postedSums(trx: Db, syncLogId: string) {
  return trx
    .selectFrom('accVoucherLine as l')
    .innerJoin('accVoucher as v', 'v.id', 'l.voucherId')
    .select((eb) => [
      'l.subjectCode',
      eb.fn.sum<number>('l.debit').as('debit'),
      eb.fn.sum<number>('l.credit').as('credit'),
    ])
    .where('v.syncLogId', '=', syncLogId)
    .groupBy('l.subjectCode')
    .execute();
}

export async function addToBalance(
  trx: Db,
  ledgerId: string,
  period: string,
  subjectCode: string,
  debit: number,
  credit: number,
): Promise<void> {
  await trx
    .insertInto('accLedgerBalance')
    .values({ id: newId(), ledgerId, period, subjectCode, debit, credit })
    .onConflict((oc) =>
      oc.columns(['ledgerId', 'period', 'subjectCode']).doUpdateSet((eb) => ({
        debit: eb('accLedgerBalance.debit', '+', eb.ref('excluded.debit')),
        credit: eb('accLedgerBalance.credit', '+', eb.ref('excluded.credit')),
      })),
    )
    .execute();
}

export function insertSyncLog(trx: Db, row: Insertable<Database['accSyncLog']>) {
  return trx.insertInto('accSyncLog').values(row).execute();
}

export interface SyncLogFilter {
  ledgerIds: readonly string[];
  period?: string | undefined;
  dataSource?: string | undefined;
}

export function syncLogsFiltered(db: Db, f: SyncLogFilter) {
  return db.selectFrom('accSyncLog').where((eb) => {
    const preds: Expression<SqlBool>[] = [eb('ledgerId', 'in', f.ledgerIds.length > 0 ? [...f.ledgerIds] : [''])];
    if (f.period !== undefined) preds.push(eb('period', '=', f.period));
    if (f.dataSource !== undefined) preds.push(like(eb.ref('dataSource'), f.dataSource, 'prefix'));
    return eb.and(preds);
  });
}

// ---- balances ----

/** Per-subject debit and credit sums of a ledger: before the period (opening) and in it. */
export async function balanceSums(db: Db, ledgerId: string, period: string) {
  const [before, during] = await Promise.all([
    db
      .selectFrom('accLedgerBalance')
      .select((eb) => ['subjectCode', eb.fn.sum<number>('debit').as('debit'), eb.fn.sum<number>('credit').as('credit')])
      .where('ledgerId', '=', ledgerId)
      .where('period', '<', period)
      .groupBy('subjectCode')
      .execute(),
    db
      .selectFrom('accLedgerBalance')
      .select(['subjectCode', 'debit', 'credit'])
      .where('ledgerId', '=', ledgerId)
      .where('period', '=', period)
      .execute(),
  ]);
  return { before, during };
}
