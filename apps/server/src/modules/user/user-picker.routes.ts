/**
 * /sys/user/list, /sys/user/queryUserRealDeptData, /sys/user/getMultiUser: the people pickers' reads. Policy: the
 * picker read code (every staff role; not the low-privilege guest, who has no one to pick — decisions.md "Picker
 * reads"). Phone and email only for holders of the user-administration code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MultiUserQuery, PICKER_PERMISSIONS, UserListQuery, UserRealDeptQuery } from '@houtai/shared/contract/pickers';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { listUsers, listUsersByDepart, multiUser, type UserPickerViewer } from './user-picker.service.ts';

const tags = ['user'];
const config = { policy: { permission: PICKER_PERMISSIONS.read } };

async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<UserPickerViewer> {
  const { user, permissionEpoch } = requireSession(request);
  return { seesContact: await app.permissionCodes.has(user.id, PICKER_PERMISSIONS.userContact, permissionEpoch) };
}

export const userPickerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sys/user/list', { config, schema: { querystring: UserListQuery, tags } }, async (request) =>
    ok(await listUsers(app.db, request.query, await viewerOf(app, request))),
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
