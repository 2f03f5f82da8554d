/**
 * GET /sys/online/list (live sessions; `current` marks the caller's) and POST /sys/online/forceLogout {token}, where
 * `token` is the list's opaque handle of a session, never its token. The server refuses one's own session.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnlineUser } from '@houtai/shared/contract/auth';
import { http, unwrap } from '../../../../lib/http.ts';
import { listApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';

export interface OnlineFilters {
  username?: string;
}

export const ONLINE_KEYS = { all: ['system', 'online'] as const };
export const ONLINE_LIST_PATH = '/monitor/online';

const ONLINE_API = listApi<OnlineUser, OnlineFilters>({ list: '/sys/online/list' }, { loadFailed: '获取在线用户失败' });

export function useOnlineTable() {
  return useListPage<OnlineUser, OnlineFilters>({ api: ONLINE_API, queryKey: ONLINE_KEYS.all });
}

export async function forceLogout(token: string): Promise<string> {
  const res = await http.post<unknown>('/sys/online/forceLogout', { token });
  unwrap(res, '强制退出失败');
  return res.message;
}

export function useForceLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: forceLogout,
    onSuccess: () => void client.invalidateQueries({ queryKey: ONLINE_KEYS.all }),
  });
}
