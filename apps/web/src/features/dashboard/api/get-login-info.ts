import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Login counts of the whole system (GET /sys/loginfo). */
export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

export async function fetchLoginInfo(): Promise<LoginInfo> {
  const res = await http.get<LoginInfo>('/sys/loginfo');
  if (!res.success || !res.result) throw new Error(res.message || '获取访问统计失败');
  return res.result;
}

export const loginInfoQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'loginfo'] as const, queryFn: fetchLoginInfo });

export function useLoginInfo() {
  return useQuery(loginInfoQueryOptions());
}
