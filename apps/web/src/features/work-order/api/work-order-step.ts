/**
 * The steps that take a note: PUT /bi/workOrder/complete (完成), /close (关闭), /reopen (重新打开), and
 * POST /bi/workOrder/comment (评论).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../lib/http.ts';
import { WORK_ORDER_QUERY_KEY } from './list-work-orders.ts';

export type NoteStep = 'complete' | 'close' | 'reopen' | 'comment';

export interface WorkOrderStepInput {
  step: NoteStep;
  id: string;
  note: string;
  version?: number | undefined;
}

export async function takeWorkOrderStep({ step, id, note, version }: WorkOrderStepInput): Promise<string> {
  const url = `/bi/workOrder/${step}`;
  const res =
    step === 'comment' ? await http.post<null>(url, { id, note }) : await http.put<null>(url, { id, note, version });
  unwrap(res, '操作失败');
  return res.message;
}

export function useWorkOrderStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: takeWorkOrderStep,
    onSuccess: () => client.invalidateQueries({ queryKey: WORK_ORDER_QUERY_KEY }),
  });
}
