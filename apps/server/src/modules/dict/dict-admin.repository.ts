/** SQL of the dictionary administration (sys_dict, sys_dict_item): bound values, sorts through the registry only. */
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

export const DICT_ENTITY = 'sys_dict';

const DICT_COLUMNS = [
  'id',
  'dictName',
  'dictCode',
  'description',
  'delFlag',
  'type',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

const ITEM_COLUMNS = [
  'id',
  'dictId',
  'itemText',
  'itemValue',
  'itemColor',
  'description',
  'sortOrder',
  'status',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

export interface DictFilter {
  dictName?: string | undefined;
  dictCode?: string | undefined;
  /** 0 live dictionaries, 1 the recycle bin. */
  delFlag: 0 | 1;
}

function filteredDicts(db: Db, f: DictFilter) {
  return db.selectFrom('sysDict').where((eb) => {
    const preds: Expression<SqlBool>[] = [eb('delFlag', '=', f.delFlag)];
    if (f.dictName !== undefined) preds.push(like(eb.ref('dictName'), f.dictName));
    if (f.dictCode !== undefined) preds.push(like(eb.ref('dictCode'), f.dictCode));
    return eb.and(preds);
  });
}

export async function countDicts(db: Db, f: DictFilter): Promise<number> {
  const row = await filteredDicts(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageDicts(
  db: Db,
  f: DictFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
) {
  return filteredDicts(db, f)
    .select(DICT_COLUMNS)
    .orderBy(sortFor(DICT_ENTITY, sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Every dictionary of the filter (treeList, deleteList), by code; bounded by `limit`. */
export function allDicts(db: Db, f: DictFilter, limit: number) {
  return filteredDicts(db, f).select(DICT_COLUMNS).orderBy('dictCode').orderBy('id').limit(limit).execute();
}

export function findDictById(db: Db, id: string) {
  return db.selectFrom('sysDict').select(DICT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findDictsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDict')
    .select(['id', 'dictCode', 'delFlag'])
    .where('id', 'in', [...ids])
    .execute();
}

/** The dictionary (live or deleted) holding this code, other than `exceptId`. */
export function findDictByCode(db: Db, dictCode: string, exceptId?: string) {
  let q = db.selectFrom('sysDict').select(['id', 'delFlag']).where('dictCode', '=', dictCode);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export interface DictValues {
  dictName: string;
  dictCode: string;
  description: string | null;
  type: number;
}

export async function insertDict(
  db: Db,
  row: DictValues & { id: string; createBy: string; createTime: string },
): Promise<void> {
  await db
    .insertInto('sysDict')
    .values({ ...row, updateBy: null, updateTime: null })
    .execute();
}

/** Updates a live dictionary (at `version` when given), bumping the version; the number of rows changed. */
export async function updateDict(
  db: Db,
  id: string,
  version: number | undefined,
  values: DictValues & { updateBy: string; updateTime: string },
): Promise<number> {
  let q = db
    .updateTable('sysDict')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('delFlag', '=', 0);
  if (version !== undefined) q = q.where('version', '=', version);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** Sets del_flag of dictionaries (logical delete, restore); the number of rows changed. */
export async function setDictDelFlag(
  db: Db,
  ids: readonly string[],
  delFlag: 0 | 1,
  by: { updateBy: string; updateTime: string },
): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db
    .updateTable('sysDict')
    .set((eb) => ({ delFlag, ...by, version: eb('version', '+', 1) }))
    .where('id', 'in', [...ids])
    .where('delFlag', '=', delFlag === 1 ? 0 : 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Removes a dictionary and its items for good. */
export async function deleteDictPhysically(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sysDictItem').where('dictId', '=', id).execute();
  await db.deleteFrom('sysDict').where('id', '=', id).execute();
}

// ---- Items ---------------------------------------------------------------------------------------------------------

export interface ItemFilter {
  dictId: string;
  itemText?: string | undefined;
  status?: number | undefined;
}

function filteredItems(db: Db, f: ItemFilter) {
  return db.selectFrom('sysDictItem').where((eb) => {
    const preds: Expression<SqlBool>[] = [eb('dictId', '=', f.dictId)];
    if (f.itemText !== undefined) preds.push(like(eb.ref('itemText'), f.itemText));
    if (f.status !== undefined) preds.push(eb('status', '=', f.status));
    return eb.and(preds);
  });
}

export async function countItems(db: Db, f: ItemFilter): Promise<number> {
  const row = await filteredItems(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of items in display order (sort_order, then value). */
export function pageItems(db: Db, f: ItemFilter, offset: number, limit: number) {
  return filteredItems(db, f)
    .select(ITEM_COLUMNS)
    .orderBy('sortOrder')
    .orderBy('itemValue')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findItemById(db: Db, id: string) {
  return db.selectFrom('sysDictItem').select(ITEM_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findItemsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDictItem')
    .select(['id', 'dictId'])
    .where('id', 'in', [...ids])
    .execute();
}

/** The item of the dictionary holding this value, other than `exceptId`. */
export function findItemByValue(db: Db, dictId: string, itemValue: string, exceptId?: string) {
  let q = db.selectFrom('sysDictItem').select('id').where('dictId', '=', dictId).where('itemValue', '=', itemValue);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

/** Values of the dictionary's items (the numeric check of a type change). */
export async function itemValuesOf(db: Db, dictId: string): Promise<string[]> {
  const rows = await db.selectFrom('sysDictItem').select('itemValue').where('dictId', '=', dictId).execute();
  return rows.map((r) => r.itemValue);
}

export interface ItemValues {
  itemText: string;
  itemValue: string;
  itemColor: string | null;
  description: string | null;
  sortOrder: number;
  status: number;
}

export async function insertItem(
  db: Db,
  row: ItemValues & { id: string; dictId: string; createBy: string; createTime: string },
): Promise<void> {
  await db
    .insertInto('sysDictItem')
    .values({ ...row, updateBy: null, updateTime: null })
    .execute();
}

export async function updateItem(
  db: Db,
  id: string,
  version: number | undefined,
  values: ItemValues & { updateBy: string; updateTime: string },
): Promise<number> {
  let q = db
    .updateTable('sysDictItem')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

export async function deleteItems(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db
    .deleteFrom('sysDictItem')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
