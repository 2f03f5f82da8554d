/** GET /sys/user/queryUserByDepId?id&realname: the users of one department (not of its sub-departments). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { DEPART_KEYS } from './depart-keys.ts';

export async function loadDepartUsers(id: string, realname: string): Promise<PickerUser[]> {
  return unwrapResult(
    await http.get<PickerUser[]>('/sys/user/queryUserByDepId', { id, realname: realname || undefined }),
    '加载用户失败',
    (r) => Array.isArray(r),
  );
}

export const departUsersQuery = (id: string, realname: string) =>
  queryOptions({ queryKey: DEPART_KEYS.users(id, realname), queryFn: () => loadDepartUsers(id, realname) });

export function useDepartUsers(id: string, realname: string) {
  return useQuery(departUsersQuery(id, realname));
}
