import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';
import { pageOfTotal } from '../../lib/page.ts';
import { toWireTime } from '../../lib/time.ts';
import type { OperateType } from '../../plugins/types.ts';
import { superQueryWhere } from '../../registry/index.ts';
import * as repo from './operate-log.repository.ts';

export interface OperateLogEntry {
  userId: string | null;
  username: string | null;
  realname: string | null;
  operateType: OperateType;
  content: string;
  relateId?: string | null;
  requestMethod?: string | null;
  requestUrl?: string | null;
  ip?: string | null;
  /** Milliseconds the request took. */
  costTime?: number | null;
}

/** CR/LF and control characters never reach a log line (security design §2.10). */
function clean(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, max);
}

export async function recordOperation(db: Db, e: OperateLogEntry, now = Date.now()): Promise<void> {
  await repo.insertOperateLog(db, {
    id: newId(),
    userId: e.userId,
    username: e.username,
    realname: e.realname,
    operateTime: new Date(now).toISOString(),
    operateType: e.operateType,
    content: clean(e.content, 2000),
    relateId: e.relateId ? clean(e.relateId, 64) : null,
    requestMethod: e.requestMethod ?? null,
    requestUrl: e.requestUrl ? clean(e.requestUrl, 255) : null,
    ip: e.ip ?? null,
    costTime: e.costTime === undefined || e.costTime === null ? null : Math.max(0, Math.round(e.costTime)),
  });
}

const OPERATE_TYPE_TEXT: Record<string, string> = {
  '1': '查询',
  '2': '添加',
  '3': '编辑',
  '4': '删除',
  '5': '导入',
  '6': '导出',
};

/** Holders see every user's operations; everyone else sees only their own (security design §2.7). */
export const OPERATE_LOG_ALL_PERMISSION = 'system:operateLog:all';

export interface OperateLogQuery {
  relateId?: string | undefined;
  user?: string | undefined;
  content?: string | undefined;
  superQueryParams?: string | undefined;
  superQueryMatchType?: string | undefined;
  column?: string | undefined;
  order?: string | undefined;
  pageNo: number;
  pageSize: number;
}

export interface OperateLogViewer {
  userId: string;
  seesAll: boolean;
}

export async function listOperations(db: Db, q: OperateLogQuery, viewer: OperateLogViewer) {
  const filter = {
    ownerId: viewer.seesAll ? undefined : viewer.userId,
    relateId: q.relateId,
    user: q.user,
    content: q.content,
    where: superQueryWhere('operate_log', q),
  };
  // The contract's default sort (operateTime desc) when the client names none.
  const sort = q.column ? { column: q.column, order: q.order } : { column: 'operate_time', order: q.order ?? 'desc' };
  const [total, rows] = await Promise.all([
    repo.operateLogListTotal(db, filter),
    repo.pageOperateLogs(db, filter, sort, (q.pageNo - 1) * q.pageSize, q.pageSize),
  ]);
  return pageOfTotal(
    rows.map((r) => ({
      id: r.id,
      user: r.realname ? `${r.realname}(${r.username ?? ''})` : (r.username ?? ''),
      username: r.username,
      operateTime: toWireTime(r.operateTime),
      operateType: r.operateType,
      operateType_dictText: OPERATE_TYPE_TEXT[r.operateType] ?? r.operateType,
      content: r.content,
      relateId: r.relateId,
    })),
    total,
    { pageNo: q.pageNo, pageSize: q.pageSize },
  );
}

/** The operate log in JeecgBoot's SysLog shape (GET /sys/log/list?logType=2, modules/log). */
export interface OperateLogAdminFilter {
  keyWord?: string | undefined;
  username?: string | undefined;
  operateType?: string | undefined;
  /** ISO instants: from (inclusive), to (exclusive). */
  fromIso?: string | undefined;
  toIso?: string | undefined;
}

export async function listOperationsAsSysLog(
  db: Db,
  f: OperateLogAdminFilter,
  sort: { column: repo.OperateLogAdminSort; order: 'asc' | 'desc' },
  page: { pageNo: number; pageSize: number },
) {
  const [total, rows] = await Promise.all([
    repo.operateLogAdminTotal(db, f),
    repo.pageOperateLogsAdmin(db, f, sort, (page.pageNo - 1) * page.pageSize, page.pageSize),
  ]);
  return {
    total,
    records: rows.map((r) => ({
      id: r.id,
      logType: 2,
      logType_dictText: '操作日志',
      logContent: r.content,
      operateType: Number(r.operateType) || null,
      operateType_dictText: OPERATE_TYPE_TEXT[r.operateType] ?? r.operateType,
      userid: r.userId,
      username: r.username,
      realname: r.realname,
      ip: r.ip,
      requestType: r.requestMethod,
      requestUrl: r.requestUrl,
      costTime: r.costTime,
      relateId: r.relateId,
      createTime: toWireTime(r.operateTime),
    })),
  };
}
