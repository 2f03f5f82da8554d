/**
 * The department administration (issue 14, contract §2.8–2.9): /sys/sysDepart (the tree, add, edit, logical
 * delete and small reads), department permissions (/sys/permission/queryDepartPermission, saveDepartPermission),
 * department roles (/sys/sysDepartRole) and their grants (/sys/sysDepartPermission).
 * Policies: ADMIN_PERMISSIONS.depart — list for reads (the tree and the small reads a department picker makes
 * also accept the pickers' read code), add / edit / delete for the writes, authorize for permissions and roles.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  DEPART_TEXT,
  DepartAddBody,
  DepartEditBody,
  DepartIdQuery,
  DepartIdsQuery,
  DepartNameQuery,
  DepartParentQuery,
  DepartPermissionQuery,
  DepartRoleAddBody,
  DepartRoleEditBody,
  DepartRoleIdQuery,
  DepartRoleIdsQuery,
  DepartRoleListQuery,
  DepartTreeListQuery,
  DeptRoleByUserQuery,
  DeptRoleListQuery,
  DeptRolePermissionQuery,
  DeptRoleTreeQuery,
  DeptRoleUserAddBody,
  SaveDepartPermissionBody,
  SaveDeptRolePermissionBody,
} from '@houtai/shared/contract/admin-depart';
import {
  DepartDataRuleBody,
  DepartDataRuleParams,
  DeptRoleDataRuleBody,
  DeptRoleDataRuleParams,
  MENU_TEXT,
} from '@houtai/shared/contract/admin-menu';
import { PICKER_PERMISSIONS } from '@houtai/shared/contract/pickers';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  addDepart,
  allParentIds,
  deleteDeparts,
  departNameOf,
  departTreeList,
  editDepart,
  usersOfDepart,
} from './depart-admin.service.ts';
import {
  addDepartRole,
  deleteDepartRoles,
  departDataRules,
  departPermissionIds,
  departRoleById,
  deptRoleDataRules,
  deptRolePermissionIds,
  deptRolePermissionTree,
  editDepartRole,
  listDepartRoles,
  rolesOfDepart,
  saveDepartDataRules,
  saveDepartPermissions,
  saveDeptRoleDataRules,
  saveDeptRolePermissions,
  setUserDepartRoles,
  userRoleLinks,
} from './depart-role.service.ts';

const tags = ['depart'];
const { list, add, edit, delete: remove, authorize } = ADMIN_PERMISSIONS.depart;
const listOrPicker = { policy: { permission: [list, PICKER_PERMISSIONS.read] } };
const listOrAuthorize = { policy: { permission: [list, authorize] } };
const authorizeOnly = { permission: authorize };

const writer = (request: FastifyRequest) => ({ username: requireSession(request).user.username });

async function viewerOf(app: FastifyInstance, request: FastifyRequest) {
  const { user, permissionEpoch } = requireSession(request);
  return { seesContact: await app.permissionCodes.has(user.id, PICKER_PERMISSIONS.userContact, permissionEpoch) };
}

export const departAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- departments ----
  app.get(
    '/sys/sysDepart/queryTreeList',
    { config: listOrPicker, schema: { querystring: DepartTreeListQuery, tags } },
    async (request) => ok(await departTreeList(app.db, request.query.ids)),
  );

  app.post(
    '/sys/sysDepart/add',
    {
      config: { policy: { permission: add }, operation: '添加部门', operateType: '2' },
      schema: { body: DepartAddBody, tags },
    },
    async (request) => {
      const created = await addDepart(app.db, writer(request), request.body);
      request.relateId = created.id;
      request.auditNote = `${created.departName}（${created.orgCode}）`;
      return ok(created, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepart/edit',
    config: { policy: { permission: edit }, operation: '编辑部门', operateType: '3' },
    schema: { body: DepartEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      const saved = await editDepart(app.db, writer(request), request.body);
      request.auditNote = `${saved.departName}（${saved.orgCode}）`;
      return ok(saved, ADMIN_TEXT.edited);
    },
  });

  app.delete(
    '/sys/sysDepart/delete',
    {
      config: { policy: { permission: remove }, operation: '删除部门', operateType: '4' },
      schema: { querystring: DepartIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteDeparts(app.db, writer(request), [request.query.id]);
      return ok(null, ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/sysDepart/deleteBatch',
    {
      config: { policy: { permission: remove }, operation: '批量删除部门', operateType: '4' },
      schema: { querystring: DepartIdsQuery, tags },
    },
    async (request) => {
      request.auditNote = request.query.ids.join(',');
      await deleteDeparts(app.db, writer(request), request.query.ids);
      return ok(null, ADMIN_TEXT.deleted);
    },
  );

  app.get(
    '/sys/sysDepart/queryAllParentId',
    { config: listOrPicker, schema: { querystring: DepartParentQuery, tags } },
    async (request) => ok(await allParentIds(app.db, request.query)),
  );

  app.get(
    '/sys/sysDepart/getDepartName',
    { config: listOrPicker, schema: { querystring: DepartNameQuery, tags } },
    async (request) => ok(await departNameOf(app.db, request.query.orgCode)),
  );

  app.get(
    '/sys/sysDepart/getUsersByDepartId',
    { config: { policy: { permission: list } }, schema: { querystring: DepartIdQuery, tags } },
    async (request) => ok(await usersOfDepart(app.db, request.query.id, await viewerOf(app, request))),
  );

  // ---- department permissions ----
  app.get(
    '/sys/permission/queryDepartPermission',
    { config: listOrAuthorize, schema: { querystring: DepartPermissionQuery, tags } },
    async (request) => ok(await departPermissionIds(app.db, request.query.departId)),
  );

  app.post(
    '/sys/permission/saveDepartPermission',
    {
      config: { policy: authorizeOnly, operation: '保存部门权限', operateType: '3' },
      schema: { body: SaveDepartPermissionBody, tags },
    },
    async (request) => {
      request.relateId = request.body.departId;
      await saveDepartPermissions(app.db, request.body);
      return ok(null, DEPART_TEXT.saved);
    },
  );

  // ---- department roles ----
  app.get(
    '/sys/sysDepartRole/list',
    { config: listOrAuthorize, schema: { querystring: DepartRoleListQuery, tags } },
    async (request) => ok(await listDepartRoles(app.db, request.query)),
  );

  app.get(
    '/sys/sysDepartRole/queryById',
    { config: listOrAuthorize, schema: { querystring: DepartRoleIdQuery, tags } },
    async (request) => ok(await departRoleById(app.db, request.query.id)),
  );

  app.post(
    '/sys/sysDepartRole/add',
    {
      config: { policy: authorizeOnly, operation: '添加部门角色', operateType: '2' },
      schema: { body: DepartRoleAddBody, tags },
    },
    async (request) => {
      const created = await addDepartRole(app.db, writer(request), request.body);
      request.relateId = created.id;
      return ok(created, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepartRole/edit',
    config: { policy: authorizeOnly, operation: '编辑部门角色', operateType: '3' },
    schema: { body: DepartRoleEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      return ok(await editDepartRole(app.db, writer(request), request.body), ADMIN_TEXT.edited);
    },
  });

  app.delete(
    '/sys/sysDepartRole/delete',
    {
      config: { policy: authorizeOnly, operation: '删除部门角色', operateType: '4' },
      schema: { querystring: DepartRoleIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteDepartRoles(app.db, [request.query.id]);
      return ok(null, ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/sysDepartRole/deleteBatch',
    {
      config: { policy: authorizeOnly, operation: '批量删除部门角色', operateType: '4' },
      schema: { querystring: DepartRoleIdsQuery, tags },
    },
    async (request) => {
      request.auditNote = request.query.ids.join(',');
      await deleteDepartRoles(app.db, request.query.ids);
      return ok(null, ADMIN_TEXT.deleted);
    },
  );

  app.get(
    '/sys/sysDepartRole/getDeptRoleList',
    { config: listOrAuthorize, schema: { querystring: DeptRoleListQuery, tags } },
    async (request) => ok(await rolesOfDepart(app.db, request.query.departId)),
  );

  app.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    { config: listOrAuthorize, schema: { querystring: DeptRoleByUserQuery, tags } },
    async (request) => ok(await userRoleLinks(app.db, request.query.userId, request.query.departId)),
  );

  app.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: { policy: authorizeOnly, operation: '分配部门角色', operateType: '3' },
      schema: { body: DeptRoleUserAddBody, tags },
    },
    async (request) => {
      request.relateId = request.body.userId;
      await setUserDepartRoles(app.db, request.body);
      return ok(null, ADMIN_TEXT.added);
    },
  );

  // ---- department role grants ----
  app.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: listOrAuthorize, schema: { querystring: DeptRoleTreeQuery, tags } },
    async (request) => ok(await deptRolePermissionTree(app.db, request.query.departId)),
  );

  app.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: listOrAuthorize, schema: { querystring: DeptRolePermissionQuery, tags } },
    async (request) => ok(await deptRolePermissionIds(app.db, request.query.roleId)),
  );

  // ---- data rules of the department's grants (the rules its roles may choose among) and of its roles' ----
  app.get(
    '/sys/sysDepartPermission/datarule/:permissionId/:departId',
    { config: { policy: authorizeOnly }, schema: { params: DepartDataRuleParams, tags } },
    async (request) => ok(await departDataRules(app.db, request.params.permissionId, request.params.departId)),
  );

  app.post(
    '/sys/sysDepartPermission/datarule',
    {
      config: { policy: authorizeOnly, operation: '保存部门数据规则', operateType: '3' },
      schema: { body: DepartDataRuleBody, tags },
    },
    async (request) => {
      request.relateId = request.body.departId;
      await saveDepartDataRules(app.db, request.body);
      return ok(null, MENU_TEXT.dataRuleSaved);
    },
  );

  app.get(
    '/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId',
    { config: { policy: authorizeOnly }, schema: { params: DeptRoleDataRuleParams, tags } },
    async (request) => {
      const { permissionId, departId, roleId } = request.params;
      return ok(await deptRoleDataRules(app.db, permissionId, departId, roleId));
    },
  );

  app.post(
    '/sys/sysDepartRole/datarule',
    {
      config: { policy: authorizeOnly, operation: '保存部门角色数据规则', operateType: '3' },
      schema: { body: DeptRoleDataRuleBody, tags },
    },
    async (request) => {
      request.relateId = request.body.roleId;
      await saveDeptRoleDataRules(app.db, request.body);
      return ok(null, MENU_TEXT.dataRuleSaved);
    },
  );

  app.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    {
      config: { policy: authorizeOnly, operation: '保存部门角色权限', operateType: '3' },
      schema: { body: SaveDeptRolePermissionBody, tags },
    },
    async (request) => {
      request.relateId = request.body.roleId;
      await saveDeptRolePermissions(app.db, request.body, request.ip);
      return ok(null, DEPART_TEXT.saved);
    },
  );
};
