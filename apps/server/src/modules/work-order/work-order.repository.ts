/** SQL of work orders and their history; values are always bound, sort names come from the field registry. */
import {
  sql,
  type CompiledQuery,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { rawReaderOf, type Db } from '../../db/connection.ts';
import type { BiWorkOrderLogTable, BiWorkOrderTable } from '../../db/schema.ts';
import { keysetPage } from '../../lib/deep-page.ts';
import { like } from '../../lib/like.ts';
import { listTotal, type ListTotal } from '../../lib/list-total.ts';
import { keysetFor, sortFor } from '../../registry/index.ts';

export function insertWorkOrder(db: Db, row: Insertable<BiWorkOrderTable>) {
  return db.insertInto('biWorkOrder').values(row).execute();
}

export function insertWorkOrderLog(db: Db, row: Insertable<BiWorkOrderLogTable>) {
  return db.insertInto('biWorkOrderLog').values(row).execute();
}

/** Rows per multi-row INSERT: 500 × ~17 columns stays far below SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

/** Many orders, a few multi-row statements (an import's batch). */
export async function insertWorkOrders(db: Db, rows: readonly Insertable<BiWorkOrderTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('biWorkOrder')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

export async function insertWorkOrderLogs(db: Db, rows: readonly Insertable<BiWorkOrderLogTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('biWorkOrderLog')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/**
 * The next number under a day's prefix: one upsert that increments and returns it. Concurrent creations queue on
 * the row (its lock is held until their transaction ends), so no two get the same number. With `count` > 1 the
 * counter moves up by `count` at once and the answer is the last of the `count` numbers taken (an import's batch
 * numbers its rows `answer - count + 1` … `answer`).
 */
export async function takeOrderNumber(db: Db, prefix: string, count = 1): Promise<number> {
  const row = await db
    .insertInto('biWorkOrderSeq')
    .values({ prefix, lastNo: count })
    .onConflict((oc) => oc.column('prefix').doUpdateSet((eb) => ({ lastNo: eb('biWorkOrderSeq.lastNo', '+', count) })))
    .returning('lastNo')
    .executeTakeFirstOrThrow();
  return Number(row.lastNo);
}

/** The highest number already used under a prefix (orders written before numbering was kept), or 0. */
export async function highestOrderNumber(db: Db, prefix: string): Promise<number> {
  const rows = await db
    .selectFrom('biWorkOrder')
    .select('orderNo')
    .where((eb) => like(eb.ref('orderNo'), prefix, 'prefix'))
    .execute();
  return rows.reduce((max, r) => Math.max(max, Number(r.orderNo.slice(prefix.length)) || 0), 0);
}

/** Moves a prefix's counter up to at least `lastNo`. */
export async function raiseOrderNumber(db: Db, prefix: string, lastNo: number): Promise<void> {
  await db
    .insertInto('biWorkOrderSeq')
    .values({ prefix, lastNo })
    .onConflict((oc) => oc.column('prefix').doUpdateSet({ lastNo }).where('biWorkOrderSeq.lastNo', '<', lastNo))
    .execute();
}

/** Which of these order numbers exist (any status, anyone's). */
export async function findExistingOrderNumbers(db: Db, numbers: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('biWorkOrder').select('orderNo').where('orderNo', 'in', numbers).execute();
  return new Set(rows.map((r) => r.orderNo));
}

export function findWorkOrder(db: Db, id: string) {
  return db.selectFrom('biWorkOrder').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

export interface WorkOrderFilter {
  /** Predicates the field registry built from request text (the title box's operators, the advanced query). */
  where?: readonly RawBuilder<SqlBool>[] | undefined;
  status?: string | undefined;
  priority?: string | undefined;
  reporterId?: string | undefined;
  assigneeId?: string | undefined;
  /** Only orders this user reported or handles (callers who do not see every order). */
  involvedUserId?: string | undefined;
  /** Only these orders (an export of the rows selected on the list). */
  ids?: readonly string[] | undefined;
  /** Created at or after this instant (ISO). */
  createdFrom?: string | undefined;
  /** Created before this instant (ISO). */
  createdBefore?: string | undefined;
}

function filtered(db: Db, f: WorkOrderFilter) {
  // A literal, not a bound value: the list's indexes hold live rows only (migration 0021), and a planner uses such
  // a partial index only when the query states its predicate.
  let q = db.selectFrom('biWorkOrder').where(sql<SqlBool>`del_flag = 0`);
  for (const w of f.where ?? []) q = q.where(w);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.priority) q = q.where('priority', '=', f.priority);
  if (f.reporterId) q = q.where('reporterId', '=', f.reporterId);
  if (f.assigneeId) q = q.where('assigneeId', '=', f.assigneeId);
  const involved = f.involvedUserId;
  if (involved) q = q.where((eb) => eb.or([eb('reporterId', '=', involved), eb('assigneeId', '=', involved)]));
  if (f.createdFrom) q = q.where('createTime', '>=', f.createdFrom);
  if (f.createdBefore) q = q.where('createTime', '<', f.createdBefore);
  if (f.ids) q = f.ids.length ? q.where('id', 'in', [...f.ids]) : q.where(sql<boolean>`1 = 0`);
  return q;
}

export async function countWorkOrders(db: Db, f: WorkOrderFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The list's total: exact up to a bound, else a remembered count (lib/list-total.ts). */
export function workOrderListTotal(db: Db, f: WorkOrderFilter): Promise<ListTotal> {
  return listTotal(db, filtered(db, f));
}

export interface WorkOrderSort {
  /** API column names (contract §1.5), resolved through the registry; unknown ones are refused. */
  column: string | undefined;
  order: string | undefined;
}

/** A list page; deep pages are read after a remembered position (lib/deep-page.ts), with the same rows as OFFSET. */
export function pageWorkOrders(db: Db, f: WorkOrderFilter, sort: WorkOrderSort, offset: number, limit: number) {
  const unique = sort.column !== undefined && UNIQUE_SORTS.has(sort.column);
  const keyset = keysetFor('bi_work_order', sort.column, sort.order, unique ? (sort.column ?? '') : 'order_no');
  return keysetPage(db, keyset, offset, limit, {
    page: (from, n, after) =>
      workOrderPageQuery(db, after ? { ...f, where: [...(f.where ?? []), after] } : f, sort, from, n),
    position: (row, select) => workOrderPageQuery(db, f, sort, row, 1).clearSelect().select(select),
  });
}

/** Sort columns (API or column names) whose values are unique among work orders. */
const UNIQUE_SORTS = new Set(['id', 'orderNo', 'order_no']);

/** The query of a list page (tests read its plan). */
export function workOrderPageQuery(db: Db, f: WorkOrderFilter, sort: WorkOrderSort, offset: number, limit: number) {
  // A stable order across pages when the sort values are equal (an import's batch shares one create time): the
  // unique number, in the sort's direction, so that one index (column, order_no) gives the page (migration 0021).
  // Sorted by a unique key already, it needs none.
  const tieBreak = sort.order?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const unique = sort.column !== undefined && UNIQUE_SORTS.has(sort.column);
  return filtered(db, f)
    .selectAll()
    .orderBy(sortFor('bi_work_order', sort.column, sort.order))
    .$if(!unique, (q) => q.orderBy('orderNo', tieBreak))
    .offset(offset)
    .limit(limit);
}

/** A keyset position in the export's order: the last row of the previous page. */
export interface WorkOrderTimedKey {
  createTime: string;
  orderNo: string;
}

/** The columns an export reads (not the whole row: reading fewer columns is most of a page's cost on SQLite). */
const EXPORT_COLUMNS = [
  'id',
  'orderNo',
  'title',
  'content',
  'priority',
  'status',
  'reporterId',
  'assigneeId',
  'closedBy',
  'closedTime',
  'createTime',
] as const;

export type WorkOrderExportRow = Pick<Selectable<BiWorkOrderTable>, (typeof EXPORT_COLUMNS)[number]>;

/** A row of EXPORT_COLUMNS's values, in that order. */
function exportRowOf(v: unknown[]): WorkOrderExportRow {
  return {
    id: v[0] as string,
    orderNo: v[1] as string,
    title: v[2] as string,
    content: v[3] as string | null,
    priority: v[4] as string,
    status: v[5] as string,
    reporterId: v[6] as string,
    assigneeId: v[7] as string | null,
    closedBy: v[8] as string | null,
    closedTime: v[9] as string | null,
    createTime: v[10] as string | null,
  };
}

/** Runs an export page: on SQLite (outside a transaction) as arrays of values, else through Kysely. */
function exportRows(
  db: Db,
  q: { compile(): CompiledQuery<WorkOrderExportRow>; execute(): Promise<WorkOrderExportRow[]> },
): Promise<WorkOrderExportRow[]> {
  const compiled = q.compile();
  const values = rawReaderOf(db)?.values(compiled.sql, compiled.parameters);
  return values ? Promise.resolve(values.map(exportRowOf)) : q.execute();
}

/**
 * One page of the export, in the list's default order (create_time desc, order_no desc), after `after` (keyset paging:
 * each page starts where the previous one ended, an index range on create_time instead of an OFFSET that reads
 * and sorts every row before it again). Only rows with a create time; those without follow (pageUntimedWorkOrders).
 */
export function pageTimedWorkOrders(db: Db, f: WorkOrderFilter, after: WorkOrderTimedKey | null, limit: number) {
  let q = filtered(db, f).where('createTime', 'is not', null);
  if (after) {
    // (create_time, order_no) < (t, n), written so that both databases use the create_time index for `<= t`.
    const { createTime, orderNo } = after;
    q = q.where((eb) =>
      eb.and([
        eb('createTime', '<=', createTime),
        eb.or([eb('createTime', '<', createTime), eb('orderNo', '<', orderNo)]),
      ]),
    );
  }
  return exportRows(db, q.select(EXPORT_COLUMNS).orderBy('createTime', 'desc').orderBy('orderNo', 'desc').limit(limit));
}

/** The export's rows without a create time (none are written so; rows entered by hand may be), by number desc. */
export function pageUntimedWorkOrders(db: Db, f: WorkOrderFilter, afterNo: string | null, limit: number) {
  let q = filtered(db, f).where('createTime', 'is', null);
  if (afterNo !== null) q = q.where('orderNo', '<', afterNo);
  return exportRows(db, q.select(EXPORT_COLUMNS).orderBy('orderNo', 'desc').limit(limit));
}

/**
 * Changes a work order only if nobody changed it since it was read (same version): answers the number of rows
 * changed (0 = changed meanwhile). The version goes up by one.
 */
export async function updateWorkOrder(
  db: Db,
  id: string,
  readVersion: number,
  changes: Omit<Updateable<BiWorkOrderTable>, 'id' | 'version'>,
): Promise<number> {
  const res = await db
    .updateTable('biWorkOrder')
    .set({ ...changes, version: readVersion + 1 })
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .where('version', '=', readVersion)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function findWorkOrderLogs(db: Db, orderId: string) {
  return db
    .selectFrom('biWorkOrderLog')
    .selectAll()
    .where('orderId', '=', orderId)
    .orderBy('createTime', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
