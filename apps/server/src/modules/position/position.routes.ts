/** /hr/hrPosition/list: the position picker's list (search postInfoName; the value is the id). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PICKER_PERMISSIONS, PositionListQuery } from '@houtai/shared/contract/pickers';
import { ok } from '../../lib/envelope.ts';
import { listPositions } from './position.service.ts';

export const positionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hr/hrPosition/list',
    {
      config: { policy: { permission: PICKER_PERMISSIONS.read } },
      schema: { querystring: PositionListQuery, tags: ['position'] },
    },
    async (request) => ok(await listPositions(app.db, request.query)),
  );
};
