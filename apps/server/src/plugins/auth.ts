/** Enforces each route's policy before anything else runs: 401 without a valid token, 403 without the permission. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import { resolveSession } from '../modules/session/session.service.ts';
import type { Session } from './types.ts';

export function readToken(request: FastifyRequest): string | null {
  const raw = request.headers['x-access-token'];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

/** The token a websocket handshake offers as its only sub-protocol (`new WebSocket(url, [token])`). */
export function readProtocolToken(request: FastifyRequest): string | null {
  const raw = request.headers['sec-websocket-protocol'];
  if (typeof raw !== 'string' || raw.includes(',')) return null;
  const token = raw.trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

/** The caller's session on an authenticated route (the auth hook has already refused requests without one). */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw AppError.unauthorized(TEXT.tokenInvalid);
  return request.session;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.decorateRequest('relateId', null);
  app.decorateRequest('auditActor', null);
  app.decorateRequest('auditNote', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const policy = config.policy;
    if (policy === undefined) return; // unmatched routes reach the 404 handler
    const token = config.tokenInProtocol ? readProtocolToken(request) : readToken(request);
    if (token) {
      request.session = await resolveSession(app.db, token, app.config.tokenIdleMinutes, app.services.now());
    }
    if (policy === 'public') return;
    if (!request.session) throw AppError.unauthorized(TEXT.tokenInvalid);
    if (request.session.user.mustChangePassword && !config.beforePasswordChange) {
      throw AppError.forbidden(TEXT.mustChangePassword);
    }
    if (policy === 'authenticated') return;
    const { user, permissionEpoch } = request.session;
    const codes = typeof policy.permission === 'string' ? [policy.permission] : policy.permission;
    for (const code of codes) {
      if (await app.permissionCodes.has(user.id, code, permissionEpoch)) return;
    }
    throw AppError.forbidden(TEXT.noPermission);
  });
}
