/**
 * The batch calls of 用户管理 (contract §2.7): PUT frozenBatch (冻结 status 2 / 解冻 status 1), PUT resignBatch (离职)
 * and DELETE deleteBatch, each with the ids comma-joined as the Jeecg clients send them. A row's own 冻结, 离职 and
 * 删除 are the same calls with one id. Each answers the server's message and reloads the list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { USER_LIST_URLS } from './list-users.ts';
import { USER_KEYS } from './user-keys.ts';

export type UserBatchAction = 'freeze' | 'unfreeze' | 'resign' | 'delete';

export interface UserBatch {
  action: UserBatchAction;
  ids: readonly string[];
}

export async function runUserBatch({ action, ids }: UserBatch): Promise<string> {
  const joined = ids.join(',');
  const res =
    action === 'delete'
      ? await http.delete<unknown>(USER_LIST_URLS.deleteBatch, { ids: joined })
      : action === 'resign'
        ? await http.put<unknown>('/sys/user/resignBatch', { ids: joined })
        : await http.put<unknown>('/sys/user/frozenBatch', { ids: joined, status: action === 'freeze' ? '2' : '1' });
  unwrap(res, '操作失败');
  return res.message;
}

export function useUserBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runUserBatch,
    onSuccess: () => void client.invalidateQueries({ queryKey: USER_KEYS.all }),
  });
}
