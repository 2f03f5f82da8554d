import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH, ADMIN_MENU } from './admin-menu.fixture.ts';
import { EXTRA_MENU } from './extra-menu.fixture.ts';
import { breadcrumbFor, isHeaderContentHidden } from './breadcrumb.ts';
import { buildMenuRoutes, matchMenuRoute } from './menu-routes.ts';

const table = buildMenuRoutes([...ADMIN_MENU, ...EXTRA_MENU], {
  held: new Set(ADMIN_AUTH.map((a) => a.action)),
  config: { domianURL: 'https://h/api' },
});
const crumbs = (pathname: string) => breadcrumbFor(table.routes, matchMenuRoute(table.routes, pathname));

describe('breadcrumb from the matched menu chain', () => {
  it('starts with home, links the steps above and shows the current page as text', () => {
    expect(crumbs('/isystem/user')).toEqual([
      { key: '/dashboard/analysis', title: '首页', href: '/dashboard/analysis' },
      { key: '/isystem', title: '系统管理', href: '/isystem/user' },
      { key: '/isystem/user', title: '用户管理' },
    ]);
  });

  it('shows the hidden detail page under its list group', () => {
    expect(crumbs('/bi/workOrder/WorkOrderDetail/7')).toEqual([
      { key: '/dashboard/analysis', title: '首页', href: '/dashboard/analysis' },
      { key: '/bi/workOrder', title: '工单管理', href: '/bi/workOrder/WorkOrderList' },
      { key: '/bi/workOrder/WorkOrderDetail/:id', title: '工单详情' },
    ]);
  });

  it('shows the title of the menu entry whose address the location is, not the parameter route’s', () => {
    expect(crumbs('/online/cgformList/abc123').slice(1)).toEqual([
      { key: '/online', title: '在线开发', href: '/online/cgformList' },
      { key: '/online/cgformList/abc123', title: '订单列表' },
    ]);
    expect(crumbs('/online/cgformList/zzz').at(-1)).toEqual({ key: '/online/cgformList/:code', title: 'AUTO' });
  });

  it('links an alwaysShow parent to its own page', () => {
    expect(crumbs('/profile/base').slice(1)).toEqual([
      { key: '/profile', title: '个人资料', href: '/profile' },
      { key: '/profile/base', title: '基本设置' },
    ]);
  });

  it('is only the home text on the home page', () => {
    expect(crumbs('/dashboard/analysis')).toEqual([{ key: '/dashboard/analysis', title: '首页' }]);
  });

  it('is a home link for a page outside the menu', () => {
    expect(crumbs('/somewhere')).toEqual([{ key: '/dashboard/analysis', title: '首页', href: '/dashboard/analysis' }]);
  });
});

describe('page header content flag', () => {
  it('hides the header content only for routes flagged hiddenHeaderContent', () => {
    expect(isHeaderContentHidden(matchMenuRoute(table.routes, '/reports/summary'))).toBe(true);
    expect(isHeaderContentHidden(matchMenuRoute(table.routes, '/isystem/user'))).toBe(false);
    expect(isHeaderContentHidden(null)).toBe(false);
  });
});
