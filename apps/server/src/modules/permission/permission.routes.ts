/** The current user's menu tree and button grants (contract §2.2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { negotiateEncoding } from '../../lib/precompressed-envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { UserPermissionCache } from './user-permission.service.ts';

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  // One cache per app instance (tests build several apps in one process).
  const cache = new UserPermissionCache(app.db);

  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { policy: 'authenticated' }, schema: { tags: ['permission'] } },
    async (request, reply) => {
      const session = requireSession(request);
      const envelope = await cache.envelope(session.user.id, session.permissionEpoch);
      // Sent as bytes: the cached result is already JSON (and gzip), so it is not serialised again per request.
      reply.type('application/json; charset=utf-8');
      if (!envelope.compressible) return reply.send(envelope.body(Date.now(), 'identity'));
      reply.header('vary', 'Accept-Encoding');
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (encoding === 'gzip') reply.header('content-encoding', 'gzip');
      return reply.send(envelope.body(Date.now(), encoding));
    },
  );
};
