/**
 * The route table (spec §2.1, §2.2): a data router in history mode with base '/', scrolling to the top
 * on every navigation. Public sign-in routes come from the features (public-routes.tsx); the signed-in shell's
 * children are the user's menu routes, patched in once the permissions are loaded (route-guard.tsx).
 * Every path nobody knows ends on /404 (guests sign in first, since their menu is not known yet).
 */
import { useEffect } from 'react';
import { Navigate, Outlet, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { HOME_PATH } from '@houtai/shared/constants';
// The public sign-in routes (login, register, register-result, alteration, LoginByAdmin, /oauth2-app →
// /oauth2-app/login), from the features' entries; they are spread into the root's children below.
import { publicRoutes } from './public-routes.tsx';
import { useSessionStore } from '../lib/session-store.ts';
import { loadPage } from './pages/page-loaders.tsx';
import type { PageKey } from '../lib/page-registry.ts';
import { PageSpinner, RouteErrorPage } from './route-fallbacks.tsx';
import { NOT_FOUND_PATH, RequireAuth, UnknownPath, ensureMenuRoutes } from './route-guard.tsx';

/** The signed-in frame; the user's menu routes become its children. */
export const SHELL_ROUTE_ID = 'shell';

const loadShell = () => import('./shell/basic-layout.tsx');
/** The page of the home path (dashboard/Analysis in every menu). */
const HOME_PAGE_KEY: PageKey = 'dashboard-analysis';

/** Scrolls to the top whenever the path changes (spec §2.1). */
function RootFrame() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootFrame />,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      ...publicRoutes,
      { path: NOT_FOUND_PATH, lazy: async () => ({ Component: (await import('./not-found-page.tsx')).NotFoundPage }) },
      {
        element: <RequireAuth menuRoutesParent={SHELL_ROUTE_ID} />,
        children: [
          {
            id: SHELL_ROUTE_ID,
            lazy: async () => ({ Component: (await loadShell()).BasicLayout }),
            children: [{ path: '/', element: <Navigate to={HOME_PATH} replace /> }],
          },
        ],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, {
    // Runs for paths the table does not match yet (the catch-all matches everything with a splat):
    // after sign-in the first such navigation loads the permissions and adds the menu routes.
    patchRoutesOnNavigation: async ({ path, patch, signal }) => {
      // Signed in, the frame comes next: its code is fetched while the permissions load, not after them, and so
      // is the home page's when that is where the navigation goes (after sign-in, usually).
      if (useSessionStore.getState().token) {
        void loadShell().catch(() => undefined);
        if (path === '/' || path === HOME_PATH) void loadPage(HOME_PAGE_KEY).catch(() => undefined);
      }
      await ensureMenuRoutes((children) => {
        if (signal.aborted) return false;
        patch(SHELL_ROUTE_ID, children);
        return true;
      });
    },
  });
}
