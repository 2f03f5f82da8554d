/**
 * Opt-in CORS for a JeecgBoot UI served from another origin (CORS_ORIGINS). Only listed origins are answered, each
 * echoed exactly (never `*`), with the headers the Jeecg clients send; preflights are answered here, before the
 * auth hook, so that they need no token. Without CORS_ORIGINS no CORS header is ever sent.
 */
import type { FastifyInstance } from 'fastify';

/** The request headers the Jeecg clients (and our web app) send on API calls. */
export const CORS_ALLOWED_HEADERS = [
  'X-Access-Token',
  'X-Sign',
  'X-TIMESTAMP',
  'tenant-id',
  'X-Version',
  'Content-Type',
];
export const CORS_ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
/** Browsers may cache a preflight this long (seconds). */
export const CORS_MAX_AGE_SECONDS = 600;

/** The request's Origin when it is one of the allowed origins (compared case-insensitively), else null. */
export function allowedOrigin(origin: string | undefined, allowed: readonly string[]): string | null {
  if (!origin || origin === 'null') return null;
  const normalised = origin.toLowerCase().replace(/\/$/, '');
  return allowed.includes(normalised) ? origin : null;
}

export function registerCors(app: FastifyInstance): void {
  const allowed = app.config.corsOrigins;
  if (allowed.length === 0) return;
  const allowHeaders = CORS_ALLOWED_HEADERS.join(', ');
  const allowMethods = CORS_ALLOWED_METHODS.join(', ');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('vary', 'Origin');
    const origin = allowedOrigin(request.headers.origin, allowed);
    if (!origin) return;
    reply.header('access-control-allow-origin', origin);
    // The token travels in a header, not a cookie; credentials are allowed because the Jeecg clients may send
    // them, and only ever with the exact origin.
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', 'Content-Disposition');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', allowMethods);
      reply.header('access-control-allow-headers', allowHeaders);
      reply.header('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
      return reply.status(204).send();
    }
  });
}
