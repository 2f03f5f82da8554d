/**
 * /sys/sysDepart: the department trees the pickers read (contract §2.9). Policy: the picker read code, which every
 * staff role holds and the low-privilege guest does not (decisions.md "Picker reads"), or the department screen's
 * list code (issue 14).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import {
  DepartSearchQuery,
  DepartTreeByLengthQuery,
  DepartTreeQuery,
  DepartTreeSyncQuery,
  PICKER_PERMISSIONS,
} from '@houtai/shared/contract/pickers';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { departIdTree, departTreeByLength, departTreeSync, myDepartTree, searchDeparts } from './depart.service.ts';

const tags = ['depart'];
const config = { policy: { permission: [PICKER_PERMISSIONS.read, ADMIN_PERMISSIONS.depart.list] } };

export const departRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/sysDepart/queryDepartTreeSync',
    { config, schema: { querystring: DepartTreeSyncQuery, tags } },
    async (request) => ok(await departTreeSync(app.db, request.query)),
  );
  app.get('/sys/sysDepart/queryIdTree', { config, schema: { querystring: DepartTreeQuery, tags } }, async (request) =>
    ok(await departIdTree(app.db, request.query)),
  );
  app.get(
    '/sys/sysDepart/queryTreeListByLength',
    { config, schema: { querystring: DepartTreeByLengthQuery, tags } },
    async (request) => ok(await departTreeByLength(app.db, request.query)),
  );
  app.get('/sys/sysDepart/searchBy', { config, schema: { querystring: DepartSearchQuery, tags } }, async (request) =>
    ok(await searchDeparts(app.db, request.query, requireSession(request).user.id)),
  );
  app.get('/sys/sysDepart/queryMyDeptTreeList', { config, schema: { tags } }, async (request) =>
    ok(await myDepartTree(app.db, requireSession(request).user.id)),
  );
};
