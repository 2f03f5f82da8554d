/** The gallery's operate-log loader: GET /common/operateLog/list, newest first (spec widgets §9: 10 a page). */
import { http, unwrapResult } from '../../../lib/http.ts';
import type { OperateLogPage, OperateLogParams } from '../../../widgets/operate-log-modal/operate-log-modal.tsx';

export async function fetchOperateLogs(params: OperateLogParams): Promise<OperateLogPage> {
  const res = await http.get<OperateLogPage>('/common/operateLog/list', {
    ...params,
    column: 'operateTime',
    order: 'desc',
  });
  const page = unwrapResult(res, '获取操作日志失败');
  return { records: page.records, total: page.total };
}
