import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH, ADMIN_MENU } from './admin-menu.fixture.ts';
import { EXTRA_MENU } from './extra-menu.fixture.ts';
import { buildMenuRoutes } from './menu-routes.ts';
import { filterMenuSearch, searchableMenu } from './menu-search.ts';

const held = new Set(ADMIN_AUTH.map((a) => a.action));
const options = searchableMenu(buildMenuRoutes([...ADMIN_MENU, ...EXTRA_MENU], { held, config: {} }).menu);

describe('menu search', () => {
  it('lists the visible entries that open something, titled with their menu path', () => {
    expect(options.find((o) => o.path === '/isystem/user')).toEqual({
      id: 'menu-system-user',
      title: '用户管理',
      titlePath: '系统管理 / 用户管理',
      path: '/isystem/user',
      external: false,
    });
    expect(options.find((o) => o.path === '/dashboard/analysis')?.titlePath).toBe('首页');
  });

  it('leaves out submenus, hidden entries and the children of hidden entries', () => {
    const paths = options.map((o) => o.path);
    expect(paths).not.toContain('/isystem');
    expect(paths).not.toContain('/bi/workOrder/WorkOrderDetail/:id');
    expect(paths).not.toContain('/account/center');
    expect(paths).not.toContain('/profile/base');
    expect(paths).not.toContain('/monitor/metrics');
  });

  it('marks external links with their address', () => {
    expect(options.find((o) => o.title === '开发文档')).toMatchObject({
      titlePath: '系统监控 / 开发文档',
      external: true,
      url: 'https://help.jeecg.com/',
    });
  });

  it('leaves out a permission-gated entry the user cannot open', () => {
    expect(options.map((o) => o.title)).not.toContain('财务报表');
  });

  it('filters by a case-insensitive substring of the title path', () => {
    expect(filterMenuSearch(options, ' online ').map((o) => o.title)).toEqual(['Online表单开发', 'Online报表配置']);
    expect(filterMenuSearch(options, '用户').map((o) => o.titlePath)).toEqual([
      '系统管理 / 用户管理',
      '系统管理 / 在线用户',
    ]);
    expect(filterMenuSearch(options, '系统监控').map((o) => o.title)).toEqual(['接口文档', '开发文档']);
    expect(filterMenuSearch(options, '不存在')).toEqual([]);
    expect(filterMenuSearch(options, '  ')).toHaveLength(options.length);
  });
});
