/** POST /sys/quartzJob/add: a new job (status 0 starts it at once). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuartzAddBody } from '@houtai/shared/contract/quartz';
import { http, unwrap } from '../../../../lib/http.ts';
import { QUARTZ_KEYS } from './quartz-keys.ts';

/** Answers the server's message (the new id is in `result`). */
export async function addQuartzJob(body: QuartzAddBody): Promise<string> {
  const res = await http.post<string>('/sys/quartzJob/add', body);
  unwrap(res, '添加失败');
  return res.message;
}

export function useAddQuartzJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addQuartzJob,
    onSuccess: () => void client.invalidateQueries({ queryKey: QUARTZ_KEYS.all }),
  });
}
