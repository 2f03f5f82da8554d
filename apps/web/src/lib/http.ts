/**
 * The one http client (spec §7): API base from the runtime config, X-Access-Token and tenant-id headers,
 * `_t` on GETs, optional X-Sign, a long timeout, the {success, message, code, result} envelope, and the
 * error catalogue (spec §8) for HTTP failures.
 */
import { REQUEST_TIMEOUT_MS } from '@houtai/shared/constants';
import type { ApiResult } from '@houtai/shared/contract';
import { getFeedback } from './feedback.ts';
import { reactionFor, type ErrorReaction, type HttpFailure } from './http-errors.ts';
import { getRuntimeConfig } from './runtime-config.ts';
import { currentTenantId, currentToken, useSessionStore } from './session-store.ts';
import { signHeaders } from './sign.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Relative to the API base; a leading slash is optional. May carry a query string. */
  url: string;
  params?: QueryParams;
  /** JSON body of POST/PUT/DELETE. */
  data?: unknown;
  /** Adds X-Sign and X-TIMESTAMP (contract §4.1). */
  signed?: boolean;
  headers?: Record<string, string>;
  /** The caller reports failures itself; the catalogue's notifications are not shown. */
  silent?: boolean;
  timeoutMs?: number;
  /** The request outlives the page (fetch keepalive): for saves sent while the page unloads. */
  keepalive?: boolean;
}

export class HttpError extends Error {
  constructor(
    readonly status: number | 'timeout',
    message: string,
    readonly body: ApiResult<unknown> | null = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function apiUrl(url: string, base: string = getRuntimeConfig().apiBase): string {
  return `${base}/${url.replace(/^\/+/, '')}`;
}

function appendQuery(url: string, params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    search.append(k, String(v));
  }
  const qs = search.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function isEnvelope(v: unknown): v is ApiResult<unknown> {
  return typeof v === 'object' && v !== null && 'success' in v && 'message' in v;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function request<T>(options: RequestOptions): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const token = currentToken();
  const headers: Record<string, string> = { 'tenant-id': currentTenantId(), ...options.headers };
  if (token && !headers['X-Access-Token']) headers['X-Access-Token'] = token;

  let url = options.url;
  if (options.signed) {
    const signInput = method === 'GET' ? (options.params ?? {}) : isPlainObject(options.data) ? options.data : {};
    Object.assign(headers, signHeaders(url, signInput, getRuntimeConfig().signSecret));
  }
  const params: QueryParams = { ...options.params };
  // The cache-buster is added after signing; the server ignores it.
  if (method === 'GET') params._t = Math.floor(Date.now() / 1000);
  url = appendQuery(apiUrl(url), params);

  let body: string | undefined;
  if (method !== 'GET' && options.data !== undefined) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = JSON.stringify(options.data);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: controller.signal, keepalive: options.keepalive });
  } catch {
    // Aborted by the timer or the network gave up: both read as a time-out to the user.
    fail({ status: 'timeout', hasToken: !!token }, options.silent);
    throw new HttpError('timeout', 'timeout');
  } finally {
    clearTimeout(timer);
  }

  const parsed = await readBody(res);
  const envelope = isEnvelope(parsed) ? parsed : null;
  if (!res.ok) {
    const reaction = fail({ status: res.status, message: envelope?.message, hasToken: !!token }, options.silent);
    throw new HttpError(res.status, reactionText(reaction), envelope);
  }
  if (!envelope) throw new HttpError(res.status, 'Unexpected response', null);
  return envelope as ApiResult<T>;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function reactionText(r: ErrorReaction): string {
  return r.kind === 'relogin-modal' ? r.content : r.description;
}

export const http = {
  get: <T>(url: string, params?: QueryParams, opts?: Partial<RequestOptions>) =>
    request<T>({ ...opts, method: 'GET', url, params }),
  post: <T>(url: string, data?: unknown, opts?: Partial<RequestOptions>) =>
    request<T>({ ...opts, method: 'POST', url, data }),
  put: <T>(url: string, data?: unknown, opts?: Partial<RequestOptions>) =>
    request<T>({ ...opts, method: 'PUT', url, data }),
  delete: <T>(url: string, params?: QueryParams, opts?: Partial<RequestOptions>) =>
    request<T>({ ...opts, method: 'DELETE', url, params }),
};

/**
 * Logout (spec §4): clears the local session first, then tells the server with the old token and
 * ignores its answer.
 */
export async function logout(): Promise<void> {
  const token = useSessionStore.getState().token;
  useSessionStore.getState().clear();
  if (!token) return;
  try {
    await request({ method: 'POST', url: '/sys/logout', headers: { 'X-Access-Token': token }, silent: true });
  } catch {
    // The outcome is ignored by design.
  }
}

let expiring = false;

function fail(failure: HttpFailure, silent: boolean | undefined): ErrorReaction {
  const reaction = reactionFor(failure);
  // A 401 ends the session even for callers that report their own errors.
  if (silent && reaction.kind !== 'session-expired') return reaction;
  applyReaction(reaction);
  return reaction;
}

/** After a reload the route guard sends the signed-out user to the login page. */
function reload(): void {
  window.location.reload();
}

function applyReaction(reaction: ErrorReaction): void {
  const { notification, modal } = getFeedback();
  switch (reaction.kind) {
    case 'notify':
      notification.error({ title: reaction.title, description: reaction.description, key: reaction.description });
      return;
    case 'session-expired':
      notification.error({ title: reaction.title, description: reaction.description, key: 'session-expired' });
      if (expiring) return;
      expiring = true;
      void logout();
      setTimeout(reload, reaction.reloadAfterMs);
      return;
    case 'relogin-modal':
      if (expiring) return;
      expiring = true;
      modal.error({
        title: reaction.title,
        content: reaction.content,
        okText: reaction.okText,
        onOk: async () => {
          await logout();
          reload();
        },
      });
      return;
  }
}
