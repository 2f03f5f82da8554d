/** Plain dictionaries: items by code and the full cache the login result and the shell use. */
import { TEXT } from '@houtai/shared/constants';
import type { DictModel, TreeSelectModel } from '@houtai/shared/contract/dict';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import {
  isTableDictCode,
  resolveTableDict,
  resolveTree,
  TABLE_DICT_MAX_ROWS,
  type ScopeContext,
  type TreeRequest,
} from '../../registry/index.ts';
import { tableDictCheck } from '../table-dict/table-dict.service.ts';
import * as repo from './dict.repository.ts';

export function dictModel(value: string, text: string, color?: string | null): DictModel & { color?: string } {
  return color ? { value, text, title: text, label: text, color } : { value, text, title: text, label: text };
}

export async function queryAllDictItems(db: Db): Promise<Record<string, DictModel[]>> {
  const out: Record<string, DictModel[]> = {};
  for (const row of await repo.findAllEnabledItems(db)) {
    (out[row.dictCode] ??= []).push(dictModel(row.itemValue, row.itemText, row.itemColor));
  }
  return out;
}

export async function dictItemsByCode(db: Db, dictCode: string): Promise<DictModel[]> {
  return (await repo.findItemsByCode(db, dictCode)).map((r) => dictModel(r.itemValue, r.itemText, r.itemColor));
}

// ---- Helper endpoints of /sys/dict (contract §2.4) ----

/** Plain dictionary codes are identifiers; anything else is refused before it reaches a query. */
const PLAIN_DICT_CODE = /^[A-Za-z][A-Za-z0-9_.:-]{0,99}$/;

/** Page size of search-as-you-type (spec widgets §9: 10, some widgets 20) and its cap. */
export const LOAD_DICT_DEFAULT_PAGE_SIZE = 10;
export const LOAD_DICT_MAX_PAGE_SIZE = 100;
/** Keys translated per call at most. */
export const LOAD_DICT_ITEM_MAX_KEYS = 200;

function assertPlainCode(code: string): void {
  if (!PLAIN_DICT_CODE.test(code)) throw AppError.business(TEXT.dictCodeFormat);
}

function tableDictModels(rows: readonly { itemValue: unknown; itemText: unknown }[]): DictModel[] {
  return rows.map((r) => dictModel(textOf(r.itemValue), textOf(r.itemText)));
}

function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** getDictItems: a plain code → its items (all statuses); a table code → rows through the registry. */
export async function getDictItems(db: Db, dictCode: string, ctx: ScopeContext): Promise<DictModel[]> {
  const code = dictCode.trim();
  if (isTableDictCode(code)) {
    const dict = resolveTableDict(code, ctx, await tableDictCheck(db));
    return tableDictModels(await repo.findTableDictRows(db, dict, { limit: TABLE_DICT_MAX_ROWS }));
  }
  assertPlainCode(code);
  return dictItemsByCode(db, code);
}

export interface LoadDictInput {
  keyword?: string | undefined;
  pageSize?: number | undefined;
  column?: string | undefined;
  order?: string | undefined;
}

/** loadDict: search-as-you-type over the text (LIKE escaped and bound), at most pageSize options. */
export async function loadDict(db: Db, dictCode: string, q: LoadDictInput, ctx: ScopeContext): Promise<DictModel[]> {
  const code = dictCode.trim();
  const limit = Math.min(q.pageSize ?? LOAD_DICT_DEFAULT_PAGE_SIZE, LOAD_DICT_MAX_PAGE_SIZE);
  const keyword = q.keyword?.trim() ?? '';
  if (isTableDictCode(code)) {
    const dict = resolveTableDict(code, ctx, await tableDictCheck(db));
    const rows = await repo.findTableDictRows(db, dict, { keyword, limit, column: q.column, order: q.order });
    return tableDictModels(rows);
  }
  assertPlainCode(code);
  const items = await dictItemsByCode(db, code);
  return items.filter((i) => keyword === '' || i.text.includes(keyword)).slice(0, limit);
}

function splitKeys(key: string | undefined): string[] {
  const keys = (key ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  return keys.slice(0, LOAD_DICT_ITEM_MAX_KEYS);
}

/** loadDictItem: texts for a comma list of stored values, in the order given; unknown values dropped or kept. */
export async function loadDictItem(
  db: Db,
  dictCode: string,
  key: string | undefined,
  delNotExist: boolean,
  ctx: ScopeContext,
): Promise<string[]> {
  const code = dictCode.trim();
  const keys = splitKeys(key);
  let texts: Map<string, string>;
  if (isTableDictCode(code)) {
    const dict = resolveTableDict(code, ctx, await tableDictCheck(db));
    if (keys.length === 0) return [];
    const rows = await repo.findTableDictRowsByValues(db, dict, keys);
    texts = new Map(rows.map((r) => [textOf(r.itemValue), textOf(r.itemText)]));
  } else {
    assertPlainCode(code);
    if (keys.length === 0) return [];
    texts = new Map((await dictItemsByCode(db, code)).map((i) => [i.value, i.text]));
  }
  const out: string[] = [];
  for (const k of keys) {
    const text = texts.get(k);
    if (text !== undefined) out.push(text);
    else if (!delNotExist) out.push(k);
  }
  return out;
}

/** The options of a code, whether plain or a registered table dictionary: the given values, in their order. */
async function optionsByValues(db: Db, code: string, values: string[], ctx: ScopeContext): Promise<DictModel[]> {
  if (values.length === 0) return [];
  let all: Map<string, DictModel>;
  if (isTableDictCode(code)) {
    const rows = await repo.findTableDictRowsByValues(
      db,
      resolveTableDict(code, ctx, await tableDictCheck(db)),
      values,
    );
    all = new Map(tableDictModels(rows).map((m) => [m.value, m]));
  } else {
    assertPlainCode(code);
    all = new Map((await dictItemsByCode(db, code)).map((m) => [m.value, m]));
  }
  return values.flatMap((v) => all.get(v) ?? []);
}

/** loadDictOrderByValue: the selected values (keyword, comma list) first, then the first page without them. */
export async function loadDictOrderByValue(
  db: Db,
  dictCode: string,
  q: LoadDictInput,
  ctx: ScopeContext,
): Promise<DictModel[]> {
  const code = dictCode.trim();
  const selected = await optionsByValues(db, code, splitKeys(q.keyword), ctx);
  const firstPage = await loadDict(db, code, { ...q, keyword: '' }, ctx);
  const seen = new Set(selected.map((m) => m.value));
  return [...selected, ...firstPage.filter((m) => !seen.has(m.value))];
}

/** getDictText: the text of one value ('' when the dictionary has no such value). */
export async function getDictText(db: Db, dictCode: string, key: string, ctx: ScopeContext): Promise<string> {
  const [found] = await optionsByValues(db, dictCode.trim(), [key.trim()], ctx);
  return found?.text ?? '';
}

export interface LoadTreeDataInput extends TreeRequest {
  pid?: string | undefined;
  converIsLeafVal: '0' | '1';
}

/**
 * loadTreeData: children of `pid` in a registered tree table. With converIsLeafVal=1 the has-child column
 * means "has children" (leaf = value != '1'); with 0 it already means "is leaf".
 */
export async function loadTreeData(db: Db, q: LoadTreeDataInput): Promise<TreeSelectModel[]> {
  const tree = resolveTree(q, await tableDictCheck(db));
  const rows = await repo.findTreeRows(db, tree, q.pid?.trim() ?? '');
  return rows.map((r) => {
    const flag = textOf(r.nodeHasChild) === '1';
    const leaf = tree.hasChild && q.converIsLeafVal === '0' ? flag : !flag;
    return {
      key: textOf(r.nodeKey),
      title: textOf(r.nodeTitle),
      leaf,
      parentId: r.nodeParent === null || r.nodeParent === undefined ? null : textOf(r.nodeParent),
      value: null,
      code: null,
      icon: null,
      children: null,
    };
  });
}
