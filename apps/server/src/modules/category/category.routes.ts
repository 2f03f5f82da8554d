/** /sys/category helper endpoints (contract §2.5), for any signed-in user. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoryAllDataQuery,
  CategoryChildrenQuery,
  CategoryIdsParams,
  CategoryIdsQuery,
  CategoryLoadOneQuery,
  CategoryTreeDataQuery,
  CategoryTreeRootQuery,
} from '@houtai/shared/contract/dict';
import { ok } from '../../lib/envelope.ts';
import {
  loadAllData,
  loadDictItem,
  loadOne,
  loadTreeChildren,
  loadTreeData,
  loadTreeRoot,
} from './category.service.ts';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['category'];
  const config = { policy: 'authenticated' } as const;

  app.get(
    '/sys/category/loadTreeRoot',
    { config, schema: { querystring: CategoryTreeRootQuery, tags } },
    async (request) => ok(await loadTreeRoot(app.db, request.query.async, request.query.pcode)),
  );

  app.get(
    '/sys/category/loadTreeChildren',
    { config, schema: { querystring: CategoryChildrenQuery, tags } },
    async (request) => ok(await loadTreeChildren(app.db, request.query.pid)),
  );

  app.get('/sys/category/loadOne', { config, schema: { querystring: CategoryLoadOneQuery, tags } }, async (request) =>
    ok(await loadOne(app.db, request.query.field, request.query.val)),
  );

  app.get(
    '/sys/category/loadTreeData',
    { config, schema: { querystring: CategoryTreeDataQuery, tags } },
    async (request) => ok(await loadTreeData(app.db, request.query.pid, request.query.pcode, request.query.condition)),
  );

  app.get('/sys/category/loadDictItem', { config, schema: { querystring: CategoryIdsQuery, tags } }, async (request) =>
    ok(await loadDictItem(app.db, request.query.ids, request.query.delNotExist)),
  );

  app.get(
    '/sys/category/loadDictItem/:ids',
    { config, schema: { params: CategoryIdsParams, querystring: CategoryIdsQuery, tags } },
    async (request) => ok(await loadDictItem(app.db, request.params.ids, request.query.delNotExist)),
  );

  app.get(
    '/sys/category/loadAllData',
    { config, schema: { querystring: CategoryAllDataQuery, tags } },
    async (request) => ok(await loadAllData(app.db, request.query.code)),
  );
};
