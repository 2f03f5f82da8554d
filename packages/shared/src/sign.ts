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

/**
 * The client's parameter map for a URL: its query string, its own params, and for a table dictionary
 * (last path segment holding a comma) the decoded segment under 'x-path-variable'.
 */
export function clientSignParams(url: string, params: SignParams = {}): SignParams {
  const [path = '', query = ''] = url.split('?', 2);
  const out: SignParams = {};
  const last = path.substring(path.lastIndexOf('/') + 1);
  if (last.includes(',')) out['x-path-variable'] = safeDecode(last);
  if (query) {
    for (const pair of safeDecode(query).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      if (eq < 0) out[pair] = '';
      else out[pair.substring(0, eq)] = pair.substring(eq + 1);
    }
  }
  for (const [k, v] of Object.entries(params)) out[k] = v;
  return out;
}

/** Decodes like the server (Java's URLDecoder): '+' is a space; a malformed escape leaves the text as it is. */
function safeDecode(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
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
