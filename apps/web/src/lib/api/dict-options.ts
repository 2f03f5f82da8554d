/**
 * Options of a plain dictionary as a promise, for widgets that take an options loader (the advanced query's
 * dictionary fields, say); read through the dictionary cache as useDictOptions is.
 */
import { dictOptions, type DictOption } from '../dict/use-dict-options.ts';
import { getDictItemsCached } from '../dict/dict-items.ts';

export async function loadDictOptions(code: string): Promise<DictOption[]> {
  return dictOptions(await getDictItemsCached(code));
}
