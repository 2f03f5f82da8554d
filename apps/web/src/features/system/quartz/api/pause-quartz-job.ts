/**
 * POST /sys/quartzJob/pause {id} (停止: the job fires no more until resumed).
 * JeecgBoot's GET is answered too; a write goes as POST here, so that nothing caches or prefetches it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { QUARTZ_KEYS } from './quartz-keys.ts';

export async function pauseQuartzJob(id: string): Promise<string> {
  const res = await http.post<unknown>('/sys/quartzJob/pause', { id });
  unwrap(res, '暂停失败');
  return res.message;
}

export function usePauseQuartzJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: pauseQuartzJob,
    onSuccess: () => void client.invalidateQueries({ queryKey: QUARTZ_KEYS.all }),
  });
}
