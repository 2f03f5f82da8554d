/**
 * SQL of the position administration (sys_position): the screen's list, one position by id or code, the writes,
 * and a read of which live users hold a position code (sys_user.post, a comma list of codes — a read of the user
 * table, decisions.md "Walls").
 */
import type { Expression, SqlBool, RawBuilder, Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysPositionTable } from '../../db/schema.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

export interface PositionAdminFilter {
  where?: RawBuilder<SqlBool> | null;
  name?: string | undefined;
  code?: string | undefined;
  postRank?: string | undefined;
}

const COLUMNS = [
  'id',
  'code',
  'name',
  'postRank',
  'companyId',
  'sysOrgCode',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

function filtered(db: Db, f: PositionAdminFilter) {
  return db.selectFrom('sysPosition').where((eb) => {
    const preds: Expression<SqlBool>[] = [];
    if (f.name !== undefined) preds.push(like(eb.ref('name'), f.name));
    if (f.code !== undefined) preds.push(like(eb.ref('code'), f.code));
    if (f.postRank !== undefined) preds.push(eb('postRank', '=', f.postRank));
    if (f.where) preds.push(f.where);
    return eb.and(preds);
  });
}

export async function countPositions(db: Db, f: PositionAdminFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pagePositions(
  db: Db,
  f: PositionAdminFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
) {
  return filtered(db, f)
    .select(COLUMNS)
    .orderBy(sortFor('sys_position', sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findPositionById(db: Db, id: string) {
  return db.selectFrom('sysPosition').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findPositionsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysPosition')
    .select(COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
}

/** The position with this code (exact), other than `exceptId`. */
export function findPositionByCode(db: Db, code: string, exceptId?: string) {
  let q = db.selectFrom('sysPosition').select(COLUMNS).where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertPosition(db: Db, row: Insertable<SysPositionTable>): Promise<void> {
  await db.insertInto('sysPosition').values(row).execute();
}

/** Updates the position (at `version` when given) and bumps the version; the number of rows changed. */
export async function updatePosition(
  db: Db,
  id: string,
  version: number | undefined,
  changes: Updateable<SysPositionTable>,
): Promise<number> {
  let q = db
    .updateTable('sysPosition')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deletePositions(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db
    .deleteFrom('sysPosition')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Live users holding each of the codes in their post list, and how many distinct users hold any of them. */
export interface CodeHolders {
  perCode: Map<string, number>;
  users: number;
}

/**
 * Who holds the codes: candidates are found with a bound, escaped LIKE per code and confirmed by splitting the
 * list (a code that is a substring of another does not count).
 */
export async function usersHoldingCodes(db: Db, codes: readonly string[]): Promise<CodeHolders> {
  const perCode = new Map<string, number>();
  if (codes.length === 0) return { perCode, users: 0 };
  const rows = await db
    .selectFrom('sysUser')
    .select('post')
    .where('delFlag', '=', 0)
    .where((eb) => eb.or(codes.map((c) => like(eb.ref('post'), c))))
    .execute();
  const wanted = new Set(codes);
  let users = 0;
  for (const r of rows) {
    const held = [...new Set((r.post ?? '').split(',').map((p) => p.trim()))].filter((c) => wanted.has(c));
    if (held.length > 0) users += 1;
    for (const c of held) perCode.set(c, (perCode.get(c) ?? 0) + 1);
  }
  return { perCode, users };
}
