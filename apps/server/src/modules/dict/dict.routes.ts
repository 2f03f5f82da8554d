/** /sys/dict helper endpoints (contract §2.4); the table-driven ones are signed (contract §4.1). */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT } from '@houtai/shared/constants';
import {
  DictCodeParams,
  DictParams,
  DictTextParams,
  LoadDictItemQuery,
  LoadDictOrderByValueQuery,
  LoadDictQuery,
  LoadTreeDataQuery,
} from '@houtai/shared/contract/dict';
import { AppError } from '../../errors.ts';
import { ok, okMessage } from '../../lib/envelope.ts';
import type { ScopeContext } from '../../registry/index.ts';
import {
  getDictItems,
  getDictText,
  loadDict,
  loadDictItem,
  loadDictOrderByValue,
  loadTreeData,
  queryAllDictItems,
} from './dict.service.ts';

function caller(request: FastifyRequest): ScopeContext {
  if (!request.session) throw AppError.unauthorized(TEXT.tokenInvalid);
  return { userId: request.session.user.id };
}

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  // Routes of this context with `signed: true` need X-Sign / X-TIMESTAMP (harmless if also registered globally).
  const tags = ['dict'];

  app.get(
    '/sys/dict/getDictItems/:dictCode',
    { config: { policy: 'authenticated', signed: true }, schema: { params: DictCodeParams, tags } },
    async (request) => ok(await getDictItems(app.db, request.params.dictCode, caller(request))),
  );

  app.get(
    '/sys/dict/loadDict/:dict',
    {
      config: { policy: 'authenticated', signed: true },
      schema: { params: DictParams, querystring: LoadDictQuery, tags },
    },
    async (request) => ok(await loadDict(app.db, request.params.dict, request.query, caller(request))),
  );

  app.get(
    '/sys/dict/loadDictOrderByValue/:dict',
    {
      config: { policy: 'authenticated', signed: true },
      schema: { params: DictParams, querystring: LoadDictOrderByValueQuery, tags },
    },
    async (request) => ok(await loadDictOrderByValue(app.db, request.params.dict, request.query, caller(request))),
  );

  app.get(
    '/sys/dict/getDictText/:dictCode/:key',
    { config: { policy: 'authenticated' }, schema: { params: DictTextParams, tags } },
    async (request) => ok(await getDictText(app.db, request.params.dictCode, request.params.key, caller(request))),
  );

  app.get(
    '/sys/dict/loadDictItem/:dict',
    {
      config: { policy: 'authenticated', signed: true },
      schema: { params: DictParams, querystring: LoadDictItemQuery, tags },
    },
    async (request) =>
      ok(
        await loadDictItem(app.db, request.params.dict, request.query.key, request.query.delNotExist, caller(request)),
      ),
  );

  app.get(
    '/sys/dict/loadTreeData',
    { config: { policy: 'authenticated', signed: true }, schema: { querystring: LoadTreeDataQuery, tags } },
    async (request) => ok(await loadTreeData(app.db, request.query)),
  );

  app.get(
    '/sys/dict/queryAllDictItems',
    { config: { policy: 'authenticated', beforePasswordChange: true, memo: true }, schema: { tags } },
    async () => ok(await queryAllDictItems(app.db)),
  );

  // Dictionaries are read from the database on every call (no server cache), so there is nothing to clear.
  app.get('/sys/dict/refleshCache', { config: { policy: 'authenticated' }, schema: { tags } }, async () =>
    okMessage(TEXT.operateSuccess),
  );
};
