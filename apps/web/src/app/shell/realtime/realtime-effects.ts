/**
 * What a realtime message asks for (spec §3, §4, §7), as data: the shell shows a toast and updates the banner;
 * the features' handlers (by event kind, lib/feature-entry.ts) refresh the bell and message lists, remember an
 * unread work order, set the task dot. Pure, so every rule is unit tested; the shell hook
 * (use-shell-realtime.ts) carries the effects out.
 */
import {
  isTaskMessage,
  WORK_ORDER_BUSINESS_TYPE,
  parseSystemNotice,
  taskProgressOf,
  type RealtimeMessage,
  type SystemNotice,
} from '@houtai/shared/messaging';
import type { FeatureRealtimeEvent } from '../../../lib/feature-entry.ts';

export type ToastLevel = 'warning' | 'success' | 'error' | 'info';

export type RealtimeEffect =
  | { kind: 'toast'; level: ToastLevel; text: string }
  | { kind: 'banner'; notice: SystemNotice }
  /**
   * For the features: 'refresh-messages'; 'work-order' (stored as unread unless the user is on the work-order
   * list); 'task-dot' (set if the message is for the signed-in user). The handlers decide when they run.
   */
  | FeatureRealtimeEvent;

/** status 1 warning, 2 success, 3 error, anything else info (spec §3). */
export function toastLevel(status: number | undefined): ToastLevel {
  switch (status) {
    case 1:
      return 'warning';
    case 2:
      return 'success';
    case 3:
      return 'error';
    default:
      return 'info';
  }
}

export function realtimeEffects(message: RealtimeMessage): RealtimeEffect[] {
  switch (message.cmd) {
    case 'topic':
    case 'user': {
      // A running task's progress is silent: the open task list applies it itself.
      if (taskProgressOf(message)) return [];
      const effects: RealtimeEffect[] = [{ kind: 'refresh-messages' }];
      // A bare {cmd:'topic'} (read-all) only refreshes. The text is shown as text, never as HTML.
      const text = message.msgTxt?.trim();
      if (text) effects.push({ kind: 'toast', level: toastLevel(message.status), text });
      if (message.cmd === 'user' && message.businessType === WORK_ORDER_BUSINESS_TYPE && message.msgId) {
        effects.push({ kind: 'work-order', id: message.msgId });
      }
      // Task centre: a 'user' message whose text starts with the task marker sets the task list's dot (the tasks
      // feature checks that it is for the signed-in user).
      if (isTaskMessage(message)) {
        effects.push({ kind: 'task-dot' });
      }
      return effects;
    }
    case 'notice': {
      const notice = parseSystemNotice(message.msgTxt ?? '');
      return notice ? [{ kind: 'banner', notice }] : [];
    }
    default:
      return [];
  }
}

export interface CurrentRoute {
  pathname: string;
  /** The matched menu route's name, if any. */
  routeName: string | undefined;
}

/** Whether the user is on the work-order list (by route name, or by its address). */
export function isOnRoute(current: CurrentRoute, routeName: string, path: string): boolean {
  if (current.routeName === routeName) return true;
  return current.pathname.replace(/\/+$/, '') === path;
}
