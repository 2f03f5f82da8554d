/**
 * /sys/dict and /sys/dictItem administration (contract §2.4 "Admin"): reads need system:dict:list; add, edit and
 * delete their own codes (restoring from the recycle bin is an edit, removing for good a delete). Edits accept PUT
 * and POST (the Jeecg clients differ).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  DICT_TEXT,
  DictAddBody,
  DictEditBody,
  DictIdQuery,
  DictIdsQuery,
  DictItemAddBody,
  DictItemCheckQuery,
  DictItemEditBody,
  DictItemIdQuery,
  DictItemIdsQuery,
  DictItemListQuery,
  DictListQuery,
  DictTreeListQuery,
} from '@houtai/shared/contract/dict-admin';
import { AppError } from '../../errors.ts';
import { ok, okMessage } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  addDict,
  addItem,
  deleteDicts,
  deletedDicts,
  deleteItems,
  dictTree,
  editDict,
  editItem,
  itemValueFree,
  listDicts,
  listItems,
  purgeDict,
  restoreDict,
  type DictActor,
} from './dict-admin.service.ts';

const tags = ['dict'];
const P = ADMIN_PERMISSIONS.dict;

function actorOf(request: FastifyRequest): DictActor {
  const { user } = requireSession(request);
  return { userId: user.id, username: user.username };
}

export const dictAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- Dictionaries ----

  app.get(
    '/sys/dict/list',
    { config: { policy: { permission: P.list } }, schema: { querystring: DictListQuery, tags } },
    async (request) => ok(await listDicts(app.db, request.query)),
  );

  app.get(
    '/sys/dict/treeList',
    { config: { policy: { permission: P.list } }, schema: { querystring: DictTreeListQuery, tags } },
    async (request) => ok(await dictTree(app.db, request.query.dictName)),
  );

  app.get('/sys/dict/deleteList', { config: { policy: { permission: P.list } }, schema: { tags } }, async () =>
    ok(await deletedDicts(app.db)),
  );

  app.post(
    '/sys/dict/add',
    {
      config: { policy: { permission: P.add }, operation: '添加字典', operateType: '2' },
      schema: { body: DictAddBody, tags },
    },
    async (request) => {
      const dict = await addDict(app.db, actorOf(request), request.body);
      request.relateId = dict.id;
      return ok(dict, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/dict/edit',
    config: { policy: { permission: P.edit }, operation: '编辑字典', operateType: '3' },
    schema: { body: DictEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      return ok(await editDict(app.db, actorOf(request), request.body), ADMIN_TEXT.edited);
    },
  });

  app.delete(
    '/sys/dict/delete',
    {
      config: { policy: { permission: P.delete }, operation: '删除字典', operateType: '4' },
      schema: { querystring: DictIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteDicts(app.db, actorOf(request), [request.query.id]);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/dict/deleteBatch',
    {
      config: { policy: { permission: P.delete }, operation: '批量删除字典', operateType: '4' },
      schema: { querystring: DictIdsQuery, tags },
    },
    async (request) => {
      await deleteDicts(app.db, actorOf(request), request.query.ids);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/dict/back/:id',
    config: { policy: { permission: P.edit }, operation: '还原字典', operateType: '3' },
    schema: { params: DictIdQuery, tags },
    handler: async (request) => {
      request.relateId = request.params.id;
      await restoreDict(app.db, actorOf(request), request.params.id);
      return okMessage(DICT_TEXT.restored);
    },
  });

  app.delete(
    '/sys/dict/deletePhysic/:id',
    {
      config: { policy: { permission: P.delete }, operation: '彻底删除字典', operateType: '4' },
      schema: { params: DictIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.params.id;
      await purgeDict(app.db, request.params.id);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  // ---- Items ----

  app.get(
    '/sys/dictItem/list',
    { config: { policy: { permission: P.list } }, schema: { querystring: DictItemListQuery, tags } },
    async (request) => ok(await listItems(app.db, request.query)),
  );

  app.get(
    '/sys/dictItem/dictItemCheck',
    {
      config: { policy: { permission: [P.list, P.add, P.edit] } },
      schema: { querystring: DictItemCheckQuery, tags },
    },
    async (request) => {
      if (!(await itemValueFree(app.db, request.query))) throw AppError.business(DICT_TEXT.itemValueTaken);
      return okMessage(DICT_TEXT.itemValueFree);
    },
  );

  app.post(
    '/sys/dictItem/add',
    {
      config: { policy: { permission: P.add }, operation: '添加字典项', operateType: '2' },
      schema: { body: DictItemAddBody, tags },
    },
    async (request) => {
      const item = await addItem(app.db, actorOf(request), request.body);
      request.relateId = item.id;
      return ok(item, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/dictItem/edit',
    config: { policy: { permission: P.edit }, operation: '编辑字典项', operateType: '3' },
    schema: { body: DictItemEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      return ok(await editItem(app.db, actorOf(request), request.body), ADMIN_TEXT.edited);
    },
  });

  app.delete(
    '/sys/dictItem/delete',
    {
      config: { policy: { permission: P.delete }, operation: '删除字典项', operateType: '4' },
      schema: { querystring: DictItemIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteItems(app.db, [request.query.id]);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/dictItem/deleteBatch',
    {
      config: { policy: { permission: P.delete }, operation: '批量删除字典项', operateType: '4' },
      schema: { querystring: DictItemIdsQuery, tags },
    },
    async (request) => {
      await deleteItems(app.db, request.query.ids);
      return okMessage(ADMIN_TEXT.deleted);
    },
  );
};
