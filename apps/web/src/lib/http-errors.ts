/** The error catalogue of spec §8 for HTTP failures, as a pure mapping from a failure to what the UI does. */

export const NOTIFY_TITLE = '系统提示';
export const SESSION_EXPIRED_TEXT = '很抱歉，登录已过期，请重新登录';
export const SESSION_EXPIRED_TITLE = '登录已过期';
export const RELOGIN_TEXT = '重新登录';
export const FORBIDDEN_TEXT = '拒绝访问';
export const NOT_FOUND_TEXT = '很抱歉，资源未找到!';
export const TIMEOUT_TEXT = '网络超时';
export const RELOAD_AFTER_MS = 1500;

/** The server's token-invalid message ('Token失效，请重新登录', with or without '!'). */
const TOKEN_INVALID = /Token失效/;

export interface HttpFailure {
  /** HTTP status, or 'timeout' when the request was aborted by the client timer / network gave up. */
  status: number | 'timeout';
  /** The envelope's message, when the body was one. */
  message?: string | null;
  /** Whether a token was sent with the request. */
  hasToken: boolean;
}

export type ErrorReaction =
  | { kind: 'notify'; title: string; description: string }
  /** HTTP 401: notify, log out, reload after a short delay. */
  | { kind: 'session-expired'; title: string; description: string; reloadAfterMs: number }
  /** HTTP 500 with the token-invalid text: a modal whose button logs out and reloads. */
  | { kind: 'relogin-modal'; title: string; content: string; okText: string };

export function reactionFor(failure: HttpFailure): ErrorReaction {
  const { status, message } = failure;
  const notify = (description: string): ErrorReaction => ({ kind: 'notify', title: NOTIFY_TITLE, description });
  if (status === 'timeout' || status === 504) return notify(TIMEOUT_TEXT);
  if (status === 401) {
    return {
      kind: 'session-expired',
      title: NOTIFY_TITLE,
      description: SESSION_EXPIRED_TEXT,
      reloadAfterMs: RELOAD_AFTER_MS,
    };
  }
  if (status === 403) return notify(FORBIDDEN_TEXT);
  if (status === 404) return notify(NOT_FOUND_TEXT);
  if (status === 500 && failure.hasToken && message && TOKEN_INVALID.test(message)) {
    return { kind: 'relogin-modal', title: SESSION_EXPIRED_TITLE, content: SESSION_EXPIRED_TEXT, okText: RELOGIN_TEXT };
  }
  return notify(message || `${status}`);
}
