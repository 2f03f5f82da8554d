/** GET /sys/quartzJob/queryById: one job as it is now (with its version), for 编辑. */
import type { QuartzJobRecord } from '@houtai/shared/contract/quartz';
import { http, unwrapResult } from '../../../../lib/http.ts';

export async function getQuartzJob(id: string): Promise<QuartzJobRecord> {
  return unwrapResult(await http.get<QuartzJobRecord>('/sys/quartzJob/queryById', { id }), '获取定时任务失败');
}
