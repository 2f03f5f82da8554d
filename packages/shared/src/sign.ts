/** Request signing (contract §4.1): MD5 over the sorted parameter map plus the shared secret, upper-cased. */
import jsMd5 from 'js-md5';
import { SIGN_MAX_SKEW_MS } from './constants.ts';

export type SignParams = Record<string, unknown>;

/** Serialises the parameter map the way both Jeecg clients do: keys sorted, values as strings. */
export function canonicalJson(params: SignParams): string {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(params).sort()) {
    if (key === '_t') continue;
    const value = params[key];
    if (value === undefined) continue;
    sorted[key] = typeof value === 'number' ? String(value) : value;
  }
  return JSON.stringify(sorted);
}

export function signParams(params: SignParams, secret: string): string {
  return jsMd5.md5(canonicalJson(params) + secret).toUpperCase();
}

/** Java's URLDecoder, as the server uses it: '+' is a space; a malformed escape leaves the text as it is. */
export function formDecode(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** What a signature covers: the method, the request target (path and query as sent) and the parsed body. */
export interface SignedInput {
  method: string;
  /** Path and query string as they go over the wire (percent-encoded), e.g. `request.url` on the server. */
  target: string;
  /** The parsed body; only a JSON object's top-level keys are signed, and only for non-GET requests. */
  body?: unknown;
}

/**
 * The one canonical parameter map (contract §4.1), the same on both sides: `x-path-variable` for a last path
 * segment holding a comma, the query string decoded as a whole then split on '&' and the first '=', and for
 * non-GET requests every top-level key of a JSON object body that is not null (scalars as text, anything else
 * as its JSON). `_t` stays in the map; canonicalJson drops it.
 */
export function signatureParams({ method, target, body }: SignedInput): Record<string, string> {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q + 1);
  const out: Record<string, string> = {};
  const last = path.substring(path.lastIndexOf('/') + 1);
  if (last.includes(',')) out['x-path-variable'] = formDecode(last);
  if (query) {
    for (const pair of formDecode(query).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      if (eq < 0) out[pair] = '';
      else out[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  if (method.toUpperCase() !== 'GET' && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      out[k] = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
    }
  }
  return out;
}

/**
 * The map of a GET URL written by hand plus a params object (the object winning), as the Vue clients' helpers
 * build it; for tests and scripts that sign a call themselves.
 */
export function clientSignParams(url: string, params: SignParams = {}): SignParams {
  return { ...signatureParams({ method: 'GET', target: url }), ...params };
}

/** A request as a client is about to send it. */
export interface OutgoingRequest {
  method: string;
  /** The URL as it goes to fetch, query string included (absolute or relative to the page). */
  url: string;
  /** The JSON text of the body, as sent. */
  body?: string | undefined;
}

/**
 * The canonical map of an outgoing request: the WHATWG URL parser percent-encodes the target as the browser
 * would (so a malformed escape next to non-ASCII text decodes on both sides alike), and the body text is parsed
 * back into the very object the server will see.
 */
export function outgoingSignParams({ method, url, body }: OutgoingRequest): Record<string, string> {
  const u = new URL(url, 'http://localhost');
  const parsed = method.toUpperCase() !== 'GET' && body ? (JSON.parse(body) as unknown) : undefined;
  return signatureParams({ method, target: u.pathname + u.search, body: parsed });
}

export interface SignHeaders {
  'X-Sign': string;
  'X-TIMESTAMP': string;
}

/** X-Sign / X-TIMESTAMP for an outgoing request, computed over exactly what is sent. */
export function signHeaders(request: OutgoingRequest, secret: string, now: number = Date.now()): SignHeaders {
  return { 'X-Sign': signParams(outgoingSignParams(request), secret), 'X-TIMESTAMP': String(now) };
}

/**
 * Parses X-TIMESTAMP: epoch milliseconds, or the legacy 14-digit yyyyMMddHHmmss in Asia/Shanghai (UTC+8).
 * Returns null when unreadable.
 */
export function parseSignTimestamp(raw: string | undefined | null): number | null {
  if (!raw) return null;
  const s = raw.trim();
  if (/^\d{14}$/.test(s)) {
    const [y, mo, d, h, mi, se] = [
      s.slice(0, 4),
      s.slice(4, 6),
      s.slice(6, 8),
      s.slice(8, 10),
      s.slice(10, 12),
      s.slice(12, 14),
    ].map(Number) as [number, number, number, number, number, number];
    const ms = Date.UTC(y, mo - 1, d, h - 8, mi, se);
    return Number.isFinite(ms) ? ms : null;
  }
  if (/^\d{10,16}$/.test(s)) return Number(s);
  return null;
}

export function isTimestampFresh(ts: number, now: number): boolean {
  return Math.abs(now - ts) <= SIGN_MAX_SKEW_MS;
}
