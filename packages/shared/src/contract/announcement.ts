/**
 * Announcements and messages (contract §2.3, spec 000 §3/§4/§7/§9) and the notice banner's edit: the request
 * schemas with their Chinese messages, the value sets and limits, and the wire shapes of the answers. The admin
 * form and the server validate with the same rules.
 */
import { z } from 'zod';
// Chinese default messages for every schema (common.ts configures zod once).
import './common.ts';
import { optionalIdList, splitIds } from './id-list.ts';
import { COMMON_TEXT } from '../constants.ts';
import { MY_MESSAGES_PAGE_SIZE } from '../messaging.ts';
import { SuperQueryParamsQuery } from '../super-query.ts';
import { maxLengthMessage } from '../validation.ts';

/** Permission codes (seeded for the admin role); the web shows the matching buttons, the server checks. */
export const ANNOUNCEMENT_PERMISSIONS = {
  list: 'system:announcement:list',
  add: 'system:announcement:add',
  edit: 'system:announcement:edit',
  delete: 'system:announcement:delete',
  /** Publishing and revoking. */
  release: 'system:announcement:release',
  /** The notice banner's edit. */
  noticeEdit: 'system:notice:edit',
} as const;

/** Title ('titile', sic): plain text, one line. */
export const ANNOUNCEMENT_TITLE_MAX = 100;
/** Markdown content, stored raw (the web sanitises at render). */
export const ANNOUNCEMENT_CONTENT_MAX = 100_000;
export const ANNOUNCEMENT_ABSTRACT_MAX = 500;
export const ANNOUNCEMENT_OPEN_PAGE_MAX = 255;
/** Users or departments one announcement may address by id. */
export const ANNOUNCEMENT_MAX_RECIPIENT_IDS = 1000;
/** Ids one deleteBatch may name. */
export const ANNOUNCEMENT_MAX_BATCH_IDS = 1000;
/** The bell's lists (listByUser): 5 by default (contract §2.3). */
export const BELL_PAGE_SIZE_DEFAULT = 5;
export const BELL_PAGE_SIZE_MAX = 50;
/** The admin list: 10 by default (my messages: MY_MESSAGES_PAGE_SIZE of messaging.ts). */
export const ANNOUNCEMENT_PAGE_SIZE_DEFAULT = 10;
/**
 * Larger page sizes are clamped to this, not refused: rows carry up to 100 000 characters of Markdown, so a
 * page stays bounded whatever a client asks.
 */
export const ANNOUNCEMENT_PAGE_SIZE_MAX = 100;
/** The notice banner's text (plain text, spec §3 System notification). */
export const NOTICE_CONTENT_MAX = 500;

/** '1' 通知公告, '2' 系统消息, '3' 网关消息 (dictionary msg_category). */
export const MSG_CATEGORIES = ['1', '2', '3'] as const;
export type MsgCategory = (typeof MSG_CATEGORIES)[number];
/** Dictionary priority. */
export const PRIORITIES = ['L', 'M', 'H'] as const;
export type Priority = (typeof PRIORITIES)[number];
/** Audience (dictionary msg_type): everyone, listed users, listed departments with their sub-departments. */
export const MSG_TYPES = ['ALL', 'USER', 'DEPART'] as const;
export type MsgType = (typeof MSG_TYPES)[number];
/** Dictionary send_status: '0' draft, '1' published, '2' revoked. */
export const SEND_STATUSES = ['0', '1', '2'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
/** 'component' opens openPage (a route of the app) with busId; 'url' opens openPage as a link. */
export const OPEN_TYPES = ['component', 'url'] as const;
export type OpenType = (typeof OPEN_TYPES)[number];

export const ANNOUNCEMENT_TEXT = {
  titleRequired: COMMON_TEXT.titleRequired,
  titleTooLong: `标题长度不能超过${ANNOUNCEMENT_TITLE_MAX}个字符`,
  titleControl: COMMON_TEXT.titleControl,
  contentRequired: '请输入内容',
  contentTooLong: `内容长度不能超过${ANNOUNCEMENT_CONTENT_MAX}个字符`,
  contentEmpty: '内容不能为空（只含有不允许的标签）',
  abstractTooLong: `摘要长度不能超过${ANNOUNCEMENT_ABSTRACT_MAX}个字符`,
  priorityInvalid: '优先级不正确',
  categoryInvalid: '消息类型不正确',
  msgTypeInvalid: '通告对象类型不正确',
  openTypeInvalid: '打开方式不正确',
  timeInvalid: '时间格式应为yyyy-MM-dd HH:mm:ss',
  endBeforeStart: '结束时间必须晚于开始时间',
  openPageRequired: '请输入打开页面',
  openPageInvalid: '打开页面地址不正确',
  usersRequired: '请选择指定用户',
  departsRequired: '请选择指定部门',
  idsInvalid: 'ID列表不正确',
  tooManyIds: `一次最多指定${ANNOUNCEMENT_MAX_RECIPIENT_IDS}个对象`,
  idRequired: '请传入id',
  idsRequired: COMMON_TEXT.idsRequired,
  anntIdRequired: '请传入anntId',
  sendIdRequired: '请传入sendId',
  pageSizeInvalid: COMMON_TEXT.pageSizeInvalid,
  pageNoInvalid: '页码不正确',
  readFlagInvalid: '阅读状态不正确',
  sendStatusInvalid: '发布状态不正确',
  versionInvalid: COMMON_TEXT.versionInvalid,
  busFieldTooLong: '业务字段长度不能超过64个字符',
  notFound: '未找到对应数据',
  usersNotFound: '指定的用户不存在或已停用',
  departsNotFound: '指定的部门不存在',
  noRecipients: '没有可接收该通告的用户',
  onlyDraftEditable: '只能编辑未发布的通告',
  onlyDraftReleasable: '只能发布未发布的通告',
  onlyPublishedRevocable: '只能撤销已发布的通告',
  added: COMMON_TEXT.added,
  edited: '编辑成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
  released: '该系统通知发布成功',
  revoked: '该系统通知撤销成功',
  readAll: COMMON_TEXT.readAll,
  noticeStatusInvalid: '通知状态只能是0或1',
  noticeContentRequired: '请输入通知内容',
  noticeContentTooLong: `通知内容长度不能超过${NOTICE_CONTENT_MAX}个字符`,
  noticeSaved: COMMON_TEXT.saved,
} as const;

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
const WIRE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant from the wire (contract §1.4): 'yyyy-MM-dd HH:mm:ss', 'yyyy-MM-dd HH:mm' or 'yyyy-MM-dd' in
 * Asia/Shanghai, or ISO-8601 with a zone. Null when it is none of these or not a real calendar time.
 */
export function parseWireTime(text: string): number | null {
  const v = text.trim();
  if (ISO_WITH_ZONE.test(v)) {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  const m = WIRE_TIME.exec(v);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Date.UTC rolls 2024-02-30 over to March: refuse anything that does not round-trip.
  const back = new Date(t).toISOString();
  if (back.slice(0, 19) !== `${y}-${mo}-${d}T${h}:${mi}:${s}`) return null;
  return t - SHANGHAI_OFFSET_MS;
}

/** Numbers and booleans from form-encoded or JSON bodies as text. */
const asText = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);
/** '' and null mean "not given" for optional fields. */
const blankAsAbsent = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const text = (max: number, tooLong: string, required?: string) =>
  z.preprocess(asText, z.string(required ? { error: required } : undefined).max(max, tooLong));
const optionalText = (max: number, tooLong: string) => z.preprocess(blankAsAbsent, text(max, tooLong).optional());

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string, fallback: T[number]) =>
  z.preprocess((v) => blankAsAbsent(asText(v)) ?? fallback, z.enum(values, { error: message }));

const wireTime = z.preprocess(
  blankAsAbsent,
  z
    .string({ error: ANNOUNCEMENT_TEXT.timeInvalid })
    .max(40, ANNOUNCEMENT_TEXT.timeInvalid)
    .refine((v) => parseWireTime(v) !== null, ANNOUNCEMENT_TEXT.timeInvalid)
    .optional(),
);

/** Split a comma list or take an array (contract/id-list.ts). */
export { splitIds };

/** A list of ids as a comma string or an array; every id a plain identifier; left out or blank → undefined. */
const idList = z.preprocess(
  blankAsAbsent,
  optionalIdList({
    invalid: ANNOUNCEMENT_TEXT.idsInvalid,
    max: ANNOUNCEMENT_MAX_RECIPIENT_IDS,
    tooMany: ANNOUNCEMENT_TEXT.tooManyIds,
  }),
);

const title = z.preprocess(
  asText,
  z
    .string({ error: ANNOUNCEMENT_TEXT.titleRequired })
    .refine((v) => v.trim() !== '', ANNOUNCEMENT_TEXT.titleRequired)
    .refine((v) => v.length <= ANNOUNCEMENT_TITLE_MAX, ANNOUNCEMENT_TEXT.titleTooLong)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), ANNOUNCEMENT_TEXT.titleControl),
);

/** A route of the app (component) or its component path: letters, digits and / _ - . : only. */
const COMPONENT_PAGE = /^\/?[A-Za-z0-9_\-.:]+(?:\/[A-Za-z0-9_\-.:]+)*$/;
/** A link: http(s) with a host, or a path of this site (never '//host', never javascript: or data:). */
const URL_PAGE = /^(?:https?:\/\/[^\s"'<>\\]+|\/(?!\/)[^\s"'<>\\]*)$/;

const announcementFields = {
  titile: title,
  msgContent: z.preprocess(
    asText,
    z
      .string({ error: ANNOUNCEMENT_TEXT.contentRequired })
      .refine((v) => v.trim() !== '', ANNOUNCEMENT_TEXT.contentRequired)
      .refine((v) => v.length <= ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TEXT.contentTooLong),
  ),
  /**
   * Our editor's Markdown source. When given, the stored HTML (msgContent) is made from it and msgContent is
   * ignored; the Jeecg clients send only msgContent (HTML). Both are sanitised by the server.
   */
  msgContentMd: optionalText(ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TEXT.contentTooLong),
  startTime: wireTime,
  endTime: wireTime,
  priority: oneOf(PRIORITIES, ANNOUNCEMENT_TEXT.priorityInvalid, 'L'),
  msgCategory: oneOf(MSG_CATEGORIES, ANNOUNCEMENT_TEXT.categoryInvalid, '1'),
  msgType: oneOf(MSG_TYPES, ANNOUNCEMENT_TEXT.msgTypeInvalid, 'ALL'),
  userIds: idList,
  departIds: idList,
  openType: z.preprocess(
    (v) => blankAsAbsent(asText(v)),
    z.enum(OPEN_TYPES, { error: ANNOUNCEMENT_TEXT.openTypeInvalid }).optional(),
  ),
  openPage: optionalText(ANNOUNCEMENT_OPEN_PAGE_MAX, ANNOUNCEMENT_TEXT.openPageInvalid),
  busType: optionalText(64, ANNOUNCEMENT_TEXT.busFieldTooLong),
  busId: optionalText(64, ANNOUNCEMENT_TEXT.busFieldTooLong),
  msgAbstract: optionalText(ANNOUNCEMENT_ABSTRACT_MAX, ANNOUNCEMENT_TEXT.abstractTooLong),
};

interface CrossFields {
  startTime?: string | undefined;
  endTime?: string | undefined;
  msgType: MsgType;
  userIds?: string[] | undefined;
  departIds?: string[] | undefined;
  openType?: OpenType | undefined;
  openPage?: string | undefined;
}

/** Rules between fields: the time window, the audience list and the page to open. */
function checkCrossFields(v: CrossFields, ctx: z.RefinementCtx): void {
  const start = v.startTime ? parseWireTime(v.startTime) : null;
  const end = v.endTime ? parseWireTime(v.endTime) : null;
  if (start !== null && end !== null && end <= start) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: ANNOUNCEMENT_TEXT.endBeforeStart });
  }
  if (v.msgType === 'USER' && !v.userIds?.length) {
    ctx.addIssue({ code: 'custom', path: ['userIds'], message: ANNOUNCEMENT_TEXT.usersRequired });
  }
  if (v.msgType === 'DEPART' && !v.departIds?.length) {
    ctx.addIssue({ code: 'custom', path: ['departIds'], message: ANNOUNCEMENT_TEXT.departsRequired });
  }
  if (v.openType === 'component') {
    if (!v.openPage) ctx.addIssue({ code: 'custom', path: ['openPage'], message: ANNOUNCEMENT_TEXT.openPageRequired });
    else if (!COMPONENT_PAGE.test(v.openPage)) {
      ctx.addIssue({ code: 'custom', path: ['openPage'], message: ANNOUNCEMENT_TEXT.openPageInvalid });
    }
  } else if (v.openType === 'url') {
    if (!v.openPage) ctx.addIssue({ code: 'custom', path: ['openPage'], message: ANNOUNCEMENT_TEXT.openPageRequired });
    else if (!URL_PAGE.test(v.openPage)) {
      ctx.addIssue({ code: 'custom', path: ['openPage'], message: ANNOUNCEMENT_TEXT.openPageInvalid });
    }
  }
}

/**
 * POST /sys/annountCement/add. Fields the server owns (id, sendStatus, sender, delFlag, times of sending, audit
 * columns) are not part of it and are dropped when sent.
 */
export const AnnouncementAddBody = z.object(announcementFields).superRefine(checkCrossFields);
export type AnnouncementAddBody = z.infer<typeof AnnouncementAddBody>;

const requiredId = (message: string) =>
  z.preprocess(asText, z.string({ error: message }).min(1, message).max(64, message));

/** PUT|POST /sys/annountCement/edit: the whole form again, with the id and (optionally) the version last read. */
export const AnnouncementEditBody = z
  .object({
    ...announcementFields,
    id: requiredId(ANNOUNCEMENT_TEXT.idRequired),
    version: z.preprocess(
      blankAsAbsent,
      z.coerce
        .number({ error: ANNOUNCEMENT_TEXT.versionInvalid })
        .int(ANNOUNCEMENT_TEXT.versionInvalid)
        .min(0, ANNOUNCEMENT_TEXT.versionInvalid)
        .optional(),
    ),
  })
  .superRefine(checkCrossFields);
export type AnnouncementEditBody = z.infer<typeof AnnouncementEditBody>;

/**
 * A page size from the query: the default when absent, clamped into 1..max when a number (a huge or negative
 * value is not an error), refused when not a number.
 */
export const clampedPageSize = (fallback: number, max: number) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === '') return fallback;
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
      return Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), 1), max) : v;
    },
    z.number({ error: ANNOUNCEMENT_TEXT.pageSizeInvalid }).int(ANNOUNCEMENT_TEXT.pageSizeInvalid),
  );

const pageNo = z.preprocess(
  (v) => (v === undefined || v === '' ? 1 : v),
  z.coerce
    .number({ error: ANNOUNCEMENT_TEXT.pageNoInvalid })
    .int(ANNOUNCEMENT_TEXT.pageNoInvalid)
    .min(1, ANNOUNCEMENT_TEXT.pageNoInvalid)
    .max(1_000_000, ANNOUNCEMENT_TEXT.pageNoInvalid),
);

const filterText = (max: number) =>
  z.preprocess(blankAsAbsent, z.preprocess(asText, z.string().max(max, maxLengthMessage(max))).optional());
const filterOneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => blankAsAbsent(asText(v)), z.enum(values, { error: message }).optional());

/** GET /sys/annountCement/list: titile (contains), msgCategory, sendStatus, msgType, priority; sorting allow-listed. */
export const AnnouncementListQuery = z.object({
  pageNo,
  pageSize: clampedPageSize(ANNOUNCEMENT_PAGE_SIZE_DEFAULT, ANNOUNCEMENT_PAGE_SIZE_MAX),
  column: filterText(200),
  order: filterText(16),
  titile: filterText(100),
  msgCategory: filterOneOf(MSG_CATEGORIES, ANNOUNCEMENT_TEXT.categoryInvalid),
  sendStatus: filterOneOf(SEND_STATUSES, ANNOUNCEMENT_TEXT.sendStatusInvalid),
  msgType: filterOneOf(MSG_TYPES, ANNOUNCEMENT_TEXT.msgTypeInvalid),
  priority: filterOneOf(PRIORITIES, ANNOUNCEMENT_TEXT.priorityInvalid),
  ...SuperQueryParamsQuery,
});
export type AnnouncementListQuery = z.infer<typeof AnnouncementListQuery>;

/** GET /sys/sysAnnouncementSend/getMyAnnouncementSend (contract §2.3). */
export const MyAnnouncementQuery = z.object({
  pageNo,
  pageSize: clampedPageSize(MY_MESSAGES_PAGE_SIZE, ANNOUNCEMENT_PAGE_SIZE_MAX),
  column: filterText(200),
  order: filterText(16),
  titile: filterText(100),
  sender: filterText(100),
  readFlag: filterOneOf(['0', '1'], ANNOUNCEMENT_TEXT.readFlagInvalid),
  msgCategory: filterOneOf(MSG_CATEGORIES, ANNOUNCEMENT_TEXT.categoryInvalid),
  busType: filterText(64),
  /** 'isNoBpm' leaves out workflow (bus_type 'bpm') messages; other values are ignored. */
  bizSource: filterText(32),
  ...SuperQueryParamsQuery,
});
export type MyAnnouncementQuery = z.infer<typeof MyAnnouncementQuery>;

/** GET /sys/annountCement/listByUser. */
export const ListByUserQuery = z.object({
  pageSize: clampedPageSize(BELL_PAGE_SIZE_DEFAULT, BELL_PAGE_SIZE_MAX),
  ...SuperQueryParamsQuery,
});

export const AnnouncementIdQuery = z.object({ id: requiredId(ANNOUNCEMENT_TEXT.idRequired) });
export const AnnouncementIdsQuery = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? splitIds(v) : Array.isArray(v) ? splitIds(v.map(String)) : v),
    z
      .array(z.string().max(64, ANNOUNCEMENT_TEXT.idsInvalid), { error: ANNOUNCEMENT_TEXT.idsRequired })
      .min(1, ANNOUNCEMENT_TEXT.idsRequired)
      .max(ANNOUNCEMENT_MAX_BATCH_IDS, ANNOUNCEMENT_TEXT.tooManyIds),
  ),
});
/** editByAnntIdAndUserId (body) and syncNotic (query). */
export const AnntIdInput = z.object({ anntId: requiredId(ANNOUNCEMENT_TEXT.anntIdRequired) });
/** GET /sys/annountCement/syncNotic: with an anntId the caller's pages refresh; without one, everyone's (Jeecg). */
export const SyncNoticQuery = z.object({
  anntId: z.preprocess(asText, z.string().max(64, ANNOUNCEMENT_TEXT.anntIdRequired).optional()),
});
export const SendIdQuery = z.object({ sendId: requiredId(ANNOUNCEMENT_TEXT.sendIdRequired) });

/**
 * PUT|POST /sys/sysConfig/editNotice: the banner (config SYSTEM_NOTIFICATIONS). Plain text, stored as given;
 * content is required while the banner is on.
 */
export const NoticeBannerBody = z
  .object({
    status: z.preprocess(asText, z.enum(['0', '1'], { error: ANNOUNCEMENT_TEXT.noticeStatusInvalid })),
    content: z.preprocess(
      (v) => (v === undefined || v === null ? '' : asText(v)),
      z
        .string({ error: ANNOUNCEMENT_TEXT.noticeContentRequired })
        .max(NOTICE_CONTENT_MAX, ANNOUNCEMENT_TEXT.noticeContentTooLong),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.status === '1' && v.content.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['content'], message: ANNOUNCEMENT_TEXT.noticeContentRequired });
    }
  });
export type NoticeBannerBody = z.infer<typeof NoticeBannerBody>;

// ---- Answers ----

/** SysAnnouncement as the contract serialises it (times 'yyyy-MM-dd HH:mm:ss', Asia/Shanghai). */
export interface AnnouncementRecord {
  id: string;
  titile: string;
  /** Sanitised HTML (what every client renders). */
  msgContent: string;
  /** The Markdown it was made from, when it was written in our editor (re-editing); null otherwise. */
  msgContentMd: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  priority: Priority;
  msgCategory: MsgCategory;
  msgType: MsgType;
  sendStatus: SendStatus;
  sendTime: string | null;
  cancelTime: string | null;
  delFlag: string;
  busType: string | null;
  busId: string | null;
  openType: OpenType | null;
  openPage: string | null;
  /** Comma list with a trailing comma (contract). */
  userIds: string | null;
  departIds: string | null;
  msgAbstract: string | null;
  dtTaskId: null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
  /** The caller's own send row, when there is one (null in admin lists). */
  readFlag: string | null;
  starFlag: string | null;
  sendId: string | null;
}

/** A row of the admin list: the record with its dictionary texts. */
export interface AnnouncementListRecord extends AnnouncementRecord {
  priority_dictText: string;
  msgCategory_dictText: string;
  msgType_dictText: string;
  sendStatus_dictText: string;
}

/** GET /sys/annountCement/listByUser. */
export interface ListByUserResult {
  anntMsgList: AnnouncementRecord[];
  anntMsgTotal: number;
  sysMsgList: AnnouncementRecord[];
  sysMsgTotal: number;
}

/** A row of getMyAnnouncementSend / getOne: `id` is the send row's id. */
export interface MyAnnouncementRecord {
  id: string;
  anntId: string;
  userId: string;
  titile: string;
  msgContent: string;
  sender: string | null;
  priority: Priority;
  priority_dictText: string;
  readFlag: string;
  readTime: string | null;
  starFlag: string;
  sendTime: string | null;
  msgCategory: MsgCategory;
  msgCategory_dictText: string;
  busId: string | null;
  busType: string | null;
  openType: OpenType | null;
  openPage: string | null;
  msgAbstract: string | null;
  createTime: string | null;
  bizSource: null;
  pageNo: null;
  pageSize: null;
}
