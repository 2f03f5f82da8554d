/**
 * Department administration (issue 14): the tree, org-code generation, add / edit / move, parent cycles, logical
 * delete and its refusals, department permissions and roles reaching a user's permission load, and hostile input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { DEPART_TEXT } from '@houtai/shared/contract/admin-depart';
import { nextOrgCode, segmentAt, segmentOrdinal } from '../src/modules/depart/depart-org-code.ts';
import { adminButtonId } from '../src/db/seed/admin-permissions.ts';
import { newId } from '../src/lib/ids.ts';
import { api, body, createTestApp, login, userIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let staff: string;
let guest: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, guest] = await Promise.all([login(t.app, 'admin'), login(t.app, 'zhangsan'), login(t.app, 'guest')]);
});
afterAll(async () => {
  await t.close();
});

interface TreeNode {
  key: string;
  children?: TreeNode[];
}

interface Node {
  id: string;
  key: string;
  title: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgType: string;
  orgCategory: string;
  departOrder: number;
  memo: string | null;
  createBy: string | null;
  delFlag: string;
  isLeaf: boolean;
  children: Node[] | null;
}

async function call<T = unknown>(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await api(t.app, token, { method, url, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: body<T>(res), text: res.body };
}

const get = <T = unknown>(url: string, token = admin) => call<T>(token, 'GET', url);
const post = <T = unknown>(url: string, payload: object, token = admin) => call<T>(token, 'POST', url, payload);

function flatten(nodes: readonly Node[] | null): Node[] {
  return (nodes ?? []).flatMap((n) => [n, ...flatten(n.children)]);
}

async function tree(): Promise<Node[]> {
  const res = await get<Node[]>('/sys/sysDepart/queryTreeList');
  expect(res.body.success).toBe(true);
  return flatten(res.body.result);
}

async function row(id: string) {
  return t.handle.db.selectFrom('sysDepart').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function departIdOf(orgCode: string): Promise<string> {
  return (
    await t.handle.db.selectFrom('sysDepart').select('id').where('orgCode', '=', orgCode).executeTakeFirstOrThrow()
  ).id;
}

async function addDepart(payload: object) {
  const res = await post<Node>('/sys/sysDepart/add', payload);
  expect(res.body.success, res.body.message).toBe(true);
  expect(res.body.message).toBe(ADMIN_TEXT.added);
  return res.body.result;
}

async function snapshot() {
  return t.handle.db.selectFrom('sysDepart').selectAll().orderBy('id').execute();
}

describe('org codes', () => {
  it('follow the A01 … A99, B01 … Z99, Z99A01 sequence', () => {
    expect(segmentAt(0)).toBe('A01');
    expect(segmentAt(98)).toBe('A99');
    expect(segmentAt(99)).toBe('B01');
    expect(segmentAt(segmentOrdinal('Z99')! + 1)).toBe('Z99A01');
    expect(segmentOrdinal('Z99A01')).toBe(segmentOrdinal('Z99')! + 1);
    expect(segmentOrdinal('A00')).toBeNull();
    expect(segmentOrdinal('a01')).toBeNull();
    expect(nextOrgCode('', [])).toBe('A01');
    expect(nextOrgCode('', ['A01', 'A02', 'A01A01'])).toBe('A03');
    expect(nextOrgCode('A01', ['A01', 'A01A01', 'A01A99'])).toBe('A01B01');
    expect(nextOrgCode('', ['Z99'])).toBe('Z99A01');
    // A code some other code already starts with is skipped.
    expect(nextOrgCode('', ['A01', 'A02A01'])).toBe('A03');
    expect(nextOrgCode('A'.repeat(63), [])).toBeNull();
  });

  it('a new top-level department takes the next code after the highest, level 1, company by default', async () => {
    // Seeded roots: A01, A02, A03, A10.
    const d = await addDepart({ departName: '测试集团', departOrder: 9 });
    expect(d.orgCode).toBe('A11');
    expect(d.orgType).toBe('1');
    expect(d.orgCategory).toBe('1');
    expect(d.parentId).toBeNull();
    const child1 = await addDepart({ departName: '测试一部', parentId: d.id });
    const child2 = await addDepart({ departName: '测试二部', parentId: d.id, orgCategory: '3', memo: '备注' });
    expect([child1.orgCode, child2.orgCode]).toEqual(['A11A01', 'A11A02']);
    expect(child1.orgType).toBe('2');
    expect(child1.orgCategory).toBe('2');
    expect(child2.orgCategory).toBe('3');
    const grandchild = await addDepart({ departName: '测试小组', parentId: child1.id });
    expect(grandchild.orgCode).toBe('A11A01A01');
    expect(grandchild.orgType).toBe('3');
    const nodes = await tree();
    const root = nodes.find((n) => n.id === d.id)!;
    expect(root.isLeaf).toBe(false);
    expect(root.children!.map((c) => c.departName)).toEqual(['测试一部', '测试二部']);
    const leaf = nodes.find((n) => n.id === child2.id)!;
    expect(leaf).toMatchObject({ isLeaf: true, children: null, key: child2.id, title: '测试二部', memo: '备注' });
  });

  it('after A99 comes B01; a client cannot choose the code, level, id or delete flag', async () => {
    const parent = await departIdOf('A11');
    await t.handle.db
      .insertInto('sysDepart')
      .values({
        id: newId(),
        parentId: parent,
        departName: '旧部门',
        orgCode: 'A11A99',
        orgType: '2',
        createBy: 'x',
        createTime: null,
        updateBy: null,
        updateTime: null,
        departNameEn: null,
        departNameAbbr: null,
        description: null,
        mobile: null,
        fax: null,
        address: null,
        memo: null,
      })
      .execute();
    const d = await addDepart({
      departName: '新部门',
      parentId: parent,
      orgCode: 'ZZZ',
      orgType: '9',
      id: 'chosen-id',
      delFlag: '1',
      createBy: 'hacker',
      unknownField: "x'; drop table sys_depart; --",
    });
    expect(d.orgCode).toBe('A11B01');
    expect(d.orgType).toBe('2');
    expect(d.id).not.toBe('chosen-id');
    expect(d.delFlag).toBe('0');
    expect(d.createBy).toBe('admin');
  });

  it('refuses an unknown parent, a missing or too long name, a bad category, and stores nothing', async () => {
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ departName: '孤儿', parentId: 'no-such-depart' }, DEPART_TEXT.parentNotFound],
      [{ departName: '' }, DEPART_TEXT.departNameRequired],
      [{}, DEPART_TEXT.departNameRequired],
      [{ departName: '长'.repeat(101) }, DEPART_TEXT.departNameTooLong],
      [{ departName: '类别', orgCategory: '9' }, DEPART_TEXT.orgCategoryInvalid],
      [{ departName: '排序', departOrder: 'abc' }, DEPART_TEXT.orderInvalid],
      [{ departName: '上级', parentId: "1' or '1'='1" }, DEPART_TEXT.idInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/sys/sysDepart/add', payload);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(message);
      expect(res.status).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('edit and move', () => {
  it('edits the fields (PUT and POST); fields the body leaves out keep their values', async () => {
    const id = await departIdOf('A11A02');
    const put = await call<Node>(admin, 'PUT', '/sys/sysDepart/edit', {
      id,
      departName: '测试二部（改）',
      departOrder: 5,
      mobile: '021-1234',
    });
    expect(put.body.success, put.body.message).toBe(true);
    expect(put.body.message).toBe(ADMIN_TEXT.edited);
    expect(put.body.result).toMatchObject({ departName: '测试二部（改）', memo: '备注', orgCode: 'A11A02' });
    const viaPost = await post<Node>('/sys/sysDepart/edit', { id, departName: '测试二部', memo: '' });
    expect(viaPost.body.success).toBe(true);
    const r = await row(id);
    expect(r).toMatchObject({
      departName: '测试二部',
      memo: null,
      mobile: '021-1234',
      departOrder: 5,
      updateBy: 'admin',
    });
  });

  it('refuses a parent among the department itself or its descendants, and changes nothing', async () => {
    const root = await departIdOf('A11');
    const before = await snapshot();
    for (const parentId of [root, await departIdOf('A11A01'), await departIdOf('A11A01A01')]) {
      const res = await post('/sys/sysDepart/edit', { id: root, departName: '测试集团', parentId });
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(ADMIN_TEXT.parentCycle);
    }
    const unknown = await post('/sys/sysDepart/edit', { id: root, departName: 'x', parentId: 'nobody' });
    expect(unknown.body.message).toBe(DEPART_TEXT.parentNotFound);
    const missing = await post('/sys/sysDepart/edit', { id: 'nobody', departName: 'x' });
    expect(missing.body.message).toBe(ADMIN_TEXT.notFound);
    expect(await snapshot()).toEqual(before);
  });

  it('moving a department recodes its subtree and the users whose current department is in it', async () => {
    const moved = await departIdOf('A11A01');
    const grandchild = await departIdOf('A11A01A01');
    const userId = newId();
    await t.handle.db
      .insertInto('sysUser')
      .values({
        id: userId,
        username: 'mover',
        realname: '搬家',
        orgCode: 'A11A01A01',
        password: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
        nickname: null,
        avatar: null,
        birthday: null,
        sex: null,
        email: null,
        phone: null,
        workNo: null,
        post: null,
        telephone: null,
        thirdOrgCode: null,
        accountId: null,
        userIdentity: null,
        departIds: null,
        settings: null,
      })
      .execute();
    await t.handle.db.insertInto('sysUserDepart').values({ id: newId(), userId, depId: grandchild }).execute();
    // Business rows stamped with the subtree's codes (a position written there), and one of another department.
    const stamp = (id: string, code: string, orgCode: string) => ({
      id,
      code,
      name: code,
      postRank: null,
      companyId: null,
      sysOrgCode: orgCode,
      createBy: null,
      createTime: null,
      updateBy: null,
      updateTime: null,
    });
    await t.handle.db
      .insertInto('sysPosition')
      .values([
        stamp('pos-moved', 'move_a', 'A11A01'),
        stamp('pos-moved-child', 'move_b', 'A11A01A01'),
        stamp('pos-stays', 'move_c', 'A11'),
      ])
      .execute();

    // A02 has one child, A02A01: the moved department becomes A02A02, level 2; its child A02A02A01, level 3.
    const res = await post<Node>('/sys/sysDepart/edit', {
      id: moved,
      departName: '测试一部',
      parentId: await departIdOf('A02'),
    });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result.orgCode).toBe('A02A02');
    expect(await row(moved)).toMatchObject({ orgCode: 'A02A02', orgType: '2', parentId: await departIdOf('A02') });
    expect(await row(grandchild)).toMatchObject({ orgCode: 'A02A02A01', orgType: '3' });
    const user = await t.handle.db
      .selectFrom('sysUser')
      .select('orgCode')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.orgCode).toBe('A02A02A01');
    const stamps = await t.handle.db
      .selectFrom('sysPosition')
      .select(['id', 'sysOrgCode'])
      .where('id', 'in', ['pos-moved', 'pos-moved-child', 'pos-stays'])
      .orderBy('id')
      .execute();
    expect(stamps).toEqual([
      { id: 'pos-moved', sysOrgCode: 'A02A02' },
      { id: 'pos-moved-child', sysOrgCode: 'A02A02A01' },
      { id: 'pos-stays', sysOrgCode: 'A11' },
    ]);
    // The old codes are free of the subtree; the subtree reads by prefix find it under its new parent.
    const sub = await get<Node[]>('/sys/sysDepart/queryIdTree?orgCode=A02');
    expect(flatten(sub.body.result).map((n) => n.id)).toEqual(expect.arrayContaining([moved, grandchild]));

    // To the top level: blank parent.
    const top = await post<Node>('/sys/sysDepart/edit', { id: moved, departName: '测试一部', parentId: '' });
    expect(top.body.result).toMatchObject({ orgCode: 'A12', orgType: '1', parentId: null });
    expect((await row(grandchild)).orgCode).toBe('A12A01');
  });
});

describe('delete', () => {
  it('refuses while live sub-departments or live users depend on it, naming the reason, and changes nothing', async () => {
    const before = await snapshot();
    const parent = await departIdOf('A03');
    const withChildren = await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${parent}`);
    expect(withChildren.body.success).toBe(false);
    expect(withChildren.body.message).toBe('部门“华东事业部”下还有下级部门，不能删除');

    // zhangsan is in 上海销售部 (A03A01).
    const withUsers = await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${await departIdOf('A03A01')}`);
    expect(withUsers.body.message).toBe('部门“上海销售部”下还有 1 名用户，不能删除');

    // All or nothing: an empty department in the same batch stays.
    const empty = await departIdOf('A11A02');
    const batch = await call(admin, 'DELETE', `/sys/sysDepart/deleteBatch?ids=${empty},${await departIdOf('A03A01')},`);
    expect(batch.body.message).toBe(DEPART_TEXT.hasUsers('上海销售部', 1));
    expect(await snapshot()).toEqual(before);
  });

  it('a deleted user does not count; a batch may delete a parent with its children; deleted ones leave the tree', async () => {
    const root = await departIdOf('A11');
    const children = await t.handle.db.selectFrom('sysDepart').select('id').where('parentId', '=', root).execute();
    const userId = newId();
    await t.handle.db
      .insertInto('sysUser')
      .values({
        id: userId,
        username: 'gone',
        realname: '已删',
        orgCode: null,
        delFlag: 1,
        password: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
        nickname: null,
        avatar: null,
        birthday: null,
        sex: null,
        email: null,
        phone: null,
        workNo: null,
        post: null,
        telephone: null,
        thirdOrgCode: null,
        accountId: null,
        userIdentity: null,
        departIds: null,
        settings: null,
      })
      .execute();
    await t.handle.db.insertInto('sysUserDepart').values({ id: newId(), userId, depId: root }).execute();

    const ids = [root, ...children.map((c) => c.id)];
    const res = await call(admin, 'DELETE', `/sys/sysDepart/deleteBatch?ids=${ids.join(',')}`);
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.message).toBe(ADMIN_TEXT.deleted);
    for (const id of ids) expect((await row(id)).delFlag).toBe('1');
    const nodes = await tree();
    expect(nodes.some((n) => ids.includes(n.id))).toBe(false);
    // The name is still known (history), the code stays taken: the next top-level department skips it.
    const next = await addDepart({ departName: '再来一个' });
    expect(next.orgCode).toBe('A13');
    const again = await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${root}`);
    expect(again.body.message).toBe(ADMIN_TEXT.notFound);
  });
});

describe('small reads', () => {
  it('queryAllParentId, getDepartName, getUsersByDepartId', async () => {
    const leaf = await departIdOf('A03A01');
    const parents = await get<Record<string, { parentIds: string[]; parentMap: Record<string, Node> }>>(
      `/sys/sysDepart/queryAllParentId?departId=${leaf}`,
    );
    expect(parents.body.result[leaf]!.parentIds).toEqual([await departIdOf('A03')]);
    const byCode = await get<Record<string, { parentIds: string[] }>>('/sys/sysDepart/queryAllParentId?orgCode=A03A01');
    expect(byCode.body.result['A03A01']!.parentIds).toEqual([await departIdOf('A03')]);
    const none = await get('/sys/sysDepart/queryAllParentId');
    expect(none.body).toMatchObject({ success: false, message: DEPART_TEXT.parentQueryRequired });

    const name = await get<string>('/sys/sysDepart/getDepartName?orgCode=A03A01');
    expect(name.body.result).toBe('上海销售部');

    const users = await get<{ username: string; password?: string }[]>(`/sys/sysDepart/getUsersByDepartId?id=${leaf}`);
    expect(users.body.result.map((u) => u.username)).toEqual(['zhangsan']);
    expect(users.text).not.toContain('password');
  });

  it('the tree of ids only; the pickers still answer', async () => {
    const ids = [await departIdOf('A03'), await departIdOf('A03A01')];
    const res = await get<Node[]>(`/sys/sysDepart/queryTreeList?ids=${ids.join(',')}`);
    expect(res.body.result).toHaveLength(1);
    expect(res.body.result[0]!.children!.map((c) => c.id)).toEqual([ids[1]]);
    for (const url of [
      '/sys/sysDepart/queryDepartTreeSync',
      '/sys/sysDepart/queryIdTree',
      '/sys/sysDepart/queryMyDeptTreeList',
    ]) {
      expect((await get(url, staff)).body.success).toBe(true);
    }
  });
});

describe('department permissions and roles', () => {
  const top = 'menu-system';
  const menu = 'menu-system-depart';
  const listButton = adminButtonId('system:depart:list');
  const addButton = adminButtonId('system:depart:add');
  let departId: string;
  let roleId: string;

  async function authOf(token: string): Promise<string[]> {
    const res = await get<{ auth: { action: string }[] }>('/sys/permission/getUserPermissionByToken', token);
    return res.body.result.auth.map((a) => a.action);
  }

  it('a department holds permissions (diff-based save); unknown ids are ignored', async () => {
    departId = await departIdOf('A03A01');
    const res = await post('/sys/permission/saveDepartPermission', {
      departId,
      permissionIds: `${top},${menu},${listButton},${addButton},no-such-permission`,
      lastpermissionIds: '',
    });
    expect(res.body.success, res.body.message).toBe(true);
    const held = await get<string[]>(`/sys/permission/queryDepartPermission?departId=${departId}`);
    expect([...held.body.result].sort()).toEqual([addButton, listButton, menu, top].sort());
    const tree = await get<{ treeList: TreeNode[]; ids: string[] }>(
      `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${departId}`,
    );
    expect([...tree.body.result.ids].sort()).toEqual([addButton, listButton, menu, top].sort());
    expect(tree.body.result.treeList.map((n) => n.key)).toEqual([top]);
    const screen = tree.body.result.treeList[0]!.children!.find((n) => n.key === menu)!;
    expect(screen.children!.map((c) => c.key).sort()).toEqual([addButton, listButton].sort());
  });

  it('department roles: add, duplicate code refused, edit, list, queryById', async () => {
    const created = await post<{ id: string; roleCode: string }>('/sys/sysDepartRole/add', {
      departId,
      roleName: '部门管理员',
      roleCode: 'dept_admin',
    });
    expect(created.body.success, created.body.message).toBe(true);
    roleId = created.body.result.id;
    const dup = await post('/sys/sysDepartRole/add', { departId, roleName: '重复', roleCode: 'dept_admin' });
    expect(dup.body).toMatchObject({ success: false, message: DEPART_TEXT.roleCodeTaken });
    const bad = await post('/sys/sysDepartRole/add', { departId, roleName: '坏', roleCode: "x' or 1=1" });
    expect(bad.body.message).toBe(DEPART_TEXT.roleCodeInvalid);
    const edited = await call(admin, 'PUT', '/sys/sysDepartRole/edit', {
      id: roleId,
      roleName: '部门管理员2',
      roleCode: 'dept_admin',
      description: '说明',
    });
    expect(edited.body.success, edited.body.message).toBe(true);
    const page = await get<{ records: { id: string; roleName: string }[]; total: number }>(
      `/sys/sysDepartRole/list?deptId=${departId}`,
    );
    expect(page.body.result.total).toBe(1);
    expect(page.body.result.records[0]).toMatchObject({ id: roleId, roleName: '部门管理员2' });
    expect(
      (await get<{ description: string }>(`/sys/sysDepartRole/queryById?id=${roleId}`)).body.result.description,
    ).toBe('说明');
    const roles = await get<{ id: string }[]>(`/sys/sysDepartRole/getDeptRoleList?departId=${departId}`);
    expect(roles.body.result.map((r) => r.id)).toEqual([roleId]);
  });

  it('only permissions the department holds can be granted to its roles', async () => {
    const before = await get<string[]>(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`);
    const refused = await post('/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      permissionIds: `${menu},${adminButtonId('system:depart:delete')}`,
      lastpermissionIds: '',
    });
    expect(refused.body).toMatchObject({ success: false, message: DEPART_TEXT.permissionNotHeld });
    const after = await get<string[]>(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`);
    expect(after.body.result).toEqual(before.body.result);
  });

  it('a department role grant reaches the user at the next permission load, and is taken back', async () => {
    expect(await authOf(staff)).not.toContain('system:depart:list');
    expect((await get(`/sys/sysDepart/getUsersByDepartId?id=${departId}`, staff)).status).toBe(403);

    const grant = await post('/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      permissionIds: `${top},${menu},${listButton}`,
      lastpermissionIds: '',
    });
    expect(grant.body.success, grant.body.message).toBe(true);
    const zhangsan = await userIdOf(t.handle.db, 'zhangsan');

    // Only to a member of the role's department.
    const outsider = await post('/sys/sysDepartRole/deptRoleUserAdd', {
      userId: await userIdOf(t.handle.db, 'lisi'),
      newRoleId: roleId,
      oldRoleId: '',
    });
    expect(outsider.body.message).toBe(DEPART_TEXT.userNotMember('上海销售部'));

    const assign = await post('/sys/sysDepartRole/deptRoleUserAdd', {
      userId: zhangsan,
      newRoleId: `${roleId},`,
      oldRoleId: '',
    });
    expect(assign.body.success, assign.body.message).toBe(true);
    const links = await get<{ droleId: string }[]>(
      `/sys/sysDepartRole/getDeptRoleByUserId?userId=${zhangsan}&departId=${departId}`,
    );
    expect(links.body.result.map((l) => l.droleId)).toEqual([roleId]);

    expect(await authOf(staff)).toContain('system:depart:list');
    expect(await authOf(staff)).not.toContain('system:depart:add');
    const menuRes = await get('/sys/permission/getUserPermissionByToken', staff);
    expect(menuRes.text).toContain('/isystem/depart');
    expect((await get(`/sys/sysDepart/getUsersByDepartId?id=${departId}`, staff)).status).toBe(200);

    // Taking the permission from the department takes it from its roles.
    const take = await post('/sys/permission/saveDepartPermission', {
      departId,
      permissionIds: `${top},${menu},${addButton}`,
      lastpermissionIds: `${top},${menu},${listButton},${addButton}`,
    });
    expect(take.body.success).toBe(true);
    expect(
      (await get<string[]>(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`)).body.result,
    ).toEqual([top, menu]);
    expect(await authOf(staff)).not.toContain('system:depart:list');
    expect((await get(`/sys/sysDepart/getUsersByDepartId?id=${departId}`, staff)).status).toBe(403);
  });

  it('deleting a role removes its grants and user links', async () => {
    const res = await call(admin, 'DELETE', `/sys/sysDepartRole/deleteBatch?ids=${roleId},unknown`);
    expect(res.body.success, res.body.message).toBe(true);
    const left = await t.handle.db.selectFrom('sysDepartRoleUser').select('id').where('droleId', '=', roleId).execute();
    expect(left).toEqual([]);
    const grants = await t.handle.db
      .selectFrom('sysDepartRolePermission')
      .select('id')
      .where('roleId', '=', roleId)
      .execute();
    expect(grants).toEqual([]);
  });
});

describe('hostile input and policies', () => {
  it('SQL text in searchBy and ids stays a bound value or is refused', async () => {
    const evil = "x' or '1'='1'; drop table sys_depart; --";
    const search = await get<Node[]>(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent(evil)}`);
    expect(search.body.success).toBe(true);
    expect(search.body.result).toEqual([]);
    const ids = await get(`/sys/sysDepart/queryTreeList?ids=${encodeURIComponent(evil)}`);
    expect(ids.body).toMatchObject({ success: false, message: DEPART_TEXT.idInvalid });
    const del = await call(admin, 'DELETE', `/sys/sysDepart/deleteBatch?ids=${encodeURIComponent(evil)}`);
    expect(del.body.success).toBe(false);
    expect(ids.text).not.toMatch(/select|sqlite|syntax/i);
    expect((await tree()).length).toBeGreaterThan(5);
    for (const s of t.statements) expect(s.sql).not.toContain('drop table');
  });

  it('oversized lists are refused with the limits’ messages', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `d${i}`).join(',');
    const batch = await call(admin, 'DELETE', `/sys/sysDepart/deleteBatch?ids=${ids}`);
    expect(batch.body).toMatchObject({ success: false, message: ADMIN_TEXT.tooManyIds });
    const perms = Array.from({ length: 5001 }, (_, i) => `p${i}`).join(',');
    const save = await post('/sys/permission/saveDepartPermission', {
      departId: await departIdOf('A03A01'),
      permissionIds: perms,
      lastpermissionIds: '',
    });
    expect(save.body).toMatchObject({ success: false, message: DEPART_TEXT.tooManyPermissions });
  });

  it('the guest is refused; staff hold the picker reads but not the writes', async () => {
    expect((await get('/sys/sysDepart/queryTreeList', guest)).status).toBe(403);
    expect((await get('/sys/sysDepart/queryTreeList', staff)).status).toBe(200);
    expect((await post('/sys/sysDepart/add', { departName: 'x' }, staff)).status).toBe(403);
    expect((await post('/sys/permission/saveDepartPermission', { departId: 'x' }, staff)).status).toBe(403);
    expect((await call(null, 'GET', '/sys/sysDepartRole/list')).status).toBe(401);
  });
});
