/** A dictionary's items read through the stored cache (lib/dict-cache.ts), refetched when it lacks them. */
import type { DictModel } from '@houtai/shared/contract/dict';
import { loadDictItems, saveDictItems, type DictItems } from './dict-cache.ts';
import { http, unwrapResult } from '../http.ts';

/**
 * GET /sys/dict/queryAllDictItems into the cache. `silent`: the caller reports a failure itself (清除缓存), the
 * error catalogue shows nothing.
 */
export async function fetchAllDictItems(options: { silent?: boolean } = {}): Promise<DictItems> {
  const res = await http.get<DictItems>(
    '/sys/dict/queryAllDictItems',
    undefined,
    options.silent ? { silent: true } : undefined,
  );
  const items = unwrapResult(res, '获取字典失败');
  saveDictItems(items);
  return items;
}

/** The one refetch under way: concurrent readers share it. */
let pending: Promise<DictItems> | null = null;

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
