/**
 * The sign-in feature's entry (lib/feature-entry.ts): the public pages (spec §2.1) — login, registration and its
 * result, password reset, administrator sign-in as another user, the third-party application login — which the
 * shell frames with its user layout. A signed-in user opening one of the two login pages is sent home (spec
 * §2.2); the registration and password-reset pages stay open to anyone, and /user/LoginByAdmin is for a
 * signed-in administrator.
 */
import { LOGIN_PATH } from '@houtai/shared/constants';
import type { FeatureEntry } from '../../lib/feature-entry.ts';

export const authFeature = {
  publicRedirects: { '/user': LOGIN_PATH, '/oauth2-app': '/oauth2-app/login' },
  publicPages: [
    { path: LOGIN_PATH, guestOnly: true, load: async () => (await import('./components/login-page.tsx')).LoginPage },
    {
      path: '/oauth2-app/login',
      guestOnly: true,
      load: async () => (await import('./components/oauth2-login-page.tsx')).OAuth2LoginPage,
    },
    { path: '/user/register', load: async () => (await import('./components/register-page.tsx')).RegisterPage },
    {
      path: '/user/register-result',
      load: async () => (await import('./components/register-result-page.tsx')).RegisterResultPage,
    },
    { path: '/user/alteration', load: async () => (await import('./components/alteration-page.tsx')).AlterationPage },
    {
      path: '/user/LoginByAdmin',
      load: async () => (await import('./components/login-by-admin-page.tsx')).LoginByAdminPage,
    },
  ],
} satisfies FeatureEntry;

// The shell's route guard loads the signed-in user's permissions with the call the administrator sign-in uses.
export { PermissionLoadError, fetchUserPermission } from './api/get-user-permission.ts';
