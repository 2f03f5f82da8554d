/**
 * 日志管理 (GET /sys/log/list): JeecgBoot's one list over the login log (logType 1, sys_log, written by
 * modules/auth) and the operate log (logType 2, operate_log, written by plugins/operate-log). Each is read through
 * its own module's service; this one turns the query's wire times into instants and its sort into a column.
 */
import type { Page } from '@houtai/shared/contract/common';
import type { SysLogQuery, SysLogRecord } from '@houtai/shared/contract/sys-log';
import type { Db } from '../../db/connection.ts';
import { listLoginLogs } from '../auth/login-log.service.ts';
import { listOperationsAsSysLog } from '../operate-log/operate-log.service.ts';

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/**
 * A wire time ('yyyy-MM-dd' or 'yyyy-MM-dd HH:mm[:ss]', Asia/Shanghai) as an ISO instant. The end of a range is
 * exclusive: a bare date ends after its day, a time after its second.
 */
export function wireToIso(text: string | undefined, end: boolean): string | undefined {
  if (!text) return undefined;
  const [date, time] = text.split(' ');
  const [hh = '00', mm = '00', ss = '00'] = (time ?? '').split(':').filter(Boolean);
  const local = Date.parse(`${date}T${hh}:${mm}:${ss}.000Z`);
  if (Number.isNaN(local)) return undefined;
  const step = end ? (time ? 1000 : 86_400_000) : 0;
  return new Date(local - SHANGHAI_OFFSET_MS + step).toISOString();
}

export async function listLogs(db: Db, q: SysLogQuery): Promise<Page<SysLogRecord>> {
  const range = { fromIso: wireToIso(q.createTime_begin, false), toIso: wireToIso(q.createTime_end, true) };
  const order = q.order ?? 'desc';
  const page = { pageNo: q.pageNo, pageSize: q.pageSize };
  let result: { total: number; records: SysLogRecord[] };
  if (q.logType === '1') {
    // The login log has no operate type or duration: those sorts fall back to the time.
    const column = q.column === 'username' || q.column === 'ip' ? q.column : 'createTime';
    result = await listLoginLogs(db, { keyWord: q.keyWord, username: q.username, ...range }, { column, order }, page);
  } else {
    const column = !q.column || q.column === 'createTime' ? 'operateTime' : q.column;
    result = await listOperationsAsSysLog(
      db,
      { keyWord: q.keyWord, username: q.username, operateType: q.operateType, ...range },
      { column, order },
      page,
    );
  }
  return {
    records: result.records,
    total: result.total,
    size: q.pageSize,
    current: q.pageNo,
    pages: Math.ceil(result.total / q.pageSize),
  };
}
