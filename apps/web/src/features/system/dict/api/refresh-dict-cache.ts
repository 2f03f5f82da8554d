/**
 * The dictionaries this browser keeps (lib/dict): 刷新缓存 (GET /sys/dict/refleshCache, then queryAllDictItems into
 * the stored cache), and the same reload after a write here, so that this user's other screens show the change.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fetchAllDictItems } from '../../../../lib/dict/dict-items.ts';
import { http, unwrap } from '../../../../lib/http.ts';

/** Reloads the stored dictionaries and the option lists read from them; failures stay silent. */
export async function reloadDictionaries(client: QueryClient): Promise<void> {
  try {
    await fetchAllDictItems({ silent: true });
  } catch {
    return;
  }
  await client.invalidateQueries({ queryKey: ['dict-items'] });
}

/** 刷新缓存: answers the server's message. */
export async function refreshDictCache(client: QueryClient): Promise<string> {
  const res = await http.get<unknown>('/sys/dict/refleshCache');
  unwrap(res, '刷新缓存失败');
  await fetchAllDictItems();
  await client.invalidateQueries({ queryKey: ['dict-items'] });
  return res.message;
}
