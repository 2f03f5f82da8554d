import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OperateLogQuery } from '@houtai/shared/contract';
import { ok } from '../../lib/envelope.ts';
import { listOperations } from './operate-log.service.ts';

export const operateLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/common/operateLog/list',
    { config: { policy: 'authenticated' }, schema: { querystring: OperateLogQuery, tags: ['operate-log'] } },
    async (request) => ok(await listOperations(app.db, request.query)),
  );
};
