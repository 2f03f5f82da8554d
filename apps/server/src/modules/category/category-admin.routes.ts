/**
 * /sys/category administration (issue 14, contract §2.5 "Admin"), the calls of JeecgBoot's SysCategoryList:
 * rootList, childList, getChildListBatch, queryById, checkCode (reads: system:category:list; checkCode also with the
 * edit code, the form asks it), add, edit (PUT|POST), delete and deleteBatch (system:category:edit).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  CATEGORY_TEXT,
  CategoryAddBody,
  CategoryCheckCodeQuery,
  CategoryChildBatchQuery,
  CategoryChildListQuery,
  CategoryEditBody,
  CategoryIdQuery,
  CategoryIdsQuery,
  CategoryRootListQuery,
} from '@houtai/shared/contract/category';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  addCategory,
  categoryById,
  checkCode,
  childList,
  childListBatch,
  deleteCategories,
  editCategory,
  rootList,
  type CategoryWriter,
} from './category-admin.service.ts';

const tags = ['category'];
const { list, edit } = ADMIN_PERMISSIONS.category;
const reader = { policy: { permission: list } } as const;

function writerOf(request: FastifyRequest): CategoryWriter {
  const { user } = requireSession(request);
  return { username: user.username, orgCode: user.orgCode ?? null };
}

export const categoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/category/rootList',
    { config: reader, schema: { querystring: CategoryRootListQuery, tags } },
    async (request) => ok(await rootList(app.db, request.query)),
  );

  app.get(
    '/sys/category/childList',
    { config: reader, schema: { querystring: CategoryChildListQuery, tags } },
    async (request) => ok(await childList(app.db, request.query.pid)),
  );

  app.get(
    '/sys/category/getChildListBatch',
    { config: reader, schema: { querystring: CategoryChildBatchQuery, tags } },
    async (request) => ok(await childListBatch(app.db, request.query.parentIds)),
  );

  app.get(
    '/sys/category/queryById',
    { config: reader, schema: { querystring: CategoryIdQuery, tags } },
    async (request) => ok(await categoryById(app.db, request.query.id)),
  );

  app.get(
    '/sys/category/checkCode',
    { config: { policy: { permission: [list, edit] } }, schema: { querystring: CategoryCheckCodeQuery, tags } },
    async (request) => {
      await checkCode(app.db, request.query);
      return ok(null, CATEGORY_TEXT.codeAvailable);
    },
  );

  app.post(
    '/sys/category/add',
    {
      config: { policy: { permission: edit }, operation: '添加分类字典', operateType: '2' },
      schema: { body: CategoryAddBody, tags },
    },
    async (request) => {
      const created = await addCategory(app.db, writerOf(request), request.body);
      request.relateId = created.id;
      request.auditNote = `${created.name}（${created.code ?? ''}）`;
      return ok(created, ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/category/edit',
    config: { policy: { permission: edit }, operation: '编辑分类字典', operateType: '3' },
    schema: { body: CategoryEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      const saved = await editCategory(app.db, writerOf(request), request.body);
      request.auditNote = `${saved.name}（${saved.code ?? ''}）`;
      return ok(saved, ADMIN_TEXT.edited);
    },
  });

  app.delete(
    '/sys/category/delete',
    {
      config: { policy: { permission: edit }, operation: '删除分类字典', operateType: '4' },
      schema: { querystring: CategoryIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteCategories(app.db, [request.query.id]);
      return ok(null, ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/category/deleteBatch',
    {
      config: { policy: { permission: edit }, operation: '批量删除分类字典', operateType: '4' },
      schema: { querystring: CategoryIdsQuery, tags },
    },
    async (request) => {
      request.auditNote = request.query.ids.join(',');
      await deleteCategories(app.db, request.query.ids);
      return ok(null, ADMIN_TEXT.deleted);
    },
  );
};
