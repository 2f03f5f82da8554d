/**
 * The task centre (/task/asyncTask/*): adding an export or import task, retrying a failed one, and the caller's
 * own list. Status '1' 进行中, '2' 已完成, '3' 失败 (dictionary async_task_status).
 */
import { z } from 'zod';
// Chinese default messages for every schema (common.ts configures zod once).
import './common.ts';
import { IMPORT_FILE_TEXT } from '../upload.ts';
import { COMMON_TEXT, EXPORT_TEXT } from '../constants.ts';
import { SuperQueryParamsQuery } from '../super-query.ts';

export const ASYNC_TASK_STATUS = { running: '1', done: '2', failed: '3' } as const;
export type AsyncTaskStatus = (typeof ASYNC_TASK_STATUS)[keyof typeof ASYNC_TASK_STATUS];
export const ASYNC_TASK_STATUS_DICT = 'async_task_status';

export const ASYNC_TASK_TEXT = {
  exportUrlRequired: EXPORT_TEXT.urlRequired,
  importUrlRequired: IMPORT_FILE_TEXT.urlRequired,
  exportUnsupported: '不支持的导出类型',
  importUnsupported: '不支持的导入类型',
  /** The web app's text once a task is added; the server answers the task's title as the message. */
  added: (title: string) => `${title}已加入到任务中心列表`,
  addFailed: EXPORT_TEXT.addTaskFailed,
  retried: '任务已重新提交',
  notFound: '任务不存在',
  retryState: '只有失败的任务可以重试',
  fileNotFound: '导入文件不存在或无权使用',
  interrupted: '服务重启，任务已中断，请重试',
  idRequired: 'id不能为空',
  nameTooLong: '任务名称过长',
  paramsInvalid: '任务参数格式不正确',
  pageInvalid: COMMON_TEXT.pageInvalid,
  statusInvalid: '任务状态不正确',
  exportDone: (title: string, rows: number) => `${title} 导出完成，共 ${rows} 行`,
  exportFailed: (title: string) => `${title} 导出失败`,
  importDone: (title: string, rows: number) => `${title} 导入完成，成功 ${rows} 行`,
  importPartly: (title: string, ok: number, bad: number) =>
    `${title} 导入完成，成功 ${ok} 行，失败 ${bad} 行，请下载错误明细`,
  importFailed: (title: string) => `${title} 导入失败`,
  started: (title: string) => `${title} 已开始`,
  emptyFile: '导入文件没有数据',
  importExtension: '只能导入 .xlsx 文件',
  fileTooLarge: IMPORT_FILE_TEXT.tooLarge,
  importPartlySync: '文件导入成功，但有错误数据，请下载错误明细',
} as const;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
const optionalText = (max: number) => z.preprocess(asText, z.string().trim().max(max).optional());

/** Params arrive as an object or as JSON text; kept as an object. */
const params = z.preprocess(
  (v) => {
    if (blank(v)) return {};
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.record(z.string(), z.unknown(), { error: ASYNC_TASK_TEXT.paramsInvalid }),
);

/**
 * POST /task/asyncTask/add. An export names the list's url (e.g. '/bi/workOrder/exportXls') with its filters in
 * `params`; an import (businessType present) names the stored path of the uploaded .xlsx in `importUrl` (or `url`).
 */
export const AsyncTaskAddBody = z.object({
  url: optionalText(500),
  importUrl: optionalText(500),
  businessType: optionalText(64),
  name: z.preprocess(asText, z.string().trim().max(100, ASYNC_TASK_TEXT.nameTooLong).optional()),
  module: optionalText(64),
  method: optionalText(64),
  params: params.optional(),
});
export type AsyncTaskAddBody = z.infer<typeof AsyncTaskAddBody>;

/** What the import dialog registers with the task centre (POST /task/asyncTask/add, spec widgets §3 import task). */
export interface ImportTaskBody {
  businessType: string;
  name: string;
  importUrl: string;
  url: string;
  module?: string | undefined;
  method?: string | undefined;
}

/** The task centre's (or a direct import's) answer as the import dialog reads it; code 201 names an error file. */
export interface ImportAnswer {
  success: boolean;
  message: string;
  code?: number | undefined;
  result?: unknown;
}

export const AsyncTaskRetryBody = z.object({
  id: z.preprocess(asText, z.string({ error: ASYNC_TASK_TEXT.idRequired }).trim().min(1).max(64)),
});
export type AsyncTaskRetryBody = z.infer<typeof AsyncTaskRetryBody>;

const pageNumber = (max: number, fallback: number) =>
  z.preprocess(
    (v) => (blank(v) ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: ASYNC_TASK_TEXT.pageInvalid })
      .int(ASYNC_TASK_TEXT.pageInvalid)
      .min(1, ASYNC_TASK_TEXT.pageInvalid)
      .max(max, ASYNC_TASK_TEXT.pageInvalid),
  );

/** GET /task/asyncTask/list/mine: `title` contains-match (Jeecg `*abc*` accepted), newest first. */
export const AsyncTaskListQuery = z.object({
  pageNo: pageNumber(1_000_000, 1),
  pageSize: pageNumber(1000, 10),
  title: z.preprocess((v) => {
    const t = asText(v);
    return typeof t === 'string' ? t.replace(/^\*+|\*+$/g, '').trim() || undefined : t;
  }, z.string().max(100).optional()),
  status: z.preprocess(asText, z.enum(['1', '2', '3'], { error: ASYNC_TASK_TEXT.statusInvalid }).optional()),
  ...SuperQueryParamsQuery,
});
export type AsyncTaskListQuery = z.infer<typeof AsyncTaskListQuery>;

export interface AsyncTaskRecord {
  id: string;
  title: string;
  startTime: string | null;
  endTime: string | null;
  status: string;
  status_dictText: string;
  duration: number | null;
  content: string | null;
  createTime: string | null;
  downloadUrl: string | null;
  /** Percent done (0–100); live updates come as task progress messages (TASK_PROGRESS_BUSINESS_TYPE). */
  progress: number;
}
