/**
 * getUserPermissionByToken per client (issue 11): our app (X-Client: houtai) keeps our components; the JeecgBoot
 * Vue2 UI (no header) and Vue3 UI (X-Version: v3) get only components they ship, in their own names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENUS, type MenuSeed } from '../src/db/seed/menus.ts';
import { CLIENT_COMPONENTS, menuClientOf, rowsForClient } from '../src/modules/permission/client-menu.ts';
import type { MenuRow, WireMenuNode, WirePermissionResult } from '../src/modules/permission/user-permission.service.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';
import { VUE2_VIEWS } from './jeecg-vue2-views.ts';

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function menuOf(headers: Record<string, string>): Promise<WirePermissionResult> {
  const res = await api(t.app, adminToken, { method: 'GET', url: '/sys/permission/getUserPermissionByToken', headers });
  expect(res.statusCode).toBe(200);
  expect(String(res.headers.vary)).toMatch(/X-Version/);
  const b = body<WirePermissionResult>(res);
  expect(b.success).toBe(true);
  return b.result;
}

function flatten(nodes: readonly WireMenuNode[]): WireMenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

const byTitle = (nodes: readonly WireMenuNode[], title: string) =>
  flatten(nodes).find((n) => 'title' in n.meta && n.meta.title === title);

describe('which client asks', () => {
  it('X-Client: houtai is our app, X-Version: v3 the Vue3 UI, neither the Vue2 UI', () => {
    expect(menuClientOf({ 'x-client': 'houtai' })).toBe('houtai');
    expect(menuClientOf({ 'x-client': 'Houtai', 'x-version': 'v3' })).toBe('houtai');
    expect(menuClientOf({ 'x-version': 'v3' })).toBe('jeecg-vue3');
    expect(menuClientOf({ 'x-version': 'V3' })).toBe('jeecg-vue3');
    expect(menuClientOf({})).toBe('jeecg-vue2');
    expect(menuClientOf({ 'x-client': 'other' })).toBe('jeecg-vue2');
  });
});

describe('the Vue2 UI (no X-Version, no X-Client)', () => {
  it('names only components it has: 职务管理 → system/SysPositionList', async () => {
    const r = await menuOf({});
    for (const node of flatten(r.menu)) expect(VUE2_VIEWS, node.component).toContain(node.component);
    expect(byTitle(r.menu, '职务管理')?.component).toBe('system/SysPositionList');
    expect(byTitle(r.menu, '用户管理')?.component).toBe('system/UserList');
    expect(r.menu[0]?.component).toBe('dashboard/Analysis');
  });

  it('leaves out 工单, 核算, 考勤班次, 通知横幅, 操作日志, and containers left empty', async () => {
    const r = await menuOf({});
    for (const title of [
      '工单管理',
      '工单列表',
      '工单详情',
      '财务核算',
      '核算工作台',
      '业务数据',
      '会计科目',
      '凭证模板',
      '账簿管理',
      '考勤班次',
      '通知横幅',
      '操作日志',
      '性能监控',
    ]) {
      expect(byTitle(r.menu, title), title).toBeUndefined();
    }
    const hr = byTitle(r.menu, '人事考勤')?.children ?? [];
    expect(hr.map((c) => ('title' in c.meta ? c.meta.title : ''))).toEqual(['职务管理']);
    // Buttons are permissions, not screens: they stay.
    expect(r.auth.map((a) => a.action)).toContain('bi:workOrder:list');
  });

  it('keeps what our app gets unchanged for X-Client: houtai', async () => {
    const ours = await menuOf({ 'x-client': 'houtai' });
    expect(byTitle(ours.menu, '工单列表')?.component).toBe('bi/workOrder/WorkOrderList');
    expect(byTitle(ours.menu, '职务管理')?.component).toBe('hr/PositionList');
    expect(byTitle(ours.menu, '通知横幅')?.component).toBe('system/SysConfigNotice');
  });
});

describe('the Vue3 UI (X-Version: v3)', () => {
  it('gets its containers and pages, and nothing it lacks', async () => {
    const r = await menuOf({ 'x-version': 'v3' });
    const components = flatten(r.menu).map((n) => n.component);
    expect(components).not.toContain('layouts/RouteView');
    expect(byTitle(r.menu, '系统管理')?.component).toBe('layouts/default/index');
    expect(byTitle(r.menu, '职务管理')?.component).toBe('system/position/index');
    expect(byTitle(r.menu, '系统通告')?.component).toBe('system/notice/index');
    expect(byTitle(r.menu, '我的消息')?.component).toBe('monitor/mynews/index');
    expect(byTitle(r.menu, '工单列表')).toBeUndefined();
    expect(byTitle(r.menu, '个人中心')).toBeUndefined();
  });
});

describe('the mapping table', () => {
  it('declares every component the seeded menus use', () => {
    const used = new Set<string>();
    const walk = (entries: readonly MenuSeed[]) => {
      for (const e of entries) {
        if (e.component) used.add(e.component);
        walk(e.children ?? []);
      }
    };
    walk(MENUS);
    expect(used.size).toBeGreaterThan(10);
    for (const c of used) expect(Object.keys(CLIENT_COMPONENTS), c).toContain(c);
  });

  it('passes a component it does not know through unchanged (an administrator’s own menu entry)', () => {
    const row: MenuRow = {
      id: 'x',
      parentId: null,
      name: 'x',
      url: '/x',
      component: 'system/SysPositionList',
      componentName: null,
      redirect: null,
      menuType: 1,
      perms: null,
      permsType: '1',
      alwaysShow: 0,
      icon: null,
      isRoute: 1,
      keepAlive: 0,
      hidden: 0,
      hideTab: 0,
      hiddenHeaderContent: 0,
      status: '1',
      internalOrExternal: 0,
    };
    expect(rowsForClient([row], 'jeecg-vue2')[0]?.component).toBe('system/SysPositionList');
  });
});
