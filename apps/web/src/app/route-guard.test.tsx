import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router';
import type { MenuNode } from '@houtai/shared/contract/permission';
import type { UserInfo } from '@houtai/shared/contract/user';
import { setFeedback, type Feedback } from '../lib/feedback.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { publicRoutes } from './public-routes.tsx';
import { noticeBanner, useNoticeBannerStore } from './shell/notice-banner/notice-banner-store.ts';
import {
  GUARD_TEXT,
  GuestOnly,
  RequireAuth,
  UnknownPath,
  ensureMenuRoutes,
  resetMenuRouteInstall,
} from './route-guard.tsx';

function menuNode(path: string, component: string): MenuNode {
  return {
    id: path,
    route: '1',
    path,
    name: path.slice(1).replace(/\//g, '-'),
    component,
    meta: { title: path, keepAlive: false, internalOrExternal: false, componentName: path },
  };
}

const MENU = [menuNode('/dashboard/analysis', 'dashboard/Analysis'), menuNode('/isystem/user', 'system/UserList')];

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <GuestOnly />,
        children: [
          { path: '/user/login', element: <Where /> },
          { path: '/oauth2-app/login', element: <Where /> },
        ],
      },
      { path: '/404', element: <Where /> },
      {
        element: <RequireAuth menuRoutesParent="shell" />,
        children: [{ id: 'shell', element: <Where />, children: [{ path: '/', element: <Where /> }] }],
      },
      { path: '*', element: <UnknownPath /> },
    ],
    {
      initialEntries: [path],
      patchRoutesOnNavigation: async ({ patch }) => {
        await ensureMenuRoutes((children) => {
          patch('shell', children);
          return true;
        });
      },
    },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function permissionReply(menu: unknown[]) {
  return new Response(
    JSON.stringify({
      success: true,
      message: '',
      code: 200,
      result: { menu, auth: [], allAuth: [], sysSafeMode: false },
    }),
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
    },
  );
}

const signIn = () =>
  useSessionStore.getState().signIn({ token: 'tok', userInfo: { id: '1', username: 'admin' } as UserInfo });

/**
 * What the guard and the http client show, recorded instead of shown: antd's static notifications render into a
 * root of their own that outlives cleanup(), and their timers would run React after the test environment is gone.
 */
const shown = { notification: vi.fn(), message: vi.fn(), modal: vi.fn() };
function recorder(record: (kind: string, config: unknown) => void): unknown {
  return new Proxy({}, { get: (_target, kind) => (config: unknown) => record(String(kind), config) });
}

beforeEach(() => {
  useSessionStore.getState().clear();
  resetMenuRouteInstall();
  for (const f of Object.values(shown)) f.mockReset();
  setFeedback({
    notification: recorder(shown.notification),
    message: recorder(shown.message),
    modal: recorder(shown.modal),
  } as Feedback);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setFeedback(null);
});

describe('route guard', () => {
  it('asks for the notice banner together with the permissions and has it in place when they are in', async () => {
    signIn();
    let answerPermissions: (() => void) | null = null;
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        asked.push(path);
        if (path.endsWith('/sys/sysConfig/getByCode')) {
          return new Response(
            JSON.stringify({ success: true, code: 200, message: '', result: { status: '1', content: '维护' } }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          );
        }
        await new Promise<void>((resolve) => (answerPermissions = resolve));
        return permissionReply(MENU);
      }),
    );
    const loaded = ensureMenuRoutes(null);
    // Both requests are out before the permissions answer.
    await vi.waitFor(() => expect(asked.some((p) => p.endsWith('/sys/sysConfig/getByCode'))).toBe(true));
    expect(asked.some((p) => p.endsWith('/sys/permission/getUserPermissionByToken'))).toBe(true);
    expect(useSessionStore.getState().permissions).toBeNull();
    answerPermissions!();
    expect(await loaded).toBe(true);
    expect(useNoticeBannerStore.getState().notice).toEqual({ status: '1', content: '维护' });
    expect(noticeBanner.takePreloaded()).toBe(true);
  });

  it('sends a guest on a protected path to the login page with the redirect', async () => {
    renderAt('/dashboard/analysis?tab=1');
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/user/login?redirect=%2Fdashboard%2Fanalysis%3Ftab%3D1',
    );
  });

  it('sends a signed-in user opening the login page to the home path, whatever ?redirect= says', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => permissionReply(MENU)),
    );
    renderAt('/user/login?redirect=%2Fisystem%2Fuser');
    // The home page's chunk is loaded before the navigation completes.
    expect((await screen.findByTestId('where', {}, { timeout: 8000 })).textContent).toBe('/dashboard/analysis');
  });

  it('sends a signed-in user opening the third-party login page to the home path', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => permissionReply(MENU)),
    );
    renderAt('/oauth2-app/login?redirect=%2Fisystem%2Fuser');
    expect((await screen.findByTestId('where', {}, { timeout: 8000 })).textContent).toBe('/dashboard/analysis');
  });

  it('leaves a guest who signs in on the login page there, for the form to go on to ?redirect=', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => permissionReply(MENU)),
    );
    const router = renderAt('/user/login?redirect=%2Fisystem%2Fuser');
    expect((await screen.findByTestId('where')).textContent).toBe('/user/login?redirect=%2Fisystem%2Fuser');
    act(() => signIn());
    expect(screen.getByTestId('where').textContent).toBe('/user/login?redirect=%2Fisystem%2Fuser');
    // What the login form does after signing in: nothing sends it home instead.
    await act(() => router.navigate('/isystem/user', { replace: true }));
    expect((await screen.findByTestId('where', {}, { timeout: 8000 })).textContent).toBe('/isystem/user');
  });

  it('loads the permissions before showing a protected page', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => permissionReply(MENU)),
    );
    renderAt('/dashboard/analysis');
    expect((await screen.findByTestId('where', {}, { timeout: 8000 })).textContent).toBe('/dashboard/analysis');
    expect(useSessionStore.getState().permissions?.menu).toHaveLength(2);
  });

  it('logs out to the login page with the redirect when the menu is empty', async () => {
    signIn();
    const fetchMock = vi.fn(async (_url: string) => permissionReply([]));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/dashboard/analysis');
    expect((await screen.findByTestId('where')).textContent).toBe('/user/login?redirect=%2Fdashboard%2Fanalysis');
    expect(useSessionStore.getState().token).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/sys/logout'))).toBe(true);
    expect(shown.notification).toHaveBeenCalledWith('error', {
      title: GUARD_TEXT.title,
      description: GUARD_TEXT.emptyMenu,
    });
  });

  it('adds the menu routes on the first navigation, so a menu page opens after a reload', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => permissionReply(MENU)),
    );
    renderAt('/isystem/user?x=1');
    expect((await screen.findByTestId('where')).textContent).toBe('/isystem/user?x=1');
  });

  it('sends a signed-in user on a path outside the menu to /404', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => permissionReply(MENU)),
    );
    renderAt('/no/such/page');
    expect((await screen.findByTestId('where')).textContent).toBe('/404');
  });

  it('sends a guest on an unknown path to the login page first, since the menu is not known yet', async () => {
    renderAt('/no/such/page');
    expect((await screen.findByTestId('where')).textContent).toBe('/user/login?redirect=%2Fno%2Fsuch%2Fpage');
  });

  it('logs out to the login page with the redirect when the permission load fails', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/sys/logout') ? permissionReply([]) : new Response('boom', { status: 502 }),
      ),
    );
    renderAt('/isystem/user');
    expect((await screen.findByTestId('where')).textContent).toBe('/user/login?redirect=%2Fisystem%2Fuser');
    expect(useSessionStore.getState().token).toBeNull();
    expect(shown.notification).toHaveBeenCalledWith('error', {
      title: GUARD_TEXT.title,
      description: GUARD_TEXT.loadFailed,
    });
  });
});

describe('public routes', () => {
  /** Paths of the leaf routes, split by whether a GuestOnly element is above them. */
  function leafPaths(routes: readonly RouteObject[], guarded = false): { guarded: string[]; open: string[] } {
    const out = { guarded: [] as string[], open: [] as string[] };
    for (const route of routes) {
      const below = guarded || (route.element as { type?: unknown } | undefined)?.type === GuestOnly;
      if (route.children) {
        const inner = leafPaths(route.children, below);
        out.guarded.push(...inner.guarded);
        out.open.push(...inner.open);
      } else if (route.path) (below ? out.guarded : out.open).push(route.path);
    }
    return out;
  }

  it('keeps only the two login pages for guests; registration and password reset stay open', () => {
    const { guarded, open } = leafPaths(publicRoutes);
    expect(guarded).toEqual(['/user/login', '/oauth2-app/login']);
    expect(open).toEqual(
      expect.arrayContaining(['/user/register', '/user/register-result', '/user/alteration', '/user/LoginByAdmin']),
    );
  });
});
