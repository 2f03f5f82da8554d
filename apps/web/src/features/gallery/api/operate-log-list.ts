/** The list-page kit's demo data: the caller's operate log (GET /common/operateLog/list, newest first). */
import { listApi } from '../../../lib/list-api.ts';

export interface OperateLogListRow {
  id: string;
  user: string | null;
  operateTime: string;
  operateType_dictText: string | null;
  content: string;
}

export const OPERATE_LOG_API = listApi<OperateLogListRow>(
  { list: '/common/operateLog/list' },
  { loadFailed: '获取操作日志失败', defaultSort: { column: 'operateTime', order: 'desc' } },
);

/** A page without its list url: the kit says '请设置url.list属性!'. */
export const NO_URL_API = listApi<OperateLogListRow>({});
