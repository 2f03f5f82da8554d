/**
 * /sys/user/list, /sys/user/queryUserRealDeptData, /sys/user/getMultiUser: the people pickers' reads. Policy: the
 * picker read code (every staff role; not the low-privilege guest, who has no one to pick — decisions.md "Picker
 * reads"); /sys/user/list also serves the user administration screen (its list code, issue 14). Phone and email
 * only for holders of the user-administration codes; the screen's extra columns only for its list code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { AdminUserListQuery } from '@houtai/shared/contract/admin-user';
import { MultiUserQuery, PICKER_PERMISSIONS, UserRealDeptQuery } from '@houtai/shared/contract/pickers';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { listUsers, listUsersByDepart, multiUser, type UserPickerViewer } from './user-picker.service.ts';

const tags = ['user'];
const config = { policy: { permission: PICKER_PERMISSIONS.read } };

export async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<UserPickerViewer> {
  const { user, permissionEpoch } = requireSession(request);
  const [contact, admin] = await Promise.all([
    app.permissionCodes.has(user.id, PICKER_PERMISSIONS.userContact, permissionEpoch),
    app.permissionCodes.has(user.id, ADMIN_PERMISSIONS.user.list, permissionEpoch),
  ]);
  return { seesContact: contact || admin, seesAdmin: admin };
}

export const userPickerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/user/list',
    {
      config: { policy: { permission: [PICKER_PERMISSIONS.read, ADMIN_PERMISSIONS.user.list] } },
      schema: { querystring: AdminUserListQuery, tags },
    },
    async (request) => ok(await listUsers(app.db, request.query, await viewerOf(app, request))),
  );
  app.get(
    '/sys/user/queryUserRealDeptData',
    { config, schema: { querystring: UserRealDeptQuery, tags } },
    async (request) => ok(await listUsersByDepart(app.db, request.query, await viewerOf(app, request))),
  );
  app.get('/sys/user/getMultiUser', { config, schema: { querystring: MultiUserQuery, tags } }, async (request) =>
    ok(await multiUser(app.db, request.query, await viewerOf(app, request))),
  );
};
