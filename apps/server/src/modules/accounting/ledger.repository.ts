/**
 * SQL of the ledger administration (账簿管理, table `ledger`): the paged list, the rows of an organisation (locked
 * while its main ledger changes), what uses a ledger (documents, vouchers, balances) and the writes.
 */
import {
  PostgresAdapter,
  type Expression,
  type Insertable,
  type RawBuilder,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { LedgerTable } from '../../db/schema.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

const COLUMNS = [
  'id',
  'code',
  'name',
  'settlementOrgId',
  'currency',
  'status',
  'isMain',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

export interface LedgerFilter {
  settlementOrgId?: string | undefined;
  code?: string | undefined;
  name?: string | undefined;
  status?: string | undefined;
  where?: RawBuilder<SqlBool> | null;
}

function filtered(db: Db, f: LedgerFilter) {
  return db.selectFrom('ledger').where((eb) => {
    const preds: Expression<SqlBool>[] = [];
    if (f.settlementOrgId !== undefined) preds.push(eb('settlementOrgId', '=', f.settlementOrgId));
    if (f.code !== undefined) preds.push(like(eb.ref('code'), f.code));
    if (f.name !== undefined) preds.push(like(eb.ref('name'), f.name));
    if (f.status !== undefined) preds.push(eb('status', '=', f.status));
    if (f.where) preds.push(f.where);
    return eb.and(preds);
  });
}

export async function countLedgers(db: Db, f: LedgerFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageLedgers(
  db: Db,
  f: LedgerFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
) {
  return filtered(db, f)
    .select(COLUMNS)
    .orderBy(sortFor('ledger', sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findLedgerById(db: Db, id: string) {
  return db.selectFrom('ledger').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findLedgerByCode(db: Db, code: string, exceptId?: string) {
  let q = db.selectFrom('ledger').select('id').where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/** The organisation row, locked for the transaction (PostgreSQL; SQLite's single writer already serialises). */
export async function lockOrg(trx: Db, orgId: string) {
  let q = trx.selectFrom('settlementOrg').select(['id', 'name']).where('id', '=', orgId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The ledgers of an organisation, by code. */
export function ledgersOfOrg(db: Db, orgId: string) {
  return db
    .selectFrom('ledger')
    .select(['id', 'code', 'name', 'status', 'isMain'])
    .where('settlementOrgId', '=', orgId)
    .orderBy('code')
    .execute();
}

export async function insertLedger(db: Db, row: Insertable<LedgerTable>): Promise<void> {
  await db.insertInto('ledger').values(row).execute();
}

export async function updateLedger(
  db: Db,
  id: string,
  version: number | undefined,
  changes: Updateable<LedgerTable>,
): Promise<number> {
  let q = db
    .updateTable('ledger')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Makes `mainId` the organisation's only main ledger (null: none). */
export async function setMain(trx: Db, orgId: string, mainId: string | null): Promise<void> {
  await trx
    .updateTable('ledger')
    .set({ isMain: '0' })
    .where('settlementOrgId', '=', orgId)
    .where('isMain', '=', '1')
    .$if(mainId !== null, (q) => q.where('id', '!=', mainId!))
    .execute();
  if (mainId !== null) await trx.updateTable('ledger').set({ isMain: '1' }).where('id', '=', mainId).execute();
}

/** Whether documents, vouchers or balances use the ledger. */
export async function ledgerUse(db: Db, id: string): Promise<{ bills: boolean; vouchers: boolean; balances: boolean }> {
  const [bill, voucher, balance] = await Promise.all([
    db.selectFrom('accBill').select('id').where('ledgerId', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('accVoucher').select('id').where('ledgerId', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('accLedgerBalance').select('id').where('ledgerId', '=', id).limit(1).executeTakeFirst(),
  ]);
  return { bills: bill !== undefined, vouchers: voucher !== undefined, balances: balance !== undefined };
}

/** Deletes the ledger and its (empty) accounting periods. */
/**
 * Deletes a ledger's (empty) period rows first: on PostgreSQL this waits for a generate or sync holding them, so the
 * use check that follows sees what it wrote (posting.service re-reads its ledgers under those locks).
 */
export async function deleteLedgerPeriods(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('accPeriod').where('ledgerId', '=', id).execute();
}

export async function deleteLedger(trx: Db, id: string): Promise<number> {
  const r = await trx.deleteFrom('ledger').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}
