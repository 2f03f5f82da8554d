/**
 * Work orders (工单): request schemas with Chinese messages, and the value schema of the per-user saved key
 * WORK_ORDER (unread work orders, spec §4/§7 GET /sys/redis/get, PUT /sys/redis/set). Constants, texts and the
 * action rule are in work-order-rules.ts (no zod, for light client chunks) and re-exported here.
 */
import { z } from 'zod';
// common.ts also configures zod's Chinese default messages for every schema.
import { rangeReversed, TIME_RANGE_TEXT, wireTimeParam } from './common.ts';
import {
  ID_PATTERN,
  WORK_ORDER_DEFAULT_PRIORITY,
  WORK_ORDER_LIMITS,
  WORK_ORDER_MINE,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_TEXT,
} from './work-order-rules.ts';
import { TEXT } from '../constants.ts';
import { parseFilterText, SuperQueryParamsQuery } from '../super-query.ts';

// ---------------------------------------------------------------------------------------------------------
// Schemas

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** A path the upload answered: `{biz}/{yyyyMMdd}/{uuid}.{ext}`. */
const STORED_PATH = /^[a-z]+\/\d{8}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';

/** Numbers and booleans as text (the Jeecg clients send both); blank stays undefined. */
const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;

const id = (required: string, invalid: string) =>
  z.preprocess(asText, z.string({ error: required }).trim().min(1, required).regex(ID_PATTERN, invalid));

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(asText, z.enum(values, { error: message }).optional());

const note = (required: string | null) =>
  required
    ? z.preprocess(
        asText,
        z.string({ error: required }).trim().min(1, required).max(WORK_ORDER_LIMITS.note, WORK_ORDER_TEXT.noteTooLong),
      )
    : z.preprocess(
        (v) => asText(v) ?? '',
        z
          .string({ error: WORK_ORDER_TEXT.noteTooLong })
          .trim()
          .max(WORK_ORDER_LIMITS.note, WORK_ORDER_TEXT.noteTooLong),
      );

const version = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: WORK_ORDER_TEXT.versionInvalid })
    .int(WORK_ORDER_TEXT.versionInvalid)
    .min(1, WORK_ORDER_TEXT.versionInvalid)
    .optional(),
);

const pageNumber = (max: number, fallback: number) =>
  z.preprocess(
    (v) => (blank(v) ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: WORK_ORDER_TEXT.pageInvalid })
      .int(WORK_ORDER_TEXT.pageInvalid)
      .min(1, WORK_ORDER_TEXT.pageInvalid)
      .max(max, WORK_ORDER_TEXT.pageInvalid),
  );

/**
 * GET /bi/workOrder/list. `title` takes the filter text box operators (`*abc*` contains, `abc*` starts with, `*abc`
 * ends with, `!abc` not equal, `>=`/`<=`); plain text is a contains-match. `column`/`order` are resolved through the
 * server's field registry (unknown names are refused there), as are the advanced query's fields
 * (`superQueryParams`, `superQueryMatchType`, @houtai/shared/super-query). `createTime_begin`/`_end` bound the
 * creation time.
 */
export const WorkOrderListFields = z.object({
  pageNo: pageNumber(1_000_000, 1),
  pageSize: pageNumber(1000, 10),
  column: z.preprocess(asText, z.string().max(200, TEXT.sortInvalid).optional()),
  order: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : asText(v)),
    z.enum(['asc', 'desc'], { error: WORK_ORDER_TEXT.orderInvalid }).optional(),
  ),
  title: z.preprocess(
    (v) => {
      const t = asText(v);
      return typeof t === 'string' ? t.trim() || undefined : t;
    },
    z
      .string({ error: WORK_ORDER_TEXT.titleTooLong })
      .refine((t) => (parseFilterText(t)?.value.length ?? 0) <= WORK_ORDER_LIMITS.title, WORK_ORDER_TEXT.titleTooLong)
      .optional(),
  ),
  status: optionalEnum(['0', '1', '2', '3'], WORK_ORDER_TEXT.statusInvalid),
  priority: optionalEnum(WORK_ORDER_PRIORITIES, WORK_ORDER_TEXT.priorityInvalid),
  mine: optionalEnum(WORK_ORDER_MINE, WORK_ORDER_TEXT.mineInvalid),
  // 创建时间 from … to (Asia/Shanghai; a bare end date covers its whole day).
  createTime_begin: wireTimeParam,
  createTime_end: wireTimeParam,
  ...SuperQueryParamsQuery,
});

/** The creation-time range's check, for the list's query and the schemas built on its fields (the export's). */
export function checkWorkOrderRange(
  q: { createTime_begin?: string | undefined; createTime_end?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (rangeReversed(q.createTime_begin, q.createTime_end)) {
    ctx.addIssue({ code: 'custom', path: ['createTime_end'], message: TIME_RANGE_TEXT.rangeReversed });
  }
}

export const WorkOrderListQuery = WorkOrderListFields.superRefine(checkWorkOrderRange);
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuery>;

export const WorkOrderIdQuery = z.object({ id: id(WORK_ORDER_TEXT.idRequired, WORK_ORDER_TEXT.idInvalid) });
export type WorkOrderIdQuery = z.infer<typeof WorkOrderIdQuery>;

/** GET /bi/workOrder/attachment: one attached file of an order the caller sees. */
export const WorkOrderAttachmentQuery = z.object({
  id: id(WORK_ORDER_TEXT.idRequired, WORK_ORDER_TEXT.idInvalid),
  path: z.preprocess(
    asText,
    z
      .string({ error: WORK_ORDER_TEXT.attachmentNotFound })
      .max(200)
      .regex(STORED_PATH, WORK_ORDER_TEXT.attachmentNotFound),
  ),
});
export type WorkOrderAttachmentQuery = z.infer<typeof WorkOrderAttachmentQuery>;

export const WorkOrderAddBody = z.object({
  title: z.preprocess(
    asText,
    z
      .string({ error: WORK_ORDER_TEXT.titleRequired })
      .trim()
      .min(1, WORK_ORDER_TEXT.titleRequired)
      .max(WORK_ORDER_LIMITS.title, WORK_ORDER_TEXT.titleTooLong)
      .refine((t) => !CONTROL_CHARS.test(t), WORK_ORDER_TEXT.titleControl),
  ),
  content: z.preprocess(
    (v) => asText(v) ?? '',
    z
      .string({ error: WORK_ORDER_TEXT.contentInvalid })
      .max(WORK_ORDER_LIMITS.content, WORK_ORDER_TEXT.contentTooLong)
      .transform((c) => c.replace(/\r\n?/g, '\n')),
  ),
  priority: z.preprocess(
    (v) => asText(v) ?? WORK_ORDER_DEFAULT_PRIORITY,
    z.enum(WORK_ORDER_PRIORITIES, { error: WORK_ORDER_TEXT.priorityInvalid }),
  ),
  /** Stored paths of the caller's own uploads: comma-joined text (as the upload widgets emit it) or a list. */
  attachments: z.preprocess(
    (v) => {
      if (blank(v)) return [];
      const list: unknown = typeof v === 'string' ? v.split(',') : v;
      if (!Array.isArray(list)) return list;
      return [
        ...new Set((list as unknown[]).map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '')),
      ];
    },
    z
      .array(z.string().regex(STORED_PATH, WORK_ORDER_TEXT.attachmentsInvalid), {
        error: WORK_ORDER_TEXT.attachmentsInvalid,
      })
      .max(WORK_ORDER_LIMITS.attachments, WORK_ORDER_TEXT.attachmentsTooMany),
  ),
});
export type WorkOrderAddBody = z.infer<typeof WorkOrderAddBody>;

/**
 * One row of 工单导入: the add form's fields, and the business key 工单号 an exported file carries. A row with a
 * 工单号 names an existing order; the import reports it instead of creating a twin (WORK_ORDER_TEXT.importRule).
 */
export const WorkOrderImportRow = WorkOrderAddBody.extend({
  orderNo: z.preprocess((v) => {
    const text = asText(v);
    return typeof text === 'string' && text.trim() === '' ? undefined : text;
  }, z.string().trim().max(WORK_ORDER_LIMITS.orderNo, WORK_ORDER_TEXT.orderNoInvalid).optional()),
});
export type WorkOrderImportRow = z.infer<typeof WorkOrderImportRow>;

export const WorkOrderAssignBody = z.object({
  id: id(WORK_ORDER_TEXT.idRequired, WORK_ORDER_TEXT.idInvalid),
  assigneeId: id(WORK_ORDER_TEXT.assigneeRequired, WORK_ORDER_TEXT.assigneeInvalid),
  note: note(null),
  version,
});
export type WorkOrderAssignBody = z.infer<typeof WorkOrderAssignBody>;

export const WorkOrderCloseBody = z.object({
  id: id(WORK_ORDER_TEXT.idRequired, WORK_ORDER_TEXT.idInvalid),
  note: note(WORK_ORDER_TEXT.closeNoteRequired),
  version,
});
export type WorkOrderCloseBody = z.infer<typeof WorkOrderCloseBody>;

export const WorkOrderCompleteBody = z.object({
  id: id(WORK_ORDER_TEXT.idRequired, WORK_ORDER_TEXT.idInvalid),
  note: note(WORK_ORDER_TEXT.completeNoteRequired),
  version,
});
export type WorkOrderCompleteBody = z.infer<typeof WorkOrderCompleteBody>;

export const WorkOrderReopenBody = z.object({
  id: id(WORK_ORDER_TEXT.idRequired, WORK_ORDER_TEXT.idInvalid),
  note: note(null),
  version,
});
export type WorkOrderReopenBody = z.infer<typeof WorkOrderReopenBody>;

export const WorkOrderCommentBody = z.object({
  id: id(WORK_ORDER_TEXT.idRequired, WORK_ORDER_TEXT.idInvalid),
  note: note(WORK_ORDER_TEXT.commentRequired),
});
export type WorkOrderCommentBody = z.infer<typeof WorkOrderCommentBody>;

// ---------------------------------------------------------------------------------------------------------
// The per-user key WORK_ORDER (GET /sys/redis/get, PUT|POST /sys/redis/set)

const UNREAD_ID_INVALID = '未读工单ID不正确';
const KEY_REQUIRED = '请输入键名';
const KEY_INVALID = '键名不正确';
/** A user-kv key: required, at most 64 characters. */
const kvKey = z.preprocess(asText, z.string({ error: KEY_REQUIRED }).trim().min(1, KEY_REQUIRED).max(64, KEY_INVALID));

export const UserKvGetQuery = z.object({
  k: kvKey,
});

/** `t` is the expiry in seconds in Jeecg's client; only 0 (never expires) is supported. */
export const UserKvSetBody = z.object({
  k: kvKey,
  v: z.unknown(),
  t: z.preprocess(
    (v) => (blank(v) ? 0 : typeof v === 'string' ? Number(v) : v),
    z.number({ error: '有效期不正确' }).refine((t) => t === 0, '暂不支持设置有效期，t 只能为 0'),
  ),
});

/**
 * The value of WORK_ORDER: a list of work-order ids, as an array or as the comma-separated text the Jeecg client
 * sends (a JSON array in text is accepted too); stored normalised (trimmed, de-duplicated, in order).
 */
export const WorkOrderUnreadIds = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return [];
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (text === '') return [];
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return v;
      }
    }
    return text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  },
  z
    .array(z.string({ error: UNREAD_ID_INVALID }).trim().regex(ID_PATTERN, UNREAD_ID_INVALID), {
      error: '未读工单必须是工单ID列表',
    })
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length <= WORK_ORDER_LIMITS.unreadIds, `未读工单最多${WORK_ORDER_LIMITS.unreadIds}个`),
);
