import { describe, expect, it } from 'vitest';
import { EXTRA_MENU } from '../../router/extra-menu.fixture.ts';
import { buildMenuRoutes } from '../../router/menu-routes.ts';
import { tabRouteFor } from './use-tab-workspace.ts';

const table = buildMenuRoutes(EXTRA_MENU, { held: new Set(), config: {} });

describe('the tab record of a location', () => {
  it('takes the title of the menu entry whose address the location is', () => {
    expect(tabRouteFor(table, '/online/cgformList/abc123', '?x=1')).toEqual({
      name: 'online-cgformList-@code',
      path: '/online/cgformList/abc123',
      fullPath: '/online/cgformList/abc123?x=1',
      meta: { title: '订单列表', keepAlive: false, componentName: 'OnlCgformAutoList' },
    });
  });

  it('takes the route’s title at an address no menu entry has', () => {
    expect(tabRouteFor(table, '/online/cgformList/zzz', '')?.meta.title).toBe('AUTO');
  });

  it('gives a page below an alwaysShow node its own tab and title', () => {
    expect(tabRouteFor(table, '/profile/security', '')).toMatchObject({
      fullPath: '/profile/security',
      meta: { title: '安全设置' },
    });
  });

  it('has no record for a location outside the menu', () => {
    expect(tabRouteFor(table, '/nowhere', '')).toBeNull();
  });
});
