/**
 * X-Sign / X-TIMESTAMP verification (contract §4.1, security design §2.8) for routes declaring
 * `config: { signed: true }`. An anti-tamper/anti-replay aid, never authentication: the secret ships to the
 * browser. Failures are business failures (HTTP 200, success false, code 500), as JeecgBoot answers them.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEXT } from '@houtai/shared/constants';
import { isTimestampFresh, parseSignTimestamp, signatureParams, signParams } from '@houtai/shared/sign';
import { AppError } from '../errors.ts';

function header(request: FastifyRequest, name: string): string | undefined {
  const raw = request.headers[name];
  const v = Array.isArray(raw) ? raw[0] : raw;
  return v === undefined || v === '' ? undefined : v;
}

/** The canonical parameter map of a request (packages/shared/src/sign.ts: the same one the clients sign). */
export function requestSignatureParams(request: FastifyRequest): Record<string, string> {
  return signatureParams({ method: request.method, target: request.url, body: request.body });
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
  const expected = signParams(requestSignatureParams(request), secret);
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
