/** POST /bi/workOrder/add (新建工单): the caller becomes the reporter; answers the new id and number. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkOrderPriority } from '@houtai/shared/contract/work-order-rules';
import { http, unwrapResult } from '../../../lib/http.ts';
import { WORK_ORDER_QUERY_KEY } from './list-work-orders.ts';

export interface AddWorkOrderInput {
  title: string;
  content?: string | undefined;
  priority: WorkOrderPriority;
  /** Stored paths of the caller's uploads, comma-joined. */
  attachments?: string | undefined;
}

export interface AddedWorkOrder {
  id: string;
  orderNo: string;
  message: string;
}

export async function addWorkOrder(input: AddWorkOrderInput): Promise<AddedWorkOrder> {
  const res = await http.post<{ id: string; orderNo: string }>('/bi/workOrder/add', input);
  return { ...unwrapResult(res, '添加工单失败'), message: res.message };
}

export function useAddWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addWorkOrder,
    onSuccess: () => client.invalidateQueries({ queryKey: WORK_ORDER_QUERY_KEY }),
  });
}
