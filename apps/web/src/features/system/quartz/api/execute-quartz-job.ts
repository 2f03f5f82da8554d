/**
 * POST /sys/quartzJob/execute {id} (立即执行: the job runs once now, queued and logged as a manual run).
 * JeecgBoot's GET is answered too; a write goes as POST here, so that nothing caches or prefetches it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { QUARTZ_KEYS } from './quartz-keys.ts';

export async function executeQuartzJob(id: string): Promise<string> {
  const res = await http.post<unknown>('/sys/quartzJob/execute', { id });
  unwrap(res, '执行失败');
  return res.message;
}

export function useExecuteQuartzJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: executeQuartzJob,
    onSuccess: () => void client.invalidateQueries({ queryKey: QUARTZ_KEYS.all }),
  });
}
