/**
 * The stored dictionaries (sysAllDictItems of the login result, or GET /sys/dict/queryAllDictItems), valid 7 days.
 * Storage only: the session store saves and clears them with the login data, so this module must not reach the
 * http client (which reads the session store). Reading through the cache with a refetch is dict-items.ts beside it.
 */
import { DICT_CACHE_TTL_MS } from '@houtai/shared/constants';
import type { DictModel } from '@houtai/shared/contract/dict';
import { STORAGE_KEYS, localStore } from '../storage.ts';

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
