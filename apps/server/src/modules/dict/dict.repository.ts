/** SQL over sys_dict / sys_dict_item (plain dictionaries). Table dictionaries go through the registry. */
import type { Db } from '../../db/connection.ts';
import { executeCompiledMemo } from '../../lib/compiled-query.ts';
import {
  tableDictByValuesQuery,
  tableDictQuery,
  treeNodesQuery,
  type TableDict,
  type TableDictQuery,
  type TreeSource,
} from '../../registry/index.ts';

/** Enabled items of every dictionary, ordered for display. */
export function findAllEnabledItems(db: Db) {
  return db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemText', 'i.itemValue', 'i.itemColor'])
    .where('d.delFlag', '=', 0)
    .where('i.status', '=', 1)
    .orderBy('d.dictCode')
    .orderBy('i.sortOrder')
    .execute();
}

/** Items of one dictionary in sort order, all statuses (contract §2.4). */
function itemsByCodeQuery(db: Db, dictCode: string) {
  return db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['i.itemText', 'i.itemValue', 'i.itemColor'])
    .where('d.dictCode', '=', dictCode)
    .where('d.delFlag', '=', 0)
    .orderBy('i.sortOrder');
}

/**
 * A dictionary's items, in order. Read by every list that labels its codes: compiled once and, on SQLite, remembered
 * while the database is unchanged (exact; lib/compiled-query.ts). The rows are shared: do not change them.
 */
export async function findItemsByCode(db: Db, dictCode: string) {
  return (await executeCompiledMemo(db, 'dict.itemsByCode', (code) => itemsByCodeQuery(db, code), [dictCode])).rows;
}

// Table dictionaries and trees: the registry builds the statements (identifiers from its allow-list).

export async function findTableDictRows(db: Db, dict: TableDict, q: TableDictQuery) {
  return (await tableDictQuery(dict, q).execute(db)).rows;
}

export async function findTableDictRowsByValues(db: Db, dict: TableDict, values: readonly string[]) {
  const query = tableDictByValuesQuery(dict, values);
  return query ? (await query.execute(db)).rows : [];
}

export async function findTreeRows(db: Db, tree: TreeSource, pid: string) {
  return (await treeNodesQuery(tree, pid).execute(db)).rows;
}
