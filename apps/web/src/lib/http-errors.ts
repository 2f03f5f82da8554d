/** The error catalogue of spec §8 for HTTP failures, as a pure mapping from a failure to what the UI does. */

export const NOTIFY_TITLE = '系统提示';
export const SESSION_EXPIRED_TEXT = '很抱歉，登录已过期，请重新登录';
export const SESSION_EXPIRED_TITLE = '登录已过期';
export const RELOGIN_TEXT = '重新登录';
/** Spec §8 writes 登陆 (sic) in this one text. */
export const RELOGIN_LOADING_TEXT = '登录已过期，正在重新登陆';
export const FORBIDDEN_TEXT = '拒绝访问';
export const NOT_FOUND_TEXT = '很抱歉，资源未找到!';
export const TIMEOUT_TEXT = '网络超时';
export const NETWORK_ERROR_TEXT = '网络异常，请检查网络连接';
export const DOWNLOAD_FAILED_TEXT = '文件下载失败';
export const RELOAD_AFTER_MS = 1500;

export function serverErrorText(status: number): string {
  return `服务器异常（HTTP ${status}）`;
}

/** The server's token-invalid message ('Token失效，请重新登录', with or without '!'). */
const TOKEN_INVALID = /Token失效/;

/** WeCom (企业微信, 'wxwork') and DingTalk announce themselves in the user agent. */
const ENTERPRISE_CHAT = /wxwork|dingtalk/i;

export function isEnterpriseChat(userAgent: string | undefined): boolean {
  return !!userAgent && ENTERPRISE_CHAT.test(userAgent);
}

export interface HttpFailure {
  /**
   * HTTP status; 'timeout' when the client timer aborted the request; 'network' when fetch itself failed
   * (offline, connection refused, DNS).
   */
  status: number | 'timeout' | 'network';
  /** The envelope's message, when the body was one. */
  message?: string | null;
  /** Whether a token was sent with the request. */
  hasToken: boolean;
  /** navigator.userAgent: enterprise chat apps get their own re-login reaction. */
  userAgent?: string;
}

export type ErrorReaction =
  | { kind: 'notify'; title: string; description: string }
  /** A business failure of a download: the server message as a warning. */
  | { kind: 'warn'; content: string }
  /** HTTP 401: notify, log out, reload after a short delay. */
  | { kind: 'session-expired'; title: string; description: string; reloadAfterMs: number }
  /** HTTP 500 with the token-invalid text: a modal whose button logs out and reloads. */
  | { kind: 'relogin-modal'; title: string; content: string; okText: string }
  /** The same inside wxwork/DingTalk, where a modal is awkward: a loading message, then log out and reload. */
  | { kind: 'relogin-loading'; content: string };

function reloginReaction(userAgent: string | undefined): ErrorReaction {
  if (isEnterpriseChat(userAgent)) return { kind: 'relogin-loading', content: RELOGIN_LOADING_TEXT };
  return { kind: 'relogin-modal', title: SESSION_EXPIRED_TITLE, content: SESSION_EXPIRED_TEXT, okText: RELOGIN_TEXT };
}

function tokenInvalid(failure: Pick<HttpFailure, 'message' | 'hasToken'>): boolean {
  return failure.hasToken && !!failure.message && TOKEN_INVALID.test(failure.message);
}

export function reactionFor(failure: HttpFailure): ErrorReaction {
  const { status, message } = failure;
  const notify = (description: string): ErrorReaction => ({ kind: 'notify', title: NOTIFY_TITLE, description });
  if (status === 'network') return notify(NETWORK_ERROR_TEXT);
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
  if (status === 500 && tokenInvalid(failure)) return reloginReaction(failure.userAgent);
  return notify(message || serverErrorText(status));
}

/**
 * A download answered with a JSON envelope instead of a file (spec §8: blob responses are parsed for the same
 * token-invalid condition); anything else is the server's message as a warning.
 */
export function reactionForDownloadEnvelope(failure: Omit<HttpFailure, 'status'>): ErrorReaction {
  if (tokenInvalid(failure)) return reloginReaction(failure.userAgent);
  return { kind: 'warn', content: failure.message || DOWNLOAD_FAILED_TEXT };
}

/** The text an HttpError carries for a reaction. */
export function reactionText(r: ErrorReaction): string {
  switch (r.kind) {
    case 'notify':
    case 'session-expired':
      return r.description;
    case 'warn':
    case 'relogin-modal':
    case 'relogin-loading':
      return r.content;
  }
}
