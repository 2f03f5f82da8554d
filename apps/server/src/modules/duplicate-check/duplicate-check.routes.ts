/** GET /sys/duplicate/check: an oracle over unique fields, so it is rate limited per user. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DuplicateCheckQuery } from '@houtai/shared/contract/dict';
import { checkDuplicate } from './duplicate-check.service.ts';

/** Checks per user per minute (a form validates a handful of fields as the user types). */
export const DUPLICATE_CHECK_PER_MINUTE = 60;

export const duplicateCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/duplicate/check',
    {
      config: {
        policy: 'authenticated',
        rateLimit: {
          max: DUPLICATE_CHECK_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `dup:${request.session?.user.id ?? request.ip}`,
        },
      },
      schema: { querystring: DuplicateCheckQuery, tags: ['validation'] },
    },
    async (request) => checkDuplicate(app.db, request.query),
  );
};
