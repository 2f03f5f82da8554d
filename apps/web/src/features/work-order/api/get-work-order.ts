/** GET /bi/workOrder/queryById: one work order with its history (detail page). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkOrderDetail } from '@houtai/shared/contract/work-order-rules';
import { http, unwrapResult } from '../../../lib/http.ts';
import { WORK_ORDER_QUERY_KEY } from './list-work-orders.ts';

export async function fetchWorkOrder(id: string): Promise<WorkOrderDetail> {
  return unwrapResult(await http.get<WorkOrderDetail>('/bi/workOrder/queryById', { id }), '获取工单失败');
}

export const workOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...WORK_ORDER_QUERY_KEY, 'detail', id] as const, queryFn: () => fetchWorkOrder(id) });

export function useWorkOrder(id: string) {
  return useQuery({ ...workOrderQueryOptions(id), enabled: id !== '' });
}
