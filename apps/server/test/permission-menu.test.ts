/** GET /sys/permission/getUserPermissionByToken: the menu tree, auth and allAuth per contract §2.2, and its cache. */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionEntry } from '@houtai/shared/contract/permission';
import { md5Hex, newId } from '../src/lib/ids.ts';
import { invalidatePermissions } from '../src/modules/permission/permission-codes.service.ts';
import type { MenuRow } from '../src/modules/permission/user-permission.service.ts';
import {
  buildMenuTree,
  type WireMenuNode,
  type WirePermissionResult,
} from '../src/modules/permission/user-permission.service.ts';
import { api, body, createTestApp, login, roleIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
let adminToken: string;
let guestToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, 'admin');
  guestToken = await login(t.app, 'guest');
});
afterAll(async () => {
  await t.close();
});

async function permissionsOf(token: string): Promise<WirePermissionResult> {
  // Our web app's menu (it names itself with X-Client; the Jeecg clients' menus are tested in client-menu.test.ts).
  const res = await api(t.app, token, {
    method: 'GET',
    url: '/sys/permission/getUserPermissionByToken',
    headers: { 'x-client': 'houtai' },
  });
  expect(res.statusCode).toBe(200);
  const b = body<WirePermissionResult>(res);
  expect(b.success).toBe(true);
  return b.result;
}

function flatten(nodes: readonly WireMenuNode[]): WireMenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

function find(nodes: readonly WireMenuNode[], id: string): WireMenuNode {
  const node = flatten(nodes).find((n) => n.id === id);
  if (!node) throw new Error(`menu node ${id} missing`);
  return node;
}

const roleId = (code: string) => roleIdOf(t.handle.db, code);

describe('menu tree of admin', () => {
  it('starts with the home page /dashboard/analysis and has sysSafeMode false', async () => {
    const r = await permissionsOf(adminToken);
    expect(r.menu[0]).toMatchObject({
      id: 'menu-home',
      route: '1',
      path: '/dashboard/analysis',
      name: 'dashboard-analysis',
      component: 'dashboard/Analysis',
      redirect: null,
      meta: {
        title: '首页',
        icon: 'dashboard',
        keepAlive: true,
        internalOrExternal: false,
        componentName: 'dashboard-analysis',
      },
    });
    expect(r.sysSafeMode).toBe(false);
  });

  it('derives name from the url and meta.componentName from the component when no component name is set', async () => {
    const r = await permissionsOf(adminToken);
    const role = find(r.menu, 'menu-system-role');
    expect(role).toEqual({
      id: 'menu-system-role',
      route: '1',
      path: '/isystem/roleUserList',
      name: 'isystem-roleUserList',
      component: 'system/RoleUserList',
      meta: { title: '角色管理', keepAlive: false, internalOrExternal: false, componentName: 'RoleUserList' },
    });
  });

  it('turns ":" of a url into "@" in the route name and flags the hidden detail page', async () => {
    const r = await permissionsOf(adminToken);
    const detail = find(r.menu, 'menu-work-order-detail');
    expect(detail.hidden).toBe(true);
    expect(detail.path).toBe('/bi/workOrder/WorkOrderDetail/:id');
    expect(detail.name).toBe('bi-workOrder-WorkOrderDetail');
    const list = find(r.menu, 'menu-work-order-list');
    expect(list.name).toBe('bi-workOrder-WorkOrderList');
    expect('hidden' in list).toBe(false);
  });

  it('opens 开发文档 on the product documentation page, in an iframe page like 接口文档', async () => {
    const r = await permissionsOf(adminToken);
    const manual = find(r.menu, 'menu-monitor-manual');
    const url = "{{ window._CONFIG['domianURL'] }}/docs/manual";
    expect(manual.component).toBe('layouts/IframePageView');
    expect(manual.path).toBe(md5Hex(url));
    expect(manual.meta).toMatchObject({ title: '开发文档', url, internalOrExternal: false });
    expect(JSON.stringify(r.menu)).not.toContain('jeecg.com');
  });

  it('sends an iframe page with IframePageView, an md5 path and the {{ }} url untouched', async () => {
    const r = await permissionsOf(adminToken);
    const frame = find(r.menu, 'menu-monitor-api-docs');
    const url = "{{ window._CONFIG['domianURL'] }}/docs";
    expect(frame.component).toBe('layouts/IframePageView');
    expect(frame.path).toBe(md5Hex(url));
    expect(frame.meta).toMatchObject({ url, internalOrExternal: false, componentName: 'monitor-api-docs' });
  });

  it("keeps the entry that is no route, with route '0'", async () => {
    const r = await permissionsOf(adminToken);
    expect(find(r.menu, 'menu-monitor-metrics').route).toBe('0');
    expect(
      flatten(r.menu)
        .filter((n) => n.route === '0')
        .map((n) => n.id),
    ).toEqual(['menu-monitor-metrics']);
  });

  it('puts redirect only on top-level nodes, children only on nodes with child menus, never buttons', async () => {
    const r = await permissionsOf(adminToken);
    for (const top of r.menu) expect('redirect' in top).toBe(true);
    const nested = flatten(r.menu.flatMap((n) => n.children ?? []));
    expect(nested.length).toBeGreaterThan(10);
    for (const n of nested) expect('redirect' in n).toBe(false);
    const home = find(r.menu, 'menu-home');
    expect('children' in home).toBe(false);
    expect(flatten(r.menu).some((n) => n.id.startsWith('btn-'))).toBe(false);
    // Leaves with buttons (用户管理) still have no children.
    expect('children' in find(r.menu, 'menu-system-user')).toBe(false);
  });

  it('lists a menu with its own permission code in meta.permissionList', async () => {
    const r = await permissionsOf(adminToken);
    expect(find(r.menu, 'menu-system-online').meta).toMatchObject({
      permissionList: [{ action: 'system:online:list', type: '1', status: '1', describe: '在线用户' }],
    });
    expect('permissionList' in find(r.menu, 'menu-system-user').meta).toBe(false);
  });

  it('keeps the hidden personal pages with their route names for the user menu', async () => {
    const r = await permissionsOf(adminToken);
    const account = find(r.menu, 'menu-account');
    expect(account.hidden).toBe(true);
    expect('alwaysShow' in account).toBe(false);
    expect(account.children?.map((c) => c.name)).toEqual(['account-center', 'account-settings-base']);
    expect(find(r.menu, 'menu-account-settings').path).toBe('/account/settings/base');
  });

  it('lists every screen of 系统管理 in sort order', async () => {
    const r = await permissionsOf(adminToken);
    expect(
      find(r.menu, 'menu-system')
        .children?.map((c) => c.meta)
        .map((m) => ('title' in m ? m.title : '')),
    ).toEqual([
      '用户管理',
      '角色管理',
      '菜单管理',
      '部门管理',
      '数据字典',
      '分类字典',
      '系统通告',
      '在线用户',
      '通知横幅',
      '操作日志',
      // Seed step 0010 (issue 14).
      '编码校验规则',
      '表字典登记',
      '结算组织',
      '系统配置',
      '组件示例',
    ]);
  });
});

describe('auth and allAuth', () => {
  it('gives admin its enabled buttons as {action, type, describe} and leaves disabled rules out', async () => {
    const r = await permissionsOf(adminToken);
    expect(r.auth).toContainEqual({ action: 'user:add', type: '1', describe: '添加用户' });
    expect(r.auth).toContainEqual({ action: 'user:phone', type: '1', describe: '手机号字段' });
    expect(r.auth).toContainEqual({ action: 'hz:entrance', type: '1', describe: 'ERP入口' });
    for (const a of r.auth) expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'type']);
    expect(r.auth.map((a) => a.action)).not.toContain('user:form:birthday');
  });

  it('lists every button and field rule of the system in allAuth, with status', async () => {
    const admin = await permissionsOf(adminToken);
    const guest = await permissionsOf(guestToken);
    expect(guest.allAuth).toEqual(admin.allAuth);
    expect(admin.allAuth).toContainEqual({
      action: 'user:form:birthday',
      status: '0',
      type: '2',
      describe: '生日禁用',
    });
    expect(admin.allAuth).toContainEqual({ action: 'user:edit', status: '1', type: '1', describe: '编辑用户' });
    const actions = admin.allAuth.map((a: PermissionEntry) => a.action);
    for (const code of [
      'user:add',
      'user:delete',
      'user:phone',
      'system:user:loginByAdmin',
      'system:online:forceLogout',
      'hz:entrance',
    ]) {
      expect(actions).toContain(code);
    }
    // Menus with a code are not rules.
    expect(admin.allAuth.filter((a) => a.action === 'system:online:list')).toHaveLength(1);
  });
});

describe('menu tree of guest', () => {
  it('holds only home, the personal pages and my messages, without 系统管理 and without buttons', async () => {
    const r = await permissionsOf(guestToken);
    expect(r.menu.map((n) => n.id)).toEqual(['menu-home', 'menu-message', 'menu-account']);
    expect(
      flatten(r.menu)
        .map((n) => n.id)
        .sort(),
    ).toEqual(
      [
        'menu-account',
        'menu-account-center',
        'menu-account-settings',
        'menu-home',
        'menu-message',
        'menu-my-announcement',
      ].sort(),
    );
    expect(r.auth).toEqual([]);
  });

  it('prepends the home page when the roles lack it', async () => {
    const home = await t.handle.db
      .deleteFrom('sysRolePermission')
      .where('roleId', '=', await roleId('guest'))
      .where('permissionId', '=', 'menu-home')
      .executeTakeFirst();
    expect(Number(home.numDeletedRows)).toBe(1);
    await invalidatePermissions(t.handle.db);
    const r = await permissionsOf(guestToken);
    expect(r.menu[0]?.id).toBe('menu-home');
    expect(r.menu.map((n) => n.id)).toEqual(['menu-home', 'menu-message', 'menu-account']);
  });

  it('refuses a caller without a token', async () => {
    const res = await api(t.app, null, { method: 'GET', url: '/sys/permission/getUserPermissionByToken' });
    expect(res.statusCode).toBe(401);
  });
});

describe('cache', () => {
  it('answers a repeated call without a statement while the database is unchanged', async () => {
    const token = await login(t.app, 'lisi');
    await permissionsOf(token);
    const before = t.statements.length;
    const again = await permissionsOf(token);
    const executed = t.statements.slice(before);
    // The lookup (token, user and permission epoch in one statement) is remembered while the database is unchanged
    // (lib/compiled-query.ts; on PostgreSQL the shared snapshot read is the only round trip, and is not logged).
    expect(executed).toEqual([]);
    expect(again.menu.length).toBeGreaterThan(3);
  });

  it('shows new grants of a role only after invalidatePermissions, then at once', async () => {
    const token = await login(t.app, 'zhangsan');
    const before = await permissionsOf(token);
    expect(before.menu.map((n) => n.id)).not.toContain('menu-system');
    const staff = await roleId('staff');
    await t.handle.db
      .insertInto('sysRolePermission')
      .values(
        ['menu-system', 'menu-system-user', 'btn-user-add'].map((permissionId) => ({
          id: newId(),
          roleId: staff,
          permissionId,
          dataRuleIds: null,
          operateDate: null,
          operateIp: null,
        })),
      )
      .execute();
    // Without the epoch bump the cached tree stays (this is why every writer must call invalidatePermissions).
    expect((await permissionsOf(token)).menu.map((n) => n.id)).not.toContain('menu-system');
    await invalidatePermissions(t.handle.db);
    const after = await permissionsOf(token);
    expect(find(after.menu, 'menu-system').children?.map((c) => c.id)).toEqual(['menu-system-user']);
    expect(after.auth).toContainEqual({ action: 'user:add', type: '1', describe: '添加用户' });
  });
});

describe('compression', () => {
  it('answers a browser that accepts gzip with the same envelope, gzip-compressed', async () => {
    const plain = await api(t.app, adminToken, { method: 'GET', url: '/sys/permission/getUserPermissionByToken' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await api(t.app, adminToken, {
      method: 'GET',
      url: '/sys/permission/getUserPermissionByToken',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const { timestamp, ...inflated } = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as Record<
      string,
      unknown
    >;
    const { timestamp: _plainTimestamp, ...expected } = body<Record<string, unknown>>(plain);
    expect(inflated).toEqual(expected);
    expect(typeof timestamp).toBe('number');
  });

  it('does not compress for a client that refuses gzip', async () => {
    const res = await api(t.app, adminToken, {
      method: 'GET',
      url: '/sys/permission/getUserPermissionByToken',
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(body<{ success: boolean }>(res).success).toBe(true);
  });
});

describe('buildMenuTree', () => {
  const row = (over: Partial<MenuRow> & { id: string }): MenuRow => ({
    parentId: null,
    name: over.id,
    url: `/${over.id}`,
    component: 'layouts/RouteView',
    componentName: null,
    redirect: null,
    menuType: over.parentId ? 1 : 0,
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
    ...over,
  });

  it('sends an external link with the md5 of its url as path and the raw url in meta', () => {
    const [link] = buildMenuTree([row({ id: 'ext', url: 'https://example.com/help', internalOrExternal: 1 })]);
    expect(link?.path).toBe(md5Hex('https://example.com/help'));
    expect(link?.meta).toMatchObject({ url: 'https://example.com/help', internalOrExternal: true });
  });

  it('hides a top-level node whose children are all hidden and replaces its meta by {hideMenu:true}', () => {
    const tree = buildMenuTree([
      row({ id: 'top', redirect: '/top/a' }),
      row({ id: 'a', parentId: 'top', hidden: 1 }),
      row({ id: 'b', parentId: 'top', hidden: 1 }),
      row({ id: 'other' }),
      row({ id: 'c', parentId: 'other' }),
    ]);
    expect(tree[0]).toMatchObject({ id: 'top', hidden: true, meta: { hideMenu: true }, redirect: '/top/a' });
    expect(tree[0]?.meta).toEqual({ hideMenu: true });
    expect(tree[0]?.children?.map((c) => c.id)).toEqual(['a', 'b']);
    expect('hidden' in (tree[1] ?? {})).toBe(false);
  });

  it('leaves out rows whose parent the user cannot reach, and buttons', () => {
    const tree = buildMenuTree([
      row({ id: 'top' }),
      row({ id: 'orphan', parentId: 'missing' }),
      row({ id: 'btn', parentId: 'top', menuType: 2, perms: 'x:add' }),
    ]);
    expect(tree.map((n) => n.id)).toEqual(['top']);
    expect('children' in (tree[0] ?? {})).toBe(false);
  });

  it('sets alwaysShow, hideTab and hiddenHeaderContent only when true, and a component for rows without one', () => {
    const [node] = buildMenuTree([
      row({ id: 'x', alwaysShow: 1, hideTab: 1, hiddenHeaderContent: 1, component: null, icon: 'home' }),
    ]);
    expect(node).toMatchObject({
      alwaysShow: true,
      component: 'layouts/RouteView',
      meta: { hideTab: true, hiddenHeaderContent: true, icon: 'home' },
    });
    const [plain] = buildMenuTree([row({ id: 'y' })]);
    expect(Object.keys(plain ?? {})).not.toContain('alwaysShow');
    expect(Object.keys(plain?.meta ?? {}).sort()).toEqual([
      'componentName',
      'internalOrExternal',
      'keepAlive',
      'title',
    ]);
  });
});
