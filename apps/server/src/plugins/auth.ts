/** Enforces each route's policy before anything else runs: 401 without a valid token, 403 without the permission. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import { resolveSession } from '../modules/session/session.service.ts';

export function readToken(request: FastifyRequest): string | null {
  const raw = request.headers['x-access-token'];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.decorateRequest('relateId', null);
  app.decorateRequest('auditActor', null);
  app.decorateRequest('auditNote', null);
  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config.policy;
    if (policy === undefined) return; // unmatched routes reach the 404 handler
    const token = readToken(request);
    if (token) {
      request.session = await resolveSession(app.db, token, app.config.tokenIdleMinutes, app.services.now());
    }
    if (policy === 'public') return;
    if (!request.session) throw AppError.unauthorized(TEXT.tokenInvalid);
    if (policy === 'authenticated') return;
    const allowed = await app.permissionCodes.has(
      request.session.user.id,
      policy.permission,
      request.session.permissionEpoch,
    );
    if (!allowed) throw AppError.forbidden(TEXT.noPermission);
  });
}
