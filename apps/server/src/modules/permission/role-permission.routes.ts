/**
 * /sys/permission/queryTreeList, queryRolePermission, saveRolePermission (contract §2.8): the permission tree every
 * grant screen picks on, and a role's grants. The role itself (built-in admin guard) is the role module's to check.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { ROLE_TEXT, RolePermissionQuery, SaveRolePermissionBody } from '@houtai/shared/contract/admin-role';
import { ok, okMessage } from '../../lib/envelope.ts';
import { roleGrantIds, saveRoleGrants } from '../role/role-admin.service.ts';
import { permissionTree } from './role-permission.service.ts';

const tags = ['permission'];
const ROLE = ADMIN_PERMISSIONS.role;
const MENU = ADMIN_PERMISSIONS.menu;

export const rolePermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/permission/queryTreeList',
    {
      // Role and department grants, and the menu editor's parent choice.
      config: {
        policy: { permission: [ROLE.authorize, ADMIN_PERMISSIONS.depart.authorize, MENU.list, MENU.add, MENU.edit] },
      },
      schema: { tags },
    },
    async () => ok(await permissionTree(app.db)),
  );

  app.get(
    '/sys/permission/queryRolePermission',
    {
      config: { policy: { permission: ROLE.authorize } },
      schema: { querystring: RolePermissionQuery, tags },
    },
    async (request) => ok(await roleGrantIds(app.db, request.query.roleId)),
  );

  app.post(
    '/sys/permission/saveRolePermission',
    {
      config: { policy: { permission: ROLE.authorize }, operation: '保存角色授权', operateType: '3' },
      schema: { body: SaveRolePermissionBody, tags },
    },
    async (request) => {
      request.relateId = request.body.roleId;
      await saveRoleGrants(app.db, request.body, request.ip);
      return okMessage(ROLE_TEXT.saved);
    },
  );
};
