/**
 * The dictionary administration (issue 14 item 5, contract §2.4 "Admin"). Dictionaries are deleted logically
 * (sys_dict.del_flag = 1, their items kept) and can be restored (back) or removed with their items for good
 * (deletePhysic). A deleted dictionary keeps its code (the column is unique over all rows, as /sys/duplicate/check
 * sees it) and disappears from every dictionary answer at once. There is no server cache of dictionaries: every
 * answer (queryAllDictItems, getDictItems, loadDict…, the login result) reads the database, so a write is seen by
 * every instance on its next call (decisions-dict.md).
 */
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  DICT_ITEM_STATUS_TEXT,
  DICT_TEXT,
  type DictAddBody,
  type DictEditBody,
  type DictItemAddBody,
  type DictItemCheckQuery,
  type DictItemEditBody,
  type DictItemListQuery,
  type DictItemRecord,
  type DictListQuery,
  type DictRecord,
  type DictTreeNode,
} from '@houtai/shared/contract/dict-admin';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import * as repo from './dict-admin.repository.ts';
import { dictItemsByCode } from './dict.service.ts';

export interface DictActor {
  userId: string;
  username: string;
}

/** treeList / deleteList answer at most this many dictionaries. */
export const DICT_LIST_ALL_MAX = 5000;

/** A value of a numeric dictionary (type 1). */
const NUMERIC = /^-?\d+(\.\d+)?$/;

type DictRow = NonNullable<Awaited<ReturnType<typeof repo.findDictById>>>;
type ItemRow = NonNullable<Awaited<ReturnType<typeof repo.findItemById>>>;

function presentDict(r: DictRow): DictRecord {
  return { ...r, createTime: toWireTime(r.createTime), updateTime: toWireTime(r.updateTime) };
}

function presentItem(r: ItemRow, statusText: ReadonlyMap<string, string>): DictItemRecord {
  const status = String(r.status);
  return {
    ...r,
    status_dictText: statusText.get(status) ?? DICT_ITEM_STATUS_TEXT[status] ?? status,
    createTime: toWireTime(r.createTime),
    updateTime: toWireTime(r.updateTime),
  };
}

/** The labels of dict_item_status (the installation's dictionary when it has one, else 启用/不启用). */
async function statusLabels(db: Db): Promise<Map<string, string>> {
  return new Map((await dictItemsByCode(db, 'dict_item_status')).map((m) => [m.value, m.text]));
}

async function requireLiveDict(db: Db, id: string): Promise<DictRow> {
  const dict = await repo.findDictById(db, id);
  if (!dict || dict.delFlag !== 0) throw AppError.business(ADMIN_TEXT.notFound);
  return dict;
}

async function assertCodeFree(db: Db, dictCode: string, exceptId?: string): Promise<void> {
  const holder = await repo.findDictByCode(db, dictCode, exceptId);
  if (holder) throw AppError.business(holder.delFlag === 0 ? DICT_TEXT.dictCodeTaken : DICT_TEXT.dictCodeTakenDeleted);
}

/** A unique-index refusal (a race between the check and the write) as the duplicate message. */
async function unique<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.business(message);
    throw err;
  }
}

// ---- Dictionaries ------------------------------------------------------------------------------------------------

export async function listDicts(db: Db, q: DictListQuery): Promise<PageOf<DictRecord>> {
  const filter = { dictName: q.dictName, dictCode: q.dictCode, delFlag: 0 as const };
  const [total, rows] = await Promise.all([
    repo.countDicts(db, filter),
    repo.pageDicts(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
  ]);
  return pageOf(rows.map(presentDict), total, q);
}

/** treeList: every live dictionary (name filter) as tree nodes without children. */
export async function dictTree(db: Db, dictName: string | undefined): Promise<DictTreeNode[]> {
  const rows = await repo.allDicts(db, { dictName, delFlag: 0 }, DICT_LIST_ALL_MAX);
  return rows.map((r) => ({ ...presentDict(r), key: r.id, title: r.dictName }));
}

/** deleteList: the recycle bin. */
export async function deletedDicts(db: Db): Promise<DictRecord[]> {
  return (await repo.allDicts(db, { delFlag: 1 }, DICT_LIST_ALL_MAX)).map(presentDict);
}

export async function addDict(db: Db, actor: DictActor, body: DictAddBody): Promise<DictRecord> {
  await assertCodeFree(db, body.dictCode);
  const id = newId();
  await unique(DICT_TEXT.dictCodeTaken, () =>
    repo.insertDict(db, {
      id,
      dictName: body.dictName,
      dictCode: body.dictCode,
      description: body.description ?? null,
      type: body.type ?? 0,
      createBy: actor.username,
      createTime: nowIso(),
    }),
  );
  return presentDict(await requireLiveDict(db, id));
}

export async function editDict(db: Db, actor: DictActor, body: DictEditBody): Promise<DictRecord> {
  const dict = await requireLiveDict(db, body.id);
  if (body.dictCode !== dict.dictCode) await assertCodeFree(db, body.dictCode, dict.id);
  const type = body.type ?? dict.type;
  if (type === 1 && dict.type !== 1 && (await repo.itemValuesOf(db, dict.id)).some((v) => !NUMERIC.test(v))) {
    throw AppError.business(DICT_TEXT.itemValueNumeric);
  }
  const changed = await unique(DICT_TEXT.dictCodeTaken, () =>
    repo.updateDict(db, dict.id, body.version, {
      dictName: body.dictName,
      dictCode: body.dictCode,
      description: body.description === undefined ? dict.description : body.description,
      type,
      updateBy: actor.username,
      updateTime: nowIso(),
    }),
  );
  if (changed === 0) throw AppError.business(body.version === undefined ? ADMIN_TEXT.notFound : ADMIN_TEXT.stale);
  return presentDict(await requireLiveDict(db, dict.id));
}

/** delete / deleteBatch: logical, all or nothing (an id that is unknown or already deleted refuses the call). */
export async function deleteDicts(db: Db, actor: DictActor, ids: readonly string[]): Promise<number> {
  const found = await repo.findDictsByIds(db, ids);
  if (found.length !== ids.length || found.some((d) => d.delFlag !== 0)) throw AppError.business(ADMIN_TEXT.notFound);
  return db.transaction().execute(async (trx) => {
    const n = await repo.setDictDelFlag(trx, ids, 1, { updateBy: actor.username, updateTime: nowIso() });
    if (n !== ids.length) throw AppError.business(ADMIN_TEXT.notFound);
    return n;
  });
}

/** back/{id}: restores a dictionary of the recycle bin. */
export async function restoreDict(db: Db, actor: DictActor, id: string): Promise<void> {
  const dict = await repo.findDictById(db, id);
  if (!dict) throw AppError.business(ADMIN_TEXT.notFound);
  if (dict.delFlag === 0) throw AppError.business(DICT_TEXT.notDeleted);
  await repo.setDictDelFlag(db, [id], 0, { updateBy: actor.username, updateTime: nowIso() });
}

/** deletePhysic/{id}: removes a dictionary of the recycle bin and its items for good. */
export async function purgeDict(db: Db, id: string): Promise<void> {
  const dict = await repo.findDictById(db, id);
  if (!dict) throw AppError.business(ADMIN_TEXT.notFound);
  if (dict.delFlag === 0) throw AppError.business(DICT_TEXT.notDeleted);
  await db.transaction().execute((trx) => repo.deleteDictPhysically(trx, id));
}

// ---- Items -------------------------------------------------------------------------------------------------------

export async function listItems(db: Db, q: DictItemListQuery): Promise<PageOf<DictItemRecord>> {
  await requireLiveDict(db, q.dictId);
  const filter = { dictId: q.dictId, itemText: q.itemText, status: q.status };
  const [total, rows, labels] = await Promise.all([
    repo.countItems(db, filter),
    repo.pageItems(db, filter, offsetOf(q), q.pageSize),
    statusLabels(db),
  ]);
  return pageOf(
    rows.map((r) => presentItem(r, labels)),
    total,
    q,
  );
}

async function assertValueFits(db: Db, dict: DictRow, itemValue: string, exceptId?: string): Promise<void> {
  if (dict.type === 1 && !NUMERIC.test(itemValue)) throw AppError.business(DICT_TEXT.itemValueNumeric);
  if (await repo.findItemByValue(db, dict.id, itemValue, exceptId)) throw AppError.business(DICT_TEXT.itemValueTaken);
}

async function presentItemById(db: Db, id: string): Promise<DictItemRecord> {
  const row = await repo.findItemById(db, id);
  if (!row) throw AppError.business(ADMIN_TEXT.notFound);
  return presentItem(row, await statusLabels(db));
}

export async function addItem(db: Db, actor: DictActor, body: DictItemAddBody): Promise<DictItemRecord> {
  const dict = await requireLiveDict(db, body.dictId);
  await assertValueFits(db, dict, body.itemValue);
  const id = newId();
  await unique(DICT_TEXT.itemValueTaken, () =>
    repo.insertItem(db, {
      id,
      dictId: dict.id,
      itemText: body.itemText,
      itemValue: body.itemValue,
      itemColor: body.itemColor ?? null,
      description: body.description ?? null,
      sortOrder: body.sortOrder ?? 1,
      status: body.status ?? 1,
      createBy: actor.username,
      createTime: nowIso(),
    }),
  );
  return presentItemById(db, id);
}

export async function editItem(db: Db, actor: DictActor, body: DictItemEditBody): Promise<DictItemRecord> {
  const item = await repo.findItemById(db, body.id);
  if (!item) throw AppError.business(ADMIN_TEXT.notFound);
  // An item never moves to another dictionary (JeecgBoot's clients always send its own dictId).
  if (body.dictId !== undefined && body.dictId !== item.dictId) throw AppError.business(ADMIN_TEXT.notFound);
  const dict = await requireLiveDict(db, item.dictId);
  if (body.itemValue !== item.itemValue) await assertValueFits(db, dict, body.itemValue, item.id);
  const changed = await unique(DICT_TEXT.itemValueTaken, () =>
    repo.updateItem(db, item.id, body.version, {
      itemText: body.itemText,
      itemValue: body.itemValue,
      itemColor: body.itemColor === undefined ? item.itemColor : body.itemColor,
      description: body.description === undefined ? item.description : body.description,
      sortOrder: body.sortOrder ?? item.sortOrder,
      status: body.status ?? item.status,
      updateBy: actor.username,
      updateTime: nowIso(),
    }),
  );
  if (changed === 0) throw AppError.business(body.version === undefined ? ADMIN_TEXT.notFound : ADMIN_TEXT.stale);
  return presentItemById(db, item.id);
}

/** delete / deleteBatch of items: physical (sys_dict_item has no del_flag), all or nothing. */
export async function deleteItems(db: Db, ids: readonly string[]): Promise<number> {
  const found = await repo.findItemsByIds(db, ids);
  if (found.length !== ids.length) throw AppError.business(ADMIN_TEXT.notFound);
  return db.transaction().execute(async (trx) => {
    const n = await repo.deleteItems(trx, ids);
    if (n !== ids.length) throw AppError.business(ADMIN_TEXT.notFound);
    return n;
  });
}

/** dictItemCheck: whether the value is free in the dictionary (the item `id`, when editing, does not count). */
export async function itemValueFree(db: Db, q: DictItemCheckQuery): Promise<boolean> {
  return (await repo.findItemByValue(db, q.dictId, q.itemValue, q.id)) === undefined;
}
