/**
 * Options of a plain dictionary for selects, radios and tags, read through the dictionary cache (lib/dict-cache.ts,
 * refetched once when it lacks the code). Until (or unless) the dictionary has items, the caller's built-in labels
 * are used; without those the options are empty and the screen still works.
 */
import { useQuery } from '@tanstack/react-query';
import type { DictModel } from '@houtai/shared/contract/dict';
import { getDictItemsCached } from './dict-items.ts';

export interface DictOption {
  value: string;
  label: string;
}

const NO_OPTIONS: readonly DictOption[] = [];

/** The query key of a dictionary's items (the cache lives for the page: dictionaries change rarely). */
export const dictItemsKey = (code: string) => ['dict-items', code] as const;

/** Items as options; the label is the item's text (or its title, label, value when the text is blank). */
export function dictOptions(items: readonly DictModel[]): DictOption[] {
  return items.map((i) => ({ value: i.value, label: i.text || i.title || i.label || i.value }));
}

export function useDictOptions(code: string, fallback: readonly DictOption[] = NO_OPTIONS): readonly DictOption[] {
  const query = useQuery({
    queryKey: dictItemsKey(code),
    queryFn: () => getDictItemsCached(code),
    staleTime: Infinity,
    retry: false,
    select: dictOptions,
  });
  const options = query.data ?? NO_OPTIONS;
  return options.length > 0 ? options : fallback;
}
