/**
 * The online report API of the popup picker (contract §2.11): columns by report code, query fields and data by
 * report id. Policy: any signed-in user (the pickers belong to business forms), plus the report's own permission
 * code when its definition sets one (onl_cgreport_head.perms). Reads only: nothing for the operate log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT } from '@houtai/shared/constants';
import { ReportCodeParams, ReportDataQuery, ReportIdParams } from '@houtai/shared/contract/online-report';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { getData, getQueryInfo, getRpColumns, reportPermission } from './online-report.service.ts';

const tags = ['online-report'];
const config = { policy: 'authenticated' } as const;

export const onlineReportRoutes: FastifyPluginAsyncZod = async (app) => {
  async function mayRun(request: FastifyRequest, by: { code: string } | { id: string }): Promise<void> {
    const session = requireSession(request);
    const perms = await reportPermission(app.db, by);
    if (perms && !(await app.permissionCodes.has(session.user.id, perms, session.permissionEpoch))) {
      throw AppError.forbidden(TEXT.noPermission);
    }
  }

  app.get(
    '/online/cgreport/api/getRpColumns/:code',
    { config, schema: { params: ReportCodeParams, tags } },
    async (request) => {
      await mayRun(request, { code: request.params.code });
      return ok(await getRpColumns(app.db, request.params.code));
    },
  );

  app.get(
    '/online/cgreport/api/getQueryInfo/:id',
    { config, schema: { params: ReportIdParams, tags } },
    async (request) => {
      await mayRun(request, { id: request.params.id });
      return ok(await getQueryInfo(app.db, request.params.id));
    },
  );

  app.get(
    '/online/cgreport/api/getData/:id',
    { config, schema: { params: ReportIdParams, querystring: ReportDataQuery, tags } },
    async (request) => {
      await mayRun(request, { id: request.params.id });
      return ok(await getData(app.db, request.params.id, request.query));
    },
  );
};
