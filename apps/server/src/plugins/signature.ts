/**
 * X-Sign / X-TIMESTAMP verification (contract §4.1, security design §2.8) for routes declaring
 * `config: { signed: true }`. An anti-tamper/anti-replay aid, never authentication: the secret ships to the
 * browser. Failures are business failures (HTTP 200, success false, code 500), as JeecgBoot answers them.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEXT } from '@houtai/shared/constants';
import { isTimestampFresh, parseSignTimestamp, signParams } from '@houtai/shared/sign';
import { AppError } from '../errors.ts';

/** Java's URLDecoder: '+' is a space; a malformed escape leaves the text as it is. */
function formDecode(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const raw = request.headers[name];
  const v = Array.isArray(raw) ? raw[0] : raw;
  return v === undefined || v === '' ? undefined : v;
}

/**
 * The server's canonical parameter map: `x-path-variable` for a last path segment holding a comma, the
 * query string decoded as a whole then split on '&' and the first '=', top-level JSON body keys for
 * non-GET requests; `_t` dropped (canonicalJson drops it and sorts the keys).
 */
export function signatureParams(request: FastifyRequest): Record<string, string> {
  const url = request.url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
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
  if (request.method !== 'GET' && request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    for (const [k, v] of Object.entries(request.body as Record<string, unknown>)) {
      if (v === undefined || v === null) continue;
      out[k] = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
    }
  }
  return out;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Throws the business failure for a missing, stale/future or wrong signature. */
export function verifySignature(request: FastifyRequest, secret: string, now: number): void {
  const sign = header(request, 'x-sign');
  const rawTs = header(request, 'x-timestamp');
  if (!sign || !rawTs) throw AppError.business(TEXT.signMissing);
  const ts = parseSignTimestamp(rawTs);
  if (ts === null) throw AppError.business(TEXT.signFailed);
  // Both directions (security design §2.8): a timestamp from the future is as suspicious as an old one.
  if (!isTimestampFresh(ts, now)) throw AppError.business(TEXT.signExpired);
  const expected = signParams(signatureParams(request), secret);
  if (!sameText(sign.trim().toUpperCase(), expected)) throw AppError.business(TEXT.signFailed);
}

const verified = new WeakSet<FastifyRequest>();

/**
 * Adds the check to every route of `app`'s context that declares `signed: true`. Safe to register in
 * nested contexts as well (a request is verified once); after authentication, before validation.
 */
export function registerSignature(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.signed !== true || verified.has(request)) {
      done();
      return;
    }
    try {
      verifySignature(request, app.config.signSecret, app.services.now());
    } catch (err) {
      done(err as Error);
      return;
    }
    verified.add(request);
    done();
  });
}
