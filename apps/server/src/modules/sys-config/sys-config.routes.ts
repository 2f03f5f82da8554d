import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ByCodeQuery } from '@houtai/shared/contract/common';
import { ANNOUNCEMENT_PERMISSIONS, ANNOUNCEMENT_TEXT, NoticeBannerBody } from '@houtai/shared/contract/announcement';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { SYS_CONFIG_TEXT, SysConfigEditBody } from '@houtai/shared/contract/sys-config';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { editConfig, listConfigs, readPublicConfig, saveNotice } from './sys-config.service.ts';

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

  // 系统配置: the catalogue's settings only (packages/shared/src/contract/sys-config.ts). A page, for the Jeecg list
  // mixin, though it is never more than one.
  app.get(
    '/sys/sysConfig/list',
    { config: { policy: { permission: ADMIN_PERMISSIONS.config.list } }, schema: { tags } },
    async () => {
      const records = await listConfigs(app.db);
      return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysConfig/edit',
    config: { policy: { permission: ADMIN_PERMISSIONS.config.edit }, operation: '编辑系统配置', operateType: '3' },
    schema: { body: SysConfigEditBody, tags },
    handler: async (request) => {
      const session = requireSession(request);
      const value = await editConfig(
        { db: app.db, realtime: app.realtime, now: () => app.services.now(), log: app.log },
        session,
        request.body,
      );
      request.relateId = request.body.code;
      return ok({ code: request.body.code, value }, SYS_CONFIG_TEXT.saved);
    },
  });
};
