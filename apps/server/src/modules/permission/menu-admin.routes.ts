/**
 * /sys/permission/* (menu administration, contract §2.8): the menu editor's tree and lazy reads, add / edit (PUT or
 * POST) / delete of menus, buttons and field rules, the code duplicate check, the data rules of a menu; and
 * /sys/role/datarule (a role's data rules on a menu, ADMIN_PERMISSIONS.role.authorize).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  CheckPermQuery,
  DataRuleAddBody,
  DataRuleEditBody,
  DataRuleIdQuery,
  DataRuleListQuery,
  DataRuleSearchQuery,
  MENU_TEXT,
  MenuAddBody,
  MenuEditBody,
  MenuIdQuery,
  MenuIdsQuery,
  MenuListQuery,
  RoleDataRuleBody,
  RoleDataRuleParams,
  SubmenuBatchQuery,
  SubmenuQuery,
} from '@houtai/shared/contract/admin-menu';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  addRule,
  deleteRule,
  editRule,
  roleDataRules,
  rulesOfMenu,
  saveRoleDataRules,
  searchRules,
} from './data-rule.service.ts';
import {
  addMenu,
  checkPermDuplication,
  deleteMenus,
  editMenu,
  listMenus,
  systemMenuList,
  systemSubmenus,
} from './menu-admin.service.ts';

const tags = ['permission-admin'];
const M = ADMIN_PERMISSIONS.menu;
const P = '/sys/permission';

export const menuAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: Parameters<typeof requireSession>[0]) => ({
    username: requireSession(request).user.username,
  });

  // ----- reads -----
  app.get(
    `${P}/list`,
    { config: { policy: { permission: M.list } }, schema: { querystring: MenuListQuery, tags } },
    async (request) => ok(await listMenus(app.db, request.query)),
  );

  app.get(`${P}/getSystemMenuList`, { config: { policy: { permission: M.list } }, schema: { tags } }, async () =>
    ok(await systemMenuList(app.db)),
  );

  app.get(
    `${P}/getSystemSubmenu`,
    { config: { policy: { permission: M.list } }, schema: { querystring: SubmenuQuery, tags } },
    async (request) => ok((await systemSubmenus(app.db, [request.query.parentId]))[request.query.parentId] ?? []),
  );

  app.get(
    `${P}/getSystemSubmenuBatch`,
    { config: { policy: { permission: M.list } }, schema: { querystring: SubmenuBatchQuery, tags } },
    async (request) => ok(await systemSubmenus(app.db, request.query.parentIds)),
  );

  app.get(
    `${P}/checkPermDuplication`,
    { config: { policy: { permission: [M.add, M.edit] } }, schema: { querystring: CheckPermQuery, tags } },
    async (request) => {
      await checkPermDuplication(app.db, request.query);
      return ok(MENU_TEXT.available, MENU_TEXT.available);
    },
  );

  // ----- menu writes -----
  app.post(
    `${P}/add`,
    {
      config: { policy: { permission: M.add }, operation: '添加菜单', operateType: '2' },
      schema: { body: MenuAddBody, tags },
    },
    async (request) => {
      const id = await addMenu(app.db, actor(request), request.body);
      request.relateId = id;
      return ok(id, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: `${P}/edit`,
    config: { policy: { permission: M.edit }, operation: '编辑菜单', operateType: '3' },
    schema: { body: MenuEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      await editMenu(app.db, actor(request), request.body);
      return ok(null, ADMIN_TEXT.edited);
    },
  });

  app.delete(
    `${P}/delete`,
    {
      config: { policy: { permission: M.delete }, operation: '删除菜单', operateType: '4' },
      schema: { querystring: MenuIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      const n = await deleteMenus(app.db, [request.query.id]);
      request.auditNote = `${n}条`;
      return ok(null, ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    `${P}/deleteBatch`,
    {
      config: { policy: { permission: M.delete }, operation: '批量删除菜单', operateType: '4' },
      schema: { querystring: MenuIdsQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.ids.join(',').slice(0, 64);
      const n = await deleteMenus(app.db, request.query.ids);
      request.auditNote = `${n}条`;
      return ok(null, ADMIN_TEXT.deleted);
    },
  );

  // ----- data rules of a menu -----
  app.get(
    `${P}/getPermRuleListByPermId`,
    {
      config: { policy: { permission: [M.rule, ADMIN_PERMISSIONS.role.authorize] } },
      schema: { querystring: DataRuleListQuery, tags },
    },
    async (request) => ok(await rulesOfMenu(app.db, request.query.permissionId)),
  );

  app.get(
    `${P}/queryPermissionRule`,
    {
      config: { policy: { permission: [M.rule, ADMIN_PERMISSIONS.role.authorize] } },
      schema: { querystring: DataRuleSearchQuery, tags },
    },
    async (request) => ok(await searchRules(app.db, request.query)),
  );

  app.post(
    `${P}/addPermissionRule`,
    {
      config: { policy: { permission: M.rule }, operation: '添加数据规则', operateType: '2' },
      schema: { body: DataRuleAddBody, tags },
    },
    async (request) => {
      const rule = await addRule(app.db, actor(request), request.body);
      request.relateId = rule.id;
      return ok(rule, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: `${P}/editPermissionRule`,
    config: { policy: { permission: M.rule }, operation: '编辑数据规则', operateType: '3' },
    schema: { body: DataRuleEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      await editRule(app.db, actor(request), request.body);
      return ok(null, ADMIN_TEXT.edited);
    },
  });

  app.delete(
    `${P}/deletePermissionRule`,
    {
      config: { policy: { permission: M.rule }, operation: '删除数据规则', operateType: '4' },
      schema: { querystring: DataRuleIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteRule(app.db, request.query.id);
      return ok(null, ADMIN_TEXT.deleted);
    },
  );

  // ----- a role's data rules on a menu -----
  app.get(
    '/sys/role/datarule/:permissionId/:roleId',
    {
      config: { policy: { permission: ADMIN_PERMISSIONS.role.authorize } },
      schema: { params: RoleDataRuleParams, tags },
    },
    async (request) => ok(await roleDataRules(app.db, request.params.permissionId, request.params.roleId)),
  );

  app.post(
    '/sys/role/datarule',
    {
      config: {
        policy: { permission: ADMIN_PERMISSIONS.role.authorize },
        operation: '保存角色数据规则',
        operateType: '3',
      },
      schema: { body: RoleDataRuleBody, tags },
    },
    async (request) => {
      request.relateId = request.body.roleId;
      await saveRoleDataRules(app.db, request.body);
      return ok(null, MENU_TEXT.dataRuleSaved);
    },
  );
};
