/**
 * The users of a role (contract §2.7): /sys/user/userRoleList, addSysUserRole, deleteUserRole, deleteUserRoleBatch,
 * under the role-users code. Rows are the user list's (phone and email only for user administrators).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  AddUserRoleBody,
  DeleteUserRoleBatchQuery,
  DeleteUserRoleQuery,
  UserRoleListQuery,
} from '@houtai/shared/contract/admin-role';
import { PICKER_PERMISSIONS } from '@houtai/shared/contract/pickers';
import { ok, okMessage } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addRoleUsers, listRoleUsers, removeRoleUsers } from './role-admin.service.ts';

const tags = ['role'];
const config = { policy: { permission: ADMIN_PERMISSIONS.role.users } };

export const roleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sys/user/userRoleList', { config, schema: { querystring: UserRoleListQuery, tags } }, async (request) => {
    const { user, permissionEpoch } = requireSession(request);
    const seesContact = await app.permissionCodes.has(user.id, PICKER_PERMISSIONS.userContact, permissionEpoch);
    return ok(await listRoleUsers(app.db, request.query, { seesContact }));
  });

  app.post(
    '/sys/user/addSysUserRole',
    {
      config: { ...config, operation: '添加角色用户', operateType: '2' },
      schema: { body: AddUserRoleBody, tags },
    },
    async (request) => {
      request.relateId = request.body.roleId;
      await addRoleUsers(app.db, request.body);
      return okMessage(ADMIN_TEXT.added);
    },
  );

  app.delete(
    '/sys/user/deleteUserRole',
    {
      config: { ...config, operation: '移除角色用户', operateType: '4' },
      schema: { querystring: DeleteUserRoleQuery, tags },
    },
    async (request) => {
      const { user } = requireSession(request);
      request.relateId = request.query.roleId;
      await removeRoleUsers(app.db, { userId: user.id, username: user.username }, request.query.roleId, [
        request.query.userId,
      ]);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/user/deleteUserRoleBatch',
    {
      config: { ...config, operation: '批量移除角色用户', operateType: '4' },
      schema: { querystring: DeleteUserRoleBatchQuery, tags },
    },
    async (request) => {
      const { user } = requireSession(request);
      request.relateId = request.query.roleId;
      await removeRoleUsers(
        app.db,
        { userId: user.id, username: user.username },
        request.query.roleId,
        request.query.userIds,
      );
      return okMessage(ADMIN_TEXT.deleted);
    },
  );
};
