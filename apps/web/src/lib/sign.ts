/**
 * X-Sign / X-TIMESTAMP headers (contract §4.1), computed over exactly what is sent, the way the server
 * canonicalises it (apps/server/src/plugins/signature.ts): the server never sees the caller's params object,
 * only the URL and the JSON body, so those are what is signed. Kept free of browser-only APIs: the server's
 * parity test imports it.
 */
import { signParams } from '@houtai/shared/sign';

export interface SignHeaders {
  'X-Sign': string;
  'X-TIMESTAMP': string;
}

export interface SignedRequest {
  method: string;
  /** The URL as it goes to fetch, query string included (absolute or relative to the page). */
  url: string;
  /** The JSON text of the body, as sent. */
  body?: string;
}

/** Java's URLDecoder, as the server uses it: '+' is a space; a malformed escape leaves the text as it is. */
function formDecode(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The request target (path and query) the browser sends for `url`: the WHATWG URL parser percent-encodes
 * what the browser would, so a malformed escape next to non-ASCII text decodes on both sides alike.
 */
function requestTarget(url: string): string {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.search;
}

/**
 * The server's canonical parameter map: `x-path-variable` for a last path segment holding a comma, the query
 * string decoded as a whole then split on '&' and the first '=', and for non-GET requests every top-level key
 * of the JSON body that is not null (scalars as text, anything else as its JSON).
 */
export function requestSignParams({ method, url, body }: SignedRequest): Record<string, string> {
  const target = requestTarget(url);
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
  if (method.toUpperCase() !== 'GET' && body) {
    // The server signs the body it parsed: parsing the sent text back gives the very same object.
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
        if (v === null || v === undefined) continue;
        out[k] =
          typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
      }
    }
  }
  return out;
}

export function signHeaders(request: SignedRequest, secret: string, now: number = Date.now()): SignHeaders {
  return {
    'X-Sign': signParams(requestSignParams(request), secret),
    'X-TIMESTAMP': String(now),
  };
}
