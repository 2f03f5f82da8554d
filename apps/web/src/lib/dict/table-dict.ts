/**
 * Table dictionaries (`/sys/dict/loadDict/{table,text,value}`, signed, contract §4.1; the server allow-lists the
 * pairs): options searched by text, and the texts of given values (`loadDictItem`). The loaders search widgets take.
 */
import type { DictModel } from '@houtai/shared/contract/dict';
import { http, unwrapResult } from '../http.ts';
import type { DictOption } from './use-dict-options.ts';

export const TABLE_DICT_PAGE_SIZE = 20;
/** Page size of search-as-you-type dictionary selects (spec widgets §9: 10). */
export const DICT_SEARCH_PAGE_SIZE = 10;

/** 'table,textField,valueField', e.g. 'sys_user,realname,id'. */
export type TableDict = string;

export interface TableDictLoader {
  /** The first page of options whose text matches the keyword (all when blank). */
  search: (keyword: string) => Promise<DictOption[]>;
  /** The texts of the values, in their order (blank for unknown ones). */
  texts: (values: readonly string[]) => Promise<string[]>;
}

export async function searchTableDict(
  dict: TableDict,
  keyword: string,
  options: { pageSize?: number; fallback?: string } = {},
): Promise<DictOption[]> {
  const params = { keyword: keyword.trim() || undefined, pageSize: options.pageSize ?? TABLE_DICT_PAGE_SIZE };
  const res = await http.get<DictModel[]>(`/sys/dict/loadDict/${dict}`, params, { signed: true });
  const items = unwrapResult(res, options.fallback ?? '加载选项失败', Array.isArray);
  return items.map((d) => ({ value: d.value, label: d.text }));
}

/** The texts are a convenience (the values show until they come): a refusal gives none. */
export async function tableDictTexts(dict: TableDict, values: readonly string[]): Promise<string[]> {
  const res = await http.get<string[]>(
    `/sys/dict/loadDictItem/${dict}`,
    { key: values.join(','), delNotExist: 'false' },
    { signed: true },
  );
  const texts: unknown = res.success ? res.result : null;
  return Array.isArray(texts) ? (texts as string[]) : [];
}

/**
 * A dictionary's loaders (a table dictionary, or a plain code: the server searches both); create it once (module
 * level), so that widgets see a stable loader.
 */
export function tableDictLoader(dict: TableDict, options: { pageSize?: number } = {}): TableDictLoader {
  return {
    search: (keyword) => searchTableDict(dict, keyword, options),
    texts: (values) => tableDictTexts(dict, values),
  };
}
