/** The current user's menu tree and button grants (contract §2.2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../current-user/require-session.ts';
import { okJson, UserPermissionCache } from './user-permission.service.ts';

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  // One cache per app instance (tests build several apps in one process).
  const cache = new UserPermissionCache(app.db);

  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { policy: 'authenticated' }, schema: { tags: ['permission'] } },
    async (request, reply) => {
      const session = requireSession(request);
      const json = await cache.resultJson(session.user.id, session.permissionEpoch);
      // Sent as text: the cached result is already JSON, so it is not serialised again per request.
      return reply.type('application/json; charset=utf-8').send(okJson(json));
    },
  );
};
