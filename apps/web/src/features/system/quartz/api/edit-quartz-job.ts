/** PUT /sys/quartzJob/edit: a job saved again, with the version the user saw (a stale one answers 409). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuartzEditBody } from '@houtai/shared/contract/quartz';
import { http, unwrap } from '../../../../lib/http.ts';
import { QUARTZ_KEYS } from './quartz-keys.ts';

export async function editQuartzJob(body: QuartzEditBody): Promise<string> {
  const res = await http.put<unknown>('/sys/quartzJob/edit', body);
  unwrap(res, '编辑失败');
  return res.message;
}

export function useEditQuartzJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editQuartzJob,
    onSuccess: () => void client.invalidateQueries({ queryKey: QUARTZ_KEYS.all }),
  });
}
