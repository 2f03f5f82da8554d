/** Options of a plain dictionary from the dictionary cache, with built-in labels until (or unless) it has them. */
import { useQuery } from '@tanstack/react-query';
import { getDictItemsCached } from '../../../lib/dict-cache.ts';

export interface DictOption {
  value: string;
  label: string;
}

export function useDictOptions(code: string, fallback: readonly DictOption[]): readonly DictOption[] {
  const query = useQuery({
    queryKey: ['dict-options', code] as const,
    queryFn: () => getDictItemsCached(code),
    staleTime: Infinity,
  });
  const items = query.data ?? [];
  return items.length > 0 ? items.map((i) => ({ value: i.value, label: i.text })) : fallback;
}
