/**
 * The registry of scheduled-job kinds: what a job may do. A job names a kind by its key (stored in JeecgBoot's
 * `job_class_name`); the kind declares its Chinese title, the zod schema of its parameter (JSON text of an object),
 * its misfire policy and its work. Nothing a user types is ever loaded, fetched or evaluated: an unknown key is
 * refused, and the work is code of this file calling other modules' services.
 */
import { z } from 'zod';
import type { QuartzKindRecord, QuartzMisfirePolicy } from '@houtai/shared/contract/quartz';
import type { Db } from '../../db/connection.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { FilesDeps } from '../files/files.service.ts';
import type { TaskKindRegistry } from '../async-task/async-task.kinds.ts';
import { sweepUploadsOlderThan } from '../oss/oss-multipart.service.ts';
import { purgeEndedSessions } from '../session/session.service.ts';
import { findActiveUserName } from '../user/user.service.ts';

/** What a kind's work may use. */
export interface QuartzRunContext {
  db: Db;
  now: () => number;
  realtime: Pick<RealtimeHub, 'sendToUsers'>;
  files: FilesDeps;
  tokenIdleMinutes: number;
  /** Queues a task-centre export (its kind named by its list url) for this account (login name); answers the title. */
  queueExport(
    username: string,
    body: { url: string; name?: string; params?: Record<string, unknown> },
  ): Promise<string>;
  /** The job and the run. */
  job: { id: string; createBy: string | null };
  runId: string;
}

/** What a parameter check at add/edit may read. */
export interface QuartzCheckContext {
  db: Db;
  taskKinds: TaskKindRegistry;
  /** The administrator saving the job: a scheduled export runs with their permissions. */
  userId: string;
  can(code: string): Promise<boolean>;
}

export interface QuartzKind {
  key: string;
  title: string;
  description: string;
  misfirePolicy: QuartzMisfirePolicy;
  parameterExample: Record<string, unknown>;
  params: z.ZodType<Record<string, unknown>>;
  /** Checks against stored data when the job is saved: a Chinese message, or null when fine. */
  check?(ctx: QuartzCheckContext, params: Record<string, unknown>): Promise<string | null>;
  /** The work; answers the run log's message. A Chinese refusal is thrown as an AppError or QuartzRunFailure. */
  run(ctx: QuartzRunContext, params: Record<string, unknown>): Promise<string>;
}

/** A known reason for a run to fail, written to the run log as it is. */
export class QuartzRunFailure extends Error {}

const int = (min: number, max: number, fallback: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const CLEANUP = z.strictObject(
  {
    tokenDays: int(1, 365, 30, '会话保留天数须为 1 到 365 的整数'),
    uploadHours: int(3, 720, 24, '未完成上传保留小时数须为 3 到 720 的整数'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? '参数只能包含 tokenDays、uploadHours' : undefined) },
);

const EXPORT = z.strictObject(
  {
    url: z
      .string({ error: '请填写导出的列表地址 url（如 /bi/workOrder/exportXls）' })
      .trim()
      .min(1, '请填写导出的列表地址 url（如 /bi/workOrder/exportXls）')
      .max(200, '导出地址过长'),
    name: z.string({ error: '任务名称须为文字' }).trim().max(100, '任务名称最多 100 个字符').optional(),
    params: z.record(z.string(), z.unknown(), { error: '导出条件 params 须为 JSON 对象' }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? '参数只能包含 url、name、params' : undefined) },
);

const NOTICE_MAX_USERS = 100;
const NOTICE = z.strictObject(
  {
    userIds: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '用户ID不正确'), { error: '请选择接收通知的用户 userIds' })
      .min(1, '请选择接收通知的用户 userIds')
      .max(NOTICE_MAX_USERS, `一次最多通知 ${NOTICE_MAX_USERS} 个用户`),
    text: z
      .string({ error: '请填写通知内容 text' })
      .trim()
      .min(1, '请填写通知内容 text')
      .max(200, '通知内容最多 200 个字符'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? '参数只能包含 userIds、text' : undefined) },
);

const cleanupKind: QuartzKind = {
  key: 'cleanup-sessions-uploads',
  title: '清理过期会话与未完成上传',
  description:
    '删除已结束（注销、过期或闲置超时）超过 tokenDays 天的会话记录，以及开始超过 uploadHours 小时仍未完成的分片上传',
  misfirePolicy: 'fire-once-now',
  parameterExample: { tokenDays: 30, uploadHours: 24 },
  params: CLEANUP,
  async run(ctx, raw) {
    const p = CLEANUP.parse(raw);
    const sessions = await purgeEndedSessions(ctx.db, p.tokenDays, ctx.tokenIdleMinutes, ctx.now());
    const uploads = await sweepUploadsOlderThan(ctx.files, p.uploadHours);
    return `清理会话 ${sessions} 条，未完成上传 ${uploads} 个`;
  },
};

const scheduledExportKind: QuartzKind = {
  key: 'scheduled-export',
  title: '定时导出',
  description: '按计划为创建任务的管理员在任务中心加入一次导出（url 为已登记的导出地址），完成后在任务中心下载',
  misfirePolicy: 'skip',
  parameterExample: { url: '/bi/workOrder/exportXls', name: '工单定时导出' },
  params: EXPORT,
  async check(ctx, raw) {
    const p = EXPORT.parse(raw);
    const kind = ctx.taskKinds.findExport({ url: p.url });
    if (!kind) return '该地址没有登记的导出，请检查 url';
    const parsed = kind.params.safeParse(p.params ?? {});
    if (!parsed.success) return parsed.error.issues[0]?.message ?? '导出条件不正确';
    if (!(await ctx.can(kind.permission))) return '您没有该导出的权限';
    return null;
  },
  async run(ctx, raw) {
    const p = EXPORT.parse(raw);
    if (!ctx.job.createBy) throw new QuartzRunFailure('任务没有创建人，无法导出');
    const title = await ctx.queueExport(ctx.job.createBy, {
      url: p.url,
      ...(p.name ? { name: p.name } : {}),
      ...(p.params ? { params: p.params } : {}),
    });
    return `已加入任务中心：${title}`;
  },
};

const sampleNoticeKind: QuartzKind = {
  key: 'sample-notice',
  title: '示例通知',
  description: '按计划向指定用户（userIds）发送一条实时消息（text）',
  misfirePolicy: 'skip',
  parameterExample: { userIds: [], text: '定时通知示例' },
  params: NOTICE,
  async check(ctx, raw) {
    const p = NOTICE.parse(raw);
    for (const id of new Set(p.userIds)) {
      if (!(await findActiveUserName(ctx.db, id))) return '包含不存在或已冻结的用户，请重新选择';
    }
    return null;
  },
  async run(ctx, raw) {
    const p = NOTICE.parse(raw);
    const active: string[] = [];
    for (const id of new Set(p.userIds)) if (await findActiveUserName(ctx.db, id)) active.push(id);
    if (active.length === 0) throw new QuartzRunFailure('接收通知的用户都已不存在或已冻结');
    await ctx.realtime.sendToUsers(active, { cmd: 'user', msgId: ctx.runId, msgTxt: p.text, status: 2 });
    return `已通知 ${active.length} 人`;
  },
};

/** Every kind, by key. */
export const QUARTZ_KINDS: ReadonlyMap<string, QuartzKind> = new Map(
  [cleanupKind, scheduledExportKind, sampleNoticeKind].map((k) => [k.key, k]),
);

export function findQuartzKind(key: string): QuartzKind | null {
  return QUARTZ_KINDS.get(key) ?? null;
}

export function kindRecords(): QuartzKindRecord[] {
  return [...QUARTZ_KINDS.values()].map((k) => ({
    key: k.key,
    title: k.title,
    description: k.description,
    misfirePolicy: k.misfirePolicy,
    parameterExample: JSON.stringify(k.parameterExample),
  }));
}
