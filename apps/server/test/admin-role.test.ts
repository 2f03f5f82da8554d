/**
 * Role administration (issue 14, contract §2.8): role CRUD, the permission tree and a role's grants, the users of a
 * role, the built-in and administrator guards, hostile input — answers, what is stored, and nothing changed after
 * a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { TEXT } from '@houtai/shared/constants';
import { ROLE_TEXT, type PermissionTreeNode, type RoleRecord } from '@houtai/shared/contract/admin-role';
import type { PickerUser } from '@houtai/shared/contract/pickers';
import type { PermissionResult, MenuNode } from '@houtai/shared/contract/permission';
import { hashPassword } from '../src/lib/password.ts';
import { newId } from '../src/lib/ids.ts';
import { createUser, newUserRow } from '../src/modules/user/user.service.ts';
import { api, body, createTestApp, login, roleIdOf, TEST_PASSWORD, userIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.handle.db;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = adminToken) {
  return api(t.app, token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function roleRow(code: string) {
  return db().selectFrom('sysRole').selectAll().where('roleCode', '=', code).executeTakeFirst();
}

async function grantsOf(roleId: string): Promise<string[]> {
  const rows = await db().selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute();
  return rows.map((r) => r.permissionId).sort();
}

async function holdersOf(roleId: string): Promise<string[]> {
  const rows = await db().selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId).execute();
  return rows.map((r) => r.userId).sort();
}

async function permissionIdByCode(code: string): Promise<string> {
  return (await db().selectFrom('sysPermission').select('id').where('perms', '=', code).executeTakeFirstOrThrow()).id;
}

/** A new active account with the test password (no roles). */
async function newUser(username: string, status = 1): Promise<string> {
  const id = newId();
  await createUser(
    db(),
    newUserRow({ id, username, realname: `测试${username}`, password: await hashPassword(TEST_PASSWORD), status }),
  );
  return id;
}

async function addRole(roleCode: string, roleName = `角色${roleCode}`): Promise<RoleRecord> {
  const res = await call('POST', '/sys/role/add', { roleName, roleCode, description: '测试' });
  const b = body<RoleRecord>(res);
  expect(b.success, b.message).toBe(true);
  return b.result;
}

async function permissionsOf(token: string): Promise<PermissionResult> {
  const res = await api(t.app, token, {
    method: 'GET',
    url: '/sys/permission/getUserPermissionByToken',
    headers: { 'x-client': 'houtai' },
  });
  const b = body<PermissionResult>(res);
  expect(b.success).toBe(true);
  return b.result;
}

const flatten = (nodes: readonly MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const flattenTree = (nodes: readonly PermissionTreeNode[]): PermissionTreeNode[] =>
  nodes.flatMap((n) => [n, ...flattenTree(n.children ?? [])]);

describe('role CRUD', () => {
  it('adds, reads, edits (PUT and POST) and deletes a role', async () => {
    const created = await addRole('qa_crud', '质检角色');
    expect(created).toMatchObject({
      roleName: '质检角色',
      roleCode: 'qa_crud',
      description: '测试',
      createBy: 'admin',
    });
    const stored = await roleRow('qa_crud');
    expect(stored).toMatchObject({ id: created.id, roleName: '质检角色', createBy: 'admin', version: 1 });

    const byId = body<RoleRecord>(await call('GET', `/sys/role/queryById?id=${created.id}`));
    expect(byId.result).toMatchObject({ id: created.id, roleCode: 'qa_crud', roleName: '质检角色' });
    expect(byId.result.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const all = body<RoleRecord[]>(await call('GET', '/sys/role/queryall'));
    expect(all.result.map((r) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'guest', 'qa_crud']));
    const list = body<{ records: RoleRecord[]; total: number }>(await call('GET', '/sys/role/list?roleCode=qa_crud'));
    expect(list.result.records.map((r) => r.id)).toEqual([created.id]);

    const put = await call('PUT', '/sys/role/edit', { id: created.id, roleName: '质检角色2', roleCode: 'qa_crud2' });
    expect(body(put)).toMatchObject({ success: true, message: ADMIN_TEXT.edited });
    const post = await call('POST', '/sys/role/edit', { id: created.id, roleName: '质检角色3', description: null });
    expect(body(post)).toMatchObject({ success: true, message: ADMIN_TEXT.edited });
    expect(await roleRow('qa_crud2')).toMatchObject({
      roleName: '质检角色3',
      description: null,
      updateBy: 'admin',
      version: 3,
    });

    // A stale version is refused and changes nothing.
    const stale = await call('PUT', '/sys/role/edit', { id: created.id, roleName: '旧', version: 1 });
    expect(body(stale)).toMatchObject({ success: false, message: ADMIN_TEXT.stale });
    expect((await roleRow('qa_crud2'))?.roleName).toBe('质检角色3');

    // Delete removes the role with its user and permission links.
    const zhangsan = await userIdOf(db(), 'zhangsan');
    expect(
      body(await call('POST', '/sys/user/addSysUserRole', { roleId: created.id, userIdList: [zhangsan] })).success,
    ).toBe(true);
    const save = await call('POST', '/sys/permission/saveRolePermission', {
      roleId: created.id,
      permissionIds: 'menu-hr,menu-hr-shift',
      lastpermissionIds: '',
    });
    expect(body(save)).toMatchObject({ success: true, message: ROLE_TEXT.saved });
    expect(await grantsOf(created.id)).toEqual(['menu-hr', 'menu-hr-shift']);
    const del = await call('DELETE', `/sys/role/delete?id=${created.id}`);
    expect(body(del)).toMatchObject({ success: true, message: ADMIN_TEXT.deleted });
    expect(await roleRow('qa_crud2')).toBeUndefined();
    expect(await grantsOf(created.id)).toEqual([]);
    expect(await holdersOf(created.id)).toEqual([]);
    // zhangsan keeps his other roles.
    expect(await holdersOf(await roleIdOf(db(), 'staff'))).toContain(zhangsan);

    const gone = await call('GET', `/sys/role/queryById?id=${created.id}`);
    expect(body(gone)).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
  });

  it('deleteBatch takes a trailing comma', async () => {
    const a = await addRole('qa_batch_a');
    const b = await addRole('qa_batch_b');
    const res = await call('DELETE', `/sys/role/deleteBatch?ids=${a.id},${b.id},`);
    expect(body(res)).toMatchObject({ success: true, message: ADMIN_TEXT.deleted });
    expect(await roleRow('qa_batch_a')).toBeUndefined();
    expect(await roleRow('qa_batch_b')).toBeUndefined();
  });

  it('refuses a duplicate code (ignoring case) on add, edit and checkRoleCode', async () => {
    const role = await addRole('qa_dup');
    const other = await addRole('qa_other');
    const before = await db()
      .selectFrom('sysRole')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();

    for (const roleCode of ['qa_dup', 'QA_DUP', 'admin']) {
      const res = await call('POST', '/sys/role/add', { roleName: '重复', roleCode });
      expect(body(res)).toMatchObject({ success: false, message: ROLE_TEXT.roleCodeTaken });
    }
    const edit = await call('PUT', '/sys/role/edit', { id: other.id, roleName: 'x', roleCode: 'qa_dup' });
    expect(body(edit)).toMatchObject({ success: false, message: ROLE_TEXT.roleCodeTaken });
    expect((await roleRow('qa_other'))?.roleName).toBe('角色qa_other');
    const after = await db()
      .selectFrom('sysRole')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));

    expect(body(await call('GET', '/sys/role/checkRoleCode?roleCode=qa_dup'))).toMatchObject({
      success: false,
      message: ROLE_TEXT.roleCodeTaken,
    });
    // Its own code does not count when editing.
    expect(body(await call('GET', `/sys/role/checkRoleCode?id=${role.id}&roleCode=qa_dup`))).toMatchObject({
      success: true,
      result: true,
    });
    expect(body(await call('GET', '/sys/role/checkRoleCode?roleCode=qa_free'))).toMatchObject({
      success: true,
      result: true,
    });
  });

  it('refuses hostile values with the form messages and ignores unknown fields', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('sysRole')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const before = await count();
    const cases: [unknown, string][] = [
      [{ roleName: 'x', roleCode: "x' or '1'='1" }, ROLE_TEXT.roleCodeFormat],
      [{ roleName: 'x', roleCode: 'a;drop table sys_role;--' }, ROLE_TEXT.roleCodeFormat],
      [{ roleName: 'x', roleCode: 'a'.repeat(101) }, ROLE_TEXT.roleCodeTooLong],
      [{ roleName: 'x' }, ROLE_TEXT.roleCodeRequired],
      [{ roleName: '  ', roleCode: 'qa_blank' }, ROLE_TEXT.roleNameRequired],
      [{ roleName: '名'.repeat(101), roleCode: 'qa_long' }, ROLE_TEXT.roleNameTooLong],
      [{ roleName: 'x', roleCode: 'qa_desc', description: 'd'.repeat(501) }, ROLE_TEXT.descriptionTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/sys/role/add', payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    expect(await count()).toBe(before);

    // Unknown and server-owned fields are ignored.
    const res = await call('POST', '/sys/role/add', {
      roleName: '忽略字段',
      roleCode: 'qa_unknown',
      id: 'chosen-id',
      createBy: 'intruder',
      version: 99,
      tenantId: 7,
    });
    expect(body(res).success).toBe(true);
    const row = await roleRow('qa_unknown');
    expect(row).toMatchObject({ roleName: '忽略字段', createBy: 'admin', version: 1 });
    expect(row?.id).not.toBe('chosen-id');

    // 501 ids in one batch are refused; nothing deleted.
    const ids = [row!.id, ...Array.from({ length: ADMIN_LIMITS.idsPerBatch }, (_, i) => `id${i}`)].join(',');
    const batch = await call('DELETE', `/sys/role/deleteBatch?ids=${ids}`);
    expect(body(batch)).toMatchObject({ success: false, message: ADMIN_TEXT.tooManyIds });
    expect(await roleRow('qa_unknown')).toBeDefined();

    // SQL text in ids, filters and sorts never reaches SQL.
    const badId = await call('GET', `/sys/role/queryById?id=${encodeURIComponent("1' or '1'='1")}`);
    expect(body(badId)).toMatchObject({ success: false, message: ROLE_TEXT.idInvalid });
    const filter = await call('GET', `/sys/role/list?roleName=${encodeURIComponent("' or 1=1 --")}`);
    expect(body<{ total: number }>(filter)).toMatchObject({ success: true, result: { total: 0 } });
    const sort = await call('GET', `/sys/role/list?column=${encodeURIComponent('role_code; drop table sys_role')}`);
    expect(sort.statusCode).toBeLessThan(500);
    expect(body(sort).success).toBe(false);
    expect(await roleRow('admin')).toBeDefined();
  });
});

describe('built-in roles', () => {
  it('admin and guest cannot be deleted nor lose their codes', async () => {
    const adminId = await roleIdOf(db(), 'admin');
    const guestId = await roleIdOf(db(), 'guest');
    const extra = await addRole('qa_builtin');

    for (const url of [
      `/sys/role/delete?id=${adminId}`,
      `/sys/role/delete?id=${guestId}`,
      `/sys/role/deleteBatch?ids=${extra.id},${guestId}`,
    ]) {
      const res = await call('DELETE', url);
      expect(body(res)).toMatchObject({ success: false, message: ROLE_TEXT.builtInDelete });
    }
    // All or nothing: the other role of the refused batch is still there.
    expect(await roleRow('qa_builtin')).toBeDefined();
    expect(await roleRow('guest')).toBeDefined();
    expect((await grantsOf(adminId)).length).toBeGreaterThan(10);

    const rename = await call('PUT', '/sys/role/edit', { id: adminId, roleName: '管理员', roleCode: 'root' });
    expect(body(rename)).toMatchObject({ success: false, message: ROLE_TEXT.builtInCode });
    expect((await roleRow('admin'))?.id).toBe(adminId);
    // Its name may change.
    const named = await call('PUT', '/sys/role/edit', { id: adminId, roleName: '系统管理员', roleCode: 'admin' });
    expect(body(named).success).toBe(true);
    expect((await roleRow('admin'))?.roleName).toBe('系统管理员');
  });
});

describe('permission tree and grants', () => {
  it('answers the whole tree on both paths, ordered, with children only on non-leaves', async () => {
    const a = body<{ treeList: PermissionTreeNode[]; ids: string[] }>(await call('GET', '/sys/role/queryTreeList'));
    const b = body<{ treeList: PermissionTreeNode[]; ids: string[] }>(
      await call('GET', '/sys/permission/queryTreeList'),
    );
    expect(a.success).toBe(true);
    expect(b.result).toEqual(a.result);
    const live = await db().selectFrom('sysPermission').select('id').where('delFlag', '=', 0).execute();
    expect([...a.result.ids].sort()).toEqual(live.map((r) => r.id).sort());
    const nodes = flattenTree(a.result.treeList);
    expect(nodes).toHaveLength(live.length);

    const system = nodes.find((n) => n.key === 'menu-system')!;
    expect(system).toMatchObject({
      key: 'menu-system',
      value: 'menu-system',
      title: system.label,
      slotTitle: system.label,
      isLeaf: false,
    });
    const role = system.children!.find((n) => n.key === 'menu-system-role')!;
    const authorize = await permissionIdByCode(ADMIN_PERMISSIONS.role.authorize);
    const leaf = role.children!.find((n) => n.key === authorize)!;
    expect(leaf).toMatchObject({ isLeaf: true, parentId: 'menu-system-role', menuType: 2 });
    expect('children' in leaf).toBe(false);

    // Siblings in sortNo order.
    const sorts = await db()
      .selectFrom('sysPermission')
      .select(['id', 'sortNo'])
      .where('parentId', '=', 'menu-system')
      .where('delFlag', '=', 0)
      .execute();
    const sortOf = new Map(sorts.map((s) => [s.id, s.sortNo]));
    const order = system.children!.map((n) => sortOf.get(n.key)!);
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });

  it('grants two menus and a button to a role, a user of the role sees exactly them; a revoke is seen on the next load', async () => {
    const role = await addRole('qa_grant', '授权测试');
    const userId = await newUser('qagrant');
    const token = await login(t.app, 'qagrant');
    const button = await permissionIdByCode('hr:shift:edit');

    const save = await call('POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: `menu-hr,menu-hr-shift,${button}`,
      lastpermissionIds: '',
    });
    expect(body(save)).toMatchObject({ success: true, message: ROLE_TEXT.saved });
    const add = await call('POST', '/sys/user/addSysUserRole', { roleId: role.id, userIdList: [userId] });
    expect(body(add)).toMatchObject({ success: true, message: ADMIN_TEXT.added });
    expect(await holdersOf(role.id)).toEqual([userId]);

    const held = body<string[]>(await call('GET', `/sys/permission/queryRolePermission?roleId=${role.id}`));
    expect([...held.result].sort()).toEqual([button, 'menu-hr', 'menu-hr-shift'].sort());

    const seen = await permissionsOf(token);
    const menuIds = flatten(seen.menu).map((n) => n.id);
    // The home page is prepended for every user (permission-menu.test.ts); the rest is exactly the grant.
    expect(menuIds.filter((id) => id !== 'menu-home')).toEqual(['menu-hr', 'menu-hr-shift']);
    expect(seen.auth.map((e) => e.action)).toEqual(['hr:shift:edit']);

    // Revoke the button (diff: it was ticked when read, not now).
    const revoke = await call('POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: 'menu-hr,menu-hr-shift',
      lastpermissionIds: `menu-hr,menu-hr-shift,${button}`,
    });
    expect(body(revoke).success).toBe(true);
    expect(await grantsOf(role.id)).toEqual(['menu-hr', 'menu-hr-shift']);
    const after = await permissionsOf(token);
    expect(after.auth).toEqual([]);
    expect(
      flatten(after.menu)
        .map((n) => n.id)
        .filter((id) => id !== 'menu-home'),
    ).toEqual(['menu-hr', 'menu-hr-shift']);

    // The diff leaves ids the editor did not touch (a concurrent grant) in place.
    await call('POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: `${button}`,
      lastpermissionIds: '',
    });
    const partial = await call('POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: 'menu-hr',
      lastpermissionIds: 'menu-hr,menu-hr-shift',
    });
    expect(body(partial).success).toBe(true);
    expect(await grantsOf(role.id)).toEqual([button, 'menu-hr'].sort());

    // Taking the role away takes the menus away.
    const unlink = await call('DELETE', `/sys/user/deleteUserRole?roleId=${role.id}&userId=${userId}`);
    expect(body(unlink)).toMatchObject({ success: true, message: ADMIN_TEXT.deleted });
    const none = await permissionsOf(token);
    expect(
      flatten(none.menu)
        .map((n) => n.id)
        .filter((id) => id !== 'menu-home'),
    ).toEqual([]);
  });

  it('refuses unknown and too many ids, and changes nothing', async () => {
    const role = await addRole('qa_refuse');
    await call('POST', '/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: 'menu-hr' });
    const cases: [unknown, string][] = [
      [
        { roleId: role.id, permissionIds: 'menu-hr,no-such-menu', lastpermissionIds: 'menu-hr' },
        ROLE_TEXT.permissionUnknown,
      ],
      [{ roleId: role.id, permissionIds: "menu-hr,x' or 1=1 --" }, ROLE_TEXT.permissionIdsInvalid],
      [
        {
          roleId: role.id,
          permissionIds: Array.from({ length: ADMIN_LIMITS.permissionIds + 1 }, (_, i) => `p${i}`).join(','),
        },
        ROLE_TEXT.tooManyPermissions,
      ],
      [{ roleId: 'no-such-role', permissionIds: 'menu-hr' }, ADMIN_TEXT.notFound],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/sys/permission/saveRolePermission', payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    expect(await grantsOf(role.id)).toEqual(['menu-hr']);
  });

  it('the admin role keeps what administering roles needs', async () => {
    const adminId = await roleIdOf(db(), 'admin');
    const before = await grantsOf(adminId);
    const authorize = await permissionIdByCode(ADMIN_PERMISSIONS.role.authorize);
    const list = await permissionIdByCode(ADMIN_PERMISSIONS.role.list);
    for (const removed of [authorize, list, 'menu-system-role', 'menu-system']) {
      const res = await call('POST', '/sys/permission/saveRolePermission', {
        roleId: adminId,
        permissionIds: before.filter((id) => id !== removed).join(','),
        lastpermissionIds: before.join(','),
      });
      expect(body(res)).toMatchObject({ success: false, message: ROLE_TEXT.adminKeepsRoleAdmin });
    }
    expect(await grantsOf(adminId)).toEqual(before);
    // Other grants of the admin role may be taken away and given back.
    const res = await call('POST', '/sys/permission/saveRolePermission', {
      roleId: adminId,
      permissionIds: before.filter((id) => id !== 'menu-hr-shift').join(','),
      lastpermissionIds: before.join(','),
    });
    expect(body(res).success).toBe(true);
    expect(await grantsOf(adminId)).not.toContain('menu-hr-shift');
    await call('POST', '/sys/permission/saveRolePermission', { roleId: adminId, permissionIds: before.join(',') });
    expect(await grantsOf(adminId)).toEqual(before);
  });
});

describe('users of a role', () => {
  it('lists the live users of a role in the user list shape, filtered and paged', async () => {
    const staff = await roleIdOf(db(), 'staff');
    const res = await call('GET', `/sys/user/userRoleList?roleId=${staff}&pageNo=1&pageSize=2`);
    const page = body<{ records: PickerUser[]; total: number; size: number; current: number }>(res).result;
    const expected = await holdersOf(staff);
    expect(page.total).toBe(expected.length);
    expect(page.records).toHaveLength(2);
    expect(typeof page.records[0]?.username).toBe('string');
    expect(typeof page.records[0]?.realname).toBe('string');
    expect(page.records[0]).toHaveProperty('orgCodeTxt');
    expect(page.records[0]).toHaveProperty('status_dictText');
    expect(JSON.stringify(page.records)).not.toMatch(/password|salt/);

    const one = body<{ records: PickerUser[]; total: number }>(
      await call('GET', `/sys/user/userRoleList?roleId=${staff}&username=lisi`),
    ).result;
    expect(one.records.map((u) => u.username)).toEqual(['lisi']);
    const hostile = await call(
      'GET',
      `/sys/user/userRoleList?roleId=${staff}&username=${encodeURIComponent("' or '1'='1")}`,
    );
    expect(body(hostile)).toMatchObject({ success: true, result: { total: 0 } });
    const missing = await call('GET', '/sys/user/userRoleList');
    expect(body(missing)).toMatchObject({ success: false, message: ROLE_TEXT.idRequired });
  });

  it('adds users (skipping those who hold the role) and refuses unknown users', async () => {
    const role = await addRole('qa_users');
    const lisi = await userIdOf(db(), 'lisi');
    const wangwu = await userIdOf(db(), 'wangwu');
    expect(body(await call('POST', '/sys/user/addSysUserRole', { roleId: role.id, userIdList: [lisi] })).success).toBe(
      true,
    );
    const again = await call('POST', '/sys/user/addSysUserRole', {
      roleId: role.id,
      userIdList: [lisi, wangwu],
      extra: 'ignored',
    });
    expect(body(again).success).toBe(true);
    expect(await holdersOf(role.id)).toEqual([lisi, wangwu].sort());

    const unknown = await call('POST', '/sys/user/addSysUserRole', {
      roleId: role.id,
      userIdList: [await userIdOf(db(), 'zhangsan'), 'no-such-user'],
    });
    expect(body(unknown)).toMatchObject({ success: false, message: ROLE_TEXT.userUnknown });
    const tooMany = await call('POST', '/sys/user/addSysUserRole', {
      roleId: role.id,
      userIdList: Array.from({ length: ADMIN_LIMITS.idsPerBatch + 1 }, (_, i) => `u${i}`),
    });
    expect(body(tooMany)).toMatchObject({ success: false, message: ADMIN_TEXT.tooManyIds });
    const empty = await call('POST', '/sys/user/addSysUserRole', { roleId: role.id, userIdList: [] });
    expect(body(empty)).toMatchObject({ success: false, message: ROLE_TEXT.userIdsRequired });
    expect(await holdersOf(role.id)).toEqual([lisi, wangwu].sort());

    const batch = await call('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${role.id}&userIds=${lisi},${wangwu},`);
    expect(body(batch)).toMatchObject({ success: true, message: ADMIN_TEXT.deleted });
    expect(await holdersOf(role.id)).toEqual([]);
  });

  it('never takes the admin role from oneself nor from the last active administrator', async () => {
    const adminRole = await roleIdOf(db(), 'admin');
    const adminUser = await userIdOf(db(), 'admin');

    // A role administrator who is not an administrator.
    const ops = await addRole('qa_role_ops');
    const opsUser = await newUser('qaroleops');
    const usersCode = await permissionIdByCode(ADMIN_PERMISSIONS.role.users);
    await call('POST', '/sys/permission/saveRolePermission', { roleId: ops.id, permissionIds: usersCode });
    await call('POST', '/sys/user/addSysUserRole', { roleId: ops.id, userIdList: [opsUser] });
    const opsToken = await login(t.app, 'qaroleops');

    // A frozen administrator does not count as an active one.
    const frozen = await newUser('qafrozenadmin', 2);
    await call('POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [frozen] });
    const holders = await holdersOf(adminRole);

    const own = await call('DELETE', `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${adminUser}`);
    expect(body(own)).toMatchObject({ success: false, message: ADMIN_TEXT.ownAdminRole });
    const ownBatch = await call(
      'DELETE',
      `/sys/user/deleteUserRoleBatch?roleId=${adminRole}&userIds=${frozen},${adminUser}`,
    );
    expect(body(ownBatch)).toMatchObject({ success: false, message: ADMIN_TEXT.ownAdminRole });

    const last = await call(
      'DELETE',
      `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${adminUser}`,
      undefined,
      opsToken,
    );
    expect(body(last)).toMatchObject({ success: false, message: ADMIN_TEXT.lastAdmin });
    const lastBatch = await call(
      'DELETE',
      `/sys/user/deleteUserRoleBatch?roleId=${adminRole}&userIds=${adminUser},${frozen}`,
      undefined,
      opsToken,
    );
    expect(body(lastBatch)).toMatchObject({ success: false, message: ADMIN_TEXT.lastAdmin });
    expect(await holdersOf(adminRole)).toEqual(holders);

    // With a second active administrator the first may lose the role (here the frozen one is removed first).
    const frozenOut = await call(
      'DELETE',
      `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${frozen}`,
      undefined,
      opsToken,
    );
    expect(body(frozenOut).success).toBe(true);
    const second = await newUser('qasecondadmin');
    await call('POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [second] });
    const ok = await call(
      'DELETE',
      `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${second}`,
      undefined,
      opsToken,
    );
    expect(body(ok).success).toBe(true);
    expect(await holdersOf(adminRole)).toEqual([adminUser]);

    // Two administrators taking the role from each other at the same moment: one of them stays (on PostgreSQL the
    // second transaction waits for the first's row locks and counts what it committed).
    const third = await newUser('qathirdadmin');
    await call('POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [third] });
    const thirdToken = await login(t.app, 'qathirdadmin');
    const both = await Promise.all([
      call('DELETE', `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${third}`),
      call('DELETE', `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${adminUser}`, undefined, thirdToken),
    ]);
    expect(both.map((r) => body(r).success).sort()).toEqual([false, true]);
    // The refused one says lastAdmin, or — when the other had finished before it started — 没有权限 (its caller
    // is no administrator any more).
    const refused = both.find((r) => !body(r).success)!;
    expect([ADMIN_TEXT.lastAdmin, TEXT.noPermission]).toContain(body(refused).message);
    const left = await holdersOf(adminRole);
    expect(left).toHaveLength(1);
    if (!left.includes(adminUser)) {
      await call('POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [adminUser] }, thirdToken);
      await call('DELETE', `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${third}`);
    }
    expect(await holdersOf(adminRole)).toEqual([adminUser]);

    // The role administrator cannot reach the other administration calls.
    const denied = await call('POST', '/sys/role/add', { roleName: 'x', roleCode: 'qa_denied' }, opsToken);
    expect(denied.statusCode).toBe(403);
  });
});
