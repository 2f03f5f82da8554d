/** The dictionary cache (sysAllDictItems from the login result, or GET /sys/dict/queryAllDictItems), valid 7 days. */
import { DICT_CACHE_TTL_MS } from '@houtai/shared/constants';
import type { DictModel } from '@houtai/shared/contract/dict';
import { http } from './http.ts';
import { STORAGE_KEYS, localStore } from './storage.ts';

export type DictItems = Record<string, DictModel[]>;

export function saveDictItems(items: DictItems): void {
  localStore.set(STORAGE_KEYS.dictItems, items, DICT_CACHE_TTL_MS);
}

export function loadDictItems(): DictItems | null {
  return localStore.get<DictItems>(STORAGE_KEYS.dictItems);
}

export function clearDictItems(): void {
  localStore.remove(STORAGE_KEYS.dictItems);
}

/** The one refetch under way: concurrent readers share it. */
let pending: Promise<DictItems> | null = null;

async function fetchAllDictItems(): Promise<DictItems> {
  const res = await http.get<DictItems>('/sys/dict/queryAllDictItems');
  if (!res.success || !res.result) throw new Error(res.message || '获取字典失败');
  saveDictItems(res.result);
  return res.result;
}

/**
 * A dictionary's items, read through the cache: when the cache has expired or lacks the code (a dictionary
 * added since sign-in), all dictionaries are fetched again once and stored. An unknown code gives [].
 */
export async function getDictItemsCached(code: string): Promise<DictModel[]> {
  const cached = loadDictItems()?.[code];
  if (cached) return cached;
  pending ??= fetchAllDictItems().finally(() => {
    pending = null;
  });
  return (await pending)[code] ?? [];
}
