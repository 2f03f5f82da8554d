import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, unwrapResult } from '../../../lib/http.ts';

/** Login counts of the whole system (GET /sys/loginfo). */
export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

export async function fetchLoginInfo(): Promise<LoginInfo> {
  return unwrapResult(await http.get<LoginInfo>('/sys/loginfo'), '获取访问统计失败');
}

export const loginInfoQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'loginfo'] as const, queryFn: fetchLoginInfo });

export function useLoginInfo() {
  return useQuery(loginInfoQueryOptions());
}
