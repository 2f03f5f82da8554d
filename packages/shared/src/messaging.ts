/**
 * Notices and messages on the web side (spec 000 §2.3, §2.5, §2.7, §3, §4, §9; contract §2.12): the realtime
 * message and banner parsers, and the numbers and texts of the bell, the banner and 我的消息. No zod here (it is
 * kept off the first screen); the wire shapes are in contract/announcement.ts.
 */
import { COMMON_TEXT } from './constants.ts';

import { LIST_PAGE_SIZES } from './constants.ts';

// ---- numbers (spec §9) ----------------------------------------------------------------------------------

/** 我的消息: dialog width, default page size and the size changer's options. */
export const MY_MESSAGES_WIDTH = 900;
/** 7 by default (spec §9); the server's getMyAnnouncementSend defaults to the same (contract/announcement.ts). */
export const MY_MESSAGES_PAGE_SIZE = 7;
export const MY_MESSAGES_PAGE_SIZES = LIST_PAGE_SIZES;
/** Pay-slip messages (title containing 工资条) show their images at this width. */
export const PAYSLIP_TITLE_MARKER = '工资条';
export const PAYSLIP_IMAGE_WIDTH = '8%';
/** Realtime toasts stay this long. */
export const NOTICE_TOAST_SECONDS = 15;
/** Websocket: heartbeat text and period, delay before a reconnect, reconnects allowed after errors in a row. */
export const REALTIME_HEARTBEAT_TEXT = 'ping';
export const REALTIME_HEARTBEAT_MS = 20_000;
export const REALTIME_RECONNECT_MS = 5_000;
export const REALTIME_MAX_ERROR_RETRIES = 10;

/** The page of the user's own announcements, target of the bell (spec §2.1). */
export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';
/** Realtime messages of this business type are work orders (spec §4). */
export const WORK_ORDER_BUSINESS_TYPE = 'WORK_ORDER';

export const MESSAGE_TEXT = {
  notificationTitle: '系统提示',
  myMessages: '我的消息',
  notices: '通知',
  systemMessages: '系统消息',
  viewMore: '查看更多',
  messageCenter: '消息中心',
  title: '标题',
  readState: '阅读状态',
  unread: '未读',
  read: '已读',
  all: '全部',
  search: '查询',
  reset: '重置',
  readAll: COMMON_TEXT.readAll,
  expand: '展开',
  collapse: '收起',
  empty: '暂无消息',
  loadFailed: '消息加载失败',
  retry: '重试',
  bell: '消息通知',
  titlePlaceholder: COMMON_TEXT.titleRequired,
} as const;

// ---- the banner (spec §3 System notification) ----------------------------------------------------------------

/** The banner's setting (config code SYSTEM_NOTIFICATIONS); status '0' hides it. */
export interface SystemNotice {
  status: string;
  content: string;
}

export const NOTICE_OFF: SystemNotice = { status: '0', content: '' };

// ---- realtime (contract §2.12) -----------------------------------------------------------------------------

/** A server → client message. Unknown commands are passed on; listeners pick what they know. */
export interface RealtimeMessage {
  cmd: string;
  msgId?: string;
  /** Text shown as is (never as HTML); for cmd 'notice' the JSON text of {status, content}. */
  msgTxt?: string;
  /** Toast level: 1 warning, 2 success, 3 error, anything else info. */
  status?: number;
  businessType?: string;
  userId?: string;
}

function optionalString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** Parses a socket frame; null for anything that is not a JSON object with a string `cmd`. */
export function parseRealtimeMessage(text: unknown): RealtimeMessage | null {
  if (typeof text !== 'string') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (typeof o.cmd !== 'string' || !o.cmd) return null;
  const msg: RealtimeMessage = { cmd: o.cmd };
  const msgId = optionalString(o.msgId);
  if (msgId !== undefined) msg.msgId = msgId;
  const msgTxt = optionalString(o.msgTxt);
  if (msgTxt !== undefined) msg.msgTxt = msgTxt;
  const status = typeof o.status === 'string' ? Number(o.status) : o.status;
  if (typeof status === 'number' && Number.isInteger(status)) msg.status = status;
  const businessType = optionalString(o.businessType);
  if (businessType !== undefined) msg.businessType = businessType;
  const userId = optionalString(o.userId);
  if (userId !== undefined) msg.userId = userId;
  return msg;
}

/**
 * The banner setting from a config answer or a cmd 'notice' text: an object {status, content}, or its JSON
 * text. Null when unreadable; a missing status reads as '0' (off), a missing content as ''.
 */
export function parseSystemNotice(value: unknown): SystemNotice | null {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  return {
    status: optionalString(o.status) ?? '0',
    content: typeof o.content === 'string' ? o.content : '',
  };
}

/** Whether the banner shows: any status but '0', with something to show. */
export function isNoticeShown(notice: SystemNotice): boolean {
  return notice.status !== '0' && notice.content.trim() !== '';
}

export function isPayslipTitle(title: string | null | undefined): boolean {
  return !!title && title.includes(PAYSLIP_TITLE_MARKER);
}

/** Realtime user messages about the task centre start with this (spec §4: the task dot). */
export const TASK_MESSAGE_MARKER = '【任务中心】';

/** A user message about the task centre (its text starts with the marker): the shell and the task list read it so. */
export function isTaskMessage(message: Pick<RealtimeMessage, 'cmd' | 'msgTxt'>): boolean {
  return message.cmd === 'user' && (message.msgTxt ?? '').startsWith(TASK_MESSAGE_MARKER);
}

/**
 * A running task's progress: a silent 'user' message (no toast, no bell refresh) with the task id in msgId and the
 * percent (0–99) in msgTxt, status 1; the open task list applies it to the row.
 */
export const TASK_PROGRESS_BUSINESS_TYPE = 'ASYNC_TASK_PROGRESS';

/** The percent of a task progress message, or null when the message is not one. */
export function taskProgressOf(message: {
  cmd: string;
  businessType?: string;
  msgId?: string;
  msgTxt?: string;
}): { id: string; progress: number } | null {
  if (message.cmd !== 'user' || message.businessType !== TASK_PROGRESS_BUSINESS_TYPE || !message.msgId) return null;
  const progress = Number(message.msgTxt);
  if (!Number.isFinite(progress)) return null;
  return { id: message.msgId, progress: Math.max(0, Math.min(100, Math.round(progress))) };
}
