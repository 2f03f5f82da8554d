/**
 * Public account self-service (contract §2.7): POST /sys/user/register, POST /sys/user/phoneVerification,
 * POST (preferred) or GET (the contract's form, parameters in the query) /sys/user/passwordChange.
 * Each is limited per IP on top of the per-phone SMS throttling.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REGISTRATION_IP_RATE_LIMIT, TEXT } from '@houtai/shared/constants';
import { PasswordChangeBody, PhoneVerificationBody, RegisterBody } from '@houtai/shared/contract';
import { ok, okMessage } from '../../lib/envelope.ts';
import { registerUser, resetPasswordWithTicket, verifyResetPhone } from './registration.service.ts';

const tags = ['auth'];
const limit = { max: REGISTRATION_IP_RATE_LIMIT.max, timeWindow: REGISTRATION_IP_RATE_LIMIT.timeWindowMs };

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sys/user/register',
    { config: { policy: 'public', rateLimit: limit }, schema: { body: RegisterBody, tags } },
    async (request) => ok(await registerUser(app, request.body), TEXT.registerSuccess),
  );

  app.post(
    '/sys/user/phoneVerification',
    { config: { policy: 'public', rateLimit: limit }, schema: { body: PhoneVerificationBody, tags } },
    async (request) => ok(await verifyResetPhone(app, request.body), TEXT.phoneVerified),
  );

  app.post(
    '/sys/user/passwordChange',
    { config: { policy: 'public', rateLimit: limit }, schema: { body: PasswordChangeBody, tags } },
    async (request) => {
      await resetPasswordWithTicket(app, request.body);
      return okMessage(TEXT.passwordResetDone);
    },
  );

  app.get(
    '/sys/user/passwordChange',
    { config: { policy: 'public', rateLimit: limit }, schema: { querystring: PasswordChangeBody, tags } },
    async (request) => {
      await resetPasswordWithTicket(app, request.query);
      return okMessage(TEXT.passwordResetDone);
    },
  );
};
