/**
 * The user's column settings of every list (列设置): which columns they hid, per list key, kept on the server under
 * the user-kv key LIST_COLUMNS (GET /sys/redis/get, PUT /sys/redis/set) so they follow the user to another browser.
 * One read per session (react-query), optimistic writes; a failed save keeps the choice on screen and says so.
 */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_COLUMNS_KV_KEY, LIST_PAGE_TEXT, ListColumnSettings } from '@houtai/shared/contract/list-page';
import { getFeedback } from './feedback.ts';
import { http, unwrap } from './http.ts';

const QUERY_KEY = ['user-kv', LIST_COLUMNS_KV_KEY] as const;
const NONE: readonly string[] = [];

export async function fetchListColumns(): Promise<ListColumnSettings> {
  const res = await http.get<unknown>('/sys/redis/get', { k: LIST_COLUMNS_KV_KEY }, { silent: true });
  const parsed = ListColumnSettings.safeParse(unwrap(res, '获取列设置失败'));
  return parsed.success ? parsed.data : {};
}

export async function saveListColumns(settings: ListColumnSettings): Promise<void> {
  const res = await http.put<unknown>(
    '/sys/redis/set',
    { k: LIST_COLUMNS_KV_KEY, v: settings, t: 0 },
    { silent: true },
  );
  unwrap(res, LIST_PAGE_TEXT.columnSettingsSaveFailed);
}

export interface ListColumnsState {
  /** Keys of the columns the user hid on this list. */
  hidden: readonly string[];
  setHidden: (keys: readonly string[]) => void;
}

export function useListColumns(listKey: string): ListColumnsState {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: QUERY_KEY, queryFn: fetchListColumns, staleTime: Infinity, retry: false });
  const save = useMutation({
    mutationFn: saveListColumns,
    onError: () => void getFeedback().message.warning(LIST_PAGE_TEXT.columnSettingsSaveFailed),
  });
  const { mutate } = save;
  const setHidden = useCallback(
    (keys: readonly string[]) => {
      const current = client.getQueryData<ListColumnSettings>(QUERY_KEY) ?? {};
      const next: ListColumnSettings = { ...current, [listKey]: [...keys] };
      if (keys.length === 0) delete next[listKey];
      client.setQueryData(QUERY_KEY, next);
      mutate(next);
    },
    [client, listKey, mutate],
  );
  return { hidden: data?.[listKey] ?? NONE, setHidden };
}
