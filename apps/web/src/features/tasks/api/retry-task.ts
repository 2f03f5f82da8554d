/** POST /task/asyncTask/retry: run a failed task again (spec §7); the answer's message is shown either way. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../lib/http.ts';
import { TASK_KEYS } from './my-tasks.ts';

/** Answers the server's message; a refusal throws it (操作失败 when it sent none). */
export async function retryTask(id: string): Promise<string> {
  const res = await http.post<unknown>('/task/asyncTask/retry', { id });
  unwrap(res, '操作失败');
  return res.message;
}

/** The retried task runs again: the task list reloads. */
export function useRetryTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryTask,
    onSuccess: () => void client.invalidateQueries({ queryKey: TASK_KEYS.mine }),
  });
}
