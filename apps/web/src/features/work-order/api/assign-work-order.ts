/** PUT /bi/workOrder/assign (指派): gives the order to a handler, who is told over the realtime channel. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../lib/http.ts';
import { WORK_ORDER_QUERY_KEY } from './list-work-orders.ts';

export interface AssignWorkOrderInput {
  id: string;
  assigneeId: string;
  note?: string | undefined;
  /** The version the user saw: a change by someone else meanwhile is refused (409). */
  version?: number | undefined;
}

export async function assignWorkOrder(input: AssignWorkOrderInput): Promise<string> {
  const res = await http.put<null>('/bi/workOrder/assign', input);
  unwrap(res, '指派失败');
  return res.message;
}

export function useAssignWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignWorkOrder,
    onSuccess: () => client.invalidateQueries({ queryKey: WORK_ORDER_QUERY_KEY }),
  });
}
