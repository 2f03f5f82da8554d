/**
 * 日志管理: GET /sys/log/list?logType=1|2 (system:log:list). JeecgBoot's delete / deleteBatch / allclear are not
 * answered: the logs are the audit trail, and no screen of ours removes them (decisions-monitor.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { SysLogQuery } from '@houtai/shared/contract/sys-log';
import { ok } from '../../lib/envelope.ts';
import { listLogs } from './log.service.ts';

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/log/list',
    {
      config: { policy: { permission: ADMIN_PERMISSIONS.log.list }, memo: true },
      schema: { querystring: SysLogQuery, tags: ['log'] },
    },
    async (request) => ok(await listLogs(app.db, request.query)),
  );
};
