/**
 * The first screen's requests, sent before the app's code has arrived (issue 11, first-load speed).
 *
 * A signed-in page load used to ask for the permissions only after the entry chunk (the largest file) had been
 * downloaded and run: on a phone's connection that is a round trip after a second and a half of download, and the
 * frame waits for the answer. The early entry (src/early.ts, a few kB, loaded `async` ahead of the app) sends the
 * requests the route guard will make — the same requests, built by request-init.ts from the same stored session —
 * and leaves their responses here; the http client takes a response whose request it would have sent itself
 * (same method, URL, token and tenant) instead of sending it again, and handles it like any other: status,
 * envelope, error catalogue. A request the app never makes again is simply not used; one that failed is sent again.
 */
import { SYSTEM_NOTIFICATIONS_CODE } from '@houtai/shared/constants';
import { getRuntimeConfig } from './runtime-config.ts';
import { prepareRequest, type PreparedRequest, type RequestShape } from './request-init.ts';
import { STORAGE_KEYS, localStore, storedTenantId } from './storage.ts';

/** The calls the signed-in frame makes before its first paint (route-guard.tsx's loadPermissions). */
export const EARLY_REQUESTS: readonly RequestShape[] = [
  { url: '/sys/permission/getUserPermissionByToken' },
  { url: '/sys/sysConfig/getByCode', params: { code: SYSTEM_NOTIFICATIONS_CODE } },
];

/** Only the first screen's own calls are answered from here, and only for a short while after the page loaded. */
const KEEP_MS = 30_000;

interface Early {
  response: Promise<Response>;
  headers: Record<string, string>;
  at: number;
}

const pending = new Map<string, Early>();

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** Sends the early requests when a session is stored (a guest's page has none to send). */
export function startEarlyRequests(now: () => number = Date.now): void {
  if (typeof window === 'undefined' || typeof fetch !== 'function') return;
  const token = localStore.get<string>(STORAGE_KEYS.token);
  if (!token) return;
  const config = getRuntimeConfig();
  for (const shape of EARLY_REQUESTS) {
    const prepared = prepareRequest(shape, {
      token,
      tenantId: storedTenantId(),
      apiBase: config.apiBase,
      signSecret: config.signSecret,
      location: window.location,
      now: now(),
    });
    const response = fetch(prepared.url, { method: prepared.method, headers: prepared.headers });
    // Unhandled here: a failure is the http client's to see (it sends the request again).
    response.catch(() => undefined);
    pending.set(prepared.key, { response, headers: prepared.headers, at: now() });
  }
}

/**
 * The response of an early request identical to `request` (its headers apart from the signature's timestamp
 * and `_t`), taken out so that it is used once; undefined when there is none.
 */
export function takeEarlyResponse(request: PreparedRequest, now: number = Date.now()): Promise<Response> | undefined {
  if (pending.size === 0) return undefined;
  const early = pending.get(request.key);
  if (!early) return undefined;
  pending.delete(request.key);
  if (now - early.at > KEEP_MS || request.method !== 'GET' || request.body !== undefined) return undefined;
  const { 'X-TIMESTAMP': _a, 'X-Sign': _b, ...mine } = request.headers;
  const { 'X-TIMESTAMP': _c, 'X-Sign': _d, ...theirs } = early.headers;
  return sameHeaders(mine, theirs) ? early.response : undefined;
}

/** For tests: forget every early request. */
export function resetEarlyRequests(): void {
  pending.clear();
}
