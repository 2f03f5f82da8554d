/** /demo/adverseAccidentRule/list: the demo accident rules the business-record picker shows (picker read code). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccidentRuleListQuery, PICKER_PERMISSIONS } from '@houtai/shared/contract/pickers';
import { ok } from '../../lib/envelope.ts';
import { listAccidentRules } from './accident-rule.service.ts';

export const accidentRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/demo/adverseAccidentRule/list',
    {
      config: { policy: { permission: PICKER_PERMISSIONS.read } },
      schema: { querystring: AccidentRuleListQuery, tags: ['demo'] },
    },
    async (request) => ok(await listAccidentRules(app.db, request.query)),
  );
};
