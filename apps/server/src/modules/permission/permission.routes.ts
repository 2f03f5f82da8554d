/** The current user's menu tree and button grants (contract §2.2). */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { negotiateEncoding } from '../../lib/precompressed-envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { menuClientOf } from './client-menu.ts';
import { UserPermissionCache } from './user-permission.service.ts';

/** Adds to Vary instead of replacing it (the CORS hook may have put Origin there). */
function appendVary(reply: FastifyReply, value: string): void {
  const previous = reply.getHeader('vary');
  reply.header('vary', previous ? `${String(previous)}, ${value}` : value);
}

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  // One cache per app instance (tests build several apps in one process).
  const cache = new UserPermissionCache(app.db);

  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { policy: 'authenticated', beforePasswordChange: true }, schema: { tags: ['permission'] } },
    async (request, reply) => {
      const session = requireSession(request);
      // Each client gets the component names it has (client-menu.ts), told apart by X-Client / X-Version.
      const envelope = await cache.envelope(session.user.id, session.permissionEpoch, menuClientOf(request.headers));
      // Sent as bytes: the cached result is already JSON (and gzip), so it is not serialised again per request.
      reply.type('application/json; charset=utf-8');
      appendVary(reply, 'X-Client, X-Version');
      if (!envelope.compressible) return reply.send(envelope.body(Date.now(), 'identity'));
      appendVary(reply, 'Accept-Encoding');
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (encoding === 'gzip') reply.header('content-encoding', 'gzip');
      return reply.send(envelope.body(Date.now(), encoding));
    },
  );
};
