/**
 * User administration (issue 14, contract §2.7): /sys/user/{add, edit (PUT and POST), queryById, queryUserRole,
 * checkOnlyUser, queryUserByDepId, userDepartList, generateUserId, delete, deleteBatch, frozenBatch, resignBatch,
 * changePassword, exportXls, importExcel}. The list is /sys/user/list (user-picker.routes.ts). Policies:
 * ADMIN_PERMISSIONS.user.*.
 * Disabling an account (delete, freeze, resign, password reset) ends its sessions in the service and closes its
 * sockets on every instance here.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  ADMIN_USER_TEXT,
  AdminChangePasswordBody,
  CheckOnlyUserQuery,
  FrozenBatchBody,
  QueryUserByDepIdQuery,
  QueryUserRoleQuery,
  ResignBatchBody,
  UserAddBody,
  UserDepartListQuery,
  UserEditBody,
  UserIdQuery,
  UserIdsQuery,
} from '@houtai/shared/contract/admin-user';
import { fail, ok, okMessage } from '../../lib/envelope.ts';
import { newId } from '../../lib/ids.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  addUser,
  deleteUsers,
  editUser,
  getUser,
  isUserTaken,
  resetPassword,
  resignUsers,
  setFrozen,
  userDepartOptions,
  userRoleIds,
  type Actor,
} from './user-admin.service.ts';
import { listUsersOfDepart } from './user-picker.service.ts';
import { viewerOf } from './user-picker.routes.ts';
import { importExcelUpload, sendExportXls } from '../async-task/excel-endpoints.ts';
import { USER_EXPORT, USER_IMPORT, UserExportParams } from './user.tasks.ts';

const tags = ['user'];
const P = ADMIN_PERMISSIONS.user;

function actorOf(request: FastifyRequest): Actor & { tokenId: string } {
  const s = requireSession(request);
  return { id: s.user.id, username: s.user.username, tokenId: s.tokenId };
}

export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Sessions were ended by the service; their sockets close on every instance now. */
  const closeSockets = async (ids: readonly string[]) => {
    for (const id of ids) await app.realtime.closeUser(id);
  };

  app.post(
    '/sys/user/add',
    {
      config: { policy: { permission: P.add }, operation: '添加用户', operateType: '2' },
      schema: { body: UserAddBody, tags },
    },
    async (request) => {
      request.relateId = await addUser(app.db, actorOf(request), request.body);
      return okMessage(ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/edit',
    config: { policy: { permission: P.edit }, operation: '编辑用户', operateType: '3' },
    schema: { body: UserEditBody, tags },
    handler: async (request) => {
      await editUser(app.db, actorOf(request), request.body);
      request.relateId = request.body.id;
      return okMessage(ADMIN_TEXT.edited);
    },
  });

  app.get(
    '/sys/user/queryById',
    { config: { policy: { permission: [P.list, P.edit] } }, schema: { querystring: UserIdQuery, tags } },
    async (request) => ok(await getUser(app.db, request.query.id)),
  );

  app.get(
    '/sys/user/queryUserRole',
    { config: { policy: { permission: [P.list, P.edit] } }, schema: { querystring: QueryUserRoleQuery, tags } },
    async (request) => ok(await userRoleIds(app.db, request.query.userid)),
  );

  app.get(
    '/sys/user/checkOnlyUser',
    { config: { policy: { permission: [P.add, P.edit] } }, schema: { querystring: CheckOnlyUserQuery, tags } },
    async (request) => ((await isUserTaken(app.db, request.query)) ? fail(ADMIN_USER_TEXT.usernameTaken) : ok(true)),
  );

  app.get(
    '/sys/user/queryUserByDepId',
    {
      config: { policy: { permission: [P.list, ADMIN_PERMISSIONS.depart.list] } },
      schema: { querystring: QueryUserByDepIdQuery, tags },
    },
    async (request) => ok(await listUsersOfDepart(app.db, request.query, await viewerOf(app, request))),
  );

  app.get(
    '/sys/user/userDepartList',
    { config: { policy: { permission: [P.list, P.edit] } }, schema: { querystring: UserDepartListQuery, tags } },
    async (request) => ok(await userDepartOptions(app.db, request.query.userId)),
  );

  app.get('/sys/user/generateUserId', { config: { policy: { permission: P.add } }, schema: { tags } }, async () =>
    ok(newId()),
  );

  app.delete(
    '/sys/user/delete',
    {
      config: { policy: { permission: P.delete }, operation: '删除用户', operateType: '4' },
      schema: { querystring: UserIdQuery, tags },
    },
    async (request) => {
      const ids = [request.query.id];
      await deleteUsers(app.db, actorOf(request), ids);
      await closeSockets(ids);
      request.relateId = request.query.id;
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/user/deleteBatch',
    {
      config: { policy: { permission: P.delete }, operation: '批量删除用户', operateType: '4' },
      schema: { querystring: UserIdsQuery, tags },
    },
    async (request) => {
      await deleteUsers(app.db, actorOf(request), request.query.ids);
      await closeSockets(request.query.ids);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.put(
    '/sys/user/frozenBatch',
    {
      config: { policy: { permission: P.freeze }, operation: '冻结/解冻用户', operateType: '3' },
      schema: { body: FrozenBatchBody, tags },
    },
    async (request) => {
      await setFrozen(app.db, actorOf(request), request.body.ids, request.body.status);
      if (request.body.status === '2') await closeSockets(request.body.ids);
      return okMessage(ADMIN_TEXT.done);
    },
  );

  app.put(
    '/sys/user/resignBatch',
    {
      config: { policy: { permission: P.resign }, operation: '用户离职', operateType: '3' },
      schema: { body: ResignBatchBody, tags },
    },
    async (request) => {
      await resignUsers(app.db, actorOf(request), request.body.ids);
      await closeSockets(request.body.ids);
      return okMessage(ADMIN_TEXT.done);
    },
  );

  // The list as an .xlsx download, streamed (large lists go to the task centre as the same kind).
  app.get(
    '/sys/user/exportXls',
    { config: { policy: { permission: P.export } }, schema: { querystring: UserExportParams, tags } },
    async (request, reply) =>
      sendExportXls(app, request, reply, USER_EXPORT, requireSession(request).user.id, request.query),
  );

  // A small file imported at once (larger ones go to the task centre as the same kind).
  app.post(
    '/sys/user/importExcel',
    {
      config: { policy: { permission: P.import }, operation: '导入用户', operateType: '5' },
      schema: { tags, consumes: ['multipart/form-data'] },
    },
    async (request) => importExcelUpload(app, request, USER_IMPORT, requireSession(request).user.id),
  );

  app.put(
    '/sys/user/changePassword',
    {
      config: { policy: { permission: P.password }, operation: '重置用户密码', operateType: '3' },
      schema: { body: AdminChangePasswordBody, tags },
    },
    async (request) => {
      const actor = actorOf(request);
      const userId = await resetPassword(app.db, actor, request.body);
      await app.realtime.closeUser(userId, userId === actor.id ? requireSession(request).tokenHash : undefined);
      request.relateId = userId;
      return okMessage(ADMIN_USER_TEXT.passwordReset);
    },
  );
};
