/** GET /sys/quartzJob/kinds: the server's registry of job kinds — the only things a job may run. */
import { useQuery } from '@tanstack/react-query';
import type { QuartzKindRecord } from '@houtai/shared/contract/quartz';
import { http, unwrapResult } from '../../../../lib/http.ts';
import { QUARTZ_KEYS } from './quartz-keys.ts';

export async function listQuartzKinds(): Promise<QuartzKindRecord[]> {
  return unwrapResult(await http.get<QuartzKindRecord[]>('/sys/quartzJob/kinds'), '获取任务类型失败', (r) =>
    Array.isArray(r),
  );
}

/** The registry changes only with a deployment: loaded once per session. */
export function useQuartzKinds() {
  return useQuery({ queryKey: QUARTZ_KEYS.kinds, queryFn: listQuartzKinds, staleTime: Infinity });
}
