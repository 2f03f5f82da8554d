import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { loginInfo, visitInfo } from './visit.service.ts';

export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sys/loginfo', { config: { policy: 'authenticated' }, schema: { tags: ['visit'] } }, async () =>
    ok(await loginInfo(app.db, app.services.now())),
  );
  app.get('/sys/visitInfo', { config: { policy: 'authenticated' }, schema: { tags: ['visit'] } }, async () =>
    ok(await visitInfo(app.db, app.services.now())),
  );
};
