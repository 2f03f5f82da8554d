/**
 * 日志管理 (issue 14 item 7): GET /sys/log/list, JeecgBoot's one list over both logs — logType 1 the login log
 * (sys_log), 2 the operate log (operate_log, answered in SysLog's shape). Filters: keyWord (part of the content),
 * username, operateType (operate log only), createTime_begin/_end ('yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss',
 * Asia/Shanghai; a bare end date covers its whole day). Sorts only by the allow-listed columns below.
 */
import { z } from 'zod';
import { optionalStr, PageQuery, rangeReversed, TIME_RANGE_TEXT, wireTimeParam } from './common.ts';

export const SYS_LOG_TYPE = { login: '1', operate: '2' } as const;
export const SYS_LOG_TYPE_TEXT: Readonly<Record<string, string>> = { '1': '登录日志', '2': '操作日志' };

/** JeecgBoot's dictionary operate_type (as the operate log writes it). */
export const OPERATE_TYPE_OPTIONS = [
  { value: '1', label: '查询' },
  { value: '2', label: '添加' },
  { value: '3', label: '编辑' },
  { value: '4', label: '删除' },
  { value: '5', label: '导入' },
  { value: '6', label: '导出' },
] as const;

/** The columns a client may sort by (API names); anything else is refused. */
export const SYS_LOG_SORT_COLUMNS = ['createTime', 'username', 'ip', 'operateType', 'costTime'] as const;

export const SYS_LOG_TEXT = {
  logTypeInvalid: '日志类型只能为 1（登录日志）或 2（操作日志）',
  operateTypeInvalid: '操作类型不正确',
  timeInvalid: TIME_RANGE_TEXT.timeInvalid,
  rangeReversed: TIME_RANGE_TEXT.rangeReversed,
  sortInvalid: '不支持按该字段排序',
  keyWordTooLong: '关键词最多 100 个字符',
} as const;

const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v === '' ? undefined : v);

export const SysLogQuery = PageQuery.extend({
  logType: z.preprocess((v) => asText(v) ?? '1', z.enum(['1', '2'], { error: SYS_LOG_TEXT.logTypeInvalid })),
  keyWord: z.preprocess(asText, z.string().max(100, SYS_LOG_TEXT.keyWordTooLong).optional()),
  username: optionalStr(64),
  operateType: z.preprocess(
    asText,
    z.enum(['1', '2', '3', '4', '5', '6'], { error: SYS_LOG_TEXT.operateTypeInvalid }).optional(),
  ),
  createTime_begin: wireTimeParam,
  createTime_end: wireTimeParam,
  column: z.preprocess(asText, z.enum(SYS_LOG_SORT_COLUMNS, { error: SYS_LOG_TEXT.sortInvalid }).optional()),
}).superRefine((q, ctx) => {
  if (rangeReversed(q.createTime_begin, q.createTime_end)) {
    ctx.addIssue({ code: 'custom', path: ['createTime_end'], message: SYS_LOG_TEXT.rangeReversed });
  }
});
export type SysLogQuery = z.infer<typeof SysLogQuery>;

/** One row of either log, in JeecgBoot's SysLog shape (times 'yyyy-MM-dd HH:mm:ss', Asia/Shanghai). */
export interface SysLogRecord {
  id: string;
  logType: number;
  logType_dictText: string;
  logContent: string | null;
  operateType: number | null;
  operateType_dictText?: string;
  userid: string | null;
  username: string | null;
  /** The operate log's name of the user (the login log has none). */
  realname: string | null;
  ip: string | null;
  /** The HTTP method (JeecgBoot's requestType). */
  requestType: string | null;
  requestUrl: string | null;
  /** Milliseconds the request took (operate log; null for older rows and sign-ins). */
  costTime: number | null;
  /** The record an operation concerned (operate log). */
  relateId: string | null;
  createTime: string | null;
}
