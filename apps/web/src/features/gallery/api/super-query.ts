/**
 * The advanced query section's loader: work orders from GET /bi/workOrder/list with the builder's emitted params
 * (superQueryParams, superQueryMatchType) and the filter text box's title, so the filtering shown is the server's.
 */
import type { Page } from '@houtai/shared/contract/common';
import type { WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { http, unwrapResult } from '../../../lib/http.ts';

export interface GalleryWorkOrderQuery {
  superQueryParams?: string | undefined;
  superQueryMatchType?: string | undefined;
  title?: string | undefined;
}

export async function fetchGalleryWorkOrders(q: GalleryWorkOrderQuery): Promise<Page<WorkOrderRecord>> {
  const params: Record<string, string | number> = { pageNo: 1, pageSize: 50, column: 'orderNo', order: 'asc' };
  for (const [k, v] of Object.entries(q)) if (typeof v === 'string' && v !== '') params[k] = v;
  const res = await http.get<Page<WorkOrderRecord>>('/bi/workOrder/list', params);
  return unwrapResult(res, '获取工单列表失败');
}
