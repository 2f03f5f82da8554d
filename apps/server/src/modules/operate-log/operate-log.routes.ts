import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OperateLogQuery } from '@houtai/shared/contract/operate-log';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { listOperations, OPERATE_LOG_ALL_PERMISSION } from './operate-log.service.ts';

export const operateLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/common/operateLog/list',
    {
      config: { policy: 'authenticated', memo: true },
      schema: { querystring: OperateLogQuery, tags: ['operate-log'] },
    },
    async (request) => {
      const session = requireSession(request);
      const seesAll = await app.permissionCodes.has(
        session.user.id,
        OPERATE_LOG_ALL_PERMISSION,
        session.permissionEpoch,
      );
      return ok(await listOperations(app.db, request.query, { userId: session.user.id, seesAll }));
    },
  );
};
