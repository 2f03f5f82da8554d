/** GET /sys/log/list?logType=1|2: the login log or the operate log, a page at a time (JeecgBoot's SysLog rows). */
import type { SysLogRecord } from '@houtai/shared/contract/sys-log';
import type { Page } from '@houtai/shared/contract/common';
import { http, unwrapResult } from '../../../../lib/http.ts';
import type { ListApi } from '../../../../lib/list-api.ts';
import { useListPage } from '../../../../widgets/list-page/use-list-page.ts';

export type LogType = '1' | '2';

export interface LogFilters {
  keyWord?: string;
  username?: string;
  /** Operate log only: the operate_type dictionary's value. */
  operateType?: string;
  createTime_begin?: string;
  createTime_end?: string;
}

export const LOG_KEYS = {
  all: ['system', 'log'] as const,
  list: (logType: LogType) => ['system', 'log', logType] as const,
};

/** The lists' routes: their keys in the user's column settings. */
export const LOG_LIST_PATH: Record<LogType, string> = { '1': '/monitor/log/login', '2': '/monitor/log/operate' };

function logApi(logType: LogType): ListApi<SysLogRecord, LogFilters> {
  return {
    urls: { list: '/sys/log/list' },
    load: async (params) => {
      const res = await http.get<Page<SysLogRecord>>('/sys/log/list', { ...params, logType });
      const page = unwrapResult(res, '获取日志失败', (p) => Array.isArray(p.records));
      return { records: page.records, total: page.total };
    },
  };
}

const APIS: Record<LogType, ListApi<SysLogRecord, LogFilters>> = { '1': logApi('1'), '2': logApi('2') };

/** Sorts the server answers (SYS_LOG_SORT_COLUMNS): the table's dataIndex → the API column. */
const SORTABLE = { createTime: 'createTime', username: 'username', ip: 'ip', costTime: 'costTime' } as const;

export function useLogTable(logType: LogType) {
  return useListPage<SysLogRecord, LogFilters>({
    api: APIS[logType],
    queryKey: LOG_KEYS.list(logType),
    sortable: logType === '2' ? SORTABLE : { createTime: 'createTime', username: 'username', ip: 'ip' },
  });
}
