/** GET /bi/workOrder/list: one page of work orders with the search form's filters (newest first unless sorted). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@houtai/shared/contract/common';
import type { WorkOrderMine, WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { http } from '../../../lib/http.ts';

export interface WorkOrderSearch {
  title?: string | undefined;
  status?: string | undefined;
  priority?: string | undefined;
  mine?: WorkOrderMine | undefined;
}

export interface WorkOrderListParams extends WorkOrderSearch {
  pageNo: number;
  pageSize: number;
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** Every work-order query starts with this key; a step that changes an order invalidates them all. */
export const WORK_ORDER_QUERY_KEY = ['work-order'] as const;

export async function fetchWorkOrders(params: WorkOrderListParams): Promise<Page<WorkOrderRecord>> {
  const res = await http.get<Page<WorkOrderRecord>>('/bi/workOrder/list', {
    ...params,
    column: params.column ?? 'createTime',
    order: params.order ?? 'desc',
  });
  if (!res.success || !res.result) throw new Error(res.message || '获取工单列表失败');
  return res.result;
}

export const workOrdersQueryOptions = (params: WorkOrderListParams) =>
  queryOptions({
    queryKey: [...WORK_ORDER_QUERY_KEY, 'list', params] as const,
    queryFn: () => fetchWorkOrders(params),
  });

export function useWorkOrders(params: WorkOrderListParams) {
  // The previous page stays on screen (under the spinner) while the next one loads.
  return useQuery({ ...workOrdersQueryOptions(params), placeholderData: keepPreviousData });
}
