import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** One day of the last seven (GET /sys/visitInfo), oldest first. */
export interface VisitDay {
  /** Logins that day. */
  visit: number;
  /** Distinct addresses that day. */
  ip: number;
  /** 'yyyy-MM-dd' */
  tian: string;
  /** 'MM-dd', the axis label. */
  type: string;
}

export async function fetchVisitInfo(): Promise<VisitDay[]> {
  const res = await http.get<VisitDay[]>('/sys/visitInfo');
  if (!res.success || !Array.isArray(res.result)) throw new Error(res.message || '获取访问统计失败');
  return res.result;
}

export const visitInfoQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'visitInfo'] as const, queryFn: fetchVisitInfo });

export function useVisitInfo() {
  return useQuery(visitInfoQueryOptions());
}
