/**
 * The one http client (spec §7): API base from the runtime config, X-Access-Token, tenant-id and X-Low-App-ID
 * headers, `_t` on GETs, optional X-Sign, a long timeout, the {success, message, code, result} envelope, blob
 * downloads, and the error catalogue (spec §8) for HTTP failures.
 */
import { REQUEST_TIMEOUT_MS } from '@houtai/shared/constants';
import type { ApiResult } from '@houtai/shared/contract/common';
import { getFeedback } from './feedback.ts';
import { filenameFromContentDisposition } from './content-disposition.ts';
import {
  reactionFor,
  reactionForDownloadEnvelope,
  reactionText,
  type ErrorReaction,
  type HttpFailure,
} from './http-errors.ts';
import type { QueryParams } from '@houtai/shared/query-string';
import { getRuntimeConfig } from './runtime-config.ts';
import { currentTenantId, currentToken, useSessionStore } from './session-store.ts';
import { takeEarlyResponse } from './early-requests.ts';
import { joinApiUrl, prepareRequest, type HttpMethod, type RequestShape } from './request-init.ts';

export type { HttpMethod, QueryParams };

export interface RequestOptions extends RequestShape {
  /** The caller reports failures itself; the catalogue's notifications are not shown. */
  silent?: boolean;
  timeoutMs?: number;
  /** The request outlives the page (fetch keepalive): for saves sent while the page unloads. */
  keepalive?: boolean;
}

export class HttpError extends Error {
  constructor(
    /** HTTP status (200 for a download answered with a failure envelope), or how fetch itself failed. */
    readonly status: number | 'timeout' | 'network',
    message: string,
    readonly body: ApiResult<unknown> | null = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A business failure: the server answered `success: false`, or left out the result the call needs. Its message is
 * the server's (or the caller's fallback when the server sent none) and is for the caller to show; an HttpError's
 * was already shown by the error catalogue.
 */
export class BusinessError extends Error {
  constructor(
    message: string,
    /** The envelope's code (e.g. 412: a captcha is needed). */
    readonly code: number | null = null,
    readonly body: ApiResult<unknown> | null = null,
  ) {
    super(message);
    this.name = 'BusinessError';
  }
}

function businessError(res: ApiResult<unknown>, fallback: string): BusinessError {
  return new BusinessError(res.message || fallback, typeof res.code === 'number' ? res.code : null, res);
}

/**
 * The result of a successful envelope. A failed one throws BusinessError with the server's message, or `fallback`
 * (the call's own Chinese text) when it sent none.
 */
export function unwrap<T>(res: ApiResult<T>, fallback = ''): T {
  if (!res.success) throw businessError(res, fallback);
  return res.result;
}

/**
 * As unwrap, for calls that need a result: a successful answer without one (null, or one `valid` refuses, e.g.
 * `Array.isArray`) fails the same way.
 */
export function unwrapResult<T>(
  res: ApiResult<T>,
  fallback = '',
  valid?: (result: NonNullable<T>) => boolean,
): NonNullable<T> {
  const result = unwrap(res, fallback);
  if (result === null || result === undefined || (valid && !valid(result))) throw businessError(res, fallback);
  return result;
}

/** Relative URLs go under the API base; absolute http(s) URLs are left alone. */
export function apiUrl(url: string, base: string = getRuntimeConfig().apiBase): string {
  return joinApiUrl(url, base);
}

function isEnvelope(v: unknown): v is ApiResult<unknown> {
  return typeof v === 'object' && v !== null && 'success' in v && 'message' in v;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readEnvelope(res: Response): Promise<ApiResult<unknown> | null> {
  const parsed = parseJson(await res.text());
  return isEnvelope(parsed) ? parsed : null;
}

function userAgent(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.userAgent;
}

interface Sent {
  res: Response;
  hasToken: boolean;
}

/** An early request's response (failed: sent again), given up like fetch when the time-out aborts. */
function earlyOrAgain(early: Promise<Response>, sendNow: () => Promise<Response>, signal: AbortSignal) {
  return new Promise<Response>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('The request timed out', 'AbortError')), {
      once: true,
    });
    early.then(resolve, () => sendNow().then(resolve, reject));
  });
}

/**
 * Builds and sends a request: headers, the signature over exactly what is sent, `_t` on GETs, the time-out.
 * A failed fetch or a non-2xx status goes through the catalogue and throws; the caller reads the body.
 */
async function send(options: RequestOptions): Promise<Sent> {
  const token = currentToken();
  const prepared = prepareRequest(options, {
    token,
    tenantId: currentTenantId(),
    apiBase: getRuntimeConfig().apiBase,
    signSecret: getRuntimeConfig().signSecret,
    location: typeof window === 'undefined' ? null : window.location,
    now: Date.now(),
  });
  const { method, url, headers, body } = prepared;
  // The first screen's calls may be on their way already (early-requests.ts); one that failed is sent again.
  const early = takeEarlyResponse(prepared);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    const sendNow = () =>
      fetch(url, { method, headers, body, signal: controller.signal, keepalive: options.keepalive });
    res = await (early ? earlyOrAgain(early, sendNow, controller.signal) : sendNow());
  } catch {
    // Only our timer aborts; anything else is the network (offline, refused, DNS): fetch's TypeError.
    const status = timedOut ? 'timeout' : 'network';
    const reaction = fail({ status, hasToken: !!token, userAgent: userAgent() }, options.silent);
    throw new HttpError(status, reactionText(reaction));
  } finally {
    clearTimeout(timer);
  }

  if (!res.ok) {
    const envelope = await readEnvelope(res);
    const reaction = fail(
      { status: res.status, message: envelope?.message, hasToken: !!token, userAgent: userAgent() },
      options.silent,
    );
    throw new HttpError(res.status, reactionText(reaction), envelope);
  }
  return { res, hasToken: !!token };
}

export async function request<T>(options: RequestOptions): Promise<ApiResult<T>> {
  const { res } = await send(options);
  const envelope = await readEnvelope(res);
  if (!envelope) throw new HttpError(res.status, 'Unexpected response', null);
  return envelope as ApiResult<T>;
}

export interface Download {
  blob: Blob;
  /** From Content-Disposition; null when the server named no file. */
  filename: string | null;
}

/**
 * GET blob download (spec §7). The server answers a failure it knows of (token invalid, no file) with a JSON
 * envelope instead of the file: that goes through the catalogue and throws (spec §8). JSON that is not an
 * envelope is a file like any other.
 */
export async function download(options: Omit<RequestOptions, 'method' | 'data'>): Promise<Download> {
  const { res, hasToken } = await send({ ...options, method: 'GET' });
  const type = res.headers.get('content-type') ?? '';
  let blob: Blob;
  if (/application\/json/i.test(type)) {
    const text = await res.text();
    const parsed = parseJson(text);
    if (isEnvelope(parsed)) {
      const reaction = report(
        reactionForDownloadEnvelope({ message: parsed.message, hasToken, userAgent: userAgent() }),
        options.silent,
      );
      throw new HttpError(res.status, reactionText(reaction), parsed);
    }
    blob = new Blob([text], { type });
  } else {
    blob = await res.blob();
  }
  return { blob, filename: filenameFromContentDisposition(res.headers.get('content-disposition')) };
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
  download: (url: string, params?: QueryParams, opts?: Partial<Omit<RequestOptions, 'method' | 'data'>>) =>
    download({ ...opts, url, params }),
  /** POST multipart (spec §7): `file` plus form fields, e.g. `biz`. */
  upload: <T>(url: string, file: Blob, fields: Record<string, string> = {}, opts?: Partial<RequestOptions>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, file instanceof File ? file.name : 'file');
    return request<T>({ ...opts, method: 'POST', url, form });
  },
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
  return report(reactionFor(failure), silent);
}

function report(reaction: ErrorReaction, silent: boolean | undefined): ErrorReaction {
  // A 401 ends the session even for callers that report their own errors.
  if (silent && reaction.kind !== 'session-expired') return reaction;
  applyReaction(reaction);
  return reaction;
}

/**
 * A failed answer seen outside this client (an XHR upload): when it ends the session (401, a token-invalid 500)
 * the catalogue's reaction is carried out as for any request; says whether it was such an answer.
 */
export function reportSessionFailure(status: number, message: string | undefined): boolean {
  const reaction = reactionFor({ status, message, hasToken: !!currentToken(), userAgent: userAgent() });
  if (reaction.kind !== 'session-expired' && reaction.kind !== 'relogin-modal' && reaction.kind !== 'relogin-loading') {
    return false;
  }
  applyReaction(reaction);
  return true;
}

/** After a reload the route guard sends the signed-out user to the login page. */
function reload(): void {
  window.location.reload();
}

function applyReaction(reaction: ErrorReaction): void {
  const { notification, modal, message } = getFeedback();
  switch (reaction.kind) {
    case 'notify':
      notification.error({ title: reaction.title, description: reaction.description, key: reaction.description });
      return;
    case 'warn':
      void message.warning(reaction.content);
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
    case 'relogin-loading':
      if (expiring) return;
      expiring = true;
      // Stays up until the reload replaces the page.
      void message.loading({ content: reaction.content, duration: 0, key: 'relogin-loading' });
      void logout().then(reload);
      return;
  }
}
