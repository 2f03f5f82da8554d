/** The signed-in user's own account: departments, switches, password, ERP hand-over (contract §2.1, spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERP_ENTRANCE_PERMISSION, TEXT } from '@houtai/shared/constants';
import { SelectAccountBody, SelectDepartBody, UpdatePasswordBody } from '@houtai/shared/contract/user';
import { ok, okMessage } from '../../lib/envelope.ts';
import {
  cryptUserInfo,
  currentUserDeparts,
  selectAccount,
  selectDepart,
  updateOwnPassword,
} from './current-user.service.ts';
import { requireSession } from '../../plugins/auth.ts';

const tags = ['current-user'];

export const currentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/user/getCurrentUserDeparts',
    { config: { policy: 'authenticated' }, schema: { tags } },
    async (request) => ok(await currentUserDeparts(app.db, requireSession(request))),
  );

  // The Vue clients use both verbs.
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/selectDepart',
    config: { policy: 'authenticated', beforePasswordChange: true, operation: '切换部门', operateType: '3' },
    schema: { body: SelectDepartBody, tags },
    handler: async (request) => {
      const session = requireSession(request);
      request.relateId = session.user.id;
      request.auditNote = request.body.orgCode;
      return ok(await selectDepart(app, session, request.body));
    },
  });

  app.post(
    '/sys/selectAccountId',
    {
      config: { policy: 'authenticated', operation: '切换结算组织', operateType: '3' },
      schema: { body: SelectAccountBody, tags },
    },
    async (request) => {
      const session = requireSession(request);
      request.relateId = session.user.id;
      request.auditNote = request.body.accountId;
      return ok(await selectAccount(app, session, request.body));
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/updatePassword',
    config: { policy: 'authenticated', beforePasswordChange: true, operation: '修改密码', operateType: '3' },
    schema: { body: UpdatePasswordBody, tags },
    handler: async (request) => {
      const session = requireSession(request);
      request.relateId = session.user.id;
      await updateOwnPassword(app, session, request.body);
      // The other sessions ended: so do their websockets.
      await app.realtime.closeUser(session.user.id, session.tokenHash);
      return okMessage(TEXT.passwordResetDone);
    },
  });

  app.get(
    '/sys/user/getCryptUserInfo',
    { config: { policy: { permission: ERP_ENTRANCE_PERMISSION } }, schema: { tags } },
    async (request) => ok(await cryptUserInfo(app, requireSession(request))),
  );
};
