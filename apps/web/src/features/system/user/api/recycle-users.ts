/**
 * The users' recycle bin (contract §2.7): GET /sys/user/recycleBin a page at a time (the server answers the IPage
 * shape when paging is asked for), PUT /sys/user/putRecycleBin B `{userIds}` (还原) and DELETE
 * /sys/user/deleteRecycleBin?userIds (彻底删除), the ids comma-joined. A write reloads the bin and the user list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecycleRecord } from '@houtai/shared/contract/admin-user-recycle';
import type { Page } from '@houtai/shared/contract/common';
import { http, unwrap, unwrapResult } from '../../../../lib/http.ts';
import type { TablePage } from '../../../../lib/server-table/use-server-table.ts';
import type { TableParams } from '../../../../lib/server-table/table-state.ts';
import { USER_KEYS } from './user-keys.ts';

export type { UserRecycleRecord };

/** The bin's query key: under USER_KEYS.all, so a delete on the list reloads an open bin too. */
export const USER_RECYCLE_KEY = [...USER_KEYS.all, 'recycle'] as const;

export async function listRecycledUsers(
  params: TableParams<Record<string, never>>,
): Promise<TablePage<UserRecycleRecord>> {
  const page = unwrapResult(
    await http.get<Page<UserRecycleRecord>>('/sys/user/recycleBin', {
      pageNo: params.pageNo,
      pageSize: params.pageSize,
    }),
    '获取回收站失败',
    (p) => Array.isArray(p.records),
  );
  return { records: page.records, total: page.total };
}

export type RecycleAction = 'restore' | 'purge';

export interface RecycleUsers {
  action: RecycleAction;
  ids: readonly string[];
}

/** Answers the server's message. */
export async function runRecycleUsers({ action, ids }: RecycleUsers): Promise<string> {
  const userIds = ids.join(',');
  const res =
    action === 'restore'
      ? await http.put<unknown>('/sys/user/putRecycleBin', { userIds })
      : await http.delete<unknown>('/sys/user/deleteRecycleBin', { userIds });
  unwrap(res, action === 'restore' ? '还原失败' : '彻底删除失败');
  return res.message;
}

export function useRecycleUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runRecycleUsers,
    onSuccess: () => void client.invalidateQueries({ queryKey: USER_KEYS.all }),
  });
}
