/** Rows → wire shapes: codes get their dictionary labels (`*_dictText`), people their real names, times the wire format. */
import type { Selectable } from 'kysely';
import type {
  WorkOrderLogAction,
  WorkOrderLogRecord,
  WorkOrderPriority,
  WorkOrderRecord,
  WorkOrderStatus,
} from '@houtai/shared/contract/work-order';
import type { BiWorkOrderLogTable, BiWorkOrderTable } from '../../db/schema.ts';
import { toWireTime } from '../../lib/time.ts';

export type WorkOrderRow = Selectable<BiWorkOrderTable>;
export type WorkOrderLogRow = Selectable<BiWorkOrderLogTable>;

/** Labels of the dictionaries a work order uses, value → text. */
export interface WorkOrderLabels {
  status: ReadonlyMap<string, string>;
  priority: ReadonlyMap<string, string>;
  action: ReadonlyMap<string, string>;
}

export interface UserName {
  id: string;
  username: string;
  realname: string;
}

function nameOf(users: ReadonlyMap<string, UserName>, id: string | null): string | null {
  if (!id) return null;
  const u = users.get(id);
  return u ? u.realname || u.username : null;
}

export function toWorkOrderRecord(
  row: WorkOrderRow,
  labels: WorkOrderLabels,
  usersById: ReadonlyMap<string, UserName>,
): WorkOrderRecord {
  return {
    id: row.id,
    orderNo: row.orderNo,
    title: row.title,
    content: row.content ?? '',
    priority: row.priority as WorkOrderPriority,
    priority_dictText: labels.priority.get(row.priority) ?? row.priority,
    status: row.status as WorkOrderStatus,
    status_dictText: labels.status.get(row.status) ?? row.status,
    reporterId: row.reporterId,
    reporterId_dictText: nameOf(usersById, row.reporterId),
    assigneeId: row.assigneeId,
    assigneeId_dictText: nameOf(usersById, row.assigneeId),
    closedBy: row.closedBy,
    closedBy_dictText: nameOf(usersById, row.closedBy),
    closedTime: toWireTime(row.closedTime),
    closeNote: row.closeNote,
    createBy: row.createBy,
    createTime: toWireTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: toWireTime(row.updateTime),
    version: row.version,
  };
}

export function toWorkOrderLogRecord(
  row: WorkOrderLogRow,
  labels: WorkOrderLabels,
  usersById: ReadonlyMap<string, UserName>,
  usersByUsername: ReadonlyMap<string, UserName>,
): WorkOrderLogRecord {
  const actor = row.createBy ? usersByUsername.get(row.createBy) : undefined;
  return {
    id: row.id,
    action: row.action as WorkOrderLogAction,
    action_dictText: labels.action.get(row.action) ?? row.action,
    fromUser: row.fromUser,
    fromUser_dictText: nameOf(usersById, row.fromUser),
    toUser: row.toUser,
    toUser_dictText: nameOf(usersById, row.toUser),
    note: row.note,
    createBy: row.createBy,
    createBy_dictText: actor ? actor.realname || actor.username : row.createBy,
    createTime: toWireTime(row.createTime),
  };
}

/** Ids of the people a set of rows names (for one name lookup). */
export function peopleOf(rows: readonly WorkOrderRow[], logs: readonly WorkOrderLogRow[] = []): string[] {
  const ids = new Set<string>();
  for (const r of rows) for (const id of [r.reporterId, r.assigneeId, r.closedBy]) if (id) ids.add(id);
  for (const l of logs) for (const id of [l.fromUser, l.toUser]) if (id) ids.add(id);
  return [...ids];
}
