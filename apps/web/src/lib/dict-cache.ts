/** The dictionary cache from the login result (sysAllDictItems), valid 7 days. */
import { DICT_CACHE_TTL_MS } from '@houtai/shared/constants';
import type { DictModel } from '@houtai/shared/contract';
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
