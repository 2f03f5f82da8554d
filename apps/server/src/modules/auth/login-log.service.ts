/** The login log as other modules read it: the home page's visit statistics count sign-ins through these. */
import type { Db } from '../../db/connection.ts';
import { toWireTime } from '../../lib/time.ts';
import * as repo from './login-log.repository.ts';

/** Every sign-in ever logged. */
export function countLogins(db: Db): Promise<number> {
  return repo.countLogins(db);
}

/** Sign-ins and distinct IPs in [fromIso, toIso). */
export function countLoginsBetween(db: Db, fromIso: string, toIso: string): Promise<{ visit: number; ip: number }> {
  return repo.countLoginsBetween(db, fromIso, toIso);
}

/** The login log in JeecgBoot's SysLog shape (GET /sys/log/list?logType=1, modules/log). */
export async function listLoginLogs(
  db: Db,
  f: repo.LoginLogFilter,
  sort: { column: repo.LoginLogSort; order: 'asc' | 'desc' },
  page: { pageNo: number; pageSize: number },
) {
  const [total, rows] = await Promise.all([
    repo.loginLogTotal(db, f),
    repo.pageLoginLogs(db, f, sort, (page.pageNo - 1) * page.pageSize, page.pageSize),
  ]);
  return {
    total,
    records: rows.map((r) => ({
      id: r.id,
      logType: r.logType,
      logType_dictText: '登录日志',
      logContent: r.logContent,
      operateType: r.operateType,
      userid: r.userid,
      username: r.username,
      realname: null,
      ip: r.ip,
      requestType: null,
      requestUrl: r.requestUrl,
      costTime: null,
      relateId: null,
      createTime: toWireTime(r.createTime),
    })),
  };
}
