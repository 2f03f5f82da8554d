import { useCallback } from 'react';
import { http, unwrapResult } from '../../../lib/http.ts';
import type {
  OperateLogLoader,
  OperateLogPage,
  OperateLogParams,
} from '../../../widgets/operate-log-modal/operate-log-modal.tsx';

interface OperateLogWirePage extends OperateLogPage {
  size: number;
  current: number;
}

/** GET /common/operateLog/list, newest first; `user` matches username or real name. */
export async function fetchOperateLogs(params: OperateLogParams & { user?: string }): Promise<OperateLogPage> {
  const res = await http.get<OperateLogWirePage>('/common/operateLog/list', {
    ...params,
    column: 'operateTime',
    order: 'desc',
  });
  const page = unwrapResult(res, '获取操作日志失败');
  return { records: page.records, total: page.total };
}

/** A loader for the operate-log modal limited to one user's operations. */
export function useOwnOperateLogLoader(username: string | undefined): OperateLogLoader {
  return useCallback((params) => fetchOperateLogs({ ...params, ...(username ? { user: username } : {}) }), [username]);
}
