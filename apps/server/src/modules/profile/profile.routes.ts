/**
 * The caller's own profile and display settings (spec 000 §2.5 personal centre / account settings, §2.6
 * settings drawer, §3 display settings). All routes act on the session's user only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT } from '@houtai/shared/constants';
import { EditSelfBody } from '@houtai/shared/contract/user';
import { DisplaySettingsPatchSchema } from '@houtai/shared/settings-schema';
import { ok } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { editSelf, getUserInfo, getUserSettings, saveUserSettings } from './profile.service.ts';

const tags = ['profile'];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Decision: display settings are kept per user on the server (sys_user.settings, JSON) so they follow the
  // user across browsers; any signed-in user may read and save their own, no permission code needed.
  app.get(
    '/sys/user/getUserSettings',
    { config: { policy: 'authenticated', beforePasswordChange: true }, schema: { tags } },
    async (request) => ok(await getUserSettings(app.db, requireSession(request))),
  );

  // Both verbs, like the contract's other writes. Unknown keys are dropped; a bad value is a 400 with the
  // field's Chinese message.
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/saveUserSettings',
    config: { policy: 'authenticated', operation: '保存系统设置', operateType: '3' },
    schema: { body: DisplaySettingsPatchSchema, tags },
    handler: async (request) => {
      const session = requireSession(request);
      request.relateId = session.user.id;
      return ok(await saveUserSettings(app.db, session, request.body), TEXT.settingsSaved);
    },
  });

  // The Vue3 contract's name; the same userInfo the login returns plus the row version, and the dictionaries.
  app.get(
    '/sys/user/getUserInfo',
    { config: { policy: 'authenticated', beforePasswordChange: true }, schema: { tags } },
    async (request) => ok(await getUserInfo(app.db, requireSession(request))),
  );

  // Decision: our own name (the contract has no self-edit; /sys/user/edit is the administrators' form).
  // A strict per-action schema lists the only writable fields, so id/username/status/orgCode/... sent by a
  // form that posts the whole stored userInfo are dropped and can never be assigned.
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/editSelf',
    config: { policy: 'authenticated', operation: '修改个人信息', operateType: '3' },
    schema: { body: EditSelfBody, tags },
    handler: async (request) => {
      const session = requireSession(request);
      request.relateId = session.user.id;
      return ok(await editSelf(app, session, request.body), TEXT.profileSaved);
    },
  });
};
