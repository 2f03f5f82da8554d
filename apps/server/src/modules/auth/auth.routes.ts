/** Sign-in and sign-out routes (contract §2.1); public except loginByAdmin. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CAPTCHA_IP_RATE_LIMIT,
  LOGIN_BY_ADMIN_PERMISSION,
  LOGIN_IP_RATE_LIMIT,
  SMS_IP_RATE_LIMIT,
  TEXT,
} from '@houtai/shared/constants';
import {
  LoginBody,
  LoginByAdminBody,
  LoginByPhoneBody,
  LoginByWorkNoBody,
  PhoneLoginBody,
  RandomImageParams,
  SmsBody,
} from '@houtai/shared/contract/auth';
import { AppError } from '../../errors.ts';
import { ok, okMessage } from '../../lib/envelope.ts';
import { maskMobile } from '@houtai/shared/mask';
import { readToken } from '../../plugins/auth.ts';
import { hashToken } from '../session/session.service.ts';
import type { ClientInfo } from './auth.types.ts';
import { createCaptcha } from './captcha.service.ts';
import { loginAsUser, loginWithPassword, loginWithSmsCode, loginWithWorkNo, logout } from './login.service.ts';
import { sendSmsCode } from './sms-code.service.ts';

const tags = ['auth'];
const loginLimit = { max: LOGIN_IP_RATE_LIMIT.max, timeWindow: LOGIN_IP_RATE_LIMIT.timeWindowMs };

function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/randomImage/:key',
    {
      config: {
        policy: 'public',
        rateLimit: { max: CAPTCHA_IP_RATE_LIMIT.max, timeWindow: CAPTCHA_IP_RATE_LIMIT.timeWindowMs },
      },
      schema: { params: RandomImageParams, tags },
    },
    async (request) => ok(await createCaptcha(app, request.params.key)),
  );

  app.post(
    '/sys/login',
    { config: { policy: 'public', rateLimit: loginLimit, selfAudited: true }, schema: { body: LoginBody, tags } },
    async (request) => ok(await loginWithPassword(app, request.body, clientOf(request)), TEXT.loginSuccess),
  );

  app.post(
    '/sys/loginByWorkNo',
    {
      config: { policy: 'public', rateLimit: loginLimit, selfAudited: true },
      schema: { body: LoginByWorkNoBody, tags },
    },
    async (request) => ok(await loginWithWorkNo(app, request.body, clientOf(request)), TEXT.loginSuccess),
  );

  app.post(
    '/sys/sms',
    {
      config: {
        policy: 'public',
        rateLimit: { max: SMS_IP_RATE_LIMIT.max, timeWindow: SMS_IP_RATE_LIMIT.timeWindowMs },
        operation: '发送短信验证码',
        operateType: '2',
      },
      schema: { body: SmsBody, tags },
    },
    async (request) => {
      await sendSmsCode(app, request.body.mobile, request.body.smsmode);
      request.auditNote = maskMobile(request.body.mobile);
      return okMessage(TEXT.smsSent);
    },
  );

  app.post(
    '/sys/phoneLogin',
    { config: { policy: 'public', rateLimit: loginLimit, selfAudited: true }, schema: { body: PhoneLoginBody, tags } },
    async (request) =>
      ok(await loginWithSmsCode(app, request.body, clientOf(request), '/sys/phoneLogin'), TEXT.loginSuccess),
  );

  app.post(
    '/sys/loginByPhone',
    {
      config: { policy: 'public', rateLimit: loginLimit, selfAudited: true },
      schema: { body: LoginByPhoneBody, tags },
    },
    async (request) =>
      ok(await loginWithSmsCode(app, request.body, clientOf(request), '/sys/loginByPhone'), TEXT.loginSuccess),
  );

  app.post(
    '/sys/loginByAdmin',
    {
      config: { policy: { permission: LOGIN_BY_ADMIN_PERMISSION }, rateLimit: loginLimit, selfAudited: true },
      schema: { body: LoginByAdminBody, tags },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw AppError.unauthorized(TEXT.tokenInvalid);
      return ok(await loginAsUser(app, session.user, request.body.username, clientOf(request)), TEXT.loginSuccess);
    },
  );

  app.post(
    '/sys/logout',
    { config: { policy: 'public', operation: '退出登录', operateType: '4' }, schema: { tags } },
    async (request) => {
      const token = readToken(request);
      await logout(app, token);
      // The session's websockets close at once, on every instance.
      if (token) await app.realtime.closeToken(hashToken(token));
      return okMessage(TEXT.logoutSuccess);
    },
  );
};
