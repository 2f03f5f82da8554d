/** GET /sys/user/getUserInfo: the signed-in user's info as the server holds it now (the personal centre). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileUserInfo, UserInfoResult } from '@houtai/shared/contract/user';
import { http, unwrapResult } from '../../../lib/http.ts';

export async function fetchUserInfo(): Promise<ProfileUserInfo> {
  const res = await http.get<UserInfoResult>('/sys/user/getUserInfo');
  return unwrapResult(res, '获取个人信息失败', (r) => !!r.userInfo).userInfo;
}

export const userInfoQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'userInfo'] as const, queryFn: fetchUserInfo });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}
