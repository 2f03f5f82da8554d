/** POST /sys/dict/add and PUT /sys/dict/edit (with the version the user saw; a stale one is refused). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DictAddBody, DictEditBody } from '@houtai/shared/contract/dict-admin';
import { http, unwrap } from '../../../../lib/http.ts';
import { DICT_KEYS } from './dict-keys.ts';
import { reloadDictionaries } from './refresh-dict-cache.ts';

export type DictBody = DictAddBody | DictEditBody;

/** Answers the server's message. */
export async function saveDict(body: DictBody): Promise<string> {
  const res =
    'id' in body ? await http.put<unknown>('/sys/dict/edit', body) : await http.post<unknown>('/sys/dict/add', body);
  unwrap(res, 'id' in body ? '编辑失败' : '添加失败');
  return res.message;
}

export function useSaveDict() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDict,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: DICT_KEYS.all });
      void reloadDictionaries(client);
    },
  });
}
