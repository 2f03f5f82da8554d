import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@houtai/shared/contract/permission';
import { ADMIN_AUTH, ADMIN_MENU } from './admin-menu.fixture.ts';
import { EXTRA_MENU, ONLINE_MENU } from './extra-menu.fixture.ts';
import {
  aggregateHostOf,
  buildMenuRoutes,
  joinMenuPath,
  matchMenuRoute,
  matchTitle,
  resolvePlaceholders,
  safeMenuUrl,
  type MenuEntry,
  type MenuRoute,
} from './menu-routes.ts';

const CONFIG = { domianURL: 'https://houtai.example.com/api' };
const ADMIN_HELD = new Set(ADMIN_AUTH.map((a) => a.action));
const admin = () => buildMenuRoutes(ADMIN_MENU, { held: ADMIN_HELD, config: CONFIG });
const extra = (held: ReadonlySet<string> = new Set()) => buildMenuRoutes(EXTRA_MENU, { held, config: CONFIG });

function route(routes: readonly MenuRoute[], path: string): MenuRoute {
  const found = routes.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

function keys(entries: readonly MenuEntry[]): unknown[] {
  return entries.map((e) => (e.children ? { [e.key]: keys(e.children) } : e.key));
}

describe('routes from the admin menu of the seeded server', () => {
  it('registers every routed page, with its hidden pages, and no group or unrouted node', () => {
    expect(admin().routes.map((r) => r.path)).toEqual([
      '/dashboard/analysis',
      '/bi/workOrder/WorkOrderList',
      '/bi/workOrder/WorkOrderDetail/:id',
      '/accounting/workspace',
      '/hr/attendance/shift',
      '/hr/position',
      '/isps/userAnnouncement',
      '/isystem/user',
      '/isystem/roleUserList',
      '/isystem/newPermissionList',
      '/isystem/depart',
      '/isystem/dict',
      '/isys/category',
      '/isystem/annountCement',
      '/isystem/online',
      '/isystem/noticeBanner',
      '/isystem/operateLog',
      '/monitor/5f558675b9bdb56a0be1169b6ec08751',
      '/account/center',
      '/account/settings/base',
    ]);
  });

  it('draws the menu without hidden entries and without a route-0 entry that leads nowhere', () => {
    expect(keys(admin().menu)).toEqual([
      '/dashboard/analysis',
      { '/bi/workOrder': ['/bi/workOrder/WorkOrderList'] },
      { '/accounting': ['/accounting/workspace'] },
      { '/hr': ['/hr/attendance/shift', '/hr/position'] },
      { '/message': ['/isps/userAnnouncement'] },
      {
        '/isystem': [
          '/isystem/user',
          '/isystem/roleUserList',
          '/isystem/newPermissionList',
          '/isystem/depart',
          '/isystem/dict',
          '/isys/category',
          '/isystem/annountCement',
          '/isystem/online',
          '/isystem/noticeBanner',
          '/isystem/operateLog',
        ],
      },
      { '/monitor': ['/monitor/5f558675b9bdb56a0be1169b6ec08751', '/monitor/5710e8e2c179f69f487a4b31fef30380'] },
    ]);
  });

  it('opens an external iframe menu (internalOrExternal) in a new tab instead of routing to it', () => {
    const table = admin();
    expect(table.externals).toEqual([
      {
        id: 'menu-monitor-manual',
        key: '/monitor/5710e8e2c179f69f487a4b31fef30380',
        title: '开发文档',
        url: 'https://help.jeecg.com/',
      },
    ]);
    expect(table.routes.some((r) => r.id === 'menu-monitor-manual')).toBe(false);
  });

  it('registers an iframe page under its md5 path with the placeholder filled from the config', () => {
    const docs = route(admin().routes, '/monitor/5f558675b9bdb56a0be1169b6ec08751');
    expect(docs).toMatchObject({ page: 'iframe', iframeUrl: 'https://houtai.example.com/api/docs', title: '接口文档' });
  });

  it('shows the not-built page for an iframe whose placeholder the config cannot fill', () => {
    const table = buildMenuRoutes(ADMIN_MENU, { held: ADMIN_HELD, config: {} });
    const docs = route(table.routes, '/monitor/5f558675b9bdb56a0be1169b6ec08751');
    expect(docs.page).toBe('not-built');
    expect(docs.iframeUrl).toBeUndefined();
  });

  it('redirects a menu group to its first openable page, skipping hidden and parameter pages', () => {
    expect(admin().redirects).toEqual(
      expect.arrayContaining([
        { from: '/bi/workOrder', to: '/bi/workOrder/WorkOrderList' },
        { from: '/isystem', to: '/isystem/user' },
        { from: '/account', to: '/account/center' },
      ]),
    );
  });

  it('carries keepAlive and the component name for the tab cache', () => {
    const table = admin();
    expect(route(table.routes, '/dashboard/analysis')).toMatchObject({
      keepAlive: true,
      componentName: 'dashboard-analysis',
    });
    expect(route(table.routes, '/isystem/roleUserList')).toMatchObject({
      keepAlive: false,
      componentName: 'RoleUserList',
    });
  });

  it('maps built screens to their page and everything else to the not-built page', () => {
    const table = admin();
    expect(route(table.routes, '/dashboard/analysis').page).toBe('dashboard-analysis');
    expect(route(table.routes, '/account/center').page).toBe('account-center');
    expect(route(table.routes, '/account/settings/base').page).toBe('account-settings');
    expect(route(table.routes, '/isps/userAnnouncement').page).toBe('user-announcement');
    expect(route(table.routes, '/isystem/user').page).toBe('system-user-list');
    expect(route(table.routes, '/isystem/dict').page).toBe('system-dict-list');
    expect(route(table.routes, '/accounting/workspace').page).toBe('accounting-workspace');
  });

  it('keeps the hidden parameter route and marks it hidden, with its menu path', () => {
    const detail = route(admin().routes, '/bi/workOrder/WorkOrderDetail/:id');
    expect(detail.hidden).toBe(true);
    expect(detail.chain.map((c) => c.title)).toEqual(['工单管理', '工单详情']);
  });

  it('drops a menu whose permission list names no code the user holds', () => {
    const without = new Set([...ADMIN_HELD].filter((code) => code !== 'system:online:list'));
    const table = buildMenuRoutes(ADMIN_MENU, { held: without, config: CONFIG });
    expect(table.routes.some((r) => r.path === '/isystem/online')).toBe(false);
    expect(JSON.stringify(table.menu)).not.toContain('/isystem/online');
    expect(admin().routes.some((r) => r.path === '/isystem/online')).toBe(true);
  });

  it('returns no routes for an empty menu (the guard treats that as an error)', () => {
    expect(buildMenuRoutes([], { held: ADMIN_HELD, config: CONFIG })).toEqual({
      routes: [],
      menu: [],
      externals: [],
      redirects: [],
    });
  });
});

describe('routes from the other menu shapes', () => {
  it('maps each online component to its built-in list screen', () => {
    const pages = Object.fromEntries(
      extra()
        .routes.filter((r) => r.path.startsWith('/online'))
        .map((r) => [r.path, r.page]),
    );
    expect(pages).toEqual({
      '/online/cgformList': 'online-form-list',
      '/online/cgformList/:code': 'online-auto-list',
      '/online/copyform/:code': 'online-copy-list',
      '/online/cgformTreeList/:code': 'online-tree-list',
      '/online/cgformErpList/:code': 'online-erp-list',
      '/online/cgformTabList/:code': 'online-tab-list',
      '/online/cgformInnerTableList/:code': 'online-inner-table-list',
      '/online/cgreport': 'online-report-list',
      '/online/cgreport/:code': 'online-auto-report-list',
    });
  });

  it('does not register a route-0 node but keeps it in the menu when its path opens a registered route', () => {
    const table = extra();
    expect(table.routes.some((r) => r.id === 'online-orders')).toBe(false);
    expect(keys(table.menu)[0]).toEqual({
      '/online': ['/online/cgformList', '/online/cgreport', '/online/cgformList/abc123'],
    });
    expect(matchMenuRoute(table.routes, '/online/cgformList/abc123')?.route.page).toBe('online-auto-list');
  });

  it('makes an alwaysShow node one menu entry whose page lists its visible children', () => {
    const table = extra();
    expect(table.menu.find((e) => e.key === '/profile')).toEqual({
      id: 'profile',
      key: '/profile',
      title: '个人资料',
      icon: 'user',
      kind: 'page',
    });
    expect(route(table.routes, '/profile').aggregate).toEqual([
      { id: 'profile-base', key: '/profile/base', title: '基本设置', kind: 'page' },
      { id: 'profile-security', key: '/profile/security', title: '安全设置', kind: 'page' },
    ]);
    expect(route(table.routes, '/profile/security').aggregateParent).toBe('/profile');
    expect(route(table.routes, '/profile/hidden').aggregateParent).toBe('/profile');
    expect(table.redirects.some((r) => r.from === '/profile')).toBe(false);
  });

  it('lands an alwaysShow node on its first openable child and names it the host of the pages below', () => {
    const table = extra();
    const host = route(table.routes, '/profile');
    expect(host.landing).toBe('/profile/base');
    expect(aggregateHostOf(table.routes, route(table.routes, '/profile/security'))).toBe(host);
    expect(aggregateHostOf(table.routes, route(table.routes, '/profile/hidden'))).toBe(host);
    expect(aggregateHostOf(table.routes, host)).toBeUndefined();
    expect(aggregateHostOf(table.routes, route(table.routes, '/reports/summary'))).toBeUndefined();
  });

  it('lists groups, route-0 entries and external links of an alwaysShow node in its own menu only', () => {
    const node = (id: string, path: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
      id,
      route: '1',
      path,
      name: id,
      component: `x/${id}`,
      meta: { title, keepAlive: false, internalOrExternal: false, componentName: id },
      ...extra,
    });
    const table = buildMenuRoutes(
      [
        node('detail', '/detail/:code', '详情', { hidden: true }),
        node('hub', '/hub', '中心', {
          alwaysShow: true,
          children: [
            node('hub-dead', '/hub/none', '无处', { route: '0' }),
            node('hub-param', '/hub/item/:id', '条目'),
            node('hub-group', '/hub/group', '分组', {
              component: 'layouts/RouteView',
              children: [node('hub-leaf', '/hub/group/leaf', '叶子')],
            }),
            node('hub-orders', '/detail/orders', '订单', { route: '0' }),
            node('hub-link', 'c4ca4238a0b923820dcc509a6f75849b', '外链', {
              meta: {
                title: '外链',
                keepAlive: false,
                internalOrExternal: true,
                componentName: 'x',
                url: 'https://example.com/',
              },
            }),
          ],
        }),
      ],
      { held: new Set(), config: {} },
    );
    expect(keys(table.menu)).toEqual(['/hub']);
    const hub = route(table.routes, '/hub');
    expect(keys(hub.aggregate ?? [])).toEqual([
      '/hub/item/:id',
      { '/hub/group': ['/hub/group/leaf'] },
      '/detail/orders',
      '/hub/c4ca4238a0b923820dcc509a6f75849b',
    ]);
    // The parameter page cannot be opened from a menu; the leaf inside the group is the first that can.
    expect(hub.landing).toBe('/hub/group/leaf');
    expect(route(table.routes, '/hub/group/leaf').aggregateParent).toBe('/hub');
    expect(table.redirects).toContainEqual({ from: '/hub/group', to: '/hub/group/leaf' });
  });

  it('gives an alwaysShow node without an openable child no landing: it shows its own page', () => {
    const table = buildMenuRoutes(
      [
        {
          id: 'lonely',
          route: '1',
          path: '/lonely',
          name: 'lonely',
          component: 'account/settings/Index',
          alwaysShow: true,
          meta: { title: '独页', keepAlive: false, internalOrExternal: false, componentName: 'Index' },
          children: [],
        },
      ],
      { held: new Set(), config: {} },
    );
    expect(route(table.routes, '/lonely')).toMatchObject({ aggregate: [], page: 'account-settings' });
    expect(route(table.routes, '/lonely').landing).toBeUndefined();
  });

  it('gives a parameter route the title and menu path of a route-0 entry at the exact address', () => {
    const table = extra();
    const orders = matchMenuRoute(table.routes, '/online/cgformList/abc123');
    expect(orders?.alias).toEqual({
      path: '/online/cgformList/abc123',
      title: '订单列表',
      chain: [
        { id: 'online', path: '/online', title: '在线开发', href: '/online/cgformList' },
        {
          id: 'online-orders',
          path: '/online/cgformList/abc123',
          title: '订单列表',
          href: '/online/cgformList/abc123',
        },
      ],
    });
    expect(orders && matchTitle(orders)).toBe('订单列表');
    expect(matchMenuRoute(table.routes, '/online/cgformList/abc123/')?.alias?.title).toBe('订单列表');
    const other = matchMenuRoute(table.routes, '/online/cgformList/zzz');
    expect(other?.alias).toBeUndefined();
    expect(other && matchTitle(other)).toBe('AUTO');
  });

  it('takes no title from a hidden route-0 node, which no menu shows', () => {
    const table = buildMenuRoutes(
      [
        {
          ...ONLINE_MENU,
          children: [
            ...(ONLINE_MENU.children ?? []).filter((n) => n.id !== 'online-orders'),
            { ...(ONLINE_MENU.children ?? []).find((n) => n.id === 'online-orders')!, hidden: true },
          ],
        },
      ],
      { held: new Set(), config: CONFIG },
    );
    expect(matchMenuRoute(table.routes, '/online/cgformList/abc123')?.alias).toBeUndefined();
  });

  it('turns a top-level url menu into an external entry under its md5 path', () => {
    const table = extra();
    expect(table.menu.find((e) => e.id === 'erp')).toMatchObject({
      key: '/0a5c1b0e6cbd2f3d4e5f60718293a4b5',
      kind: 'external',
      url: 'https://erp.example.com/?from=houtai',
    });
    expect(table.routes.some((r) => r.id === 'erp')).toBe(false);
  });

  it('leaves out an external link whose address is not http(s), and never runs placeholder text', () => {
    const table = extra();
    expect(table.externals.map((e) => e.id)).toEqual(['erp']);
    expect(JSON.stringify(table)).not.toContain('javascript:');
    expect(route(table.routes, '/reports/c81e728d9d4c2f636f067f89cc14862c').page).toBe('not-built');
    expect(route(table.routes, '/reports/c4ca4238a0b923820dcc509a6f75849b').page).toBe('not-built');
  });

  it('uses the explicit redirect of a top-level group and carries hiddenHeaderContent', () => {
    const table = extra(new Set(['report:finance']));
    expect(table.redirects).toContainEqual({ from: '/reports', to: '/reports/summary' });
    expect(route(table.routes, '/reports/summary').hiddenHeaderContent).toBe(true);
    expect(route(table.routes, '/reports/finance').hiddenHeaderContent).toBe(false);
  });

  it('shows a gated page to a holder of one of its comma-separated codes only', () => {
    expect(extra(new Set(['report:finance'])).routes.some((r) => r.id === 'reports-finance')).toBe(true);
    expect(extra(new Set(['report:other'])).routes.some((r) => r.id === 'reports-finance')).toBe(false);
  });

  it('registers only the first of two nodes with the same path', () => {
    const twin = (id: string, title: string): MenuNode => ({
      id,
      route: '1',
      path: '/same',
      name: 'same',
      component: 'x/Same',
      meta: { title, keepAlive: false, internalOrExternal: false, componentName: 'Same' },
    });
    const table = buildMenuRoutes([twin('a', '甲'), twin('b', '乙')], { held: new Set(), config: {} });
    expect(table.routes.map((r) => r.title)).toEqual(['甲']);
    expect(table.menu.map((e) => e.title)).toEqual(['甲']);
  });
});

describe('menu addresses', () => {
  it('fills window._CONFIG[\'key\'], ["key"] and .key placeholders, spaces allowed', () => {
    const config = { domianURL: 'https://h/api', staticDomainURL: 'https://s' };
    expect(resolvePlaceholders("{{ window._CONFIG['domianURL'] }}/druid/", config)).toBe('https://h/api/druid/');
    expect(resolvePlaceholders('{{window._CONFIG["domianURL"]}}/a', config)).toBe('https://h/api/a');
    expect(resolvePlaceholders('{{ window._CONFIG.staticDomainURL }}/b?c={{ _CONFIG.domianURL }}', config)).toBe(
      'https://s/b?c=https://h/api',
    );
    expect(resolvePlaceholders('https://plain.example/x', config)).toBe('https://plain.example/x');
  });

  it('gives up on a missing key or any other expression', () => {
    expect(resolvePlaceholders("{{ window._CONFIG['nope'] }}/x", {})).toBeNull();
    expect(resolvePlaceholders('{{ window.location.href }}', { href: 'x' })).toBeNull();
    expect(resolvePlaceholders("{{ window._CONFIG['constructor'] }}", {})).toBeNull();
  });

  it('accepts http(s) addresses and site paths only', () => {
    expect(safeMenuUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(safeMenuUrl('HTTP://a.example')).toBe('HTTP://a.example');
    expect(safeMenuUrl('/api/docs')).toBe('/api/docs');
    expect(safeMenuUrl('//evil.example/x')).toBeNull();
    expect(safeMenuUrl('javascript:alert(1)')).toBeNull();
    expect(safeMenuUrl('data:text/html,x')).toBeNull();
    expect(safeMenuUrl('https://')).toBeNull();
    expect(safeMenuUrl(null)).toBeNull();
  });

  it('nests relative paths under the parent and keeps absolute ones', () => {
    expect(joinMenuPath('/monitor', 'abc')).toBe('/monitor/abc');
    expect(joinMenuPath('', 'abc')).toBe('/abc');
    expect(joinMenuPath('/monitor', '/isystem/user/')).toBe('/isystem/user');
  });
});

describe('matching a location to a menu route', () => {
  const table = extra();

  it('prefers a fixed path over a parameter pattern and decodes parameters', () => {
    expect(matchMenuRoute(table.routes, '/online/cgformList')?.route.path).toBe('/online/cgformList');
    expect(matchMenuRoute(table.routes, '/online/cgformList/%E8%AE%A2%E5%8D%95/')).toMatchObject({
      route: { path: '/online/cgformList/:code' },
      params: { code: '订单' },
    });
  });

  it('matches nothing for an unknown path or a missing parameter', () => {
    expect(matchMenuRoute(table.routes, '/nowhere')).toBeNull();
    expect(matchMenuRoute(table.routes, '/online/copyform/')).toBeNull();
  });
});
