/**
 * The task list's dot (spec §4 Task dot): a flag in local storage per user, set when a realtime user message
 * with the task marker arrives for the signed-in user, cleared when the task list opens. Tiny on purpose: it is
 * on the first screen.
 */
import { isTaskMessage, type RealtimeMessage } from '@houtai/shared/messaging';
import { localStore } from '../../lib/storage.ts';

const KEY = 'task-dot';
const listeners = new Set<() => void>();

function keyFor(userId: string): string {
  return `${KEY}:${userId}`;
}

/** A task-centre message (isTaskMessage) for this user, or for nobody in particular. */
export function isTaskMessageFor(message: RealtimeMessage, userId: string | null | undefined): boolean {
  if (!userId || !isTaskMessage(message)) return false;
  return !message.userId || message.userId === userId;
}

function changed(): void {
  for (const l of listeners) l();
}

export function hasTaskDot(userId: string | null | undefined): boolean {
  return Boolean(userId) && localStore.get<boolean>(keyFor(userId ?? '')) === true;
}

export function setTaskDot(userId: string): void {
  localStore.set(keyFor(userId), true);
  changed();
}

export function clearTaskDot(userId: string | null | undefined): void {
  if (!userId) return;
  localStore.remove(keyFor(userId));
  changed();
}

/** Sets the dot when the message is a task message for this user; says whether it was. */
export function noteTaskMessage(message: RealtimeMessage, userId: string | null | undefined): boolean {
  if (!userId || !isTaskMessageFor(message, userId)) return false;
  setTaskDot(userId);
  return true;
}

export function subscribeTaskDot(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
