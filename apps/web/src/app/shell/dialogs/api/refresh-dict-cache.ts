/**
 * 清除缓存 (spec 000 §4): GET /sys/dict/refleshCache, then GET /sys/dict/queryAllDictItems into the local
 * dictionary cache (7 days). True when both succeeded.
 */
import { fetchAllDictItems } from '../../../../lib/dict/dict-items.ts';
import { http, unwrap } from '../../../../lib/http.ts';

export async function refreshDictCache(): Promise<boolean> {
  try {
    unwrap(await http.get<null>('/sys/dict/refleshCache', undefined, { silent: true }));
    await fetchAllDictItems({ silent: true });
    return true;
  } catch {
    return false;
  }
}
