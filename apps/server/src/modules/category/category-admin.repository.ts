/** SQL of the category administration over sys_category (tree by pid, root pid '0'). Bound values only. */
import { sql, type Expression, type Insertable, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysCategoryTable } from '../../db/schema.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

export const CATEGORY_ENTITY = 'sys_category';

const FULL_COLUMNS = [
  'id',
  'pid',
  'name',
  'code',
  'sysOrgCode',
  'hasChild',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

export interface CategoryRow {
  id: string;
  pid: string;
  name: string;
  code: string | null;
  sysOrgCode: string | null;
  hasChild: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}

export interface ListFilter {
  /** Children of this pid; ignored when a search word is given. */
  pid: string;
  name?: string | undefined;
  code?: string | undefined;
}

function filtered(db: Db, f: ListFilter) {
  return db.selectFrom('sysCategory').where((eb) => {
    const preds: Expression<SqlBool>[] = [];
    if (f.name !== undefined) preds.push(like(eb.ref('name'), f.name, 'contains'));
    if (f.code !== undefined) preds.push(like(eb.ref('code'), f.code, 'contains'));
    if (preds.length === 0) preds.push(eb('pid', '=', f.pid));
    return eb.and(preds);
  });
}

export async function countPage(db: Db, f: ListFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function page(
  db: Db,
  f: ListFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
): Promise<CategoryRow[]> {
  return filtered(db, f)
    .select(FULL_COLUMNS)
    .orderBy(sortFor(CATEGORY_ENTITY, sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('sysCategory').select(FULL_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findCategories(db: Db, ids: readonly string[]): Promise<CategoryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sysCategory').select(FULL_COLUMNS).where('id', 'in', ids).execute();
}

/** The children of some categories, in code order; `limit` bounds the answer. */
export function findChildren(db: Db, pids: readonly string[], limit: number): Promise<CategoryRow[]> {
  if (pids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysCategory')
    .select(FULL_COLUMNS)
    .where('pid', 'in', pids)
    .orderBy('code')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Id and code of the children of some categories (the subtree walk of a move). */
export function findChildCodes(db: Db, pids: readonly string[]) {
  if (pids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sysCategory').select(['id', 'code']).where('pid', 'in', pids).execute();
}

/** Children of `pid` other than `except`. */
export async function countChildren(db: Db, pid: string, except: readonly string[] = []): Promise<number> {
  let q = db.selectFrom('sysCategory').where('pid', '=', pid);
  if (except.length > 0) q = q.where('id', 'not in', except);
  const row = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The codes of the children of `pid` (the code generator's input). */
export async function siblingCodes(db: Db, pid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysCategory')
    .select('code')
    .where('pid', '=', pid)
    .where('code', 'is not', null)
    .execute();
  return rows.map((r) => r.code).filter((c): c is string => c !== null);
}

/** Whether some category (other than `exceptId`) has a code starting with `prefix`. */
export async function codePrefixUsed(db: Db, prefix: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('sysCategory')
    .select('id')
    .where((eb) => like(eb.ref('code'), prefix, 'prefix'));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Whether some category other than `exceptId` has exactly this code. */
export async function codeTaken(db: Db, code: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sysCategory').select('id').where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertCategory(db: Db, row: Insertable<SysCategoryTable>): Promise<void> {
  await db.insertInto('sysCategory').values(row).execute();
}

/** Writes the fields; with `version` only when the row still has it. True when a row was written. */
export async function updateCategory(
  db: Db,
  id: string,
  values: { pid: string; name: string; code: string | null; updateBy: string; updateTime: string },
  version: number | undefined,
): Promise<boolean> {
  let q = db
    .updateTable('sysCategory')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function setCode(db: Db, id: string, code: string): Promise<void> {
  await db.updateTable('sysCategory').set({ code }).where('id', '=', id).execute();
}

export async function setHasChild(db: Db, id: string, hasChild: '0' | '1'): Promise<void> {
  await db
    .updateTable('sysCategory')
    .set({ hasChild })
    .where('id', '=', id)
    .where('hasChild', '!=', hasChild)
    .execute();
}

export async function deleteCategories(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('sysCategory').where('id', 'in', ids).execute();
}
