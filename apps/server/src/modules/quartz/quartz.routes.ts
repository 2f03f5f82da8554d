/**
 * /sys/quartzJob/*: scheduled jobs (定时任务). JeecgBoot's list, add, edit (PUT|POST), delete, deleteBatch,
 * queryById, pause, resume and execute (GETs in JeecgBoot; POST accepted too), and ours: kinds (the registry for the
 * screen's select), log (a job's runs, newest first) and preview (next fire times of an expression). Reads need
 * system:quartz:list; add, edit and delete system:quartz:edit; pause, resume and execute system:quartz:run.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import {
  QUARTZ_TEXT,
  QuartzAddBody,
  QuartzEditBody,
  QuartzIdQuery,
  QuartzIdsQuery,
  QuartzListQuery,
  QuartzLogQuery,
  QuartzPreviewQuery,
} from '@houtai/shared/contract/quartz';
import { AppError } from '../../errors.ts';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { recordOperation } from '../operate-log/operate-log.service.ts';
import {
  addJob,
  deleteJobs,
  editJob,
  executeJob,
  jobLog,
  listJobs,
  listKinds,
  pauseJob,
  previewCron,
  queryJob,
  resumeJob,
  type QuartzActor,
  type QuartzDeps,
} from './quartz.service.ts';

const tags = ['quartz'];
const P = ADMIN_PERMISSIONS.quartz;

function actorOf(app: FastifyInstance, request: FastifyRequest): QuartzActor {
  const session = requireSession(request);
  return {
    userId: session.user.id,
    username: session.user.username,
    can: (code) => app.permissionCodes.has(session.user.id, code, session.permissionEpoch),
  };
}

/** The id of pause / resume / execute: ?id= (GET, or POST) or {id} in a POST body. */
function idOf(request: FastifyRequest): string {
  const fromBody = (request.body as { id?: unknown } | null | undefined)?.id;
  const fromQuery = (request.query as { id?: unknown } | null | undefined)?.id;
  const parsed = QuartzIdQuery.safeParse({ id: fromBody ?? fromQuery });
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? QUARTZ_TEXT.idRequired);
  return parsed.data.id;
}

export const quartzRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: QuartzDeps = { db: app.db, now: () => app.services.now(), engine: app.quartz };

  app.get(
    '/sys/quartzJob/list',
    { config: { policy: { permission: P.list } }, schema: { querystring: QuartzListQuery, tags } },
    async (request) => ok(await listJobs(app.db, request.query)),
  );

  app.get(
    '/sys/quartzJob/queryById',
    { config: { policy: { permission: P.list } }, schema: { querystring: QuartzIdQuery, tags } },
    async (request) => ok(await queryJob(app.db, request.query.id)),
  );

  app.get(
    '/sys/quartzJob/kinds',
    { config: { policy: { permission: [P.list, P.edit] } }, schema: { tags } },
    async () => ok(listKinds()),
  );

  app.get(
    '/sys/quartzJob/log',
    { config: { policy: { permission: P.list } }, schema: { querystring: QuartzLogQuery, tags } },
    async (request) => ok(await jobLog(app.db, request.query)),
  );

  app.get(
    '/sys/quartzJob/preview',
    { config: { policy: { permission: [P.list, P.edit] } }, schema: { querystring: QuartzPreviewQuery, tags } },
    async (request) => ok(previewCron(request.query, app.services.now())),
  );

  app.post(
    '/sys/quartzJob/add',
    {
      config: { policy: { permission: P.edit }, operation: '添加定时任务', operateType: '2' },
      schema: { body: QuartzAddBody, tags },
    },
    async (request) => {
      const id = await addJob(deps, actorOf(app, request), request.body);
      request.relateId = id;
      return ok(id, QUARTZ_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/quartzJob/edit',
    config: { policy: { permission: P.edit }, operation: '编辑定时任务', operateType: '3' },
    schema: { body: QuartzEditBody, tags },
    handler: async (request) => {
      request.relateId = request.body.id;
      await editJob(deps, actorOf(app, request), request.body);
      return ok(null, QUARTZ_TEXT.edited);
    },
  });

  app.delete(
    '/sys/quartzJob/delete',
    {
      config: { policy: { permission: P.edit }, operation: '删除定时任务', operateType: '4' },
      schema: { querystring: QuartzIdQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.id;
      await deleteJobs(deps, actorOf(app, request), [request.query.id]);
      return ok(null, QUARTZ_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/quartzJob/deleteBatch',
    {
      config: { policy: { permission: P.edit }, operation: '批量删除定时任务', operateType: '4' },
      schema: { querystring: QuartzIdsQuery, tags },
    },
    async (request) => {
      request.relateId = request.query.ids.join(',').slice(0, 64);
      const n = await deleteJobs(deps, actorOf(app, request), request.query.ids);
      request.auditNote = `${n}条`;
      return ok(null, QUARTZ_TEXT.deleted);
    },
  );

  // pause / resume / execute: GET (JeecgBoot) audited here, as the operate-log hook records writes only; POST too.
  const runAction = (
    path: string,
    operation: string,
    act: (actor: QuartzActor, id: string) => Promise<unknown>,
    message: string,
  ) => {
    app.get(
      path,
      { config: { policy: { permission: P.run } }, schema: { querystring: QuartzIdQuery, tags } },
      async (request) => {
        const id = request.query.id;
        const actor = actorOf(app, request);
        await act(actor, id);
        const user = requireSession(request).user;
        await recordOperation(
          app.db,
          {
            userId: user.id,
            username: user.username,
            realname: user.realname,
            operateType: '3',
            content: operation,
            relateId: id,
            requestMethod: request.method,
            requestUrl: request.routeOptions.url ?? null,
            ip: request.ip,
          },
          app.services.now(),
        );
        return ok(null, message);
      },
    );
    app.post(
      path,
      { config: { policy: { permission: P.run }, operation, operateType: '3' }, schema: { tags } },
      async (request) => {
        const id = idOf(request);
        request.relateId = id;
        await act(actorOf(app, request), id);
        return ok(null, message);
      },
    );
  };

  runAction('/sys/quartzJob/pause', '暂停定时任务', (actor, id) => pauseJob(deps, actor, id), QUARTZ_TEXT.paused);
  runAction('/sys/quartzJob/resume', '启动定时任务', (actor, id) => resumeJob(deps, actor, id), QUARTZ_TEXT.resumed);
  runAction(
    '/sys/quartzJob/execute',
    '执行一次定时任务',
    (actor, id) => executeJob(deps, actor, id),
    QUARTZ_TEXT.executed,
  );
};
