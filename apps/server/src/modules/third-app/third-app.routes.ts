/** GET /sys/thirdApp/getEnabledType: `{wechatEnterprise, dingtalk}`, true for the configured ones. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { enabledThirdApps } from './third-app.service.ts';

export const thirdAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/thirdApp/getEnabledType',
    { config: { policy: 'authenticated' }, schema: { tags: ['third-app'] } },
    async () => ok(enabledThirdApps()),
  );
};
