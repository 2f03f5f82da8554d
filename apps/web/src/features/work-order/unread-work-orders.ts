/**
 * Unread work orders (spec §4): their ids are kept on the server per user under the key WORK_ORDER
 * (GET /sys/redis/get?k=WORK_ORDER, PUT /sys/redis/set {k, v, t: 0}). The realtime client adds an id when a
 * WORK_ORDER message arrives while the user is not on the work-order list; the list marks those rows and clears
 * one when it is opened. A small store holds the current set for the list's marks.
 *
 * Adding and removing are read-modify-save: each re-reads the server's list first (another tab may have changed
 * it) and the calls of this tab run one after another, so none overwrites another's change.
 */
import { create } from 'zustand';
import {
  WORK_ORDER_BUSINESS_TYPE,
  WORK_ORDER_KV_KEY,
  WORK_ORDER_LIMITS,
} from '@houtai/shared/contract/work-order-rules';
import { http, unwrap } from '../../lib/http.ts';
import { subscribeRealtime } from '../../lib/realtime.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** The work-order list's route name (spec §2.1) and address: no unread marks are stored while it is shown. */
export const WORK_ORDER_LIST_ROUTE_NAME = 'bi-workOrder-WorkOrderList';
export const WORK_ORDER_LIST_PATH = '/bi/workOrder/WorkOrderList';
/** The detail page's address; `:id` is the work order. */
export const WORK_ORDER_DETAIL_PATH = '/bi/workOrder/WorkOrderDetail';

export function workOrderDetailPath(id: string): string {
  return `${WORK_ORDER_DETAIL_PATH}/${encodeURIComponent(id)}`;
}

interface UnreadState {
  ids: readonly string[];
  /** The server's list has been read at least once for the signed-in user. */
  loaded: boolean;
}

export const useUnreadWorkOrdersStore = create<UnreadState>()(() => ({ ids: [], loaded: false }));

/** The ids as a set, for marking rows; re-renders when the list changes. */
export function useUnreadWorkOrderIds(): readonly string[] {
  return useUnreadWorkOrdersStore((s) => s.ids);
}

// Another user signing in on this page must not see the previous user's marks.
useSessionStore.subscribe((state, previous) => {
  if (state.userInfo?.id !== previous.userInfo?.id) useUnreadWorkOrdersStore.setState({ ids: [], loaded: false });
});

function normalise(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const ids = list.filter((v): v is string => typeof v === 'string').map((v) => v.trim());
  return [...new Set(ids.filter((v) => v !== ''))];
}

async function fetchIds(): Promise<string[]> {
  const res = await http.get<unknown>('/sys/redis/get', { k: WORK_ORDER_KV_KEY }, { silent: true });
  return normalise(unwrap(res, '获取未读工单失败'));
}

async function saveIds(ids: readonly string[]): Promise<void> {
  const res = await http.put<unknown>('/sys/redis/set', { k: WORK_ORDER_KV_KEY, v: ids, t: 0 }, { silent: true });
  unwrap(res, '保存未读工单失败');
}

function publish(ids: readonly string[]): void {
  useUnreadWorkOrdersStore.setState({ ids, loaded: true });
}

/** Reads the server's list of unread work-order ids and keeps it in the store. */
export async function readUnreadWorkOrders(): Promise<string[]> {
  const ids = await fetchIds();
  publish(ids);
  return ids;
}

// The read-modify-save calls of this page, one after another.
let queue: Promise<unknown> = Promise.resolve();

function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** The list with `id` added last; the oldest are dropped beyond the server's limit. */
export function withUnread(ids: readonly string[], id: string): string[] {
  const next = [...ids.filter((v) => v !== id), id];
  return next.slice(Math.max(0, next.length - WORK_ORDER_LIMITS.unreadIds));
}

/** Marks a work order unread (a WORK_ORDER message arrived away from the list). */
export function addUnreadWorkOrder(id: string): Promise<void> {
  return serialised(async () => {
    const ids = await fetchIds();
    if (ids.includes(id)) {
      publish(ids);
      return;
    }
    const next = withUnread(ids, id);
    await saveIds(next);
    publish(next);
  });
}

/** Marks a work order read (it was opened); nothing is saved when it was not unread. */
export function removeUnreadWorkOrder(id: string): Promise<void> {
  // The mark goes at once; the server's list follows.
  const shown = useUnreadWorkOrdersStore.getState();
  if (shown.ids.includes(id)) publish(shown.ids.filter((v) => v !== id));
  return serialised(async () => {
    const ids = await fetchIds();
    if (!ids.includes(id)) {
      publish(ids);
      return;
    }
    const next = ids.filter((v) => v !== id);
    await saveIds(next);
    publish(next);
  });
}

/**
 * Listens for work-order notices (realtime messages of businessType WORK_ORDER: assigned, completed, closed, …)
 * with the order's id; the list and the detail page reload on them. Answers the unsubscribe.
 */
export function subscribeWorkOrderNotices(listener: (id: string) => void): () => void {
  return subscribeRealtime((message) => {
    if (message.businessType === WORK_ORDER_BUSINESS_TYPE && message.msgId) listener(message.msgId);
  });
}
