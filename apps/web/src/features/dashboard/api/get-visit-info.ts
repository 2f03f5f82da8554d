import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, unwrapResult } from '../../../lib/http.ts';

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
  return unwrapResult(await http.get<VisitDay[]>('/sys/visitInfo'), '获取访问统计失败', Array.isArray);
}

export const visitInfoQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'visitInfo'] as const, queryFn: fetchVisitInfo });

export function useVisitInfo() {
  return useQuery(visitInfoQueryOptions());
}
