/**
 * Route guard (spec §2.2). Permissions are loaded on the first navigation after sign-in (from the
 * router's patchRoutesOnNavigation, or from <RequireAuth> for paths the static table already knows),
 * the user's menu routes are built from them and patched under the shell route, and the navigation
 * goes on to the requested path. An empty menu or a failed load logs out; the guest is then sent to
 * /user/login?redirect=… . A signed-in user opening a login page is sent to the home path.
 */
import { useContext, useDeferredValue, useEffect, useState } from 'react';
import { Navigate, Outlet, UNSAFE_DataRouterContext, useLocation, type RouteObject } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '@houtai/shared/constants';
import type { PermissionResult } from '@houtai/shared/contract/permission';
import { PermissionLoadError, fetchUserPermission } from '../features/auth/feature.ts';
import { getFeedback } from '../lib/feedback.ts';
import { logout } from '../lib/http.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { menuTableFor, toRouteObjects } from './pages/menu-route-objects.tsx';
import { PageSpinner } from './route-fallbacks.tsx';
import { getSystemNotice } from './shell/notice-banner/api/get-system-notice.ts';

export const NOT_FOUND_PATH = '/404';
/** Texts of a failed permission load (Jeecg's guard shows the same notification). */
export const GUARD_TEXT = {
  title: '系统提示',
  loadFailed: '请求用户信息失败，请重试！',
  emptyMenu: '您没有任何菜单权限，请联系管理员授权',
} as const;

/** The message fetchUserPermission rejects with for an empty menu. */
const EMPTY_MENU_ERROR = '菜单为空';

export function loginPathFor(pathWithSearch: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathWithSearch)}`;
}

// ---- permission load and menu route install ---------------------------------------------------------

/** Adds route objects under the shell route; false when the navigation it belonged to was aborted. */
export type PatchMenuRoutes = (children: RouteObject[]) => boolean;

/** The permission result whose routes are in the router (one install per sign-in). */
let installedFor: PermissionResult | null = null;
let loading: { token: string; promise: Promise<PermissionResult | null> } | null = null;

async function loadPermissions(token: string): Promise<PermissionResult | null> {
  // Independent of the permissions and needed by the frame's first paint: asked for at the same time (a failure
  // reads as no banner).
  // The request starts now, with the permission call — not after the frame's chunk has been evaluated (that took
  // a round trip's worth of CPU on a phone, and the frame waited for the answer).
  const notice = getSystemNotice();
  const firstPaint = import('./router/shell-first-paint.ts')
    .then((m) => m.loadShellFirstPaint(notice))
    .catch(() => () => undefined);
  try {
    const permissions = await fetchUserPermission();
    // Signed out (or in as someone else) meanwhile: this answer is stale.
    if (useSessionStore.getState().token !== token) return null;
    if (menuTableFor(permissions).routes.length === 0) throw new PermissionLoadError(EMPTY_MENU_ERROR);
    const showFirstPaint = await firstPaint;
    if (useSessionStore.getState().token !== token) return null;
    showFirstPaint();
    useSessionStore.getState().setPermissions(permissions);
    return permissions;
  } catch (error) {
    if (useSessionStore.getState().token !== token) return null;
    getFeedback().notification.error({ title: GUARD_TEXT.title, description: failureText(error) });
    await logout();
    return null;
  }
}

/** A failed call was already reported by the http client; this says why the session ends. */
function failureText(error: unknown): string {
  if (!(error instanceof PermissionLoadError)) return GUARD_TEXT.loadFailed;
  return error.message === EMPTY_MENU_ERROR ? GUARD_TEXT.emptyMenu : error.message;
}

/**
 * Makes sure the signed-in user's permissions are loaded and their menu routes installed.
 * Resolves true when the user may go on, false when there is no session (or it just ended).
 */
export async function ensureMenuRoutes(patch: PatchMenuRoutes | null): Promise<boolean> {
  const { token } = useSessionStore.getState();
  if (!token) return false;
  let permissions = useSessionStore.getState().permissions;
  if (!permissions) {
    if (!loading || loading.token !== token) {
      const current = { token, promise: loadPermissions(token) };
      loading = current;
      void current.promise.finally(() => {
        if (loading === current) loading = null;
      });
    }
    permissions = await loading.promise;
    if (!permissions) return false;
  }
  if (patch && installedFor !== permissions && patch(toRouteObjects(menuTableFor(permissions)))) {
    installedFor = permissions;
  }
  return true;
}

/** For tests: forget what was installed. */
export function resetMenuRouteInstall(): void {
  installedFor = null;
  loading = null;
}

// ---- route elements -------------------------------------------------------------------------------

/**
 * Protected routes: no token → login with redirect; token but no permissions yet → load them (and
 * install the menu routes under `menuRoutesParent`, the id of the route they belong to) first.
 */
export function RequireAuth({ menuRoutesParent }: { menuRoutesParent?: string }) {
  const token = useSessionStore((s) => s.token);
  // The frame's first render (when the permissions arrive) is a transition: rendered in slices, not one long task.
  const permissions = useDeferredValue(useSessionStore((s) => s.permissions));
  const location = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;

  useEffect(() => {
    if (!token) return;
    const patch: PatchMenuRoutes | null =
      router && menuRoutesParent
        ? (children) => {
            router.patchRoutes(menuRoutesParent, children);
            return true;
          }
        : null;
    void ensureMenuRoutes(patch);
  }, [token, permissions, router, menuRoutesParent]);

  if (!token) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (!permissions) return <PageSpinner fullPage />;
  return <Outlet />;
}

/**
 * The login pages (spec §2.2): a signed-in user opening one is sent to the home path, whatever its
 * ?redirect= says. Whether the user was signed in is settled on arrival at each location: signing in on
 * the page itself is not "opening" it, and the login form then goes on to ?redirect= by itself.
 */
export function GuestOnly() {
  const signedIn = useSessionStore((s) => s.token !== null);
  const { key } = useLocation();
  const [arrival, setArrival] = useState({ key, signedIn });
  // A new location is a new arrival (React's "state from props" pattern, adjusted during render).
  if (arrival.key !== key) setArrival({ key, signedIn });
  const openedSignedIn = arrival.key === key ? arrival.signedIn : signedIn;
  if (openedSignedIn) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}

/**
 * A path no route knows. Signed in, the menu routes are already installed, so it is unknown: /404.
 * A guest's menu is not known yet, so the path may well exist: sign in first, then come back.
 */
export function UnknownPath() {
  const token = useSessionStore((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <Navigate to={NOT_FOUND_PATH} replace />;
}
