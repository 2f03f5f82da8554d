/** GET /bi/workOrder/list: one page of work orders with the search form's filters (newest first unless sorted). */
import type { Page } from '@houtai/shared/contract/common';
import type { WorkOrderMine, WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { http, unwrapResult } from '../../../lib/http.ts';
import type { TableParams } from '../../../lib/server-table/table-state.ts';
import { useServerTable } from '../../../lib/server-table/use-server-table.ts';
import { SORTABLE_COLUMNS } from '../work-order-list-state.ts';

export interface WorkOrderSearch {
  title?: string | undefined;
  status?: string | undefined;
  priority?: string | undefined;
  mine?: WorkOrderMine | undefined;
}

export type WorkOrderListParams = TableParams<WorkOrderSearch>;

/** Every work-order query starts with this key; a step that changes an order invalidates them all. */
export const WORK_ORDER_QUERY_KEY = ['work-order'] as const;
/** The list's pages (useServerTable appends the request parameters). */
export const WORK_ORDER_LIST_KEY = [...WORK_ORDER_QUERY_KEY, 'list'] as const;

export async function fetchWorkOrders(params: WorkOrderListParams): Promise<Page<WorkOrderRecord>> {
  const res = await http.get<Page<WorkOrderRecord>>('/bi/workOrder/list', {
    ...params,
    column: params.column ?? 'createTime',
    order: params.order ?? 'desc',
  });
  return unwrapResult(res, '获取工单列表失败');
}

/** The list screen's table: its search, page, sort and ticked rows (ticks kept across pages for 导出选中). */
export function useWorkOrderTable() {
  return useServerTable<WorkOrderRecord, WorkOrderSearch>({
    queryKey: WORK_ORDER_LIST_KEY,
    load: fetchWorkOrders,
    sortable: SORTABLE_COLUMNS,
    selection: 'across-pages',
  });
}
