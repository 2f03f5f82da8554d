/**
 * /sys/settlementOrg/* (issue 14): the 结算组织 screen's list, add, edit (PUT and POST), delete, deleteBatch,
 * queryById, and the users of an organisation (users, addUsers, removeUsers). Reads need the screen's list (or
 * edit) code, writes its edit code.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  SettlementAddBody,
  SettlementAddUsersBody,
  SettlementEditBody,
  SettlementIdQuery,
  SettlementIdsQuery,
  SettlementListQuery,
  SettlementRemoveUsersQuery,
  SettlementUsersQuery,
} from '@houtai/shared/contract/admin-settlement';
import { PICKER_PERMISSIONS } from '@houtai/shared/contract/pickers';
import { ok, okMessage } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  addOrg,
  addOrgUsers,
  deleteOrgs,
  editOrg,
  listOrgs,
  listOrgUsers,
  queryOrg,
  removeOrgUsers,
} from './settlement.service.ts';

const tags = ['settlement'];
const P = ADMIN_PERMISSIONS.settlement;
const read = { policy: { permission: [P.list, P.edit] } };
const write = (operation: string, operateType: '2' | '3' | '4') => ({
  policy: { permission: P.edit },
  operation,
  operateType,
});

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/settlementOrg/list',
    { config: read, schema: { querystring: SettlementListQuery, tags } },
    async (request) => ok(await listOrgs(app.db, request.query)),
  );

  app.get(
    '/sys/settlementOrg/queryById',
    { config: read, schema: { querystring: SettlementIdQuery, tags } },
    async (request) => ok(await queryOrg(app.db, request.query.id)),
  );

  app.post(
    '/sys/settlementOrg/add',
    { config: write('添加结算组织', '2'), schema: { body: SettlementAddBody, tags } },
    async (request) => {
      const { user } = requireSession(request);
      const o = await addOrg(app.db, { username: user.username }, request.body);
      request.relateId = o.id;
      return ok(o, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/settlementOrg/edit',
    config: write('编辑结算组织', '3'),
    schema: { body: SettlementEditBody, tags },
    handler: async (request) => {
      const { user } = requireSession(request);
      request.relateId = request.body.id;
      return ok(await editOrg(app.db, { username: user.username }, request.body), ADMIN_TEXT.edited);
    },
  });

  app.delete(
    '/sys/settlementOrg/delete',
    { config: write('删除结算组织', '4'), schema: { querystring: SettlementIdQuery, tags } },
    async (request) => {
      request.relateId = request.query.id;
      await deleteOrgs(app.db, [request.query.id]);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/settlementOrg/deleteBatch',
    { config: write('批量删除结算组织', '4'), schema: { querystring: SettlementIdsQuery, tags } },
    async (request) => {
      await deleteOrgs(app.db, request.query.ids);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.get(
    '/sys/settlementOrg/users',
    { config: read, schema: { querystring: SettlementUsersQuery, tags } },
    async (request) => {
      const { user, permissionEpoch } = requireSession(request);
      const seesContact = await app.permissionCodes.has(user.id, PICKER_PERMISSIONS.userContact, permissionEpoch);
      return ok(await listOrgUsers(app.db, request.query, { seesContact }));
    },
  );

  app.post(
    '/sys/settlementOrg/addUsers',
    { config: write('添加结算组织用户', '2'), schema: { body: SettlementAddUsersBody, tags } },
    async (request) => {
      request.relateId = request.body.settlementOrgId;
      await addOrgUsers(app.db, request.body);
      return okMessage(ADMIN_TEXT.added);
    },
  );

  app.delete(
    '/sys/settlementOrg/removeUsers',
    { config: write('移除结算组织用户', '4'), schema: { querystring: SettlementRemoveUsersQuery, tags } },
    async (request) => {
      request.relateId = request.query.settlementOrgId;
      await removeOrgUsers(app.db, request.query.settlementOrgId, request.query.userIds);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  // The same removal with the fields in a body (clients that cannot send a DELETE with a long id list).
  app.post(
    '/sys/settlementOrg/removeUsers',
    { config: write('移除结算组织用户', '4'), schema: { body: SettlementRemoveUsersQuery, tags } },
    async (request) => {
      request.relateId = request.body.settlementOrgId;
      await removeOrgUsers(app.db, request.body.settlementOrgId, request.body.userIds);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );
};
