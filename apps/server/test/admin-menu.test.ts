/**
 * Menu and permission administration (issue 14, contract §2.8): the tree and flat lists, the lazy reads, add / edit /
 * delete with is_leaf upkeep, refusals (cycles, hostile urls and components, duplicate codes, lock-out guards) that
 * change nothing, a renamed menu reaching a signed-in user, and data rules narrowing the work-order list.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { MENU_TEXT, type SysPermissionTree } from '@houtai/shared/contract/admin-menu';
import { WORK_ORDER_PERMISSIONS } from '@houtai/shared/contract/work-order-rules';
import { readWorkbook } from '../src/excel/reader.ts';
import { newId } from '../src/lib/ids.ts';
import { api, body, createTestApp, login, roleIdOf, userIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.handle.db;
const get = (url: string, token = admin) => api(t.app, token, { method: 'GET', url });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  api(t.app, token, { method, url, ...(payload ? { payload } : {}) });

const row = (id: string) => db().selectFrom('sysPermission').selectAll().where('id', '=', id).executeTakeFirst();
const countRows = async () =>
  Number(
    (
      await db()
        .selectFrom('sysPermission')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function flatten(nodes: readonly SysPermissionTree[]): SysPermissionTree[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

async function addMenu(payload: Record<string, unknown>): Promise<string> {
  const res = await send('POST', '/sys/permission/add', payload);
  const b = body<string>(res);
  expect(b.message).toBe(ADMIN_TEXT.added);
  expect(b.success).toBe(true);
  return b.result;
}

/** A refused call: HTTP 200 business failure or 400 validation, always success false with this Chinese message. */
function expectRefused(res: Awaited<ReturnType<typeof get>>, message: string): void {
  expect([200, 400]).toContain(res.statusCode);
  const b = body(res);
  expect(b.success).toBe(false);
  expect(b.message).toBe(message);
}

describe('reads', () => {
  it('list answers the whole tree with the contract fields', async () => {
    const b = body<SysPermissionTree[]>(await get('/sys/permission/list'));
    expect(b.success).toBe(true);
    const system = b.result.find((n) => n.id === 'menu-system');
    expect(system).toBeDefined();
    expect(system).toMatchObject({ key: 'menu-system', title: '系统管理', menuType: 0, isLeaf: false, parentId: null });
    const all = flatten(b.result);
    const perm = all.find((n) => n.id === 'menu-system-permission');
    expect(perm?.parentId).toBe('menu-system');
    for (const field of [
      'id',
      'key',
      'title',
      'parentId',
      'name',
      'perms',
      'permsType',
      'icon',
      'component',
      'componentName',
      'url',
      'redirect',
      'sortNo',
      'menuType',
      'isLeaf',
      'route',
      'keepAlive',
      'description',
      'delFlag',
      'createBy',
      'createTime',
      'updateBy',
      'updateTime',
      'alwaysShow',
      'hidden',
      'hideTab',
      'status',
      'internalOrExternal',
      'children',
    ]) {
      expect(perm).toHaveProperty(field);
    }
    const leaf = all.find((n) => n.id === 'menu-home');
    expect(leaf).toMatchObject({ isLeaf: true, children: null, route: true, keepAlive: true, hidden: false });
    expect(leaf?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('list?name answers the matching rows flat, each a leaf; SQL text in the name is only text', async () => {
    const b = body<SysPermissionTree[]>(await get(`/sys/permission/list?name=${encodeURIComponent('管理')}`));
    expect(b.result.length).toBeGreaterThan(2);
    for (const n of b.result) {
      expect(n.name).toContain('管理');
      expect(n.isLeaf).toBe(true);
      expect(n.children).toBeNull();
    }
    const hostile = body<SysPermissionTree[]>(
      await get(`/sys/permission/list?name=${encodeURIComponent("' or 1=1 --")}`),
    );
    expect(hostile).toMatchObject({ success: true, result: [] });
  });

  it('getSystemMenuList, getSystemSubmenu and getSystemSubmenuBatch', async () => {
    const top = body<SysPermissionTree[]>(await get('/sys/permission/getSystemMenuList')).result;
    expect(top.length).toBeGreaterThan(3);
    // Children not loaded: an empty list on a parent (the Vue2 table's expand arrow), none on a leaf.
    expect(top.every((n) => n.menuType === 0 && (n.isLeaf ? n.children === null : n.children?.length === 0))).toBe(
      true,
    );
    expect(top.find((n) => n.id === 'menu-system')?.isLeaf).toBe(false);

    const sub = body<SysPermissionTree[]>(await get('/sys/permission/getSystemSubmenu?parentId=menu-system')).result;
    expect(sub.length).toBeGreaterThan(3);
    expect(sub.every((n) => n.parentId === 'menu-system')).toBe(true);
    expect(sub.find((n) => n.id === 'menu-system-user')?.isLeaf).toBe(false);

    const batch = body<Record<string, SysPermissionTree[]>>(
      await get('/sys/permission/getSystemSubmenuBatch?parentIds=menu-system,menu-work-order,'),
    ).result;
    expect(Object.keys(batch).sort()).toEqual(['menu-system', 'menu-work-order']);
    expect(batch['menu-work-order']?.map((n) => n.id)).toContain('menu-work-order-list');

    expectRefused(await get('/sys/permission/getSystemSubmenu?parentId=x%27%20or%201%3D1'), MENU_TEXT.idInvalid);
  });
});

describe('add and edit', () => {
  it('adds a sub menu and a button; the parent stops being a leaf', async () => {
    const parent = await addMenu({ name: '测试一级', menuType: 0, url: '/test/top', component: 'layouts/RouteView' });
    expect((await row(parent))?.isLeaf).toBe(1);
    const child = await addMenu({
      name: '测试页面',
      menuType: 1,
      parentId: parent,
      url: '/test/top/page',
      component: 'test/TestPage',
      componentName: 'test-page',
      icon: 'ant-design:setting-outlined',
      sortNo: 3.5,
      keepAlive: true,
      hidden: '0',
      route: true,
      internalOrExternal: false,
      // Unknown fields are ignored (the tree's own fields come back on edit).
      key: 'x',
      children: [],
      delFlag: 1,
    });
    expect((await row(parent))?.isLeaf).toBe(0);
    expect(await row(child)).toMatchObject({
      parentId: parent,
      menuType: 1,
      url: '/test/top/page',
      component: 'test/TestPage',
      componentName: 'test-page',
      icon: 'ant-design:setting-outlined',
      sortNo: 3.5,
      keepAlive: 1,
      hidden: 0,
      isRoute: 1,
      isLeaf: 1,
      delFlag: 0,
      status: '1',
      createBy: 'admin',
    });
    const button = await addMenu({
      name: '测试按钮',
      menuType: 2,
      parentId: child,
      perms: 'test:page:add',
      permsType: '1',
    });
    expect(await row(button)).toMatchObject({ menuType: 2, perms: 'test:page:add', parentId: child });
    expect((await row(child))?.isLeaf).toBe(0);
  });

  it('edit answers PUT and POST, moves a node and keeps both parents’ is_leaf', async () => {
    const a = await addMenu({ name: '甲', menuType: 0, url: '/test/a' });
    const b = await addMenu({ name: '乙', menuType: 0, url: '/test/b' });
    const c = await addMenu({ name: '丙', menuType: 1, parentId: a, url: '/test/a/c' });
    expect((await row(a))?.isLeaf).toBe(0);
    expect((await row(b))?.isLeaf).toBe(1);

    const put = await send('PUT', '/sys/permission/edit', {
      id: c,
      name: '丙2',
      menuType: 1,
      parentId: b,
      url: '/test/b/c',
    });
    expect(body(put)).toMatchObject({ success: true, message: ADMIN_TEXT.edited });
    expect(await row(c)).toMatchObject({ name: '丙2', parentId: b, url: '/test/b/c', version: 2, updateBy: 'admin' });
    expect((await row(a))?.isLeaf).toBe(1);
    expect((await row(b))?.isLeaf).toBe(0);

    const post = await send('POST', '/sys/permission/edit', {
      id: c,
      name: '丙3',
      menuType: 1,
      parentId: a,
      url: '/test/a/c',
    });
    expect(body(post).success).toBe(true);
    expect((await row(c))?.name).toBe('丙3');
    expect((await row(a))?.isLeaf).toBe(0);
    expect((await row(b))?.isLeaf).toBe(1);

    // A stale version (someone saved since the page read the row) is refused.
    expectRefused(
      await send('PUT', '/sys/permission/edit', {
        id: c,
        name: '丙4',
        menuType: 1,
        parentId: a,
        url: '/test/a/c',
        version: 1,
      }),
      ADMIN_TEXT.stale,
    );
    expect((await row(c))?.name).toBe('丙3');
  });

  it('refuses a parent among the node itself or its descendants, and changes nothing', async () => {
    const top = await addMenu({ name: '环顶', menuType: 0, url: '/test/cycle' });
    const mid = await addMenu({ name: '环中', menuType: 1, parentId: top, url: '/test/cycle/mid' });
    const low = await addMenu({ name: '环底', menuType: 1, parentId: mid, url: '/test/cycle/mid/low' });
    const before = await row(top);
    for (const parentId of [top, mid, low]) {
      expectRefused(
        await send('PUT', '/sys/permission/edit', { id: top, name: '环顶', menuType: 1, parentId, url: '/test/cycle' }),
        ADMIN_TEXT.parentCycle,
      );
    }
    expect(await row(top)).toEqual(before);
  });

  it('refuses an unknown parent, a button as parent, and a menu without url or parent', async () => {
    const n = await countRows();
    expectRefused(
      await send('POST', '/sys/permission/add', { name: '孤儿', menuType: 1, parentId: 'no-such-id', url: '/x' }),
      MENU_TEXT.parentNotFound,
    );
    expectRefused(
      await send('POST', '/sys/permission/add', { name: '按钮下', menuType: 1, parentId: 'btn-user-add', url: '/x' }),
      MENU_TEXT.parentIsButton,
    );
    expectRefused(await send('POST', '/sys/permission/add', { name: '无路径', menuType: 0 }), MENU_TEXT.urlRequired);
    expectRefused(
      await send('POST', '/sys/permission/add', { name: '无上级', menuType: 1, url: '/x' }),
      MENU_TEXT.parentRequired,
    );
    expectRefused(await send('POST', '/sys/permission/add', { menuType: 0, url: '/x' }), MENU_TEXT.nameRequired);
    expectRefused(
      await send('POST', '/sys/permission/add', { name: '类型', menuType: 7, url: '/x' }),
      MENU_TEXT.menuTypeInvalid,
    );
    expect(await countRows()).toBe(n);
  });

  it('accepts internal routes, http(s) addresses and the domianURL placeholder; refuses hostile urls', async () => {
    for (const url of ['/a/b/:id', 'https://example.com/docs?x=1', "{{ window._CONFIG['domianURL'] }}/docs/manual"]) {
      await addMenu({ name: `链接${url.length}`, menuType: 0, url });
    }
    const n = await countRows();
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example.com/x',
      'http://exa mple.com',
      '/a"><img src=x onerror=alert(1)>',
      '/../../etc/passwd',
      'vbscript:msgbox(1)',
      `/${'a'.repeat(300)}`,
    ]) {
      expectRefused(
        await send('POST', '/sys/permission/add', { name: '坏链接', menuType: 0, url }),
        MENU_TEXT.urlInvalid,
      );
    }
    expect(await countRows()).toBe(n);
  });

  it('refuses hostile components, component names, icons, redirects and codes', async () => {
    const n = await countRows();
    const base = { name: '坏字段', menuType: 0, url: '/bad' };
    const cases: [Record<string, unknown>, string][] = [
      [{ component: '../../secret' }, MENU_TEXT.componentInvalid],
      [{ component: 'a/<script>' }, MENU_TEXT.componentInvalid],
      [{ component: 'x'.repeat(300) }, MENU_TEXT.componentInvalid],
      [{ componentName: 'a b' }, MENU_TEXT.componentNameInvalid],
      [{ icon: 'x" onload="alert(1)' }, MENU_TEXT.iconInvalid],
      [{ redirect: 'javascript:alert(1)' }, MENU_TEXT.redirectInvalid],
      [{ perms: "a'; drop table sys_user; --" }, MENU_TEXT.permsInvalid],
      [{ status: '9' }, MENU_TEXT.statusInvalid],
      [{ sortNo: 'abc' }, MENU_TEXT.sortNoInvalid],
      [{ hidden: 'maybe' }, MENU_TEXT.flagInvalid],
    ];
    for (const [extra, message] of cases) {
      expectRefused(await send('POST', '/sys/permission/add', { ...base, ...extra }), message);
    }
    expect(await countRows()).toBe(n);
  });

  it('refuses a button code another node carries; checkPermDuplication answers the same', async () => {
    const parent = await addMenu({ name: '码测试', menuType: 0, url: '/test/codes' });
    const n = await countRows();
    expectRefused(
      await send('POST', '/sys/permission/add', { name: '重复', menuType: 2, parentId: parent, perms: 'user:add' }),
      MENU_TEXT.permsTaken,
    );
    expectRefused(
      await send('POST', '/sys/permission/add', {
        name: '重复2',
        menuType: 2,
        parentId: parent,
        perms: 'x:y,user:edit',
      }),
      MENU_TEXT.permsTaken,
    );
    expect(await countRows()).toBe(n);
    const own = await addMenu({ name: '自有', menuType: 2, parentId: parent, perms: 'test:own' });
    // Saving a node with its own code is no duplicate.
    expect(
      body(
        await send('PUT', '/sys/permission/edit', {
          id: own,
          name: '自有2',
          menuType: 2,
          parentId: parent,
          perms: 'test:own',
        }),
      ).success,
    ).toBe(true);
    expectRefused(
      await send('PUT', '/sys/permission/edit', {
        id: own,
        name: '自有3',
        menuType: 2,
        parentId: parent,
        perms: 'user:delete',
      }),
      MENU_TEXT.permsTaken,
    );
    expect((await row(own))?.perms).toBe('test:own');

    expectRefused(await get('/sys/permission/checkPermDuplication?perms=user:add'), MENU_TEXT.permsTaken);
    expect(body(await get(`/sys/permission/checkPermDuplication?perms=test:own&id=${own}`))).toMatchObject({
      success: true,
      message: MENU_TEXT.available,
    });
    expect(body(await get('/sys/permission/checkPermDuplication?perms=test:free')).success).toBe(true);
  });
});

describe('a change reaches signed-in users', () => {
  it('a renamed and then hidden menu is seen at the next getUserPermissionByToken', async () => {
    const staff = await login(t.app, 'zhangsan');
    const menuOf = async () => {
      const res = await api(t.app, staff, {
        method: 'GET',
        url: '/sys/permission/getUserPermissionByToken',
        headers: { 'x-client': 'houtai' },
      });
      type Node = { id: string; hidden?: boolean; meta: { title: string }; children?: Node[] };
      const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
      return all(body<{ menu: Node[] }>(res).result.menu);
    };
    expect((await menuOf()).find((n) => n.id === 'menu-work-order-list')?.meta.title).toBe('工单列表');
    const prev = await row('menu-work-order-list');
    const edit = {
      id: 'menu-work-order-list',
      name: '我的工单',
      menuType: 1,
      parentId: 'menu-work-order',
      url: prev?.url,
      component: prev?.component,
      componentName: prev?.componentName,
      keepAlive: true,
    };
    expect(body(await send('PUT', '/sys/permission/edit', edit)).success).toBe(true);
    expect((await menuOf()).find((n) => n.id === 'menu-work-order-list')?.meta.title).toBe('我的工单');

    expect(body(await send('PUT', '/sys/permission/edit', { ...edit, hidden: true })).success).toBe(true);
    expect((await menuOf()).find((n) => n.id === 'menu-work-order-list')?.hidden).toBe(true);

    // Back as it was, for the data-rule tests below.
    expect(body(await send('PUT', '/sys/permission/edit', { ...edit, name: '工单列表', hidden: false })).success).toBe(
      true,
    );
  });
});

describe('delete', () => {
  it('deletes a node with its descendants, their role links and data rules; the parent becomes a leaf again', async () => {
    const top = await addMenu({ name: '删顶', menuType: 0, url: '/test/del' });
    const mid = await addMenu({ name: '删中', menuType: 1, parentId: top, url: '/test/del/mid' });
    const btn = await addMenu({ name: '删钮', menuType: 2, parentId: mid, perms: 'test:del:btn' });
    const adminRole = await roleIdOf(db(), 'admin');
    await db()
      .insertInto('sysRolePermission')
      .values(
        [mid, btn].map((permissionId) => ({
          id: newId(),
          roleId: adminRole,
          permissionId,
          dataRuleIds: null,
          operateDate: null,
          operateIp: null,
        })),
      )
      .execute();
    await db()
      .insertInto('sysPermissionDataRule')
      .values({
        id: newId(),
        permissionId: mid,
        ruleName: 'r',
        ruleColumn: 'title',
        ruleConditions: '=',
        ruleValue: 'x',
        status: '1',
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();

    const res = await send('DELETE', `/sys/permission/delete?id=${mid}`);
    expect(body(res)).toMatchObject({ success: true, message: ADMIN_TEXT.deleted });
    expect(await row(mid)).toBeUndefined();
    expect(await row(btn)).toBeUndefined();
    expect((await row(top))?.isLeaf).toBe(1);
    const links = await db()
      .selectFrom('sysRolePermission')
      .select('id')
      .where('permissionId', 'in', [mid, btn])
      .execute();
    expect(links).toEqual([]);
    const rules = await db().selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', mid).execute();
    expect(rules).toEqual([]);

    const x = await addMenu({ name: '批删1', menuType: 0, url: '/test/batch1' });
    const y = await addMenu({ name: '批删2', menuType: 0, url: '/test/batch2' });
    expect(body(await send('DELETE', `/sys/permission/deleteBatch?ids=${x},${y},`)).success).toBe(true);
    expect(await row(x)).toBeUndefined();
    expect(await row(y)).toBeUndefined();

    expectRefused(await send('DELETE', '/sys/permission/delete?id=no-such-menu'), ADMIN_TEXT.notFound);
  });

  it('refuses deleting what would lock the administrators out, and disabling or recoding its codes', async () => {
    const n = await countRows();
    for (const id of ['menu-system', 'menu-system-permission', 'menu-system-role']) {
      expectRefused(await send('DELETE', `/sys/permission/delete?id=${id}`), MENU_TEXT.protectedEntry);
    }
    expectRefused(
      await send('DELETE', '/sys/permission/deleteBatch?ids=menu-home,menu-system-permission'),
      MENU_TEXT.protectedEntry,
    );
    expect(await countRows()).toBe(n);
    expect(await row('menu-home')).toBeDefined();

    const btn = await db()
      .selectFrom('sysPermission')
      .selectAll()
      .where('perms', '=', 'system:permission:edit')
      .executeTakeFirstOrThrow();
    const edit = { id: btn.id, name: btn.name, menuType: 2, parentId: btn.parentId ?? undefined, perms: btn.perms };
    expectRefused(await send('PUT', '/sys/permission/edit', { ...edit, perms: 'other:code' }), MENU_TEXT.protectedCode);
    expectRefused(await send('PUT', '/sys/permission/edit', { ...edit, status: '0' }), MENU_TEXT.protectedCode);
    expect(await row(btn.id)).toEqual(btn);
    // Renaming it is fine.
    expect(body(await send('PUT', '/sys/permission/edit', { ...edit, name: '编辑菜单（改）' })).success).toBe(true);
  });

  it('refuses oversized id lists', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `id${i}`).join(',');
    expectRefused(await send('DELETE', `/sys/permission/deleteBatch?ids=${ids}`), ADMIN_TEXT.tooManyIds);
    expectRefused(await send('DELETE', '/sys/permission/deleteBatch?ids='), MENU_TEXT.idsRequired);
  });

  it('the guest user is refused every administration call', async () => {
    const guest = await login(t.app, 'guest');
    expect((await get('/sys/permission/list', guest)).statusCode).toBe(403);
    expect((await send('POST', '/sys/permission/add', { name: 'x', menuType: 0, url: '/x' }, guest)).statusCode).toBe(
      403,
    );
    expect((await send('POST', '/sys/role/datarule', { permissionId: 'a', roleId: 'b' }, guest)).statusCode).toBe(403);
  });
});

describe('data rules', () => {
  const LIST = 'menu-work-order-list';
  let dispatchRole: string;
  let lisi: string;

  const totalOf = async (token: string) => {
    const b = body<{ total: number; records: { createBy?: string; priority: string }[] }>(
      await get('/bi/workOrder/list?pageSize=100', token),
    );
    expect(b.success).toBe(true);
    return b.result;
  };

  beforeAll(async () => {
    // A dispatcher role (sees every order) given to lisi: the work-order menus and the assign code.
    dispatchRole = newId();
    await db()
      .insertInto('sysRole')
      .values({
        id: dispatchRole,
        roleName: '派单员',
        roleCode: 'dispatch_test',
        description: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const assign = await db()
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', WORK_ORDER_PERMISSIONS.assign)
      .executeTakeFirstOrThrow();
    const listBtn = await db()
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', WORK_ORDER_PERMISSIONS.list)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('sysRolePermission')
      .values(
        ['menu-work-order', LIST, assign.id, listBtn.id].map((permissionId) => ({
          id: newId(),
          roleId: dispatchRole,
          permissionId,
          dataRuleIds: null,
          operateDate: null,
          operateIp: null,
        })),
      )
      .execute();
    await db()
      .insertInto('sysUserRole')
      .values({ id: newId(), userId: await userIdOf(db(), 'lisi'), roleId: dispatchRole })
      .execute();
    await db()
      .updateTable('sysCacheEpoch')
      .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
      .where('name', '=', 'permission')
      .execute();
    lisi = await login(t.app, 'lisi');
  });

  it('refuses typed SQL, unknown fields, unknown variables, values the field does not take, unlisted menus', async () => {
    const base = {
      permissionId: LIST,
      ruleName: '规则',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1 or sleep(5)' }, MENU_TEXT.ruleSqlRefused],
      [{ ruleConditions: 'BETWEEN' }, MENU_TEXT.ruleConditionInvalid],
      [{ ruleColumn: 'password' }, MENU_TEXT.ruleColumnNotAllowed('password')],
      [{ ruleColumn: 'del_flag' }, MENU_TEXT.ruleColumnNotAllowed('del_flag')],
      [{ ruleColumn: 'title) or (1=1' }, MENU_TEXT.ruleColumnInvalid],
      [{ ruleColumn: '__proto__' }, MENU_TEXT.ruleColumnInvalid],
      [{ ruleColumn: 'constructor' }, MENU_TEXT.ruleColumnNotAllowed('constructor')],
      [{ ruleValue: '#{sys_password}' }, MENU_TEXT.ruleVariableInvalid],
      [{ ruleValue: 'a'.repeat(301) }, MENU_TEXT.ruleValueTooLong],
      [{ ruleColumn: 'createTime', ruleConditions: '>', ruleValue: "2020' or '1'='1" }, '“创建时间”的日期格式不正确'],
      [{ permissionId: 'menu-home' }, MENU_TEXT.ruleMenuNotListed],
      [{ permissionId: 'no-such-menu' }, ADMIN_TEXT.notFound],
    ];
    for (const [extra, message] of cases) {
      const res = await send('POST', '/sys/permission/addPermissionRule', { ...base, ...extra });
      const b = body(res);
      expect(b.success, JSON.stringify(extra)).toBe(false);
      expect(b.message, JSON.stringify(extra)).toBe(message);
    }
    expect(await db().selectFrom('sysPermissionDataRule').select('id').execute()).toEqual([]);
  });

  /** The data rows of the work-order export the user downloads. */
  async function exportedRows(token: string): Promise<number> {
    const res = await api(t.app, token, { method: 'GET', url: '/bi/workOrder/exportXls' });
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'houtai-rule-export-'));
    try {
      const file = path.join(dir, 'export.xlsx');
      writeFileSync(file, res.rawPayload);
      let rows = 0;
      for await (const row of readWorkbook(file)) if (row.values.length > 0) rows++;
      return rows - 1;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('a rule chosen for a role narrows its users’ list; the administrator’s list is unchanged', async () => {
    const adminBefore = await totalOf(admin);
    const lisiBefore = await totalOf(lisi);
    expect(lisiBefore.total).toBe(adminBefore.total);
    expect(lisiBefore.total).toBeGreaterThan(2);

    const add = body<{ id: string; ruleConditions: string }>(
      await send('POST', '/sys/permission/addPermissionRule', {
        permissionId: LIST,
        ruleName: '只看自己创建的',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      }),
    );
    expect(add.success).toBe(true);
    const own = add.result.id;
    expect((await row(LIST))?.ruleFlag).toBe(1);
    const high = body<{ id: string }>(
      await send('POST', '/sys/permission/addPermissionRule', {
        permissionId: LIST,
        ruleName: '高优先级',
        ruleColumn: 'priority',
        ruleConditions: 'in',
        ruleValue: 'H,M',
      }),
    ).result.id;

    // Not chosen yet: nothing changes.
    expect((await totalOf(lisi)).total).toBe(lisiBefore.total);

    const rules = body<{ id: string }[]>(
      await get(`/sys/permission/getPermRuleListByPermId?permissionId=${LIST}`),
    ).result;
    expect(rules.map((r) => r.id).sort()).toEqual([own, high].sort());
    const found = body<{ id: string }[]>(
      await get(`/sys/permission/queryPermissionRule?permissionId=${LIST}&ruleName=${encodeURIComponent('自己')}`),
    ).result;
    expect(found.map((r) => r.id)).toEqual([own]);

    const save = await send('POST', '/sys/role/datarule', {
      permissionId: LIST,
      roleId: dispatchRole,
      dataRuleIds: `${own},`,
    });
    expect(body(save)).toMatchObject({ success: true, message: MENU_TEXT.dataRuleSaved });
    const dr = body<{ datarule: { id: string }[]; drChecked: string }>(
      await get(`/sys/role/datarule/${LIST}/${dispatchRole}`),
    ).result;
    expect(dr.drChecked).toBe(own);
    expect(dr.datarule).toHaveLength(2);

    const narrowed = await totalOf(lisi);
    const expected = (
      await db()
        .selectFrom('biWorkOrder')
        .select('id')
        .where('createBy', '=', 'lisi')
        .where('delFlag', '=', 0)
        .execute()
    ).length;
    expect(narrowed.total).toBe(expected);
    expect(narrowed.total).toBeLessThan(lisiBefore.total);
    // The export shows what the list shows: the same rule narrows it.
    expect(await exportedRows(lisi)).toBe(expected);
    expect(await exportedRows(admin)).toBe(adminBefore.total);
    expect((await totalOf(admin)).total).toBe(adminBefore.total);

    // Two rules: both hold (AND).
    await send('POST', '/sys/role/datarule', { permissionId: LIST, roleId: dispatchRole, dataRuleIds: [own, high] });
    const both = await totalOf(lisi);
    expect(both.records.every((r) => ['H', 'M'].includes(r.priority))).toBe(true);
    expect(both.total).toBeLessThanOrEqual(narrowed.total);

    // A disabled rule no longer narrows.
    const editOff = await send('PUT', '/sys/permission/editPermissionRule', {
      id: own,
      permissionId: LIST,
      ruleName: '只看自己创建的',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '0',
    });
    expect(body(editOff).success).toBe(true);
    const highOnly = await totalOf(lisi);
    expect(highOnly.records.every((r) => ['H', 'M'].includes(r.priority))).toBe(true);
    expect(highOnly.total).toBeGreaterThanOrEqual(both.total);

    // Deleting a rule takes it off the role; without chosen rules the list is whole again.
    expect(body(await send('DELETE', `/sys/permission/deletePermissionRule?id=${high}`)).success).toBe(true);
    const link = await db()
      .selectFrom('sysRolePermission')
      .select('dataRuleIds')
      .where('roleId', '=', dispatchRole)
      .where('permissionId', '=', LIST)
      .executeTakeFirstOrThrow();
    expect(link.dataRuleIds).toBe(own);
    expect((await totalOf(lisi)).total).toBe(lisiBefore.total);
    expect(body(await send('DELETE', `/sys/permission/deletePermissionRule?id=${own}`)).success).toBe(true);
    expect((await row(LIST))?.ruleFlag).toBe(0);
  });

  it('role datarule refusals: no rules, no menu grant, a rule of another menu', async () => {
    expectRefused(await get(`/sys/role/datarule/menu-home/${dispatchRole}`), MENU_TEXT.menuHasNoRules);
    const rule = body<{ id: string }>(
      await send('POST', '/sys/permission/addPermissionRule', {
        permissionId: LIST,
        ruleName: '标题',
        ruleColumn: 'title',
        ruleConditions: 'LIKE',
        ruleValue: '打印',
      }),
    ).result.id;
    const guestRole = await roleIdOf(db(), 'guest');
    expectRefused(
      await send('POST', '/sys/role/datarule', { permissionId: LIST, roleId: guestRole, dataRuleIds: rule }),
      MENU_TEXT.roleNoMenu,
    );
    expectRefused(
      await send('POST', '/sys/role/datarule', { permissionId: LIST, roleId: dispatchRole, dataRuleIds: 'other-rule' }),
      MENU_TEXT.ruleNotOfMenu,
    );
    expectRefused(
      await send('PUT', '/sys/permission/editPermissionRule', {
        id: rule,
        permissionId: 'menu-home',
        ruleName: '标题',
        ruleColumn: 'title',
        ruleConditions: 'LIKE',
        ruleValue: '打印',
      }),
      MENU_TEXT.ruleNotOfMenu,
    );
    const stored = await db()
      .selectFrom('sysPermissionDataRule')
      .selectAll()
      .where('id', '=', rule)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ permissionId: LIST, ruleConditions: 'LIKE', ruleValue: '打印', status: '1' });
  });

  it('a department role’s rules narrow its users’ list, among the rules chosen for its department', async () => {
    const lisiId = await userIdOf(db(), 'lisi');
    const whole = (await totalOf(lisi)).total;
    const { depId: departId } = await db()
      .selectFrom('sysUserDepart')
      .select('depId')
      .where('userId', '=', lisiId)
      .executeTakeFirstOrThrow();
    const own = body<{ id: string }>(
      await send('POST', '/sys/permission/addPermissionRule', {
        permissionId: LIST,
        ruleName: '只看自己创建的',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      }),
    ).result.id;
    const other = body<{ id: string }>(
      await send('POST', '/sys/permission/addPermissionRule', {
        permissionId: LIST,
        ruleName: '高优先级',
        ruleColumn: 'priority',
        ruleConditions: '=',
        ruleValue: 'H',
      }),
    ).result.id;
    const role = body<{ id: string }>(
      await send('POST', '/sys/sysDepartRole/add', { departId, roleName: '部门派单', roleCode: 'dept_dispatch' }),
    ).result.id;
    expect(role).toEqual(expect.any(String));

    // The department does not hold the menu yet: nothing to choose, nothing to save.
    expectRefused(await get(`/sys/sysDepartRole/datarule/${LIST}/${departId}/${role}`), MENU_TEXT.departRulesNone);
    expectRefused(
      await send('POST', '/sys/sysDepartPermission/datarule', { permissionId: LIST, departId, dataRuleIds: own }),
      MENU_TEXT.departNoMenu,
    );
    const granted = await send('POST', '/sys/permission/saveDepartPermission', {
      departId,
      permissionIds: LIST,
      lastpermissionIds: '',
    });
    expect(body(granted).success).toBe(true);
    const departRules = await send('POST', '/sys/sysDepartPermission/datarule', {
      permissionId: LIST,
      departId,
      dataRuleIds: own,
    });
    expect(body(departRules)).toMatchObject({ success: true, message: MENU_TEXT.dataRuleSaved });
    const forDepart = body<{ datarule: { id: string }[]; drChecked: string }>(
      await get(`/sys/sysDepartPermission/datarule/${LIST}/${departId}`),
    ).result;
    expect(forDepart.drChecked).toBe(own);
    expect(forDepart.datarule.map((r) => r.id)).toEqual(expect.arrayContaining([own, other]));

    // The role offers only its department's rules; it must hold the menu before choosing.
    const offered = body<{ datarule: { id: string }[]; drChecked: string }>(
      await get(`/sys/sysDepartRole/datarule/${LIST}/${departId}/${role}`),
    ).result;
    expect(offered).toEqual({ datarule: [expect.objectContaining({ id: own })], drChecked: '' });
    expectRefused(
      await send('POST', '/sys/sysDepartRole/datarule', { permissionId: LIST, roleId: role, dataRuleIds: own }),
      MENU_TEXT.roleNoMenu,
    );
    await send('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: role,
      permissionIds: LIST,
      lastpermissionIds: '',
    });
    expectRefused(
      await send('POST', '/sys/sysDepartRole/datarule', { permissionId: LIST, roleId: role, dataRuleIds: other }),
      MENU_TEXT.departRuleNotHeld,
    );
    expectRefused(
      await send('POST', '/sys/sysDepartRole/datarule', {
        permissionId: LIST,
        roleId: role,
        departId: 'another-depart',
        dataRuleIds: own,
      }),
      MENU_TEXT.deptRoleNotOfDepart,
    );
    const chosen = await send('POST', '/sys/sysDepartRole/datarule', {
      permissionId: LIST,
      roleId: role,
      departId,
      dataRuleIds: own,
    });
    expect(body(chosen)).toMatchObject({ success: true, message: MENU_TEXT.dataRuleSaved });

    // Not lisi's role yet: the list is whole. Given to lisi: narrowed to what lisi created.
    expect((await totalOf(lisi)).total).toBe(whole);
    const given = await send('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: lisiId,
      newRoleId: role,
      oldRoleId: '',
    });
    expect(body(given).success).toBe(true);
    const mine = (
      await db()
        .selectFrom('biWorkOrder')
        .select('id')
        .where('createBy', '=', 'lisi')
        .where('delFlag', '=', 0)
        .execute()
    ).length;
    const narrowed = await totalOf(lisi);
    expect(narrowed.total).toBe(mine);
    expect(narrowed.total).toBeLessThan(whole);

    // The department's rules narrowed to none: the role keeps none either, and the list is whole again.
    await send('POST', '/sys/sysDepartPermission/datarule', { permissionId: LIST, departId, dataRuleIds: '' });
    const link = await db()
      .selectFrom('sysDepartRolePermission')
      .select('dataRuleIds')
      .where('roleId', '=', role)
      .where('permissionId', '=', LIST)
      .executeTakeFirstOrThrow();
    expect(link.dataRuleIds).toBeNull();
    expect((await totalOf(lisi)).total).toBe(whole);
    // Hostile ids are refused before any SQL.
    expectRefused(
      await send('POST', '/sys/sysDepartRole/datarule', {
        permissionId: LIST,
        roleId: "x' or 1=1 --",
        dataRuleIds: '',
      }),
      MENU_TEXT.idInvalid,
    );
  });
});
