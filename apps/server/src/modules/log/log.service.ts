/**
 * 日志管理 (GET /sys/log/list): JeecgBoot's one list over the login log (logType 1, sys_log, written by
 * modules/auth) and the operate log (logType 2, operate_log, written by plugins/operate-log). Each is read through
 * its own module's service; this one turns the query's wire times into instants and its sort into a column.
 */
import type { Page } from '@houtai/shared/contract/common';
import type { SysLogQuery, SysLogRecord } from '@houtai/shared/contract/sys-log';
import type { Db } from '../../db/connection.ts';
import type { ListTotal } from '../../lib/list-total.ts';
import { pageOfTotal } from '../../lib/page.ts';
import { wireToIso } from '../../lib/time.ts';
import { listLoginLogs } from '../auth/login-log.service.ts';
import { listOperationsAsSysLog } from '../operate-log/operate-log.service.ts';

export async function listLogs(db: Db, q: SysLogQuery): Promise<Page<SysLogRecord>> {
  const range = { fromIso: wireToIso(q.createTime_begin, false), toIso: wireToIso(q.createTime_end, true) };
  const order = q.order ?? 'desc';
  const page = { pageNo: q.pageNo, pageSize: q.pageSize };
  let result: { total: ListTotal; records: SysLogRecord[] };
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
  return pageOfTotal(result.records, result.total, page);
}
