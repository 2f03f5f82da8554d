/**
 * Scheduled jobs (定时任务, issue 14 item 6): JeecgBoot's /sys/quartzJob calls (list, add, edit, delete, deleteBatch,
 * queryById, pause, resume, execute) and ours (kinds, log, preview). A job names a KIND of the server's registry in
 * `jobClassName` (never a Java class, URL or code typed by a user); its `parameter` is JSON text that the kind's own
 * schema validates on the server. Cron expressions are Quartz's, checked by the shared engine (../cron), fired in
 * Asia/Shanghai. Request schemas carry Chinese messages; unknown body fields are dropped.
 */
import { z } from 'zod';
import './common.ts';
import { PAGE_SIZE_DEFAULT } from '../constants.ts';
import { validateCron } from '../cron/index.ts';
import { ADMIN_LIMITS, ADMIN_TEXT } from './admin.ts';

/** The zone every job's expression is read in. */
export const QUARTZ_TIME_ZONE = 'Asia/Shanghai';

/** JeecgBoot's dictionary quartz_status. */
export const QUARTZ_STATUS = { normal: 0, stopped: -1 } as const;
export const QUARTZ_STATUS_TEXT: Readonly<Record<string, string>> = { '0': '正常', '-1': '停止' };

/**
 * What happens to fire times missed while no instance ran (or ran more than QUARTZ_MISFIRE_THRESHOLD_MS late):
 * 'fire-once-now' runs the job once now for all of them (Quartz's MISFIRE_INSTRUCTION_FIRE_ONCE_NOW), 'skip' runs
 * nothing and waits for the next fire time (MISFIRE_INSTRUCTION_DO_NOTHING); either way the run log says so.
 */
export const QUARTZ_MISFIRE_POLICIES = ['fire-once-now', 'skip'] as const;
export type QuartzMisfirePolicy = (typeof QUARTZ_MISFIRE_POLICIES)[number];
export const QUARTZ_MISFIRE_TEXT: Readonly<Record<QuartzMisfirePolicy, string>> = {
  'fire-once-now': '立即补执行一次',
  skip: '跳过错过的执行',
};
/** Quartz's default misfireThreshold: a fire this late is a misfire. */
export const QUARTZ_MISFIRE_THRESHOLD_MS = 60_000;

export type QuartzRunResult = 'running' | 'success' | 'failure' | 'skipped';
export const QUARTZ_RESULT_TEXT: Readonly<Record<QuartzRunResult, string>> = {
  running: '执行中',
  success: '成功',
  failure: '失败',
  skipped: '已跳过',
};
export type QuartzTriggerType = 'schedule' | 'misfire' | 'manual';
export const QUARTZ_TRIGGER_TEXT: Readonly<Record<QuartzTriggerType, string>> = {
  schedule: '按计划',
  misfire: '错过补执行',
  manual: '手动执行',
};

export const QUARTZ_LIMITS = {
  kindKeyMax: 64,
  cronMax: 200,
  /** The parameter's JSON text. */
  parameterMax: 4000,
  descriptionMax: 200,
  /** GET preview's count. */
  previewMax: 20,
  previewDefault: 5,
  logPageSizeMax: 100,
} as const;

export const QUARTZ_TEXT = {
  added: '创建定时任务成功',
  edited: '更新定时任务成功!',
  deleted: '删除定时任务成功!',
  paused: '暂停定时任务成功',
  resumed: '恢复定时任务成功',
  executed: '执行成功!',
  kindRequired: '请选择任务类型',
  kindUnknown: '任务类型不存在，请从列表中选择',
  cronRequired: 'Cron表达式不能为空',
  cronTooLong: `Cron表达式最多 ${QUARTZ_LIMITS.cronMax} 个字符`,
  cronNeverFires: 'Cron表达式以后不会再触发，请修改',
  parameterTooLong: `参数最多 ${QUARTZ_LIMITS.parameterMax} 个字符`,
  parameterJson: '参数须为 JSON 对象，如 {"days": 7}',
  parameterInvalid: '参数不正确',
  descriptionTooLong: `描述最多 ${QUARTZ_LIMITS.descriptionMax} 个字符`,
  statusInvalid: '状态只能为 0（正常）或 -1（停止）',
  misfireInvalid: '错过策略只能为 fire-once-now 或 skip',
  idRequired: '请传入任务ID',
  idInvalid: '任务ID不正确',
  idsRequired: '请选择要删除的任务',
  versionInvalid: '版本号不正确',
  countInvalid: `预览次数须为 1 到 ${QUARTZ_LIMITS.previewMax}`,
  alreadyRunning: '该定时任务已在运行',
  alreadyPaused: '该定时任务已暂停',
  /** A run whose failure is not the kind's own Chinese message (details in the server log). */
  runFailed: '执行出错，详见服务器日志',
  /** A run still 执行中 long after it began: the instance running it stopped (or it hangs); its result is unknown. */
  runInterrupted: '执行中断：运行它的实例已停止或超时，结果未知',
  misfireSkipped: (n: string) => `错过 ${n} 次执行，按策略跳过`,
  misfireFired: (n: string) => `错过 ${n} 次执行，已补执行一次`,
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
const trimmed = (v: unknown): unknown => {
  const t = asText(v);
  return typeof t === 'string' ? t.trim() || undefined : t;
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const requiredId = z.preprocess(trimmed, z.string({ error: QUARTZ_TEXT.idRequired }).regex(ID, QUARTZ_TEXT.idInvalid));

/** A kind key: lower-case words joined by '-' (the registry's keys). */
const kindKey = z.preprocess(
  trimmed,
  z
    .string({ error: QUARTZ_TEXT.kindRequired })
    .max(QUARTZ_LIMITS.kindKeyMax, QUARTZ_TEXT.kindUnknown)
    .regex(/^[a-z][a-z0-9-]*$/, QUARTZ_TEXT.kindUnknown),
);

/** A Quartz expression, checked by the shared engine (its Chinese message on failure). */
export const cronExpression = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') || undefined : v),
  z
    .string({ error: QUARTZ_TEXT.cronRequired })
    .max(QUARTZ_LIMITS.cronMax, QUARTZ_TEXT.cronTooLong)
    .superRefine((v, ctx) => {
      const message = validateCron(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
);

/** The parameter as JSON text of an object (an object body is accepted and written as JSON); blank: '{}'. */
const parameter = z.preprocess(
  (v) => {
    if (blank(v)) return '{}';
    if (typeof v === 'object' && !Array.isArray(v)) return JSON.stringify(v);
    return typeof v === 'string' ? v.trim() || '{}' : v;
  },
  z
    .string({ error: QUARTZ_TEXT.parameterJson })
    .max(QUARTZ_LIMITS.parameterMax, QUARTZ_TEXT.parameterTooLong)
    .refine((text) => {
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      } catch {
        return false;
      }
    }, QUARTZ_TEXT.parameterJson),
);

const description = z.preprocess(
  (v) => (blank(v) ? null : asText(v)),
  z
    .string({ error: QUARTZ_TEXT.descriptionTooLong })
    .max(QUARTZ_LIMITS.descriptionMax, QUARTZ_TEXT.descriptionTooLong)
    .nullable(),
);

const status = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(0), z.literal(-1)], { error: QUARTZ_TEXT.statusInvalid }),
);

const misfirePolicy = z.preprocess(trimmed, z.enum(QUARTZ_MISFIRE_POLICIES, { error: QUARTZ_TEXT.misfireInvalid }));

/** GET /sys/quartzJob/list: IPage, filters jobClassName (exact kind key) and status. */
export const QuartzListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(PAGE_SIZE_DEFAULT),
  column: z.preprocess(trimmed, z.string().max(64).optional()),
  order: z.preprocess(trimmed, z.enum(['asc', 'desc']).optional()),
  jobClassName: z.preprocess(trimmed, z.string().max(QUARTZ_LIMITS.kindKeyMax, QUARTZ_TEXT.kindUnknown).optional()),
  status: status.optional(),
});
export type QuartzListQuery = z.infer<typeof QuartzListQuery>;

/** POST /sys/quartzJob/add. status: 0 starts the job at once (JeecgBoot's default), -1 keeps it stopped. */
export const QuartzAddBody = z.object({
  jobClassName: kindKey,
  cronExpression,
  parameter,
  description: description.optional(),
  status: status.optional(),
  /** Absent: the kind's own policy. */
  misfirePolicy: misfirePolicy.optional(),
});
export type QuartzAddBody = z.infer<typeof QuartzAddBody>;

/** PUT|POST /sys/quartzJob/edit; `version` (optional) is checked when sent. */
export const QuartzEditBody = QuartzAddBody.extend({
  id: requiredId,
  version: z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: QUARTZ_TEXT.versionInvalid }).int(QUARTZ_TEXT.versionInvalid).optional(),
  ),
});
export type QuartzEditBody = z.infer<typeof QuartzEditBody>;

/** ?id= of delete, queryById, pause, resume and execute (pause/resume/execute also take it in a POST body). */
export const QuartzIdQuery = z.object({ id: requiredId });
export type QuartzIdQuery = z.infer<typeof QuartzIdQuery>;

export const QuartzIdsQuery = z.object({
  ids: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? [
            ...new Set(
              v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ]
        : Array.isArray(v)
          ? [...new Set(v.map((s) => String(s).trim()).filter(Boolean))]
          : blank(v)
            ? []
            : v,
    z
      .array(z.string().regex(ID, QUARTZ_TEXT.idInvalid), { error: QUARTZ_TEXT.idsRequired })
      .min(1, QUARTZ_TEXT.idsRequired)
      .max(ADMIN_LIMITS.idsPerBatch, ADMIN_TEXT.tooManyIds),
  ),
});
export type QuartzIdsQuery = z.infer<typeof QuartzIdsQuery>;

/** GET /sys/quartzJob/log: a job's runs, newest first. */
export const QuartzLogQuery = z.object({
  jobId: requiredId,
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUARTZ_LIMITS.logPageSizeMax).default(10),
});
export type QuartzLogQuery = z.infer<typeof QuartzLogQuery>;

/** GET /sys/quartzJob/preview: the next `count` fire times of an expression. */
export const QuartzPreviewQuery = z.object({
  cronExpression,
  count: z.preprocess(
    (v) => (blank(v) ? QUARTZ_LIMITS.previewDefault : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: QUARTZ_TEXT.countInvalid })
      .int(QUARTZ_TEXT.countInvalid)
      .min(1, QUARTZ_TEXT.countInvalid)
      .max(QUARTZ_LIMITS.previewMax, QUARTZ_TEXT.countInvalid),
  ),
});
export type QuartzPreviewQuery = z.infer<typeof QuartzPreviewQuery>;

/** A job as list and queryById answer it (times as Asia/Shanghai 'yyyy-MM-dd HH:mm:ss'). */
export interface QuartzJobRecord {
  id: string;
  jobClassName: string;
  /** The kind's Chinese title. */
  jobClassName_dictText: string;
  cronExpression: string;
  parameter: string;
  description: string | null;
  status: number;
  status_dictText: string;
  misfirePolicy: QuartzMisfirePolicy;
  misfirePolicy_dictText: string;
  lastFireTime: string | null;
  nextFireTime: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
}

/** One kind of the registry (GET kinds): the screen's select and its parameter hint. */
export interface QuartzKindRecord {
  key: string;
  title: string;
  description: string;
  misfirePolicy: QuartzMisfirePolicy;
  /** An example parameter (JSON text) the form pre-fills. */
  parameterExample: string;
}

/** One run (GET log). */
export interface QuartzRunRecord {
  id: string;
  jobId: string;
  fireTime: string;
  triggerType: QuartzTriggerType;
  triggerType_dictText: string;
  startTime: string | null;
  endTime: string | null;
  /** Milliseconds from start to end, when ended. */
  duration: number | null;
  result: QuartzRunResult;
  result_dictText: string;
  message: string | null;
  instanceId: string | null;
}

/** GET preview. */
export interface QuartzPreviewResult {
  /** The engine's Chinese reading of the expression. */
  description: string;
  /** Asia/Shanghai 'yyyy-MM-dd HH:mm:ss'. */
  times: string[];
}
