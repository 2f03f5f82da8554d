/** GET /bi/workOrder/list: one page of work orders with the search form's filters (newest first unless sorted). */
import type { Page } from '@houtai/shared/contract/common';
import type { WorkOrderMine, WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { http, unwrapResult } from '../../../lib/http.ts';
import { listApi, type ListApi } from '../../../lib/list-api.ts';
import type { TableParams } from '../../../lib/server-table/table-state.ts';
import { useListPage } from '../../../widgets/list-page/use-list-page.ts';
import { SORTABLE_COLUMNS } from '../work-order-list-state.ts';
import { WORK_ORDER_EXPORT_URL, WORK_ORDER_IMPORT_URL } from './import-export-work-orders.ts';

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

/** The list's route: its key in the user's column settings. */
export const WORK_ORDER_LIST_PATH = '/bi/workOrder/WorkOrderList';

const WORK_ORDER_API: ListApi<WorkOrderRecord, WorkOrderSearch> = {
  ...listApi<WorkOrderRecord, WorkOrderSearch>({
    exportXls: WORK_ORDER_EXPORT_URL,
    importExcel: WORK_ORDER_IMPORT_URL,
  }),
  load: fetchWorkOrders,
};

/** The list screen's page: its search, page, sort and ticked rows (ticks kept across pages for 导出选中). */
export function useWorkOrderTable() {
  return useListPage<WorkOrderRecord, WorkOrderSearch>({
    api: WORK_ORDER_API,
    queryKey: WORK_ORDER_LIST_KEY,
    sortable: SORTABLE_COLUMNS,
    selection: 'across-pages',
  });
}
