/**
 * /sys/checkRule/*: 编码校验规则 administration — list, queryById (system:checkRule:list), add, edit (PUT|POST),
 * delete, deleteBatch (system:checkRule:edit). checkByCode (any signed-in user) is in check-rule.routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import {
  CHECK_RULE_ADMIN_TEXT,
  CheckRuleAddBody,
  CheckRuleEditBody,
  CheckRuleIdQuery,
  CheckRuleIdsQuery,
  CheckRuleListQuery,
} from '@houtai/shared/contract/check-rule';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addRule, deleteRules, editRule, listRules, queryRule } from './check-rule-admin.service.ts';

const tags = ['check-rule'];
const P = ADMIN_PERMISSIONS.checkRule;

export const checkRuleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => new Date(app.services.now()).toISOString();

  app.get(
    '/sys/checkRule/list',
    { config: { policy: { permission: P.list } }, schema: { querystring: CheckRuleListQuery, tags } },
    async (request) => ok(await listRules(app.db, request.query)),
  );

  app.get(
    '/sys/checkRule/queryById',
    { config: { policy: { permission: [P.list, P.edit] } }, schema: { querystring: CheckRuleIdQuery, tags } },
    async (request) => ok(await queryRule(app.db, request.query.id)),
  );

  app.post(
    '/sys/checkRule/add',
    {
      config: { policy: { permission: P.edit }, operation: '添加编码校验规则', operateType: '2' },
      schema: { body: CheckRuleAddBody, tags },
    },
    async (request) => {
      const id = await addRule(app.db, requireSession(request).user, request.body, now());
      request.relateId = id;
      return ok(id, CHECK_RULE_ADMIN_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/checkRule/edit',
    config: { policy: { permission: P.edit }, operation: '编辑编码校验规则', operateType: '3' },
    schema: { body: CheckRuleEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      await editRule(app.db, requireSession(request).user, request.body, now());
      return ok(null, CHECK_RULE_ADMIN_TEXT.edited);
    },
  });

  app.delete(
    '/sys/checkRule/delete',
    {
      config: { policy: { permission: P.edit }, operation: '删除编码校验规则', operateType: '4' },
      schema: { querystring: CheckRuleIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteRules(app.db, [request.query.id]);
      return ok(null, CHECK_RULE_ADMIN_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/checkRule/deleteBatch',
    {
      config: { policy: { permission: P.edit }, operation: '批量删除编码校验规则', operateType: '4' },
      schema: { querystring: CheckRuleIdsQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.ids.join(',').slice(0, 64);
      const n = await deleteRules(app.db, request.query.ids);
      request.auditNote = `${n}条`;
      return ok(null, CHECK_RULE_ADMIN_TEXT.deleted);
    },
  );
};
