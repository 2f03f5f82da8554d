/**
 * Public sign-in routes (spec §2.1): login, registration and its result, password reset, administrator
 * sign-in as another user, and the third-party application login. The app router mounts these at the
 * top level. A signed-in user opening one of the two login pages is sent home (spec §2.2); the
 * registration and password-reset pages stay open to anyone, and /user/LoginByAdmin is for a signed-in
 * administrator.
 */
import { Navigate, type RouteObject } from 'react-router';
import { LOGIN_PATH } from '@houtai/shared/constants';
import { GuestOnly } from '../../app/route-guard.tsx';
import { UserLayout } from '../../app/user-layout.tsx';

export const publicRoutes: RouteObject[] = [
  { path: '/user', element: <Navigate to={LOGIN_PATH} replace /> },
  { path: '/oauth2-app', element: <Navigate to="/oauth2-app/login" replace /> },
  {
    element: <UserLayout />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            path: LOGIN_PATH,
            lazy: async () => ({ Component: (await import('./components/login-page.tsx')).LoginPage }),
          },
          {
            path: '/oauth2-app/login',
            lazy: async () => ({ Component: (await import('./components/oauth2-login-page.tsx')).OAuth2LoginPage }),
          },
        ],
      },
      {
        path: '/user/register',
        lazy: async () => ({ Component: (await import('./components/register-page.tsx')).RegisterPage }),
      },
      {
        path: '/user/register-result',
        lazy: async () => ({
          Component: (await import('./components/register-result-page.tsx')).RegisterResultPage,
        }),
      },
      {
        path: '/user/alteration',
        lazy: async () => ({ Component: (await import('./components/alteration-page.tsx')).AlterationPage }),
      },
      {
        path: '/user/LoginByAdmin',
        lazy: async () => ({ Component: (await import('./components/login-by-admin-page.tsx')).LoginByAdminPage }),
      },
    ],
  },
];
