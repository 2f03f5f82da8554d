import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { MenuNode, PermissionResult } from '@houtai/shared/contract/permission';
import type { UserInfo } from '@houtai/shared/contract/user';
import {
  ANALYSIS_NAVIGATE_KEY,
  readNavRecords,
  recordsInMenu,
  recordVisit,
  resolveNavVisit,
  topVisited,
  useRecordNavigation,
  writeNavRecords,
  type NavRecord,
} from './analysis-navigate.ts';
import { useSessionStore } from './session-store.ts';

const users = { name: '用户管理', path: '/isystem/user', icon: 'team' };

describe('recordVisit', () => {
  it('adds a first visit with count 1', () => {
    expect(recordVisit([], { title: users.name, path: users.path, icon: 'team' })).toEqual([
      { title: '用户管理', path: '/isystem/user', icon: 'team', analysisNavigateTotal: 1 },
    ]);
  });

  it('increments the count of a page visited before, keeping its place', () => {
    let records: NavRecord[] = [];
    records = recordVisit(records, { title: 'A', path: '/a' });
    records = recordVisit(records, { title: 'B', path: '/b' });
    records = recordVisit(records, { title: 'A', path: '/a' });
    expect(records.map((r) => [r.path, r.analysisNavigateTotal])).toEqual([
      ['/a', 2],
      ['/b', 1],
    ]);
  });

  it('takes the newest title and icon of a renamed page', () => {
    const records = recordVisit([{ title: '旧', path: '/a', icon: 'tool', analysisNavigateTotal: 3 }], {
      title: '新',
      path: '/a',
      icon: 'setting',
    });
    expect(records).toEqual([{ title: '新', path: '/a', icon: 'setting', analysisNavigateTotal: 4 }]);
  });

  it('does not change the list it was given', () => {
    const before: NavRecord[] = [{ title: 'A', path: '/a', analysisNavigateTotal: 1 }];
    recordVisit(before, { title: 'A', path: '/a' });
    expect(before[0]!.analysisNavigateTotal).toBe(1);
  });

  it('keeps at most max records, dropping the least visited but never the page just visited', () => {
    let records: NavRecord[] = [
      { title: 'A', path: '/a', analysisNavigateTotal: 5 },
      { title: 'B', path: '/b', analysisNavigateTotal: 1 },
      { title: 'C', path: '/c', analysisNavigateTotal: 2 },
    ];
    records = recordVisit(records, { title: 'D', path: '/d' }, 3);
    expect(records.map((r) => r.path)).toEqual(['/a', '/c', '/d']);
  });
});

describe('topVisited', () => {
  const records: NavRecord[] = [
    { title: 'A', path: '/a', analysisNavigateTotal: 1 },
    { title: 'B', path: '/b', analysisNavigateTotal: 3 },
    { title: 'Home', path: '/dashboard/analysis', analysisNavigateTotal: 9 },
    { title: 'C', path: '/c', analysisNavigateTotal: 3 },
  ];

  it('orders by visits, ties in first-visit order, without excluded paths', () => {
    expect(topVisited(records, 8, ['/dashboard/analysis']).map((r) => r.path)).toEqual(['/b', '/c', '/a']);
  });

  it('returns at most the requested count', () => {
    expect(topVisited(records, 2).map((r) => r.path)).toEqual(['/dashboard/analysis', '/b']);
  });
});

describe('analysisNavigate storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps each user under the browser key analysisNavigate', () => {
    writeNavRecords('u1', [{ title: 'A', path: '/a', analysisNavigateTotal: 2 }]);
    writeNavRecords('u2', [{ title: 'B', path: '/b', analysisNavigateTotal: 1 }]);
    expect(JSON.parse(window.localStorage.getItem(ANALYSIS_NAVIGATE_KEY)!)).toEqual({
      u1: [{ title: 'A', path: '/a', analysisNavigateTotal: 2 }],
      u2: [{ title: 'B', path: '/b', analysisNavigateTotal: 1 }],
    });
    expect(readNavRecords('u1').map((r) => r.path)).toEqual(['/a']);
    expect(readNavRecords('u3')).toEqual([]);
  });

  it('reads broken or foreign content as no records', () => {
    window.localStorage.setItem(ANALYSIS_NAVIGATE_KEY, '{not json');
    expect(readNavRecords('u1')).toEqual([]);
    window.localStorage.setItem(
      ANALYSIS_NAVIGATE_KEY,
      JSON.stringify({ u1: [{ title: 'A', path: '/a', analysisNavigateTotal: 1 }, { path: 'javascript:x' }, 7] }),
    );
    expect(readNavRecords('u1')).toEqual([{ title: 'A', path: '/a', analysisNavigateTotal: 1 }]);
  });
});

const MENU: MenuNode[] = [
  {
    id: 'home',
    route: '1',
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    meta: { title: '首页', icon: 'dashboard', keepAlive: false, internalOrExternal: false, componentName: 'Analysis' },
  },
  {
    id: 'sys',
    route: '1',
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    meta: {
      title: '系统管理',
      icon: 'setting',
      keepAlive: false,
      internalOrExternal: false,
      componentName: 'RouteView',
    },
    children: [
      {
        id: 'user',
        route: '1',
        path: '/isystem/user',
        name: 'isystem-user',
        component: 'system/UserList',
        meta: {
          title: '用户管理',
          icon: 'team',
          keepAlive: true,
          internalOrExternal: false,
          componentName: 'UserList',
        },
      },
      {
        id: 'detail',
        route: '1',
        path: '/isystem/user/:id',
        name: 'isystem-user-detail',
        component: 'system/UserDetail',
        hidden: true,
        meta: { title: '用户详情', keepAlive: false, internalOrExternal: false, componentName: 'UserDetail' },
      },
    ],
  },
];

const ROLES = {
  id: 'role',
  route: '1',
  path: '/isystem/role',
  name: 'isystem-role',
  component: 'system/RoleList',
  meta: { title: '角色管理', keepAlive: true, internalOrExternal: false, componentName: 'RoleList' },
} satisfies MenuNode;

describe('resolveNavVisit', () => {
  it('finds the title and icon of a menu page', () => {
    expect(resolveNavVisit('/isystem/user', MENU)).toEqual({ title: '用户管理', icon: 'team', path: '/isystem/user' });
    expect(resolveNavVisit('/dashboard/analysis', MENU)).toEqual({
      title: '首页',
      icon: 'dashboard',
      path: '/dashboard/analysis',
    });
  });

  it('counts the detail page of one record for the list beside it, never as a page of its own', () => {
    expect(resolveNavVisit('/isystem/user/42', MENU)).toEqual({
      title: '用户管理',
      icon: 'team',
      path: '/isystem/user',
    });
  });

  it('drops a detail page when the menu has no single list beside it', () => {
    const twoLists = MENU.map((n) => (n.id === 'sys' ? { ...n, children: [...n.children!, ROLES] } : n));
    expect(resolveNavVisit('/isystem/user/42', twoLists)).toBeNull();
  });

  it('gives a page without an icon the icon of its menu entry', () => {
    const menu = MENU.map((n) => (n.id === 'sys' ? { ...n, children: [ROLES] } : n));
    expect(resolveNavVisit('/isystem/role', menu)).toEqual({
      title: '角色管理',
      icon: 'setting',
      path: '/isystem/role',
    });
  });

  it('knows nothing of paths outside the menu, submenus included', () => {
    expect(resolveNavVisit('/404', MENU)).toBeNull();
    expect(resolveNavVisit('/isystem', MENU)).toBeNull();
  });
});

describe('recordsInMenu', () => {
  it('folds stored detail pages into their list, drops pages the menu no longer has, takes the menu names', () => {
    const stored: NavRecord[] = [
      { title: '工单详情', path: '/isystem/user/7', analysisNavigateTotal: 4 },
      { title: '旧名字', path: '/isystem/user', icon: 'tool', analysisNavigateTotal: 2 },
      { title: '已删除', path: '/gone/page', analysisNavigateTotal: 9 },
      { title: '首页', path: '/dashboard/analysis', icon: 'dashboard', analysisNavigateTotal: 1 },
    ];
    expect(recordsInMenu(stored, MENU)).toEqual([
      { title: '用户管理', path: '/isystem/user', icon: 'team', analysisNavigateTotal: 6 },
      { title: '首页', path: '/dashboard/analysis', icon: 'dashboard', analysisNavigateTotal: 1 },
    ]);
  });
});

function Recorder() {
  useRecordNavigation();
  return <Outlet />;
}

describe('useRecordNavigation', () => {
  const userInfo = { id: 'u-admin', username: 'admin', realname: '管理员' } as UserInfo;
  const permissions: PermissionResult = { menu: MENU, auth: [], allAuth: [], sysSafeMode: false };

  beforeEach(() => {
    window.localStorage.clear();
    act(() => {
      useSessionStore.getState().signIn({ token: 't', userInfo });
      useSessionStore.getState().setPermissions(permissions);
    });
  });
  afterEach(() => {
    cleanup();
    act(() => useSessionStore.getState().clear());
  });

  it('counts one visit per route change into the signed-in user records', async () => {
    const routes: RouteObject[] = [
      {
        element: <Recorder />,
        children: [
          { path: '/dashboard/analysis', element: <p>home</p> },
          { path: '/isystem/user', element: <p>users</p> },
          { path: '/404', element: <p>404</p> },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard/analysis'] });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/isystem/user'));
    await act(() => router.navigate('/isystem/user?tab=2'));
    await act(() => router.navigate('/404'));
    await act(() => router.navigate('/isystem/user'));
    expect(readNavRecords('u-admin')).toEqual([
      { title: '首页', icon: 'dashboard', path: '/dashboard/analysis', analysisNavigateTotal: 1 },
      { title: '用户管理', icon: 'team', path: '/isystem/user', analysisNavigateTotal: 2 },
    ]);
  });

  it('records a visit of a detail page as a visit of its list, never the record path itself', async () => {
    const routes: RouteObject[] = [
      {
        element: <Recorder />,
        children: [
          { path: '/dashboard/analysis', element: <p>home</p> },
          { path: '/isystem/user/:id', element: <p>detail</p>, handle: { title: '用户详情' } },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard/analysis'] });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/isystem/user/does-not-exist'));
    expect(readNavRecords('u-admin').map((r) => [r.path, r.title, r.analysisNavigateTotal])).toEqual([
      ['/dashboard/analysis', '首页', 1],
      ['/isystem/user', '用户管理', 1],
    ]);
  });
});
