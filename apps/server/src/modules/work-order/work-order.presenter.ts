/** Rows → wire shapes: codes get their dictionary labels (`*_dictText`), people their real names, times the wire format. */
import type { Selectable } from 'kysely';
import type {
  WorkOrderLogAction,
  WorkOrderLogRecord,
  WorkOrderPriority,
  WorkOrderRecord,
  WorkOrderStatus,
} from '@houtai/shared/contract/work-order-rules';
import type { BiWorkOrderLogTable, BiWorkOrderTable } from '../../db/schema.ts';
import { toWireTime } from '../../lib/time.ts';
import type { WorkOrderExportRow } from './work-order.repository.ts';

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
    attachments: row.attachments ?? '',
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

/** What an export writes of an order: the list's record, only the fields its columns show. */
export type WorkOrderExportRecord = Pick<
  WorkOrderRecord,
  | 'orderNo'
  | 'title'
  | 'content'
  | 'priority_dictText'
  | 'status_dictText'
  | 'reporterId_dictText'
  | 'assigneeId_dictText'
  | 'createTime'
  | 'closedBy_dictText'
  | 'closedTime'
>;

/** The export's record of a row: the same values as toWorkOrderRecord gives for these fields. */
export function toWorkOrderExportRecord(
  row: WorkOrderExportRow,
  labels: WorkOrderLabels,
  usersById: ReadonlyMap<string, UserName>,
  wireTime: (iso: string | null) => string | null,
): WorkOrderExportRecord {
  return {
    orderNo: row.orderNo,
    title: row.title,
    content: row.content ?? '',
    priority_dictText: labels.priority.get(row.priority) ?? row.priority,
    status_dictText: labels.status.get(row.status) ?? row.status,
    reporterId_dictText: nameOf(usersById, row.reporterId),
    assigneeId_dictText: nameOf(usersById, row.assigneeId),
    createTime: wireTime(row.createTime),
    closedBy_dictText: nameOf(usersById, row.closedBy),
    closedTime: wireTime(row.closedTime),
  };
}

/** The server's own ISO instants ('2024-11-25T02:39:00.000Z'), the only kind the hour shortcut takes. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:[0-5]\d:[0-5]\d\.\d{3}Z$/;
const WIRE_HOURS_KEPT = 10_000;

/**
 * toWireTime for a long run of values (an export): moving an instant to +08:00 changes only its date and hour,
 * so the wall-clock hour is worked out once per hour of ISO text and the minutes and seconds are carried over.
 * Anything else goes through toWireTime itself; the answers are the same.
 */
export function wireTimeConverter(): (iso: string | null) => string | null {
  const hours = new Map<string, string>();
  return (iso) => {
    if (!iso || !ISO_INSTANT.test(iso)) return toWireTime(iso);
    const hour = iso.slice(0, 13);
    let wall = hours.get(hour);
    if (wall === undefined) {
      const whole = toWireTime(`${hour}:00:00.000Z`);
      // An impossible date or hour (2024-02-30T25): toWireTime answers it unchanged.
      if (whole === null || whole[10] !== ' ') return toWireTime(iso);
      wall = whole.slice(0, 13);
      if (hours.size >= WIRE_HOURS_KEPT) hours.clear();
      hours.set(hour, wall);
    }
    return `${wall}${iso.slice(13, 19)}`;
  };
}
