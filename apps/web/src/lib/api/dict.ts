/**
 * Loaders of the dictionary widgets (widgets/dict-select, dict-search-select, tree-select, url-select): a plain
 * code reads the shell's dictionary cache (lib/dict, 7 days, refetched once when it lacks the code); a table code
 * ('table,text,value') asks GET /sys/dict/getDictItems/{code}, which the server allow-lists. Failures reject with
 * the server's message (a BusinessError) for the widget to show; HTTP failures are shown by the http client.
 */
import type { ApiResult } from '@houtai/shared/contract/common';
import type { DictModel } from '@houtai/shared/contract/dict';
import { http, unwrapResult } from '../http.ts';
import { getDictItemsCached } from '../dict/dict-items.ts';
import { dictOptions, type DictOption } from '../dict/use-dict-options.ts';
import { DICT_SEARCH_PAGE_SIZE, tableDictLoader, tableDictTexts, type TableDictLoader } from '../dict/table-dict.ts';

const isTableCode = (code: string) => code.includes(',');

/** The options of a dictionary code, plain (from the cache) or a table dictionary (from the server). */
export async function loadDictOptions(code: string): Promise<DictOption[]> {
  const c = code.trim();
  if (!isTableCode(c)) return dictOptions(await getDictItemsCached(c));
  const res = await http.get<DictModel[]>(`/sys/dict/getDictItems/${c}`, undefined, {
    signed: true,
  });
  return dictOptions(unwrapResult(res, '获取字典失败', Array.isArray));
}

const searchLoaders = new Map<string, TableDictLoader>();

/** The search-as-you-type loader of a code (10 per page), one per code so that widgets see a stable loader. */
export function dictSearchLoader(code: string): TableDictLoader {
  let loader = searchLoaders.get(code);
  if (!loader) {
    loader = tableDictLoader(code, { pageSize: DICT_SEARCH_PAGE_SIZE });
    searchLoaders.set(code, loader);
  }
  return loader;
}

/** A tree of the tree-select widget: roots, lazy children and the texts of given ids; results are unchecked. */
export interface TreeLoader {
  roots: (condition?: string) => Promise<unknown>;
  children: (pid: string, condition?: string) => Promise<unknown>;
  texts: (ids: readonly string[]) => Promise<string[]>;
}

const FALLBACK = '加载数据失败';

async function result(res: Promise<ApiResult<unknown>>): Promise<unknown> {
  return unwrapResult(await res, FALLBACK);
}

/**
 * The category dictionary under `pcode` (e.g. A01): loadTreeRoot (async) and loadTreeChildren, or loadTreeData
 * when a condition is given; texts from loadDictItem/{ids}. The value of a node is its id.
 */
export function categoryTreeLoader(pcode: string): TreeLoader {
  return {
    roots: (condition) =>
      result(
        condition
          ? http.get('/sys/category/loadTreeData', { pcode: pcode || '0', condition })
          : http.get('/sys/category/loadTreeRoot', { async: 'true', pcode }),
      ),
    children: (pid, condition) =>
      result(
        condition
          ? http.get('/sys/category/loadTreeData', { pid, condition })
          : http.get('/sys/category/loadTreeChildren', { pid }),
      ),
    texts: async (ids) => {
      if (ids.length === 0) return [];
      const res = await http.get<string[]>(`/sys/category/loadDictItem/${encodeURIComponent(ids.join(','))}`, {
        delNotExist: 'false',
      });
      return res.success && Array.isArray(res.result) ? res.result : [];
    },
  };
}

export interface DictTreeSource {
  tableName: string;
  /** Column shown. */
  text: string;
  /** Column stored (the value). */
  code: string;
  pidField: string;
  hasChildField?: string;
  /** The pid of the roots ('' = null or empty). */
  rootPid?: string;
}

/** A registered tree table through the signed GET /sys/dict/loadTreeData; texts through loadDictItem. */
export function dictTreeLoader(source: DictTreeSource): TreeLoader {
  const base = {
    tableName: source.tableName,
    text: source.text,
    code: source.code,
    pidField: source.pidField,
    hasChildField: source.hasChildField,
  };
  const load = (pid: string, condition?: string) =>
    result(http.get('/sys/dict/loadTreeData', { ...base, pid, condition }, { signed: true }));
  return {
    roots: (condition) => load(source.rootPid ?? '', condition),
    children: (pid, condition) => load(pid, condition),
    texts: (ids) => tableDictTexts(`${source.tableName},${source.text},${source.code}`, ids),
  };
}

/** An url-select's request: GET the configured URL (signed: harmless where the server does not check it). */
export function getEnvelope(url: string, params: Record<string, string>): Promise<ApiResult<unknown>> {
  return http.get<unknown>(url, params, { signed: true });
}
