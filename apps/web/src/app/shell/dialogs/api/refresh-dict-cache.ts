/**
 * 清除缓存 (spec 000 §4): GET /sys/dict/refleshCache, then GET /sys/dict/queryAllDictItems into the local
 * dictionary cache (7 days). True when both succeeded.
 */
import type { DictModel } from '@houtai/shared/contract/dict';
import { saveDictItems } from '../../../../lib/dict-cache.ts';
import { http } from '../../../../lib/http.ts';

export async function refreshDictCache(): Promise<boolean> {
  try {
    const refreshed = await http.get<null>('/sys/dict/refleshCache', undefined, { silent: true });
    if (!refreshed.success) return false;
    const all = await http.get<Record<string, DictModel[]>>('/sys/dict/queryAllDictItems', undefined, { silent: true });
    if (!all.success || !all.result) return false;
    saveDictItems(all.result);
    return true;
  } catch {
    return false;
  }
}
