/** Online users and force logout (contract §2.8). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT } from '@houtai/shared/constants';
import { ForceLogoutBody, OnlineListQuery } from '@houtai/shared/contract/auth';
import { ok, okMessage } from '../../lib/envelope.ts';
import { forceLogout, listOnline } from './online.service.ts';

const tags = ['online'];

export const onlineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/online/list',
    { config: { policy: { permission: 'system:online:list' } }, schema: { querystring: OnlineListQuery, tags } },
    async (request) => ok(await listOnline(app, request.query, request.session?.tokenId ?? null)),
  );

  app.post(
    '/sys/online/forceLogout',
    {
      config: { policy: { permission: 'system:online:forceLogout' }, operation: '强制退出', operateType: '4' },
      schema: { body: ForceLogoutBody, tags },
    },
    async (request) => {
      const users = await forceLogout(
        app,
        request.body,
        request.session ? { sessionId: request.session.tokenId, username: request.session.user.username } : null,
      );
      request.relateId = users.map((u) => u.id).join(',');
      request.auditNote = users.map((u) => u.username).join('、');
      return okMessage(TEXT.forceLogoutSuccess);
    },
  );
};
