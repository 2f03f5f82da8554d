/**
 * Work orders: the list (own orders, or every order for dispatchers), details with history, and the steps
 * 创建 → 指派 → 完成 → 关闭 (and 重新打开, 评论). Who may take a step is the shared rule
 * (packages/shared/src/contract/work-order-rules.ts); every step is one transaction that re-checks the row's version,
 * writes the history, and after the commit tells the people concerned over the realtime hub.
 */
import type { Insertable, Updateable } from 'kysely';
import { TEXT } from '@houtai/shared/constants';
import {
  checkWorkOrderAction,
  isInvolved,
  reopenedStatus,
  seesAllWorkOrders,
  WORK_ORDER_ACTION_DICT,
  WORK_ORDER_BUSINESS_TYPE,
  WORK_ORDER_PERMISSIONS,
  WORK_ORDER_PRIORITY_DICT,
  WORK_ORDER_STATUS,
  WORK_ORDER_STATUS_DICT,
  WORK_ORDER_TEXT,
  type WorkOrderAction,
  type WorkOrderActor,
  type WorkOrderAttachment,
  type WorkOrderDetail,
  type WorkOrderLogAction,
  type WorkOrderRecord,
} from '@houtai/shared/contract/work-order-rules';
import type {
  WorkOrderAddBody,
  WorkOrderAssignBody,
  WorkOrderCloseBody,
  WorkOrderCommentBody,
  WorkOrderCompleteBody,
  WorkOrderImportRow,
  WorkOrderListQuery,
  WorkOrderReopenBody,
} from '@houtai/shared/contract/work-order';
import type { Page } from '@houtai/shared/contract/common';
import type { Db } from '../../db/connection.ts';
import type { BiWorkOrderTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { pageOfTotal } from '../../lib/page.ts';
import { shanghaiDate, wireToIso } from '../../lib/time.ts';
import type { RealtimeHub, RealtimeMessage } from '../../realtime/hub.ts';
import { filterTextWhere, superQueryWhere } from '../../registry/index.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import { findFileRecords } from '../files/files.service.ts';
import * as userService from '../user/user.service.ts';
import { dataRuleWhere } from '../permission/data-rule.service.ts';
import * as repo from './work-order.repository.ts';
import {
  peopleOf,
  toWorkOrderExportRecord,
  toWorkOrderLogRecord,
  toWorkOrderRecord,
  wireTimeConverter,
  type UserName,
  type WorkOrderExportRecord,
  type WorkOrderLabels,
  type WorkOrderRow,
} from './work-order.presenter.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

/** The caller: who they are, and what the permission codes let them do. */
export interface WorkOrderCaller {
  actor: WorkOrderActor;
  username: string;
}

export interface WorkOrderDeps {
  db: Db;
  realtime: Pick<RealtimeHub, 'sendToUsers'>;
  permissions: { has(userId: string, code: string): Promise<boolean> };
  now: () => number;
  /** Where a failed realtime push is reported (the step itself has succeeded by then). */
  log: { error(obj: object, msg: string): void };
}

// ---------------------------------------------------------------------------------------------------------
// Reading

async function labels(db: Db): Promise<WorkOrderLabels> {
  const [status, priority, action] = await Promise.all(
    [WORK_ORDER_STATUS_DICT, WORK_ORDER_PRIORITY_DICT, WORK_ORDER_ACTION_DICT].map((code) => dictItemsByCode(db, code)),
  );
  const map = (items: { value: string; text: string }[] | undefined) =>
    new Map((items ?? []).map((i) => [i.value, i.text]));
  return { status: map(status), priority: map(priority), action: map(action) };
}

async function namesById(db: Db, ids: readonly string[]): Promise<Map<string, UserName>> {
  return new Map((await userService.findUserNamesByIds(db, ids)).map((u) => [u.id, u]));
}

function visible(row: WorkOrderRow, actor: WorkOrderActor): boolean {
  return seesAllWorkOrders(actor) || isInvolved(row, actor);
}

/** The url of the list's menu: the data rules chosen on it narrow the list (permission/data-rule.service.ts). */
const WORK_ORDER_LIST_URL = '/bi/workOrder/WorkOrderList';

/** The registry's name of work orders (work-order.fields.ts). */
const WORK_ORDER_ENTITY = 'bi_work_order';

/** The list's filter for this caller: their own orders unless they see every order (before the data rules). */
export function workOrderListFilter(
  q: Pick<
    WorkOrderListQuery,
    | 'title'
    | 'status'
    | 'priority'
    | 'mine'
    | 'createTime_begin'
    | 'createTime_end'
    | 'superQueryParams'
    | 'superQueryMatchType'
  >,
  caller: WorkOrderCaller,
): repo.WorkOrderFilter {
  const me = caller.actor.userId;
  const where = [
    filterTextWhere(WORK_ORDER_ENTITY, 'title', q.title, 'like'),
    superQueryWhere(WORK_ORDER_ENTITY, q),
  ].filter((w) => w !== null);
  return {
    where,
    status: q.status,
    priority: q.priority,
    involvedUserId: seesAllWorkOrders(caller.actor) ? undefined : me,
    assigneeId: q.mine === 'assigned' ? me : undefined,
    reporterId: q.mine === 'reported' ? me : undefined,
    createdFrom: wireToIso(q.createTime_begin, false),
    createdBefore: wireToIso(q.createTime_end, true),
  };
}

/**
 * The list's filter with the data rules the caller's roles chose on the list's menu (数据规则, issue 14), if any:
 * what the list and the export (work-order.tasks.ts) both show.
 */
export async function workOrderRuledFilter(
  db: Db,
  q: WorkOrderListQuery,
  caller: WorkOrderCaller,
): Promise<repo.WorkOrderFilter> {
  const filter = workOrderListFilter(q, caller);
  const rule = await dataRuleWhere(db, { userId: caller.actor.userId, username: caller.username }, WORK_ORDER_LIST_URL);
  if (rule) filter.where = [...(filter.where ?? []), rule];
  return filter;
}

export async function listWorkOrders(
  db: Db,
  q: WorkOrderListQuery,
  caller: WorkOrderCaller,
): Promise<Page<WorkOrderRecord>> {
  const filter = await workOrderRuledFilter(db, q, caller);
  // The contract's default sort (createTime desc) when the client names none.
  const sort = q.column ? { column: q.column, order: q.order } : { column: 'create_time', order: q.order ?? 'desc' };
  const [total, rows, dicts] = await Promise.all([
    repo.workOrderListTotal(db, filter),
    repo.pageWorkOrders(db, filter, sort, (q.pageNo - 1) * q.pageSize, q.pageSize),
    labels(db),
  ]);
  const users = await namesById(db, peopleOf(rows));
  return pageOfTotal(
    rows.map((r) => toWorkOrderRecord(r, dicts, users)),
    total,
    q,
  );
}

export async function getWorkOrder(db: Db, id: string, caller: WorkOrderCaller): Promise<WorkOrderDetail> {
  const row = await repo.findWorkOrder(db, id);
  if (!row || !visible(row, caller.actor)) throw AppError.business(WORK_ORDER_TEXT.notFound);
  const [logs, dicts] = await Promise.all([repo.findWorkOrderLogs(db, id), labels(db)]);
  const actors = [...new Set(logs.map((l) => l.createBy).filter((u): u is string => !!u))];
  const [users, byUsername] = await Promise.all([
    namesById(db, peopleOf([row], logs)),
    userService.findUserNamesByUsernames(db, actors).then((rows) => new Map(rows.map((u) => [u.username, u]))),
  ]);
  return {
    ...toWorkOrderRecord(row, dicts, users),
    logs: logs.map((l) => toWorkOrderLogRecord(l, dicts, users, byUsername)),
    attachmentFiles: await attachmentFilesOf(db, row),
  };
}

function attachmentPaths(row: Pick<WorkOrderRow, 'attachments'>): string[] {
  return row.attachments ? row.attachments.split(',').filter(Boolean) : [];
}

async function attachmentFilesOf(db: Db, row: Pick<WorkOrderRow, 'attachments'>): Promise<WorkOrderAttachment[]> {
  const paths = attachmentPaths(row);
  if (paths.length === 0) return [];
  const found = new Map((await findFileRecords(db, paths)).map((f) => [f.path, f]));
  return paths.flatMap((p) => {
    const f = found.get(p);
    return f ? [{ path: p, name: f.originalName, size: f.size }] : [];
  });
}

/**
 * Which stored file of an order the caller may read: the order must be one they see and the path one of its
 * attachments (the files are the reporter's private uploads; the order grants the reading).
 */
export async function attachmentOf(db: Db, q: { id: string; path: string }, caller: WorkOrderCaller): Promise<string> {
  const row = await repo.findWorkOrder(db, q.id);
  if (!row || !visible(row, caller.actor)) throw AppError.business(WORK_ORDER_TEXT.notFound);
  if (!attachmentPaths(row).includes(q.path)) throw AppError.notFound(WORK_ORDER_TEXT.attachmentNotFound);
  return q.path;
}

/** Attachments must be the caller's own uploads. */
async function checkAttachments(db: Db, paths: readonly string[] | undefined, userId: string): Promise<void> {
  if (!paths?.length) return;
  const found = await findFileRecords(db, paths);
  const own = new Set(found.filter((f) => f.ownerId === userId).map((f) => f.path));
  if (!paths.every((p) => own.has(p))) throw AppError.business(WORK_ORDER_TEXT.attachmentUnavailable);
}

// ---------------------------------------------------------------------------------------------------------
// Writing

/** GD + the Asia/Shanghai day + '-' (the day's numbers follow). */
export function orderNoPrefix(now: number): string {
  return `GD${shanghaiDate(now).replace(/-/g, '')}-`;
}

export function formatOrderNo(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(4, '0')}`;
}

let logSeq = 0;

/** History ids sort in the order the steps were written, also within one millisecond (the detail lists them so). */
function historyId(now: number): string {
  logSeq = (logSeq + 1) % 1_000_000;
  return `${String(now).padStart(13, '0')}${String(logSeq).padStart(6, '0')}${newId().slice(0, 13)}`;
}

function logRow(
  orderId: string,
  action: WorkOrderLogAction,
  caller: WorkOrderCaller,
  at: number,
  fields: { fromUser?: string | null; toUser?: string | null; note?: string | null } = {},
) {
  return {
    id: historyId(at),
    orderId,
    action,
    fromUser: fields.fromUser ?? null,
    toUser: fields.toUser ?? null,
    note: fields.note ? fields.note : null,
    createBy: caller.username,
    createTime: new Date(at).toISOString(),
  };
}

async function push(
  deps: WorkOrderDeps,
  caller: WorkOrderCaller,
  recipients: readonly (string | null)[],
  orderId: string,
  text: string,
  status: RealtimeMessage['status'],
): Promise<void> {
  // Nobody is told about their own step.
  const to = [...new Set(recipients.filter((id): id is string => !!id && id !== caller.actor.userId))];
  if (to.length === 0) return;
  try {
    await deps.realtime.sendToUsers(to, {
      cmd: 'user',
      msgId: orderId,
      msgTxt: text,
      status,
      businessType: WORK_ORDER_BUSINESS_TYPE,
    });
  } catch (err) {
    // The step is committed; a lost notice must not turn it into a failure.
    deps.log.error({ err }, 'work order notice failed');
  }
}

/** The row of a new order (待处理, the caller as reporter). */
function newWorkOrderRow(
  body: WorkOrderAddBody,
  caller: WorkOrderCaller,
  orderNo: string,
  at: string,
): Insertable<BiWorkOrderTable> {
  return {
    id: newId(),
    orderNo,
    title: body.title,
    content: body.content,
    priority: body.priority,
    status: WORK_ORDER_STATUS.pending,
    reporterId: caller.actor.userId,
    assigneeId: null,
    closedBy: null,
    closedTime: null,
    closeNote: null,
    attachments: body.attachments?.length ? body.attachments.join(',') : null,
    createBy: caller.username,
    createTime: at,
    updateBy: null,
    updateTime: null,
  };
}

/** A new order (待处理, the caller as reporter) with its 创建 line of history, inside the given transaction. */
async function insertNewWorkOrder(
  trx: Db,
  body: WorkOrderAddBody,
  caller: WorkOrderCaller,
  prefix: string,
  at: string,
  now: number,
): Promise<{ id: string; orderNo: string }> {
  const row = newWorkOrderRow(body, caller, formatOrderNo(prefix, await repo.takeOrderNumber(trx, prefix)), at);
  await repo.insertWorkOrder(trx, row);
  await repo.insertWorkOrderLog(trx, logRow(row.id, 'create', caller, now));
  return { id: row.id, orderNo: row.orderNo };
}

export async function addWorkOrder(
  deps: WorkOrderDeps,
  body: WorkOrderAddBody,
  caller: WorkOrderCaller,
): Promise<{ id: string; orderNo: string }> {
  await checkAttachments(deps.db, body.attachments, caller.actor.userId);
  const now = deps.now();
  const at = new Date(now).toISOString();
  const prefix = orderNoPrefix(now);
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute((trx) => insertNewWorkOrder(trx, body, caller, prefix, at, now));
    } catch (err) {
      // A number already used by a row the counter does not know (written by hand or imported): the counter
      // catches up with the highest one and the creation is tried again.
      if (attempt >= 3 || !isUniqueViolation(err)) throw err;
      await repo.raiseOrderNumber(deps.db, prefix, await repo.highestOrderNumber(deps.db, prefix));
    }
  }
}

const FORBIDDEN: Record<WorkOrderAction, string> = {
  assign: TEXT.noPermission,
  complete: WORK_ORDER_TEXT.completeForbidden,
  close: WORK_ORDER_TEXT.closeForbidden,
  reopen: WORK_ORDER_TEXT.reopenForbidden,
  comment: WORK_ORDER_TEXT.notFound,
};

const WRONG_STATE: Record<WorkOrderAction, string> = {
  assign: WORK_ORDER_TEXT.assignState,
  complete: WORK_ORDER_TEXT.completeState,
  close: WORK_ORDER_TEXT.closeState,
  reopen: WORK_ORDER_TEXT.reopenState,
  comment: WORK_ORDER_TEXT.notFound,
};

interface Step {
  changes: Omit<Updateable<BiWorkOrderTable>, 'id' | 'version'>;
  fromUser?: string | null;
  toUser?: string | null;
}

/**
 * One step on one order, in a transaction: the order must be visible to the caller, the rule must allow the step
 * in the order's state, and nobody may have changed it since it was read (or since the client's `version`).
 */
async function takeStep(
  deps: WorkOrderDeps,
  caller: WorkOrderCaller,
  action: Exclude<WorkOrderAction, 'comment'>,
  input: { id: string; note: string; version?: number | undefined },
  plan: (row: WorkOrderRow, at: string) => Step,
): Promise<WorkOrderRow> {
  const now = deps.now();
  const at = new Date(now).toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.findWorkOrder(trx, input.id);
    if (!row || !visible(row, caller.actor)) throw AppError.business(WORK_ORDER_TEXT.notFound);
    const check = checkWorkOrderAction(action, row, caller.actor);
    if (check === 'forbidden') throw AppError.forbidden(FORBIDDEN[action]);
    if (check === 'state') throw AppError.business(WRONG_STATE[action]);
    if (input.version !== undefined && input.version !== row.version) throw AppError.conflict(TEXT.versionConflict);
    const step = plan(row, at);
    const changed = await repo.updateWorkOrder(trx, row.id, row.version, {
      ...step.changes,
      updateBy: caller.username,
      updateTime: at,
    });
    if (changed === 0) throw AppError.conflict(TEXT.versionConflict);
    await repo.insertWorkOrderLog(
      trx,
      logRow(row.id, action, caller, now, { fromUser: step.fromUser, toUser: step.toUser, note: input.note }),
    );
    return row;
  });
}

export async function assignWorkOrder(
  deps: WorkOrderDeps,
  body: WorkOrderAssignBody,
  caller: WorkOrderCaller,
): Promise<void> {
  // Checked before the step's transaction (which holds the connection on SQLite).
  const assignee = await userService.findActiveUserName(deps.db, body.assigneeId);
  if (!assignee) throw AppError.business(WORK_ORDER_TEXT.assigneeUnavailable);
  // Someone who cannot open the work-order screen could never see what was given to them.
  if (!(await deps.permissions.has(assignee.id, WORK_ORDER_PERMISSIONS.list))) {
    throw AppError.business(WORK_ORDER_TEXT.assigneeNoPermission);
  }
  const row = await takeStep(deps, caller, 'assign', body, (current) => ({
    changes: { assigneeId: assignee.id, status: WORK_ORDER_STATUS.processing },
    fromUser: current.assigneeId,
    toUser: assignee.id,
  }));
  await push(deps, caller, [body.assigneeId], row.id, `${WORK_ORDER_TEXT.newOrderMessage}${row.title}`, 1);
}

export async function completeWorkOrder(
  deps: WorkOrderDeps,
  body: WorkOrderCompleteBody,
  caller: WorkOrderCaller,
): Promise<void> {
  const row = await takeStep(deps, caller, 'complete', body, () => ({
    changes: { status: WORK_ORDER_STATUS.done },
  }));
  await push(deps, caller, [row.reporterId], row.id, `${WORK_ORDER_TEXT.completedMessage}${row.title}`, 2);
}

export async function closeWorkOrder(
  deps: WorkOrderDeps,
  body: WorkOrderCloseBody,
  caller: WorkOrderCaller,
): Promise<void> {
  const row = await takeStep(deps, caller, 'close', body, (_current, at) => ({
    changes: {
      status: WORK_ORDER_STATUS.closed,
      closedBy: caller.actor.userId,
      closedTime: at,
      closeNote: body.note,
    },
  }));
  await push(deps, caller, [row.reporterId, row.assigneeId], row.id, `${WORK_ORDER_TEXT.closedMessage}${row.title}`, 2);
}

export async function reopenWorkOrder(
  deps: WorkOrderDeps,
  body: WorkOrderReopenBody,
  caller: WorkOrderCaller,
): Promise<void> {
  const row = await takeStep(deps, caller, 'reopen', body, (current) => ({
    changes: { status: reopenedStatus(current), closedBy: null, closedTime: null, closeNote: null },
  }));
  await push(
    deps,
    caller,
    [row.reporterId, row.assigneeId],
    row.id,
    `${WORK_ORDER_TEXT.reopenedMessage}${row.title}`,
    1,
  );
}

/** A comment changes nothing on the order; it is a line of its history. */
export async function commentWorkOrder(
  deps: WorkOrderDeps,
  body: WorkOrderCommentBody,
  caller: WorkOrderCaller,
): Promise<void> {
  const row = await repo.findWorkOrder(deps.db, body.id);
  if (!row || checkWorkOrderAction('comment', row, caller.actor) !== 'ok') {
    throw AppError.business(WORK_ORDER_TEXT.notFound);
  }
  await repo.insertWorkOrderLog(deps.db, logRow(row.id, 'comment', caller, deps.now(), { note: body.note }));
}

/**
 * Imported orders, inside the caller's transaction (the import's batch): each gets the day's next number, the
 * caller as reporter, and a 创建 line of history, as if added one by one. Answers the new ids in order.
 */
/**
 * 工单导入's business key: rows that carry a 工单号 are refused — an existing number would be a silent twin (the
 * round trip export → import), an unknown one cannot be taken (numbers are the server's). Answers the refused
 * rows' indexes with the error file's message.
 */
export async function refuseKnownOrderNumbers(
  trx: Db,
  rows: readonly WorkOrderImportRow[],
): Promise<Map<number, string[]>> {
  const numbers = [...new Set(rows.flatMap((r) => (r.orderNo ? [r.orderNo] : [])))];
  const known = numbers.length > 0 ? await repo.findExistingOrderNumbers(trx, numbers) : new Set<string>();
  const refused = new Map<number, string[]>();
  rows.forEach((r, i) => {
    if (!r.orderNo) return;
    refused.set(i, [
      known.has(r.orderNo) ? WORK_ORDER_TEXT.importExists(r.orderNo) : WORK_ORDER_TEXT.importUnknownNo(r.orderNo),
    ]);
  });
  return refused;
}

export async function insertImportedWorkOrders(
  trx: Db,
  rows: readonly WorkOrderAddBody[],
  caller: WorkOrderCaller,
  now: number,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const at = new Date(now).toISOString();
  const prefix = orderNoPrefix(now);
  // The batch's numbers in one step (the counter's row stays locked until the batch's transaction ends, as for
  // one order), given in row order; then the orders and their history in a few multi-row statements.
  const first = (await repo.takeOrderNumber(trx, prefix, rows.length)) - rows.length + 1;
  const orders = rows.map((body, i) => newWorkOrderRow(body, caller, formatOrderNo(prefix, first + i), at));
  await repo.insertWorkOrders(trx, orders);
  await repo.insertWorkOrderLogs(
    trx,
    orders.map((o) => logRow(o.id, 'create', caller, now)),
  );
  return orders.map((o) => o.id);
}

/**
 * The export's rows as records, page by page, in the list's default order (create_time desc, order_no desc; rows without
 * a create time last). Keyset paging, so every page costs the same however deep into a million rows it is, and each
 * visible row comes exactly once even when many share a create time. Only the columns the export shows are read;
 * dictionary labels are read once, people's names once per person (a page looks up only people not seen before).
 */
export async function* workOrderExportPages(
  db: Db,
  filter: repo.WorkOrderFilter,
  pageSize: number,
): AsyncGenerator<WorkOrderExportRecord[]> {
  const dicts = await labels(db);
  const wireTime = wireTimeConverter();
  const users = new Map<string, UserName>();
  const looked = new Set<string>();
  const records = async (rows: repo.WorkOrderExportRow[]): Promise<WorkOrderExportRecord[]> => {
    const missing: string[] = [];
    for (const r of rows) {
      for (const id of [r.reporterId, r.assigneeId, r.closedBy]) {
        if (id && !looked.has(id)) {
          looked.add(id);
          missing.push(id);
        }
      }
    }
    if (missing.length > 0) for (const u of await userService.findUserNamesByIds(db, missing)) users.set(u.id, u);
    return rows.map((r) => toWorkOrderExportRecord(r, dicts, users, wireTime));
  };
  let after: repo.WorkOrderTimedKey | null = null;
  for (;;) {
    const rows = await repo.pageTimedWorkOrders(db, filter, after, pageSize);
    if (rows.length > 0) yield await records(rows);
    if (rows.length < pageSize) break;
    const last = rows[rows.length - 1]!;
    after = { createTime: last.createTime!, orderNo: last.orderNo };
  }
  let afterNo: string | null = null;
  for (;;) {
    const rows = await repo.pageUntimedWorkOrders(db, filter, afterNo, pageSize);
    if (rows.length > 0) yield await records(rows);
    if (rows.length < pageSize) return;
    afterNo = rows[rows.length - 1]!.orderNo;
  }
}

/**
 * Moves a day's numbering up to at least `lastNo`, for orders written outside this service (the demo seed), so that
 * the next order created that day never takes one of their numbers.
 */
export function reserveOrderNumbers(db: Db, prefix: string, lastNo: number): Promise<void> {
  return repo.raiseOrderNumber(db, prefix, lastNo);
}

export function countWorkOrderRecords(db: Db, filter: repo.WorkOrderFilter): Promise<number> {
  return repo.countWorkOrders(db, filter);
}

/** The caller of a task, from the requester's id (the task runs with their permissions, read when it runs). */
export async function workOrderCallerOf(
  db: Db,
  permissions: { has(userId: string, code: string): Promise<boolean> },
  userId: string,
): Promise<WorkOrderCaller | null> {
  const user = await userService.findActiveUserName(db, userId);
  if (!user) return null;
  const [canAssign, canClose] = await Promise.all([
    permissions.has(userId, WORK_ORDER_PERMISSIONS.assign),
    permissions.has(userId, WORK_ORDER_PERMISSIONS.close),
  ]);
  return { actor: { userId, canAssign, canClose }, username: user.username };
}
