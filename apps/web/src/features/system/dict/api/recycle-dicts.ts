/**
 * The dictionaries' recycle bin (contract §2.4 "Admin"): GET /sys/dict/deleteList (every deleted dictionary, one
 * list), PUT /sys/dict/back/{id} (还原) and DELETE /sys/dict/deletePhysic/{id} (彻底删除 with its items). The
 * server takes one dictionary a call, so the ticked ones go one after the other and the first refusal stops the
 * rest. Whatever happened, the bin and the list reload; a restore also reloads this browser's dictionaries.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DictRecord } from '@houtai/shared/contract/dict-admin';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';
import { DICT_KEYS } from './dict-keys.ts';
import { reloadDictionaries } from './refresh-dict-cache.ts';

/** The bin's query key: under DICT_KEYS.all, so a delete on the list reloads an open bin too. */
export const DICT_RECYCLE_KEY = [...DICT_KEYS.all, 'recycle'] as const;

export async function listRecycledDicts(): Promise<DictRecord[]> {
  return unwrapResult(await http.get<DictRecord[]>('/sys/dict/deleteList'), '获取回收站失败', Array.isArray);
}

/** The bin, loaded while `enabled` (the dialog is open); dropped once it closes. */
export function useRecycledDicts(enabled: boolean) {
  return useQuery({
    queryKey: DICT_RECYCLE_KEY,
    queryFn: listRecycledDicts,
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export type DictRecycleAction = 'restore' | 'purge';

export interface RecycleDicts {
  action: DictRecycleAction;
  ids: readonly string[];
}

/** Answers the server's last message. */
export async function runRecycleDicts({ action, ids }: RecycleDicts): Promise<string> {
  let text = '';
  for (const id of ids) {
    const path = encodeURIComponent(id);
    const res =
      action === 'restore'
        ? await http.put<unknown>(`/sys/dict/back/${path}`)
        : await http.delete<unknown>(`/sys/dict/deletePhysic/${path}`);
    unwrap(res, action === 'restore' ? '还原失败' : '彻底删除失败');
    text = res.message;
  }
  return text;
}

export function useRecycleDicts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runRecycleDicts,
    onSettled: (_text, _error, input) => {
      void client.invalidateQueries({ queryKey: DICT_KEYS.all });
      if (input.action === 'restore') void reloadDictionaries(client);
    },
  });
}
