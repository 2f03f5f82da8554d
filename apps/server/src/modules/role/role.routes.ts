/**
 * /sys/role/*: the role list (the role picker's and the 角色管理 screen's read), and the role administration of
 * contract §2.8 — add, edit (PUT and POST), delete, deleteBatch, queryById, queryall, checkRoleCode and the
 * permission tree the role's grants are picked on (queryTreeList; the grants themselves are saved under
 * /sys/permission, role-permission.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  CheckRoleCodeQuery,
  ROLE_TEXT,
  RoleAddBody,
  RoleEditBody,
  RoleIdQuery,
  RoleIdsQuery,
} from '@houtai/shared/contract/admin-role';
import { PICKER_PERMISSIONS, RoleListQuery } from '@houtai/shared/contract/pickers';
import { AppError } from '../../errors.ts';
import { ok, okMessage } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { permissionTree } from '../permission/role-permission.service.ts';
import { addRole, allRoles, deleteRoles, editRole, queryRole, roleCodeFree } from './role-admin.service.ts';
import { listRoles } from './role.service.ts';

const tags = ['role'];
const P = ADMIN_PERMISSIONS.role;

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/role/list',
    {
      // The same code as ADMIN_PERMISSIONS.role.list.
      config: { policy: { permission: PICKER_PERMISSIONS.roleList } },
      schema: { querystring: RoleListQuery, tags },
    },
    async (request) => ok(await listRoles(app.db, request.query)),
  );

  app.post(
    '/sys/role/add',
    {
      config: { policy: { permission: P.add }, operation: '添加角色', operateType: '2' },
      schema: { body: RoleAddBody, tags },
    },
    async (request) => {
      const { user } = requireSession(request);
      const role = await addRole(app.db, { userId: user.id, username: user.username }, request.body);
      request.relateId = role.id;
      return ok(role, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/role/edit',
    config: { policy: { permission: P.edit }, operation: '编辑角色', operateType: '3' },
    schema: { body: RoleEditBody, tags },
    handler: async (request) => {
      const { user } = requireSession(request);
      request.relateId = request.body.id;
      return ok(await editRole(app.db, { userId: user.id, username: user.username }, request.body), ADMIN_TEXT.edited);
    },
  });

  app.delete(
    '/sys/role/delete',
    {
      config: { policy: { permission: P.delete }, operation: '删除角色', operateType: '4' },
      schema: { querystring: RoleIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteRoles(app.db, [request.query.id]);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/role/deleteBatch',
    {
      config: { policy: { permission: P.delete }, operation: '批量删除角色', operateType: '4' },
      schema: { querystring: RoleIdsQuery, tags },
    },
    async (request) => {
      await deleteRoles(app.db, request.query.ids);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.get(
    '/sys/role/queryById',
    {
      config: { policy: { permission: [P.list, P.edit] } },
      schema: { querystring: RoleIdQuery, tags },
    },
    async (request) => ok(await queryRole(app.db, request.query.id)),
  );

  app.get(
    '/sys/role/queryall',
    {
      // The user form's role choice reads it too.
      config: {
        policy: {
          permission: [P.list, ADMIN_PERMISSIONS.user.list, ADMIN_PERMISSIONS.user.add, ADMIN_PERMISSIONS.user.edit],
        },
      },
      schema: { tags },
    },
    async () => ok(await allRoles(app.db)),
  );

  app.get(
    '/sys/role/checkRoleCode',
    {
      config: { policy: { permission: [P.add, P.edit] } },
      schema: { querystring: CheckRoleCodeQuery, tags },
    },
    async (request) => {
      if (!(await roleCodeFree(app.db, request.query))) throw AppError.business(ROLE_TEXT.roleCodeTaken);
      return ok(true);
    },
  );

  app.get(
    '/sys/role/queryTreeList',
    {
      // The Vue 2 client's role and department grant drawers both read this path.
      config: { policy: { permission: [P.authorize, ADMIN_PERMISSIONS.depart.authorize] } },
      schema: { tags },
    },
    async () => ok(await permissionTree(app.db)),
  );
};
