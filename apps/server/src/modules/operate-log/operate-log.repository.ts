import type { Insertable, RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { OperateLogTable } from '../../db/schema.ts';
import { keysetPage } from '../../lib/deep-page.ts';
import { like } from '../../lib/like.ts';
import { listTotal, type ListTotal } from '../../lib/list-total.ts';
import { keysetFor, sortFor } from '../../registry/index.ts';

export function insertOperateLog(db: Db, row: Insertable<OperateLogTable>) {
  return db.insertInto('operateLog').values(row).execute();
}

export interface OperateLogFilter {
  /** Only the operations of this user (callers who may not see everyone's). */
  ownerId?: string | undefined;
  relateId?: string | undefined;
  user?: string | undefined;
  content?: string | undefined;
  /** The advanced query, built by the field registry. */
  where?: RawBuilder<SqlBool> | null | undefined;
  /** Rows after a position of the list (keyset paging, lib/deep-page.ts). */
  after?: RawBuilder<SqlBool> | undefined;
}

function filtered(db: Db, f: OperateLogFilter) {
  let q = db.selectFrom('operateLog');
  if (f.ownerId) q = q.where('userId', '=', f.ownerId);
  if (f.relateId) q = q.where('relateId', '=', f.relateId);
  const user = f.user;
  if (user) q = q.where((eb) => eb.or([like(eb.ref('username'), user), like(eb.ref('realname'), user)]));
  const content = f.content;
  if (content) q = q.where((eb) => like(eb.ref('content'), content));
  if (f.where) q = q.where(f.where);
  if (f.after) q = q.where(f.after);
  return q;
}

/** The list's total: exact up to a bound, else a remembered count (lib/list-total.ts). */
export function operateLogListTotal(db: Db, f: OperateLogFilter): Promise<ListTotal> {
  return listTotal(db, filtered(db, f));
}

export interface OperateLogSort {
  /** API column names (contract §1.5), resolved through the registry; unknown ones are refused. */
  column: string | undefined;
  order: string | undefined;
}

/** The query of a page of the operate log list (tests compare deep pages with it). */
export function operateLogPageQuery(db: Db, f: OperateLogFilter, sort: OperateLogSort, offset: number, limit: number) {
  return (
    filtered(db, f)
      .selectAll()
      .orderBy(sortFor('operate_log', sort.column, sort.order))
      // A stable order across pages when times are equal, in the sort's direction: one index (column, id) gives
      // the page (migration 0022).
      .orderBy('id', sort.order?.toLowerCase() === 'desc' ? 'desc' : 'asc')
      .offset(offset)
      .limit(limit)
  );
}

/** A list page; deep pages are read after a remembered position (lib/deep-page.ts), with the same rows as OFFSET. */
export function pageOperateLogs(db: Db, f: OperateLogFilter, sort: OperateLogSort, offset: number, limit: number) {
  return keysetPage(db, keysetFor('operate_log', sort.column, sort.order, 'id'), offset, limit, {
    page: (from, n, after) => operateLogPageQuery(db, after ? { ...f, after } : f, sort, from, n),
    position: (row, select) => operateLogPageQuery(db, f, sort, row, 1).clearSelect().select(select),
  });
}

/** Filters of the administration list (GET /sys/log/list?logType=2); all bound parameters. */
export interface OperateLogAdminFilter {
  keyWord?: string | undefined;
  username?: string | undefined;
  operateType?: string | undefined;
  fromIso?: string | undefined;
  toIso?: string | undefined;
  /** Rows after a position of the list (keyset paging, lib/deep-page.ts). */
  after?: RawBuilder<SqlBool> | undefined;
}

/** The sortable columns of the administration list (the route has already allow-listed the API names). */
export type OperateLogAdminSort = 'operateTime' | 'username' | 'ip' | 'operateType' | 'costTime';

function adminFiltered(db: Db, f: OperateLogAdminFilter) {
  let q = db.selectFrom('operateLog');
  const keyWord = f.keyWord;
  if (keyWord) q = q.where((eb) => like(eb.ref('content'), keyWord));
  const username = f.username;
  if (username) q = q.where((eb) => eb.or([like(eb.ref('username'), username), like(eb.ref('realname'), username)]));
  if (f.operateType) q = q.where('operateType', '=', f.operateType);
  if (f.fromIso) q = q.where('operateTime', '>=', f.fromIso);
  if (f.toIso) q = q.where('operateTime', '<', f.toIso);
  if (f.after) q = q.where(f.after);
  return q;
}

export function operateLogAdminTotal(db: Db, f: OperateLogAdminFilter): Promise<ListTotal> {
  return listTotal(db, adminFiltered(db, f));
}

/** Registry names of the administration list's sort columns (those it knows; the others are paged by OFFSET). */
const ADMIN_SORT_FIELDS: Partial<Record<OperateLogAdminSort, string>> = {
  operateTime: 'operate_time',
  username: 'username',
  operateType: 'operate_type',
};

/** A page of the administration list; deep pages as pageOperateLogs reads them. */
export function pageOperateLogsAdmin(
  db: Db,
  f: OperateLogAdminFilter,
  sort: { column: OperateLogAdminSort; order: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  const field = ADMIN_SORT_FIELDS[sort.column];
  return keysetPage(db, field ? keysetFor('operate_log', field, sort.order, 'id') : null, offset, limit, {
    page: (from, n, after) => operateLogAdminPageQuery(db, after ? { ...f, after } : f, sort, from, n),
    position: (row, select) => operateLogAdminPageQuery(db, f, sort, row, 1).clearSelect().select(select),
  });
}

/** The query of an administration list page (tests read its plan). */
export function operateLogAdminPageQuery(
  db: Db,
  f: OperateLogAdminFilter,
  sort: { column: OperateLogAdminSort; order: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  return adminFiltered(db, f)
    .selectAll()
    .orderBy(sort.column, sort.order)
    .orderBy('id', sort.order)
    .offset(offset)
    .limit(limit);
}
