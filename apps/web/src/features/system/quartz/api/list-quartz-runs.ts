/** GET /sys/quartzJob/log: one job's runs, newest first, a page at a time. */
import type { QuartzRunRecord } from '@houtai/shared/contract/quartz';
import { http, unwrapResult } from '../../../../lib/http.ts';
import type { TablePage } from '../../../../lib/server-table/use-server-table.ts';
import type { TableParams } from '../../../../lib/server-table/table-state.ts';

export interface QuartzRunFilters {
  jobId: string;
}

export async function listQuartzRuns(params: TableParams<QuartzRunFilters>): Promise<TablePage<QuartzRunRecord>> {
  const { jobId, pageNo, pageSize } = params;
  const res = await http.get<TablePage<QuartzRunRecord>>('/sys/quartzJob/log', { jobId, pageNo, pageSize });
  const page = unwrapResult(res, '获取运行日志失败', (p) => Array.isArray(p.records));
  return { records: page.records, total: page.total };
}
