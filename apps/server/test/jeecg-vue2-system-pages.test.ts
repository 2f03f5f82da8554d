/**
 * Issue 14 deliverable 8: the unmodified JeecgBoot Vue2 UI's system pages — 用户管理, 角色管理, 菜单管理, 部门管理,
 * 数据字典, 分类字典 and 职务 — replayed against our server with that client's parameters (JeecgListMixin: pageNo,
 * pageSize, column=createTime, order=desc, field=…) and forms, every answer checked for the fields those pages read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers.ts';
import { signIn, Vue2Client } from './jeecg-vue2-client.ts';

interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** What JeecgListMixin.getQueryParams adds to every list call. */
function listParams(field: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { column: 'createTime', order: 'desc', field: `id,,,${field},action`, pageNo: 1, pageSize: 10, ...extra };
}

let t: TestContext;
let admin: Vue2Client;

beforeAll(async () => {
  t = await createTestApp({ config: { apiPrefix: '/jeecg-boot' }, build: { services: { captcha: () => 'k7pq' } } });
  admin = new Vue2Client(t, t.config.signSecret);
  await signIn(admin, 'admin', TEST_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('the JeecgBoot Vue2 system pages against our server', () => {
  let roleId: string;
  let departId: string;
  let userId: string;
  let departName: string;

  it('角色管理: the list, checkRoleCode, add, queryall', async () => {
    const list = await admin.get<Page<Record<string, unknown>>>(
      '/sys/role/list',
      listParams('roleName,roleCode,description,createTime'),
    );
    expect(list.success, list.message).toBe(true);
    expect(list.result.total).toBeGreaterThan(0);
    for (const key of ['id', 'roleName', 'roleCode', 'description', 'createTime'])
      expect(list.result.records[0], key).toHaveProperty(key);
    const free = await admin.get('/sys/role/checkRoleCode', { roleCode: 'vue2_clerk' });
    expect(free.success, free.message).toBe(true);
    const added = await admin.post('/sys/role/add', {
      roleName: 'Vue2 文员',
      roleCode: 'vue2_clerk',
      description: '从 Vue2 页面添加',
    });
    expect(added, added.message).toMatchObject({ success: true });
    const taken = await admin.get('/sys/role/checkRoleCode', { roleCode: 'vue2_clerk' });
    expect(taken).toMatchObject({ success: false, message: '角色编码已存在' });
    const all = await admin.get<{ id: string; roleName: string; roleCode: string }[]>('/sys/role/queryall');
    expect(all.success).toBe(true);
    const mine = all.result.find((r) => r.roleCode === 'vue2_clerk');
    expect(mine?.roleName).toBe('Vue2 文员');
    roleId = mine?.id ?? '';
  });

  it('角色管理 › 授权: queryTreeList, queryRolePermission, saveRolePermission', async () => {
    const tree = await admin.get<{
      treeList: { key: string; title: string; slotTitle: string; isLeaf: boolean; children?: unknown[] }[];
      ids: string[];
    }>('/sys/role/queryTreeList');
    expect(tree.success, tree.message).toBe(true);
    const top = tree.result.treeList[0];
    expect([typeof top?.key, typeof top?.title, typeof top?.slotTitle]).toEqual(['string', 'string', 'string']);
    expect(tree.result.ids.length).toBeGreaterThan(1);
    const granted = tree.result.ids.slice(0, 2);
    const saved = await admin.post('/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: granted.join(','),
      lastpermissionIds: '',
    });
    expect(saved, saved.message).toMatchObject({ success: true });
    const now = await admin.get<string[]>('/sys/permission/queryRolePermission', { roleId });
    expect([...now.result].sort()).toEqual([...granted].sort());
  });

  it('菜单管理: getSystemMenuList (top level, children to expand), then getSystemSubmenu', async () => {
    const menus = await admin.get<Record<string, unknown>[]>('/sys/permission/getSystemMenuList');
    expect(menus.success, menus.message).toBe(true);
    expect(menus.result.length).toBeGreaterThan(0);
    for (const m of menus.result) {
      for (const key of ['id', 'key', 'title', 'name', 'component', 'url', 'sortNo', 'menuType', 'isLeaf', 'icon'])
        expect(m, `${String(m.name)} ${key}`).toHaveProperty(key);
      expect(m.parentId ?? '').toBe('');
    }
    // The table shows an expand arrow only for a row with children.
    const parent = menus.result.find((m) => m.isLeaf === false);
    expect(parent?.children, 'a parent row carries children').toEqual(expect.any(Array));
    const sub = await admin.get<Record<string, unknown>[]>('/sys/permission/getSystemSubmenu', {
      parentId: parent?.id,
    });
    expect(sub.success, sub.message).toBe(true);
    expect(sub.result.length).toBeGreaterThan(0);
    for (const m of sub.result) expect(m.parentId).toBe(parent?.id);
  });

  it('部门管理: queryTreeList (key/title/children) and searchBy', async () => {
    const tree =
      await admin.get<
        { key: string; title: string; value: string; departName: string; orgCode: string; isLeaf: boolean }[]
      >('/sys/sysDepart/queryTreeList');
    expect(tree.success, tree.message).toBe(true);
    const root = tree.result[0];
    expect([typeof root?.key, typeof root?.title, typeof root?.orgCode]).toEqual(['string', 'string', 'string']);
    expect(root?.value).toBe(root?.key);
    departId = root?.key ?? '';
    departName = root?.departName ?? '';
    const found = await admin.get<{ departName: string }[]>('/sys/sysDepart/searchBy', {
      keyWord: root?.departName.slice(0, 2),
    });
    expect(found.success, found.message).toBe(true);
    expect(found.result.map((d) => d.departName)).toContain(root?.departName);
  });

  it('用户管理: the list with the mixin parameters, and with ?username= (an announcement opened)', async () => {
    const list = await admin.get<Page<Record<string, unknown>>>(
      '/sys/user/list',
      listParams('username,realname,avatar,sex_dictText,birthday,phone,orgCodeTxt,departIds_dictText,status_dictText'),
    );
    expect(list.success, list.message).toBe(true);
    expect(list.result.total).toBeGreaterThan(1);
    const row = list.result.records.find((r) => r.username === 'admin');
    for (const key of ['id', 'username', 'realname', 'avatar', 'sex_dictText', 'birthday', 'phone', 'orgCodeTxt'])
      expect(row, key).toHaveProperty(key);
    expect(row?.status_dictText).toEqual(expect.any(String));
    const one = await admin.get<Page<{ username: string }>>('/sys/user/list', { username: 'admin' });
    expect(one.result.records.map((r) => r.username)).toEqual(['admin']);
  });

  it('用户管理 › 添加: duplicate check, positions, add with comma-joined roles and departments', async () => {
    const free = await admin.get('/sys/duplicate/check', {
      tableName: 'sys_user',
      fieldName: 'username',
      fieldVal: 'vue2_wang',
    });
    expect(free.success, free.message).toBe(true);
    const posts = await admin.get<Page<{ code: string; name: string }>>('/sys/position/list', listParams('name'));
    expect(posts.success, posts.message).toBe(true);
    const added = await admin.post('/sys/user/add', {
      username: 'vue2_wang',
      password: 'Vue2_Pass_81!',
      confirmpassword: 'Vue2_Pass_81!',
      realname: '王五二',
      workNo: 'V2-0001',
      post: posts.result.records[0]?.code ?? '',
      selectedroles: roleId,
      selecteddeparts: departId,
      // A manager (上级) in charge of the department they belong to: 负责部门 on the list.
      userIdentity: 2,
      departIds: departId,
      activitiSync: '1',
      telephone: '',
      phone: '13800138123',
      email: 'vue2.wang@example.com',
    });
    expect(added, added.message).toMatchObject({ success: true });
    const found = await admin.get<
      Page<{ id: string; departIds: string; departIds_dictText: string; orgCodeTxt: string; userIdentity: number }>
    >('/sys/user/list', { username: 'vue2_wang' });
    const row = found.result.records[0];
    userId = row?.id ?? '';
    expect(userId).not.toBe('');
    // What UserModal reads back on edit: departIds are the managed departments (contract §2.7), not the memberships.
    expect(row).toMatchObject({ userIdentity: 2, departIds: departId, departIds_dictText: departName });
    expect(row?.orgCodeTxt).toBe(departName);
    const roles = await admin.get<string[]>('/sys/user/queryUserRole', { userid: userId });
    expect(roles.result).toEqual([roleId]);
    const departs = await admin.get<{ key: string; value: string; title: string }[]>('/sys/user/userDepartList', {
      userId,
    });
    expect(departs.result.map((d) => d.key)).toEqual([departId]);
  });

  it('用户管理 › 冻结: frozenBatch with the trailing comma and a numeric status, then 解冻', async () => {
    const frozen = await admin.put('/sys/user/frozenBatch', { ids: `${userId},`, status: 2 });
    expect(frozen, frozen.message).toMatchObject({ success: true });
    const row = await admin.get<Page<{ status: number }>>('/sys/user/list', { username: 'vue2_wang' });
    expect(row.result.records[0]?.status).toBe(2);
    const thawed = await admin.put('/sys/user/frozenBatch', { ids: userId, status: 1 });
    expect(thawed, thawed.message).toMatchObject({ success: true });
  });

  it('角色管理 › 用户: userRoleList, addSysUserRole, deleteUserRole', async () => {
    const users = await admin.get<Page<{ id: string; username: string }>>(
      '/sys/user/userRoleList',
      listParams('username,realname,status_dictText', { roleId }),
    );
    expect(users.success, users.message).toBe(true);
    expect(users.result.records.map((u) => u.username)).toEqual(['vue2_wang']);
    const removed = await admin.delete('/sys/user/deleteUserRole', { roleId, userId });
    expect(removed, removed.message).toMatchObject({ success: true });
    const linked = await admin.post('/sys/user/addSysUserRole', { roleId, userIdList: [userId] });
    expect(linked, linked.message).toMatchObject({ success: true });
    const again = await admin.get<Page<{ id: string }>>('/sys/user/userRoleList', { roleId, pageNo: 1, pageSize: 10 });
    expect(again.result.total).toBe(1);
  });

  it('数据字典: the list, add a dictionary and an item, the item list, the recycle list', async () => {
    const list = await admin.get<Page<Record<string, unknown>>>(
      '/sys/dict/list',
      listParams('dictName,dictCode,description'),
    );
    expect(list.success, list.message).toBe(true);
    for (const key of ['id', 'dictName', 'dictCode', 'description'])
      expect(list.result.records[0], key).toHaveProperty(key);
    const added = await admin.post('/sys/dict/add', { dictName: 'Vue2 颜色', dictCode: 'vue2_color', description: '' });
    expect(added, added.message).toMatchObject({ success: true });
    const mine = await admin.get<Page<{ id: string }>>('/sys/dict/list', {
      dictCode: 'vue2_color',
      pageNo: 1,
      pageSize: 10,
    });
    const dictId = mine.result.records[0]?.id;
    expect(dictId).toEqual(expect.any(String));
    const item = await admin.post('/sys/dictItem/add', {
      dictId,
      itemText: '红',
      itemValue: 'red',
      description: '',
      sortOrder: 1,
      status: 1,
    });
    expect(item, item.message).toMatchObject({ success: true });
    const items = await admin.get<Page<Record<string, unknown>>>('/sys/dictItem/list', {
      dictId,
      column: 'sortOrder',
      order: 'asc',
      pageNo: 1,
      pageSize: 10,
      field: 'id,,,itemText,itemValue,status_dictText,action',
    });
    expect(items.success, items.message).toBe(true);
    expect(items.result.records[0]).toMatchObject({ itemText: '红', itemValue: 'red', dictId });
    const bin = await admin.get<unknown[]>('/sys/dict/deleteList');
    expect(bin.success, bin.message).toBe(true);
    expect(Array.isArray(bin.result)).toBe(true);
  });

  it('分类字典: rootList (hasChild) then childList of a parent', async () => {
    const roots = await admin.get<Page<{ id: string; name: string; code: string; pid: string; hasChild: string }>>(
      '/sys/category/rootList',
      listParams('name,code', { hasQuery: 'false' }),
    );
    expect(roots.success, roots.message).toBe(true);
    expect(roots.result.total).toBeGreaterThan(0);
    for (const r of roots.result.records) {
      expect(r.pid).toBe('0');
      expect(['0', '1']).toContain(r.hasChild);
    }
    const parent = roots.result.records.find((r) => r.hasChild === '1');
    expect(parent).toBeDefined();
    const children = await admin.get<{ pid: string; hasChild: string }[]>(
      '/sys/category/childList',
      listParams('name,code', { pid: parent?.id }),
    );
    expect(children.success, children.message).toBe(true);
    expect(children.result.length).toBeGreaterThan(0);
    for (const c of children.result) expect(c.pid).toBe(parent?.id);
  });

  it('职务: the list with the mixin parameters', async () => {
    const list = await admin.get<Page<Record<string, unknown>>>(
      '/sys/position/list',
      listParams('code,name,postRank_dictText'),
    );
    expect(list.success, list.message).toBe(true);
    expect(list.result.total).toBeGreaterThan(0);
    for (const key of ['id', 'code', 'name', 'postRank']) expect(list.result.records[0], key).toHaveProperty(key);
  });
});
