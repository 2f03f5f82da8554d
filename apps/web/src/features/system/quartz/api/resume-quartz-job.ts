/**
 * POST /sys/quartzJob/resume {id} (启动: the job fires again from its next fire time after now).
 * JeecgBoot's GET is answered too; a write goes as POST here, so that nothing caches or prefetches it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../../../lib/http.ts';
import { QUARTZ_KEYS } from './quartz-keys.ts';

export async function resumeQuartzJob(id: string): Promise<string> {
  const res = await http.post<unknown>('/sys/quartzJob/resume', { id });
  unwrap(res, '启动失败');
  return res.message;
}

export function useResumeQuartzJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resumeQuartzJob,
    onSuccess: () => void client.invalidateQueries({ queryKey: QUARTZ_KEYS.all }),
  });
}
