/** /sys/role/list: the role picker's list, an administration read (the role-list code; administrators only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PICKER_PERMISSIONS, RoleListQuery } from '@houtai/shared/contract/pickers';
import { ok } from '../../lib/envelope.ts';
import { listRoles } from './role.service.ts';

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/role/list',
    {
      config: { policy: { permission: PICKER_PERMISSIONS.roleList } },
      schema: { querystring: RoleListQuery, tags: ['role'] },
    },
    async (request) => ok(await listRoles(app.db, request.query)),
  );
};
