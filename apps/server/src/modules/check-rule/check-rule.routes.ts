/** GET /sys/checkRule/checkByCode: validates a value against a stored check rule. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CheckRuleQuery } from '@houtai/shared/contract/dict';
import { ok } from '../../lib/envelope.ts';
import { checkByCode } from './check-rule.service.ts';

export const checkRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/checkRule/checkByCode',
    { config: { policy: 'authenticated' }, schema: { querystring: CheckRuleQuery, tags: ['validation'] } },
    async (request) => ok(await checkByCode(app.db, request.query.ruleCode, request.query.value)),
  );
};
