/** POST /task/asyncTask/retry: run a failed task again (spec §7); the answer's message is shown either way. */
import { http } from '../../../lib/http.ts';

export interface RetryTaskResult {
  success: boolean;
  message: string;
}

export async function retryTask(id: string): Promise<RetryTaskResult> {
  const res = await http.post<unknown>('/task/asyncTask/retry', { id });
  return { success: res.success, message: res.message };
}
