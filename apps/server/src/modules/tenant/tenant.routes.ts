/** GET /sys/tenant/queryList (contract §2.10): the single tenant. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TenantQueryListQuery } from '@houtai/shared/contract/tenant';
import { ok } from '../../lib/envelope.ts';
import { queryTenants } from './tenant.service.ts';

export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/tenant/queryList',
    { config: { policy: 'authenticated' }, schema: { querystring: TenantQueryListQuery, tags: ['tenant'] } },
    async (request) => ok(queryTenants(app.config.tenantName, request.query.ids)),
  );
};
