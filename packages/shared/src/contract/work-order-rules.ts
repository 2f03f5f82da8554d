/**
 * Work orders (工单) without zod: constants, texts, the answer shapes and the rule of who may do what. The server
 * enforces the rule, the web client only shows what it allows. Schemas are in work-order.ts.
 *
 * Statuses follow the seeded dictionary `work_order_status`: 0 待处理, 1 处理中, 2 已完成, 3 已关闭.
 */
import { COMMON_TEXT, EXPORT_TEXT } from '../constants.ts';

// ---------------------------------------------------------------------------------------------------------
// Constants

export const WORK_ORDER_STATUS = {
  pending: '0',
  processing: '1',
  done: '2',
  closed: '3',
} as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUS)[keyof typeof WORK_ORDER_STATUS];
export const WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = ['0', '1', '2', '3'];

export const WORK_ORDER_PRIORITIES = ['L', 'M', 'H'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];
export const WORK_ORDER_DEFAULT_PRIORITY: WorkOrderPriority = 'M';

/** Dictionaries that label the codes (`*_dictText`). */
export const WORK_ORDER_STATUS_DICT = 'work_order_status';
export const WORK_ORDER_PRIORITY_DICT = 'priority';
export const WORK_ORDER_ACTION_DICT = 'work_order_action';

/** Steps recorded in a work order's history (bi_work_order_log.action). */
export const WORK_ORDER_LOG_ACTIONS = ['create', 'assign', 'complete', 'close', 'reopen', 'comment'] as const;
export type WorkOrderLogAction = (typeof WORK_ORDER_LOG_ACTIONS)[number];

/**
 * Permission codes. `list` opens the screen and shows the caller's own orders (reported or assigned);
 * `assign` and `close` make a dispatcher who sees every order and may assign, close and reopen any of them.
 */
export const WORK_ORDER_PERMISSIONS = {
  list: 'bi:workOrder:list',
  add: 'bi:workOrder:add',
  assign: 'bi:workOrder:assign',
  close: 'bi:workOrder:close',
} as const;

export const WORK_ORDER_LIMITS = {
  title: 100,
  content: 5000,
  note: 500,
  /** Ids kept under the WORK_ORDER key at most (the oldest are dropped first by the client). */
  unreadIds: 500,
  /** Files attached to one order at most. */
  attachments: 10,
  /** A 工单号 as an import row may carry it (GDyyyyMMdd-NNNN, with room to spare). */
  orderNo: 32,
} as const;

/** The per-user key of unread work orders (spec §4). */
export const WORK_ORDER_KV_KEY = 'WORK_ORDER';

/** Ids: ours are 32 hex characters, Jeecg's 19-digit snowflakes or 32 hex; nothing else is an id. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const WORK_ORDER_MINE = ['assigned', 'reported'] as const;
export type WorkOrderMine = (typeof WORK_ORDER_MINE)[number];

/** The realtime message's businessType for work orders (spec §3). */
export const WORK_ORDER_BUSINESS_TYPE = 'WORK_ORDER';

export const WORK_ORDER_TEXT = {
  titleRequired: COMMON_TEXT.titleRequired,
  titleTooLong: `标题不能超过${WORK_ORDER_LIMITS.title}个字符`,
  titleControl: COMMON_TEXT.titleControl,
  contentTooLong: `内容不能超过${WORK_ORDER_LIMITS.content}个字符`,
  contentInvalid: '内容格式不正确',
  priorityInvalid: '请选择正确的优先级',
  statusInvalid: '工单状态不正确',
  mineInvalid: '“我的”筛选条件不正确',
  idRequired: '请指定工单',
  idInvalid: '工单ID不正确',
  assigneeRequired: '请选择处理人',
  assigneeInvalid: '处理人ID不正确',
  noteRequired: '请输入说明',
  closeNoteRequired: '请输入关闭说明',
  completeNoteRequired: '请输入处理说明',
  commentRequired: '请输入评论内容',
  noteTooLong: `说明不能超过${WORK_ORDER_LIMITS.note}个字符`,
  versionInvalid: COMMON_TEXT.versionInvalid,
  pageInvalid: COMMON_TEXT.pageInvalid,
  orderInvalid: '排序方式不正确',
  notFound: '工单不存在或无权查看',
  assigneeUnavailable: '处理人不存在或已停用',
  assigneeNoPermission: '该用户没有工单权限，不能指派',
  assignState: '工单已完成或已关闭，不能指派',
  completeForbidden: '只有处理人可以完成工单',
  completeState: '只有处理中的工单可以完成',
  closeForbidden: '只有处理人、提交人或有关闭权限的用户可以关闭工单',
  closeState: '工单已关闭',
  reopenForbidden: '只有处理人、提交人或有关闭权限的用户可以重新打开工单',
  reopenState: '只有已完成或已关闭的工单可以重新打开',
  added: COMMON_TEXT.added,
  assigned: '指派成功！',
  completed: '处理完成！',
  closed: '关闭成功！',
  reopened: '重新打开成功！',
  commented: '评论成功！',
  /** Realtime texts (msgTxt); titles are text, never markup. */
  newOrderMessage: '您有新的工单：',
  completedMessage: '您提交的工单已处理完成：',
  closedMessage: '工单已关闭：',
  reopenedMessage: '工单已重新打开：',
  attachmentsInvalid: '附件不正确',
  attachmentsTooMany: `附件最多${WORK_ORDER_LIMITS.attachments}个`,
  attachmentUnavailable: '附件不存在或无权使用',
  attachmentNotFound: '附件不存在',
  /**
   * Import (工单导入): rows are recognised by their business key 工单号. A row with a 工单号 never creates or changes
   * an order; it is reported in the error file. The dialog shows `importRule`.
   */
  importRule:
    '按工单号识别已有工单：填写了工单号的行不会新建工单，也不会修改已有工单，会在错误明细中逐行说明；新建工单请留空工单号。',
  importExists: (orderNo: string) => `工单号 ${orderNo} 已存在，未重复导入（导入不修改已有工单）`,
  importUnknownNo: (orderNo: string) => `工单号 ${orderNo} 不存在；新建工单请留空工单号`,
  orderNoInvalid: `工单号不能超过${WORK_ORDER_LIMITS.orderNo}个字符`,
  /** Export (spec §8). */
  exportFailed: EXPORT_TEXT.downloadFailed,
  exportUnknownFile: EXPORT_TEXT.unknownFile,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Who may do what

export type WorkOrderAction = 'assign' | 'complete' | 'close' | 'reopen' | 'comment';

export interface WorkOrderActor {
  userId: string;
  /** Holds bi:workOrder:assign. */
  canAssign: boolean;
  /** Holds bi:workOrder:close. */
  canClose: boolean;
}

export interface WorkOrderState {
  status: string;
  reporterId: string;
  assigneeId: string | null;
}

/** 'ok', or why not: the caller may not ('forbidden') or the order is not in a state that allows it ('state'). */
export type WorkOrderCheck = 'ok' | 'forbidden' | 'state';

/** Dispatchers (assign or close permission) see every order; everyone else the ones they reported or handle. */
export function seesAllWorkOrders(actor: WorkOrderActor): boolean {
  return actor.canAssign || actor.canClose;
}

export function isInvolved(order: WorkOrderState, actor: WorkOrderActor): boolean {
  return order.reporterId === actor.userId || (order.assigneeId !== null && order.assigneeId === actor.userId);
}

export function checkWorkOrderAction(
  action: WorkOrderAction,
  order: WorkOrderState,
  actor: WorkOrderActor,
): WorkOrderCheck {
  const { pending, processing, done, closed } = WORK_ORDER_STATUS;
  switch (action) {
    case 'assign':
      if (!actor.canAssign) return 'forbidden';
      return order.status === pending || order.status === processing ? 'ok' : 'state';
    case 'complete':
      if (order.assigneeId !== actor.userId) return 'forbidden';
      return order.status === processing ? 'ok' : 'state';
    case 'close':
      if (!actor.canClose && !isInvolved(order, actor)) return 'forbidden';
      return order.status === closed ? 'state' : 'ok';
    case 'reopen':
      if (!actor.canClose && !isInvolved(order, actor)) return 'forbidden';
      return order.status === done || order.status === closed ? 'ok' : 'state';
    case 'comment':
      return seesAllWorkOrders(actor) || isInvolved(order, actor) ? 'ok' : 'forbidden';
  }
}

/** The actions the caller may take on the order now (what the list and detail pages offer). */
export function allowedWorkOrderActions(order: WorkOrderState, actor: WorkOrderActor): Set<WorkOrderAction> {
  const all: WorkOrderAction[] = ['assign', 'complete', 'close', 'reopen', 'comment'];
  return new Set(all.filter((a) => checkWorkOrderAction(a, order, actor) === 'ok'));
}

/** Status after reopening: back to 处理中 when someone handles it, else 待处理. */
export function reopenedStatus(order: Pick<WorkOrderState, 'assigneeId'>): WorkOrderStatus {
  return order.assigneeId ? WORK_ORDER_STATUS.processing : WORK_ORDER_STATUS.pending;
}

// ---------------------------------------------------------------------------------------------------------
// Answers

export interface WorkOrderRecord {
  id: string;
  orderNo: string;
  title: string;
  content: string;
  priority: WorkOrderPriority;
  priority_dictText: string;
  status: WorkOrderStatus;
  status_dictText: string;
  reporterId: string;
  reporterId_dictText: string | null;
  assigneeId: string | null;
  assigneeId_dictText: string | null;
  closedBy: string | null;
  closedBy_dictText: string | null;
  closedTime: string | null;
  closeNote: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: number;
  /**
   * Stored paths of the attached files, comma-joined ('' when none), as Jeecg's upload fields keep them. They are
   * the reporter's private files: read them through GET /bi/workOrder/attachment?id=&path= (anyone who sees the
   * order), not /sys/common/static.
   */
  attachments: string;
}

/** An attached file as the detail shows it. */
export interface WorkOrderAttachment {
  path: string;
  name: string;
  size: number;
}

export interface WorkOrderLogRecord {
  id: string;
  action: WorkOrderLogAction;
  action_dictText: string;
  fromUser: string | null;
  fromUser_dictText: string | null;
  toUser: string | null;
  toUser_dictText: string | null;
  note: string | null;
  createBy: string | null;
  createBy_dictText: string | null;
  createTime: string | null;
}

export interface WorkOrderDetail extends WorkOrderRecord {
  logs: WorkOrderLogRecord[];
  /** The attached files in their order, with their names (files removed meanwhile are left out). */
  attachmentFiles: WorkOrderAttachment[];
}
