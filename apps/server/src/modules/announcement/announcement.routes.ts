/**
 * Announcements (contract §2.3): the administrators' `/sys/annountCement/*` (permission codes per action) and
 * every signed-in user's own messages (`listByUser`, `queryById`, `syncNotic`, `/sys/sysAnnouncementSend/*`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANNOUNCEMENT_PERMISSIONS,
  ANNOUNCEMENT_TEXT,
  AnnouncementAddBody,
  AnnouncementEditBody,
  AnnouncementIdQuery,
  AnnouncementIdsQuery,
  AnnouncementListQuery,
  AnntIdInput,
  ListByUserQuery,
  MyAnnouncementQuery,
  SendIdQuery,
  SyncNoticQuery,
} from '@houtai/shared/contract/announcement';
import { ok } from '../../lib/envelope.ts';
import type { OperateType } from '../../plugins/types.ts';
import { requireSession } from '../../plugins/auth.ts';
import { recordOperation } from '../operate-log/operate-log.service.ts';
import type { AnnouncementDeps } from './announcement-common.ts';
import {
  addAnnouncement,
  deleteAnnouncements,
  editAnnouncement,
  listAnnouncements,
  queryAnnouncement,
  releaseAnnouncement,
  revokeAnnouncement,
} from './announcement.service.ts';
import { listByUser, markRead, myMessage, myMessages, readAll, syncNotice } from './inbox.service.ts';

const tags = ['announcement'];
const P = ANNOUNCEMENT_PERMISSIONS;
/** A page calls syncNotic after reading one message or all: far fewer than this a minute. */
export const SYNC_NOTIC_PER_MINUTE = 30;

/**
 * doReleaseData and doReovkeData are GETs in the contract, so the operate-log hook (writes only) does not see
 * them; publishing and revoking are recorded here.
 */
async function auditGetWrite(app: FastifyInstance, request: FastifyRequest, operation: string, relateId: string) {
  const user = requireSession(request).user;
  const type: OperateType = '3';
  await recordOperation(
    app.db,
    {
      userId: user.id,
      username: user.username,
      realname: user.realname,
      operateType: type,
      content: operation,
      relateId,
      requestMethod: request.method,
      requestUrl: request.routeOptions.url ?? null,
      ip: request.ip,
    },
    app.services.now(),
  );
}

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AnnouncementDeps = {
    db: app.db,
    realtime: app.realtime,
    now: () => app.services.now(),
    log: app.log,
  };

  // ---- Administration ----

  app.get(
    '/sys/annountCement/list',
    { config: { policy: { permission: P.list } }, schema: { querystring: AnnouncementListQuery, tags } },
    async (request) => ok(await listAnnouncements(app.db, request.query)),
  );

  app.post(
    '/sys/annountCement/add',
    {
      config: { policy: { permission: P.add }, operation: '添加系统通告', operateType: '2' },
      schema: { body: AnnouncementAddBody, tags },
    },
    async (request) => {
      const id = await addAnnouncement(deps, requireSession(request), request.body);
      request.relateId = id;
      return ok(id, ANNOUNCEMENT_TEXT.added);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/annountCement/edit',
    config: { policy: { permission: P.edit }, operation: '编辑系统通告', operateType: '3' },
    schema: { body: AnnouncementEditBody, tags },
    handler: async (request) => {
      await editAnnouncement(deps, requireSession(request), request.body);
      return ok(null, ANNOUNCEMENT_TEXT.edited);
    },
  });

  app.delete(
    '/sys/annountCement/delete',
    {
      config: { policy: { permission: P.delete }, operation: '删除系统通告', operateType: '4' },
      schema: { querystring: AnnouncementIdQuery, tags },
    },
    async (request) => {
      await deleteAnnouncements(deps, requireSession(request), [request.query.id]);
      return ok(null, ANNOUNCEMENT_TEXT.deleted);
    },
  );

  app.delete(
    '/sys/annountCement/deleteBatch',
    {
      config: { policy: { permission: P.delete }, operation: '批量删除系统通告', operateType: '4' },
      schema: { querystring: AnnouncementIdsQuery, tags },
    },
    async (request) => {
      const ids = request.query.ids;
      request.relateId = ids.join(',').slice(0, 64);
      const deleted = await deleteAnnouncements(deps, requireSession(request), ids);
      request.auditNote = `${deleted}条`;
      return ok(null, ANNOUNCEMENT_TEXT.batchDeleted);
    },
  );

  app.get(
    '/sys/annountCement/doReleaseData',
    { config: { policy: { permission: P.release } }, schema: { querystring: AnnouncementIdQuery, tags } },
    async (request) => {
      await releaseAnnouncement(deps, requireSession(request), request.query.id);
      await auditGetWrite(app, request, '发布系统通告', request.query.id);
      return ok(null, ANNOUNCEMENT_TEXT.released);
    },
  );

  app.get(
    '/sys/annountCement/doReovkeData',
    { config: { policy: { permission: P.release } }, schema: { querystring: AnnouncementIdQuery, tags } },
    async (request) => {
      await revokeAnnouncement(deps, requireSession(request), request.query.id);
      await auditGetWrite(app, request, '撤销系统通告', request.query.id);
      return ok(null, ANNOUNCEMENT_TEXT.revoked);
    },
  );

  // ---- Every signed-in user ----

  // Administrators (holders of the list code) read any announcement; others only published ones addressed to them.
  app.get(
    '/sys/annountCement/queryById',
    { config: { policy: 'authenticated' }, schema: { querystring: AnnouncementIdQuery, tags } },
    async (request) => {
      const session = requireSession(request);
      const isAdmin = await app.permissionCodes.has(session.user.id, P.list, session.permissionEpoch);
      return ok(await queryAnnouncement(app.db, { userId: session.user.id, isAdmin }, request.query.id));
    },
  );

  app.get(
    '/sys/annountCement/listByUser',
    { config: { policy: 'authenticated', memo: true }, schema: { querystring: ListByUserQuery, tags } },
    async (request) => ok(await listByUser(app.db, requireSession(request).user.id, request.query)),
  );

  // With anntId the caller's own open pages refresh; without, every connected page (see inbox.service.ts).
  app.get(
    '/sys/annountCement/syncNotic',
    {
      config: {
        policy: 'authenticated',
        rateLimit: {
          max: SYNC_NOTIC_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => request.session?.user.id ?? request.ip,
        },
      },
      schema: { querystring: SyncNoticQuery, tags },
    },
    async (request) => {
      await syncNotice(deps, requireSession(request), request.query.anntId || undefined);
      return ok(null);
    },
  );

  app.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    { config: { policy: 'authenticated' }, schema: { querystring: MyAnnouncementQuery, tags } },
    async (request) => ok(await myMessages(app.db, requireSession(request).user.id, request.query)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    config: { policy: 'authenticated', operation: '标记消息已读', operateType: '3' },
    schema: { body: AnntIdInput, tags },
    handler: async (request) => {
      request.relateId = request.body.anntId;
      await markRead(deps, requireSession(request), request.body.anntId);
      return ok(null);
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysAnnouncementSend/readAll',
    config: { policy: 'authenticated', operation: '全部消息标为已读', operateType: '3' },
    schema: { tags },
    handler: async (request) => {
      const session = requireSession(request);
      request.relateId = session.user.id;
      await readAll(deps, session);
      return ok(null, ANNOUNCEMENT_TEXT.readAll);
    },
  });

  app.get(
    '/sys/sysAnnouncementSend/getOne',
    { config: { policy: 'authenticated' }, schema: { querystring: SendIdQuery, tags } },
    async (request) => ok(await myMessage(app.db, requireSession(request).user.id, request.query.sendId)),
  );
};
