/**
 * GET /sys/redis/get?k= and PUT|POST /sys/redis/set {k, v, t}: the contract's names for the values a user keeps on
 * the server (only WORK_ORDER now, the unread work orders). Backed by sys_user_kv, not Redis; always the session's
 * own user, whatever the request says.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserKvGetQuery, UserKvSetBody } from '@houtai/shared/contract/work-order';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { readUserValue, saveUserValue, USER_KV_TEXT } from './user-kv.service.ts';

const tags = ['user-kv'];

export const userKvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/redis/get',
    { config: { policy: 'authenticated' }, schema: { querystring: UserKvGetQuery, tags } },
    async (request) => ok(await readUserValue(app.db, requireSession(request).user.id, request.query.k)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/redis/set',
    config: { policy: 'authenticated', operation: '保存个人数据', operateType: '3' },
    schema: { body: UserKvSetBody, tags },
    handler: async (request) => {
      const session = requireSession(request);
      const saved = await saveUserValue(app.db, session.user.id, request.body.k, request.body.v, app.services.now());
      request.relateId = session.user.id;
      request.auditNote = request.body.k;
      return ok(saved, USER_KV_TEXT.saved);
    },
  });
};
