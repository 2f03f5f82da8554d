/** The signed-in user's own account: departments, switches, password, ERP hand-over (contract §2.1, spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERP_ENTRANCE_PERMISSION, TEXT } from '@houtai/shared/constants';
import { SelectAccountBody, SelectDepartBody, UpdatePasswordBody } from '@houtai/shared/contract';
import { ok, okMessage } from '../../lib/envelope.ts';
import {
  cryptUserInfo,
  currentUserDeparts,
  selectAccount,
  selectDepart,
  updateOwnPassword,
} from './current-user.service.ts';
import { requireSession } from './require-session.ts';

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
    config: { policy: 'authenticated', operation: '切换部门' },
    schema: { body: SelectDepartBody, tags },
    handler: async (request) => ok(await selectDepart(app, requireSession(request), request.body)),
  });

  app.post(
    '/sys/selectAccountId',
    { config: { policy: 'authenticated', operation: '切换结算组织' }, schema: { body: SelectAccountBody, tags } },
    async (request) => ok(await selectAccount(app, requireSession(request), request.body)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/updatePassword',
    config: { policy: 'authenticated', operation: '修改密码' },
    schema: { body: UpdatePasswordBody, tags },
    handler: async (request) => {
      await updateOwnPassword(app, requireSession(request), request.body);
      return okMessage(TEXT.passwordResetDone);
    },
  });

  app.get(
    '/sys/user/getCryptUserInfo',
    { config: { policy: { permission: ERP_ENTRANCE_PERMISSION } }, schema: { tags } },
    async (request) => ok(await cryptUserInfo(app, requireSession(request))),
  );
};
