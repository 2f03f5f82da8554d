import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ByCodeQuery } from '@houtai/shared/contract/common';
import { ANNOUNCEMENT_PERMISSIONS, ANNOUNCEMENT_TEXT, NoticeBannerBody } from '@houtai/shared/contract/announcement';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { readPublicConfig, saveNotice } from './sys-config.service.ts';

const tags = ['sys-config'];

export const sysConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/sysConfig/getByCode',
    { config: { policy: 'authenticated', beforePasswordChange: true }, schema: { querystring: ByCodeQuery, tags } },
    async (request) => ok(await readPublicConfig(app.db, request.query.code)),
  );

  // Decision: our own name for the banner's edit. A generic config edit (code + value) would let a holder write
  // any setting; this route writes exactly one, with its schema. Both verbs, like the contract's other writes.
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysConfig/editNotice',
    config: {
      policy: { permission: ANNOUNCEMENT_PERMISSIONS.noticeEdit },
      operation: '编辑通知横幅',
      operateType: '3',
    },
    schema: { body: NoticeBannerBody, tags },
    handler: async (request) => {
      const session = requireSession(request);
      const saved = await saveNotice(
        { db: app.db, realtime: app.realtime, now: () => app.services.now(), log: app.log },
        session,
        request.body,
      );
      request.auditNote = saved.status === '1' ? '开启' : '关闭';
      return ok(saved, ANNOUNCEMENT_TEXT.noticeSaved);
    },
  });
};
