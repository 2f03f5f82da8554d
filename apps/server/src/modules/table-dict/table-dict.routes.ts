/**
 * /sys/tableDict/*: 表字典登记 — list, queryById, tables (the registry's business tables in the database),
 * columns?table (a table's registered columns) need system:tableDict:list (tables and columns also :edit, the form
 * uses them); add, edit (PUT|POST) and delete need system:tableDict:edit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import {
  TABLE_DICT_TEXT,
  TableDictAddBody,
  TableDictColumnsQuery,
  TableDictEditBody,
  TableDictIdQuery,
  TableDictListQuery,
} from '@houtai/shared/contract/table-dict';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  addEntry,
  deleteEntry,
  editEntry,
  listColumns,
  listEntries,
  listTables,
  queryEntry,
} from './table-dict.service.ts';

const tags = ['table-dict'];
const P = ADMIN_PERMISSIONS.tableDict;

export const tableDictRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.services.now()).toISOString();

  app.get(
    '/sys/tableDict/list',
    { config: { policy: { permission: P.list } }, schema: { querystring: TableDictListQuery, tags } },
    async (request) => ok(await listEntries(app.db, request.query)),
  );

  app.get(
    '/sys/tableDict/queryById',
    { config: { policy: { permission: [P.list, P.edit] } }, schema: { querystring: TableDictIdQuery, tags } },
    async (request) => ok(await queryEntry(app.db, request.query.id)),
  );

  app.get(
    '/sys/tableDict/tables',
    { config: { policy: { permission: [P.list, P.edit] } }, schema: { tags } },
    async () => ok(await listTables(app.db)),
  );

  app.get(
    '/sys/tableDict/columns',
    { config: { policy: { permission: [P.list, P.edit] } }, schema: { querystring: TableDictColumnsQuery, tags } },
    async (request) => ok(await listColumns(app.db, request.query.table)),
  );

  app.post(
    '/sys/tableDict/add',
    {
      config: { policy: { permission: P.edit }, operation: '登记表字典', operateType: '2' },
      schema: { body: TableDictAddBody, tags },
    },
    async (request) => {
      const id = await addEntry(app.db, requireSession(request).user, request.body, now());
      request.relateId = id;
      return ok(id, TABLE_DICT_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/tableDict/edit',
    config: { policy: { permission: P.edit }, operation: '编辑表字典登记', operateType: '3' },
    schema: { body: TableDictEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      await editEntry(app.db, requireSession(request).user, request.body, now());
      return ok(null, TABLE_DICT_TEXT.edited);
    },
  });

  app.delete(
    '/sys/tableDict/delete',
    {
      config: { policy: { permission: P.edit }, operation: '删除表字典登记', operateType: '4' },
      schema: { querystring: TableDictIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteEntry(app.db, request.query.id);
      return ok(null, TABLE_DICT_TEXT.deleted);
    },
  );
};
