/**
 * Public account self-service (contract §2.7): POST /sys/user/register, POST /sys/user/phoneVerification,
 * POST (preferred) or GET (the contract's form, parameters in the query) /sys/user/passwordChange.
 * Each is limited per IP on top of the per-phone SMS throttling.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REGISTRATION_IP_RATE_LIMIT, TEXT } from '@houtai/shared/constants';
import { PasswordChangeBody, PhoneVerificationBody, RegisterBody } from '@houtai/shared/contract/auth';
import { ok, okMessage } from '../../lib/envelope.ts';
import { recordOperation } from '../operate-log/operate-log.service.ts';
import { registerUser, resetPasswordWithTicket, verifyResetPhone } from './registration.service.ts';

const tags = ['auth'];
const limit = { max: REGISTRATION_IP_RATE_LIMIT.max, timeWindow: REGISTRATION_IP_RATE_LIMIT.timeWindowMs };

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sys/user/register',
    {
      config: { policy: 'public', rateLimit: limit, operation: '注册账号', operateType: '2' },
      schema: { body: RegisterBody, tags },
    },
    async (request) => {
      const user = await registerUser(app, request.body);
      request.auditActor = user;
      request.relateId = user.id;
      return ok({ username: user.username }, TEXT.registerSuccess);
    },
  );

  app.post(
    '/sys/user/phoneVerification',
    {
      config: { policy: 'public', rateLimit: limit, operation: '找回密码：验证手机', operateType: '2' },
      schema: { body: PhoneVerificationBody, tags },
    },
    async (request) => {
      const { userId, realname, ...result } = await verifyResetPhone(app, request.body);
      request.auditActor = { id: userId, username: result.username, realname };
      request.relateId = userId;
      return ok(result, TEXT.phoneVerified);
    },
  );

  app.post(
    '/sys/user/passwordChange',
    {
      config: { policy: 'public', rateLimit: limit, operation: '找回密码：重设密码', operateType: '3' },
      schema: { body: PasswordChangeBody, tags },
    },
    async (request) => {
      const user = await resetPasswordWithTicket(app, request.body);
      // Every session of the account ended: so do its websockets.
      await app.realtime.closeUser(user.id);
      request.auditActor = user;
      request.relateId = user.id;
      return okMessage(TEXT.passwordResetDone);
    },
  );

  app.get(
    '/sys/user/passwordChange',
    { config: { policy: 'public', rateLimit: limit }, schema: { querystring: PasswordChangeBody, tags } },
    async (request) => {
      const user = await resetPasswordWithTicket(app, request.query);
      await app.realtime.closeUser(user.id);
      // A GET is not a write for the generic hook; this one is, so it records itself.
      await recordOperation(
        app.db,
        {
          userId: user.id,
          username: user.username,
          realname: user.realname,
          operateType: '3',
          content: '找回密码：重设密码',
          relateId: user.id,
          requestMethod: 'GET',
          requestUrl: request.routeOptions.url ?? null,
          ip: request.ip,
        },
        app.services.now(),
      );
      return okMessage(TEXT.passwordResetDone);
    },
  );
};
