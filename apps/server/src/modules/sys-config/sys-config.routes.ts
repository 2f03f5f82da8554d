import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ByCodeQuery } from '@houtai/shared/contract';
import { ok } from '../../lib/envelope.ts';
import { readPublicConfig } from './sys-config.service.ts';

export const sysConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/sysConfig/getByCode',
    { config: { policy: 'authenticated' }, schema: { querystring: ByCodeQuery, tags: ['sys-config'] } },
    async (request) => ok(await readPublicConfig(app.db, request.query.code)),
  );
};
