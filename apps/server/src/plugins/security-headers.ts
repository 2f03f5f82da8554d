/**
 * Security headers (CSP, nosniff, frame and referrer policies …) from `helmet`, computed once at start-up
 * and copied onto every reply: running helmet per request cost more than a whole simple route.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Plain http on a LAN address must keep working; HSTS belongs to the TLS-terminating proxy.
    strictTransportSecurity: false,
  });
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * JSON answers of the API are never rendered as documents: the short OWASP REST set is enough for them
 * (and keeps the hot permission call lean); pages and assets get the full helmet set.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  const pageHeaders = securityHeaders();
  const apiPrefix = `${app.config.apiPrefix}/`;
  // Callback-style hooks (here and in the other per-request plugins): no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith(apiPrefix) && !request.url.startsWith(`${apiPrefix}docs`);
    reply.headers(isApi ? API_HEADERS : pageHeaders);
    // The request id travels back so that a user's report can be matched with the server log.
    reply.header('x-request-id', request.id);
    done();
  });
}
