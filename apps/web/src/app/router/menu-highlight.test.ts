import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH, ADMIN_MENU } from './admin-menu.fixture.ts';
import { EXTRA_MENU } from './extra-menu.fixture.ts';
import {
  collapsedChanged,
  highlightFor,
  indexMenu,
  initialMenuOpenState,
  openChanged,
  routeOpened,
  type MenuMode,
} from './menu-highlight.ts';
import { buildMenuRoutes, matchMenuRoute } from './menu-routes.ts';

const table = buildMenuRoutes([...ADMIN_MENU, ...EXTRA_MENU], {
  held: new Set(ADMIN_AUTH.map((a) => a.action)),
  config: { domianURL: 'https://h/api' },
});
const index = indexMenu(table.menu);
const at = (pathname: string, mode: MenuMode = 'inline') =>
  highlightFor(index, matchMenuRoute(table.routes, pathname), pathname, mode);

describe('menu highlight for a location', () => {
  it('selects the page and opens the submenus above it', () => {
    expect(at('/isystem/user')).toEqual({ selectedKeys: ['/isystem/user'], openKeys: ['/isystem'] });
    expect(at('/dashboard/analysis')).toEqual({ selectedKeys: ['/dashboard/analysis'], openKeys: [] });
  });

  it('highlights the parent of a hidden page, whose submenu stays open', () => {
    expect(at('/bi/workOrder/WorkOrderDetail/42')).toEqual({
      selectedKeys: ['/bi/workOrder'],
      openKeys: ['/bi/workOrder'],
    });
  });

  it('highlights a parameter route by its full address when the menu has that address', () => {
    expect(at('/online/cgformList/abc123')).toEqual({
      selectedKeys: ['/online/cgformList/abc123'],
      openKeys: ['/online'],
    });
    // Another code of the same route is not in the menu: its hidden route highlights the parent.
    expect(at('/online/cgformList/zzz')).toEqual({ selectedKeys: ['/online'], openKeys: ['/online'] });
  });

  it('highlights an alwaysShow entry for its child pages', () => {
    expect(at('/profile/security')).toEqual({ selectedKeys: ['/profile'], openKeys: [] });
  });

  it('selects the iframe page under its md5 path', () => {
    expect(at('/monitor/5f558675b9bdb56a0be1169b6ec08751').selectedKeys).toEqual([
      '/monitor/5f558675b9bdb56a0be1169b6ec08751',
    ]);
  });

  it('selects nothing below a hidden top menu or outside the menu', () => {
    expect(at('/account/center')).toEqual({ selectedKeys: [], openKeys: [] });
    expect(at('/404')).toEqual({ selectedKeys: [], openKeys: [] });
  });

  it('opens no submenu by itself in the horizontal (top) menu', () => {
    expect(at('/isystem/user', 'horizontal')).toEqual({ selectedKeys: ['/isystem/user'], openKeys: [] });
  });
});

describe('open submenus as state', () => {
  it('keeps one root submenu open in inline mode', () => {
    let s = routeOpened(initialMenuOpenState(), ['/isystem']);
    s = openChanged(s, ['/isystem', '/monitor'], index, 'inline');
    expect(s.openKeys).toEqual(['/monitor']);
  });

  it('keeps what antd reports when a submenu closes or in horizontal mode', () => {
    const s = routeOpened(initialMenuOpenState(), ['/isystem']);
    expect(openChanged(s, [], index, 'inline').openKeys).toEqual([]);
    expect(openChanged(s, ['/isystem', '/monitor'], index, 'horizontal').openKeys).toEqual(['/isystem', '/monitor']);
  });

  it('keeps a nested submenu open beside its root', () => {
    const s = { ...initialMenuOpenState(), openKeys: ['/a'] };
    expect(openChanged(s, ['/a', '/a/b'], { rootSubmenuKeys: ['/a'] }, 'inline').openKeys).toEqual(['/a', '/a/b']);
  });

  it('remembers and clears the open keys on collapse and restores them on expand', () => {
    let s = routeOpened(initialMenuOpenState(), ['/isystem']);
    s = collapsedChanged(s, true);
    expect(s).toMatchObject({ openKeys: [], cachedOpenKeys: ['/isystem'], collapsed: true });
    s = routeOpened(s, ['/monitor']);
    expect(s.openKeys).toEqual([]);
    s = collapsedChanged(s, false);
    expect(s).toMatchObject({ openKeys: ['/monitor'], collapsed: false });
    expect(collapsedChanged(s, false)).toBe(s);
  });
});
