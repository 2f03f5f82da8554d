/** SQL of the login log (sys_log rows of log_type 1); create_time is ISO UTC text, so ranges compare as text. */
import type { Insertable } from 'kysely';
import { like } from '../../lib/like.ts';
import { listTotal, type ListTotal } from '../../lib/list-total.ts';
import type { Db } from '../../db/connection.ts';
import type { SysLogTable } from '../../db/schema.ts';

/** sys_log.log_type of a sign-in (JeecgBoot's value). */
export const LOGIN_LOG_TYPE = 1;

export function insertLoginLog(db: Db, row: Omit<Insertable<SysLogTable>, 'logType'>) {
  return db
    .insertInto('sysLog')
    .values({ ...row, logType: LOGIN_LOG_TYPE })
    .execute();
}

export async function countLogins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sysLog')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('logType', '=', LOGIN_LOG_TYPE)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Logins and distinct IPs in [fromIso, toIso). */
export async function countLoginsBetween(
  db: Db,
  fromIso: string,
  toIso: string,
): Promise<{ visit: number; ip: number }> {
  const row = await db
    .selectFrom('sysLog')
    .select((eb) => [eb.fn.countAll<number>().as('visit'), eb.fn.count<number>('ip').distinct().as('ip')])
    .where('logType', '=', LOGIN_LOG_TYPE)
    .where('createTime', '>=', fromIso)
    .where('createTime', '<', toIso)
    .executeTakeFirst();
  return { visit: Number(row?.visit ?? 0), ip: Number(row?.ip ?? 0) };
}

/** Filters of the administration list (GET /sys/log/list?logType=1); all bound parameters. */
export interface LoginLogFilter {
  keyWord?: string | undefined;
  username?: string | undefined;
  fromIso?: string | undefined;
  toIso?: string | undefined;
}

export type LoginLogSort = 'createTime' | 'username' | 'ip';

function loginsFiltered(db: Db, f: LoginLogFilter) {
  let q = db.selectFrom('sysLog').where('logType', '=', LOGIN_LOG_TYPE);
  const keyWord = f.keyWord;
  if (keyWord) q = q.where((eb) => like(eb.ref('logContent'), keyWord));
  const username = f.username;
  if (username) q = q.where((eb) => like(eb.ref('username'), username));
  if (f.fromIso) q = q.where('createTime', '>=', f.fromIso);
  if (f.toIso) q = q.where('createTime', '<', f.toIso);
  return q;
}

/** The list's total: exact up to a bound, else a remembered count (lib/list-total.ts). */
export function loginLogTotal(db: Db, f: LoginLogFilter): Promise<ListTotal> {
  return listTotal(db, loginsFiltered(db, f));
}

export function pageLoginLogs(
  db: Db,
  f: LoginLogFilter,
  sort: { column: LoginLogSort; order: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  return loginsFiltered(db, f)
    .selectAll()
    .orderBy(sort.column, sort.order)
    .orderBy('id', sort.order)
    .offset(offset)
    .limit(limit)
    .execute();
}
