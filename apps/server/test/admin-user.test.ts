/**
 * User administration (issue 14, contract §2.7): add/edit round trips with roles, departments, positions and
 * settlement organisations; the validation and duplicate messages; freeze, resign, delete and the administrator's
 * password reset ending sessions and sockets; the guards (own account, last administrator, own admin role); hostile
 * input that changes nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { ADMIN_USER_TEXT } from '@houtai/shared/contract/admin-user';
import { md5Hex, newId } from '../src/lib/ids.ts';
import { api, body, createTestApp, login, roleIdOf, userIdOf, type TestContext } from './helpers.ts';
import { connect, portOf, terminateOpened } from './ws-client.ts';

let t: TestContext;
let admin: string;
let db: TestContext['handle']['db'];

const NEW_PASSWORD = 'Abc_12345';

beforeAll(async () => {
  t = await createTestApp();
  db = t.handle.db;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await login(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});
afterEach(terminateOpened);

interface Row {
  id: string;
  username: string;
  [k: string]: unknown;
}

async function departId(orgCode: string): Promise<string> {
  return (await db.selectFrom('sysDepart').select('id').where('orgCode', '=', orgCode).executeTakeFirstOrThrow()).id;
}
async function settlementId(code: string): Promise<string> {
  return (await db.selectFrom('settlementOrg').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}
async function userCount(): Promise<number> {
  const r = await db
    .selectFrom('sysUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
async function userRow(username: string) {
  return db.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

let seq = 0;
/** A valid add body with unique values. */
function newUser(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    username: `u_test${seq}`,
    realname: `测试${seq}`,
    password: NEW_PASSWORD,
    confirmpassword: NEW_PASSWORD,
    phone: `1390000${String(1000 + seq).padStart(4, '0')}`,
    email: `u${seq}@example.com`,
    workNo: `T${1000 + seq}`,
    ...over,
  };
}

async function add(payload: Record<string, unknown>, token = admin) {
  return body(await api(t.app, token, { method: 'POST', url: '/sys/user/add', payload }));
}

function socketKey(userId: string, token: string) {
  return `ws://127.0.0.1:${portOf(t.app)}/websocket/${userId}_${md5Hex(token)}`;
}

describe('add and edit', () => {
  it('adds a user with roles, departments, positions, settlement organisations; reads them back; edits them', async () => {
    const staff = await roleIdOf(db, 'staff');
    const finance = await roleIdOf(db, 'finance');
    const [d1, d2] = [await departId('A03A01'), await departId('A10A01')];
    const so1 = await settlementId('SO001');
    const b = await add(
      newUser({
        username: 'newclerk',
        sex: '1',
        selectedroles: `${staff},${finance},`,
        selecteddeparts: `${d1},${d2}`,
        post: 'depart_manager,finance_supervisor',
        settlementOrgIds: so1,
        userIdentity: 2,
        departIds: d1,
        status: 2, // not the form's to set: ignored
        delFlag: 1,
        evil: "'; drop table sys_user; --",
      }),
    );
    expect(b).toMatchObject({ success: true, message: '添加成功！' });
    const row = await userRow('newclerk');
    expect(row).toMatchObject({ status: 1, delFlag: 0, userIdentity: 2, departIds: d1, mustChangePassword: 0 });
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.post).toBe('depart_manager,finance_supervisor');

    // The new account signs in with its password and sees its settlement organisation.
    const token = await login(t.app, 'newclerk', NEW_PASSWORD);
    expect(token).toBeTruthy();

    const byId = body<Record<string, unknown>>(
      await api(t.app, admin, { method: 'GET', url: `/sys/user/queryById?id=${row.id}` }),
    );
    expect(byId.result).toMatchObject({ username: 'newclerk', settlementOrgIds: so1, userIdentity: 2 });
    expect(String(byId.result.selectedroles).split(',').sort()).toEqual([staff, finance].sort());
    expect(String(byId.result.selecteddeparts).split(',').sort()).toEqual([d1, d2].sort());
    expect(byId.result).not.toHaveProperty('password');

    const roles = body<string[]>(
      await api(t.app, admin, { method: 'GET', url: `/sys/user/queryUserRole?userid=${row.id}` }),
    );
    expect(roles.result.sort()).toEqual([staff, finance].sort());
    const departs = body<{ key: string; value: string; title: string }[]>(
      await api(t.app, admin, { method: 'GET', url: `/sys/user/userDepartList?userId=${row.id}` }),
    );
    expect(departs.result.map((d) => d.key).sort()).toEqual([d1, d2].sort());
    expect(departs.result.every((d) => d.value === d.key && d.title.length > 0)).toBe(true);

    const list = body<{ records: Row[]; total: number }>(
      await api(t.app, admin, { method: 'GET', url: '/sys/user/list?username=*newcl*&status=1' }),
    );
    expect(list.result.total).toBe(1);
    const rec = list.result.records[0]!;
    expect(rec).toMatchObject({ sex_dictText: '男', status_dictText: '正常', phone: row.phone });
    expect(String(rec.orgCodeTxt).split(',').length).toBe(2);
    expect(rec.post_dictText).toBe('部门经理,财务主管');

    const byDepart = body<Row[]>(
      await api(t.app, admin, {
        method: 'GET',
        url: `/sys/user/queryUserByDepId?id=${d2}&realname=${encodeURIComponent('测试')}`,
      }),
    );
    expect(byDepart.result.map((u) => u.username)).toEqual(['newclerk']);

    // Edit through PUT: roles, departments, settlement organisations replaced; username and password untouched.
    const edit = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/edit',
        payload: {
          id: row.id,
          username: 'renamed',
          password: 'Other_999',
          realname: '新名字',
          phone: row.phone,
          selectedroles: staff,
          selecteddeparts: d2,
          settlementOrgIds: '',
          userIdentity: 1,
          departIds: d1,
        },
      }),
    );
    expect(edit).toMatchObject({ success: true, message: '修改成功!' });
    const after = await userRow('newclerk');
    expect(after).toMatchObject({ realname: '新名字', password: row.password, userIdentity: 1, departIds: null });
    expect(after.version).toBe(row.version + 1);
    const roles2 = body<string[]>(
      await api(t.app, admin, { method: 'GET', url: `/sys/user/queryUserRole?userid=${row.id}` }),
    );
    expect(roles2.result).toEqual([staff]);
    const byId2 = body<Record<string, unknown>>(
      await api(t.app, admin, { method: 'GET', url: `/sys/user/queryById?id=${row.id}` }),
    );
    expect(byId2.result).toMatchObject({ selecteddeparts: d2, settlementOrgIds: '' });

    // POST is the same call; lists left out stay as they are.
    const edit2 = body(
      await api(t.app, admin, {
        method: 'POST',
        url: '/sys/user/edit',
        payload: { id: row.id, realname: '再改', phone: row.phone, version: after.version },
      }),
    );
    expect(edit2.success).toBe(true);
    expect((await userRow('newclerk')).realname).toBe('再改');
    const roles3 = body<string[]>(
      await api(t.app, admin, { method: 'GET', url: `/sys/user/queryUserRole?userid=${row.id}` }),
    );
    expect(roles3.result).toEqual([staff]);

    // A stale version is refused.
    const stale = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/edit',
        payload: { id: row.id, realname: '旧版本', phone: row.phone, version: after.version },
      }),
    );
    expect(stale).toMatchObject({ success: false, message: ADMIN_TEXT.stale });
  });

  it('answers each validation message and stores nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: undefined }, '请输入用户名'],
      [{ username: 'ab' }, '长度6到18个字符'],
      [{ username: 'bad name!' }, '只允许字母、数字、下划线'],
      [{ realname: '' }, ADMIN_USER_TEXT.realnameRequired],
      [{ phone: '' }, '请输入手机号'],
      [{ phone: '12345' }, '请输入正确手机号'],
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
      [{ password: '' }, ADMIN_USER_TEXT.passwordRequired],
      [{ password: 'abcdefgh', confirmpassword: 'abcdefgh' }, '密码必须由6位以上数字、字母、特殊字符的任意两种组合!'],
      [{ confirmpassword: 'Abc_99999' }, '两次输入的密码不一样！'],
      [{ sex: '7' }, ADMIN_USER_TEXT.sexInvalid],
      [{ birthday: '2020-13-45x' }, ADMIN_USER_TEXT.birthdayInvalid],
      [{ userIdentity: 5 }, ADMIN_USER_TEXT.identityInvalid],
    ];
    for (const [over, message] of cases) {
      const b = await add(newUser(over));
      expect({ over, message: b.message, success: b.success }).toEqual({ over, message, success: false });
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses duplicates and unknown references with Chinese messages, changing nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ADMIN' }, ADMIN_USER_TEXT.usernameTaken],
      [{ phone: '13800000001' }, ADMIN_USER_TEXT.phoneTaken],
      [{ email: 'ZhangSan@example.com' }, ADMIN_USER_TEXT.emailTaken],
      [{ workNo: 'E0001' }, ADMIN_USER_TEXT.workNoTaken],
      [{ selectedroles: 'no-such-role' }, ADMIN_USER_TEXT.roleUnknown],
      [{ selecteddeparts: 'no-such-depart' }, ADMIN_USER_TEXT.departUnknown],
      [{ userIdentity: 2, departIds: 'nope' }, ADMIN_USER_TEXT.managedDepartUnknown],
      [{ post: 'ceo_of_everything' }, ADMIN_USER_TEXT.positionUnknown],
      [{ settlementOrgIds: 'nope' }, ADMIN_USER_TEXT.settlementUnknown],
      [{ avatar: '../../etc/passwd' }, ADMIN_USER_TEXT.avatarInvalid],
    ];
    for (const [over, message] of cases) {
      const b = await add(newUser(over));
      expect({ over, message: b.message }).toEqual({ over, message });
    }
    expect(await userCount()).toBe(before);

    // Two adds of one new name at once: exactly one account.
    const [a, b] = await Promise.all([add(newUser({ username: 'racer01' })), add(newUser({ username: 'racer01' }))]);
    expect([a.success, b.success].sort()).toEqual([false, true]);
    expect([a, b].find((x) => !x.success)?.message).toBe(ADMIN_USER_TEXT.usernameTaken);
    expect(await userCount()).toBe(before + 1);

    // The edit's duplicate check excludes the account itself.
    const zhangsan = await userIdOf(db, 'zhangsan');
    const mine = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/edit',
        payload: {
          id: zhangsan,
          realname: '张三',
          phone: '13800000001',
          email: 'zhangsan@example.com',
          workNo: 'E0001',
        },
      }),
    );
    expect(mine.success).toBe(true);
    const theirs = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/edit',
        payload: { id: zhangsan, realname: '张三', phone: '13800000002' },
      }),
    );
    expect(theirs).toMatchObject({ success: false, message: ADMIN_USER_TEXT.phoneTaken });
    expect((await userRow('zhangsan')).phone).toBe('13800000001');
  });

  it('checkOnlyUser answers true for a free name and 用户账号已存在 for a taken one; generateUserId an id', async () => {
    const free = body(await api(t.app, admin, { method: 'GET', url: '/sys/user/checkOnlyUser?username=nobody_here' }));
    expect(free).toMatchObject({ success: true, result: true });
    const taken = body(await api(t.app, admin, { method: 'GET', url: '/sys/user/checkOnlyUser?username=Admin' }));
    expect(taken).toMatchObject({ success: false, message: '用户账号已存在' });
    const anon = await api(t.app, null, { method: 'GET', url: '/sys/user/checkOnlyUser?username=admin' });
    expect(anon.statusCode).toBe(401);
    const gen = body<string>(await api(t.app, admin, { method: 'GET', url: '/sys/user/generateUserId' }));
    expect(gen.result).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('freeze, resign, delete, password reset', () => {
  it('freezing ends a live session (401) and closes its socket at once; unfreeze and freeze again work', async () => {
    await add(newUser({ username: 'frosty1' }));
    const id = await userIdOf(db, 'frosty1');
    const token = await login(t.app, 'frosty1', NEW_PASSWORD);
    const client = await connect(socketKey(id, token), token);
    expect((await api(t.app, token, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(200);

    const frozen = body(
      await api(t.app, admin, { method: 'PUT', url: '/sys/user/frozenBatch', payload: { ids: `${id},`, status: '2' } }),
    );
    expect(frozen).toMatchObject({ success: true, message: '操作成功!' });
    expect((await client.closed).code).toBe(4001);
    expect((await api(t.app, token, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(401);
    expect((await userRow('frosty1')).status).toBe(2);
    const refused = body(
      await api(t.app, null, {
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'frosty1', password: NEW_PASSWORD },
      }),
    );
    expect(refused.success).toBe(false);

    const thawed = body(
      await api(t.app, admin, { method: 'PUT', url: '/sys/user/frozenBatch', payload: { ids: id, status: '1' } }),
    );
    expect(thawed.success).toBe(true);
    const again = await login(t.app, 'frosty1', NEW_PASSWORD);
    // The session ended by the freeze stays ended.
    expect((await api(t.app, token, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(401);
    await api(t.app, admin, { method: 'PUT', url: '/sys/user/frozenBatch', payload: { ids: id, status: '2' } });
    expect((await api(t.app, again, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(401);

    const bad = body(
      await api(t.app, admin, { method: 'PUT', url: '/sys/user/frozenBatch', payload: { ids: id, status: '9' } }),
    );
    expect(bad).toMatchObject({ success: false, message: ADMIN_USER_TEXT.frozenStatusInvalid });
  });

  it('resignBatch marks the users 离职 (status 3) and ends their sessions; the list filters by it', async () => {
    await add(newUser({ username: 'leaver1' }));
    const id = await userIdOf(db, 'leaver1');
    const token = await login(t.app, 'leaver1', NEW_PASSWORD);
    const b = body(await api(t.app, admin, { method: 'PUT', url: '/sys/user/resignBatch', payload: { ids: id } }));
    expect(b.success).toBe(true);
    expect((await userRow('leaver1')).status).toBe(3);
    expect((await api(t.app, token, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(401);
    const list = body<{ records: Row[] }>(await api(t.app, admin, { method: 'GET', url: '/sys/user/list?status=3' }));
    expect(list.result.records.map((r) => r.username)).toContain('leaver1');
  });

  it('delete and deleteBatch are logical, all or nothing, and end the sessions', async () => {
    await add(newUser({ username: 'gone0001' }));
    await add(newUser({ username: 'gone0002' }));
    const [a, b] = [await userIdOf(db, 'gone0001'), await userIdOf(db, 'gone0002')];
    const token = await login(t.app, 'gone0001', NEW_PASSWORD);
    const partial = body(await api(t.app, admin, { method: 'DELETE', url: `/sys/user/deleteBatch?ids=${a},missing` }));
    expect(partial).toMatchObject({ success: false, message: ADMIN_TEXT.notFound });
    expect((await userRow('gone0001')).delFlag).toBe(0);

    const one = body(await api(t.app, admin, { method: 'DELETE', url: `/sys/user/delete?id=${a}` }));
    expect(one).toMatchObject({ success: true, message: ADMIN_TEXT.deleted });
    expect((await userRow('gone0001')).delFlag).toBe(1);
    expect((await api(t.app, token, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(401);
    const batch = body(await api(t.app, admin, { method: 'DELETE', url: `/sys/user/deleteBatch?ids=${b},` }));
    expect(batch.success).toBe(true);
    const list = body<{ records: Row[] }>(
      await api(t.app, admin, { method: 'GET', url: '/sys/user/list?username=gone000' }),
    );
    expect(list.result.records).toEqual([]);
  });

  it('changePassword by an administrator: the rule, ended sessions and sockets, a forced change', async () => {
    await add(newUser({ username: 'forgetful' }));
    const id = await userIdOf(db, 'forgetful');
    const token = await login(t.app, 'forgetful', NEW_PASSWORD);
    const client = await connect(socketKey(id, token), token);
    const weak = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/changePassword',
        payload: { username: 'forgetful', password: '123', confirmpassword: '123' },
      }),
    );
    expect(weak).toMatchObject({ success: false, message: '密码必须由6位以上数字、字母、特殊字符的任意两种组合!' });
    const differ = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/changePassword',
        payload: { username: 'forgetful', password: 'Reset_123', confirmpassword: 'Reset_124' },
      }),
    );
    expect(differ).toMatchObject({ success: false, message: '两次输入的密码不一样！' });
    expect((await userRow('forgetful')).mustChangePassword).toBe(0);

    const done = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/changePassword',
        payload: { username: 'forgetful', password: 'Reset_123', confirmpassword: 'Reset_123' },
      }),
    );
    expect(done).toMatchObject({ success: true, message: '密码修改成功!' });
    expect((await client.closed).code).toBe(4001);
    expect((await api(t.app, token, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(401);
    expect((await userRow('forgetful')).mustChangePassword).toBe(1);
    await expect(login(t.app, 'forgetful', NEW_PASSWORD)).rejects.toThrow();

    // The next sign-in says so; until a new password is picked only the calls a client needs to start answer.
    const signedIn = body<{ token: string; userInfo: { mustChangePassword?: boolean } }>(
      await api(t.app, null, {
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'forgetful', password: 'Reset_123' },
      }),
    );
    expect(signedIn.result.userInfo.mustChangePassword).toBe(true);
    const forced = signedIn.result.token;
    const refused = await api(t.app, forced, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ success: false, message: '管理员已重置您的密码，请先修改密码' });
    for (const url of [
      '/sys/permission/getUserPermissionByToken',
      '/sys/user/getUserInfo',
      '/sys/dict/queryAllDictItems',
    ]) {
      expect((await api(t.app, forced, { method: 'GET', url })).statusCode, url).toBe(200);
    }
    const info = body<{ userInfo: { mustChangePassword?: boolean } }>(
      await api(t.app, forced, { method: 'GET', url: '/sys/user/getUserInfo' }),
    );
    expect(info.result.userInfo.mustChangePassword).toBe(true);
    const changed = body(
      await api(t.app, forced, {
        method: 'PUT',
        url: '/sys/user/updatePassword',
        payload: {
          username: 'forgetful',
          oldpassword: 'Reset_123',
          password: 'Picked_456',
          confirmpassword: 'Picked_456',
        },
      }),
    );
    expect(changed.success).toBe(true);
    expect((await userRow('forgetful')).mustChangePassword).toBe(0);
    // The same session goes on, now with every call it is allowed.
    expect((await api(t.app, forced, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(200);
    expect(await login(t.app, 'forgetful', 'Picked_456')).toBeTruthy();

    const unknown = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/changePassword',
        payload: { username: 'nobody_x', password: 'Reset_123', confirmpassword: 'Reset_123' },
      }),
    );
    expect(unknown).toMatchObject({ success: false, message: ADMIN_USER_TEXT.userNotFound });
  });
});

describe('guards', () => {
  /** A user administrator without the admin role (role 'useradm' holding every user-administration button). */
  let ops: string;

  beforeAll(async () => {
    const roleId = newId();
    await db.insertInto('sysRole').values({ id: roleId, roleName: '用户管理员', roleCode: 'useradm' }).execute();
    const codes = Object.values(ADMIN_PERMISSIONS.user);
    const perms = await db.selectFrom('sysPermission').select('id').where('perms', 'in', codes).execute();
    await db
      .insertInto('sysRolePermission')
      .values(
        perms.map((p) => ({
          id: newId(),
          roleId,
          permissionId: p.id,
          dataRuleIds: null,
          operateDate: null,
          operateIp: null,
        })),
      )
      .execute();
    await add(newUser({ username: 'opsuser1', selectedroles: roleId }));
    ops = await login(t.app, 'opsuser1', NEW_PASSWORD);
  });

  it('never oneself: delete, freeze, resign of the own account are refused', async () => {
    const me = await userIdOf(db, 'admin');
    for (const [method, url, payload] of [
      ['DELETE', `/sys/user/delete?id=${me}`, undefined],
      ['PUT', '/sys/user/frozenBatch', { ids: me, status: '2' }],
      ['PUT', '/sys/user/resignBatch', { ids: me }],
    ] as const) {
      const b = body(await api(t.app, admin, { method, url, payload }));
      expect(b).toMatchObject({ success: false, message: ADMIN_TEXT.ownAccount });
    }
    expect(await userRow('admin')).toMatchObject({ status: 1, delFlag: 0 });
  });

  it('never the last active administrator, nor one’s own admin role', async () => {
    const adminId = await userIdOf(db, 'admin');
    for (const [method, url, payload] of [
      ['DELETE', `/sys/user/delete?id=${adminId}`, undefined],
      ['DELETE', `/sys/user/deleteBatch?ids=${adminId}`, undefined],
      ['PUT', '/sys/user/frozenBatch', { ids: adminId, status: '2' }],
      ['PUT', '/sys/user/resignBatch', { ids: adminId }],
      ['PUT', '/sys/user/edit', { id: adminId, realname: '管理员', phone: '13911112222', selectedroles: '' }],
    ] as const) {
      const b = body(await api(t.app, ops, { method, url, payload }));
      expect({ url, message: b.message }).toEqual({ url, message: ADMIN_TEXT.lastAdmin });
    }
    expect(await userRow('admin')).toMatchObject({ status: 1, delFlag: 0 });
    const adminRole = await roleIdOf(db, 'admin');
    const self = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/edit',
        payload: { id: adminId, realname: '管理员', phone: '13911112222', selectedroles: '' },
      }),
    );
    expect(self).toMatchObject({ success: false, message: ADMIN_TEXT.ownAdminRole });
    const roles = body<string[]>(
      await api(t.app, admin, { method: 'GET', url: `/sys/user/queryUserRole?userid=${adminId}` }),
    );
    expect(roles.result).toContain(adminRole);

    // With a second administrator the first may be frozen by someone else.
    await add(newUser({ username: 'admin_two', selectedroles: adminRole }));
    const two = await userIdOf(db, 'admin_two');
    const ok = body(
      await api(t.app, ops, { method: 'PUT', url: '/sys/user/frozenBatch', payload: { ids: two, status: '2' } }),
    );
    expect(ok.success).toBe(true);
    // …but not both at once.
    await api(t.app, ops, { method: 'PUT', url: '/sys/user/frozenBatch', payload: { ids: two, status: '1' } });
    const both = body(
      await api(t.app, ops, {
        method: 'PUT',
        url: '/sys/user/frozenBatch',
        payload: { ids: `${adminId},${two}`, status: '2' },
      }),
    );
    expect(both).toMatchObject({ success: false, message: ADMIN_TEXT.lastAdmin });
    expect((await userRow('admin_two')).status).toBe(1);
  });

  it('the guest cannot administer users (403)', async () => {
    const guest = await login(t.app, 'guest');
    const res = await api(t.app, guest, { method: 'POST', url: '/sys/user/add', payload: newUser() });
    expect(res.statusCode).toBe(403);
  });
});

describe('hostile input', () => {
  it('SQL text in filters and sorts, unknown fields, 501 ids and a 1 MB body change nothing', async () => {
    const before = await userCount();
    const snapshot = await db
      .selectFrom('sysUser')
      .select(['id', 'status', 'delFlag', 'version'])
      .orderBy('id')
      .execute();

    const sqlFilter = body<{ total: number }>(
      await api(t.app, admin, { method: 'GET', url: `/sys/user/list?username=${encodeURIComponent("' or '1'='1")}` }),
    );
    expect(sqlFilter).toMatchObject({ success: true, result: { total: 0 } });
    const sort = body(
      await api(t.app, admin, {
        method: 'GET',
        url: `/sys/user/list?column=${encodeURIComponent('id;drop table sys_user')}`,
      }),
    );
    expect(sort).toMatchObject({ success: false, message: '排序字段不正确' });
    const secret = body(await api(t.app, admin, { method: 'GET', url: '/sys/user/list?column=password&order=asc' }));
    expect(secret.success).toBe(false);
    const superQuery = encodeURIComponent(
      JSON.stringify([
        { field: 'password', rule: 'eq', val: 'x' },
        { field: '1=1;--', rule: 'eq', val: 'x' },
      ]),
    );
    const sq = body(await api(t.app, admin, { method: 'GET', url: `/sys/user/list?superQueryParams=${superQuery}` }));
    expect(sq.success).toBe(false);
    expect(sq.message).not.toMatch(/select|sqlite|syntax/i);

    const ids = Array.from({ length: 501 }, (_, i) => `id${i}`).join(',');
    const many = body(
      await api(t.app, admin, { method: 'PUT', url: '/sys/user/frozenBatch', payload: { ids, status: '2' } }),
    );
    expect(many).toMatchObject({ success: false, message: ADMIN_TEXT.tooManyIds });
    const manyDel = body(await api(t.app, admin, { method: 'DELETE', url: `/sys/user/deleteBatch?ids=${ids}` }));
    expect(manyDel).toMatchObject({ success: false, message: ADMIN_TEXT.tooManyIds });
    const empty = body(await api(t.app, admin, { method: 'PUT', url: '/sys/user/resignBatch', payload: { ids: ',' } }));
    expect(empty).toMatchObject({ success: false, message: ADMIN_USER_TEXT.idsRequired });

    const big = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/user/add',
      payload: newUser({ realname: 'x'.repeat(1024 * 1024) }),
    });
    expect(big.statusCode).toBeLessThan(500);
    expect(body(big).success).toBe(false);
    const bigList = body(
      await api(t.app, admin, { method: 'POST', url: '/sys/user/add', payload: newUser({ selectedroles: ids }) }),
    );
    expect(bigList.success).toBe(false);

    expect(await userCount()).toBe(before);
    expect(
      await db.selectFrom('sysUser').select(['id', 'status', 'delFlag', 'version']).orderBy('id').execute(),
    ).toEqual(snapshot);
  });

  it('the picker list keeps its shape for staff: no contact or administration columns', async () => {
    const staff = await login(t.app, 'zhangsan');
    const list = body<{ records: Row[] }>(
      await api(t.app, staff, { method: 'GET', url: '/sys/user/list?username=lisi' }),
    );
    expect(list.result.records[0]).toMatchObject({ username: 'lisi' });
    expect(list.result.records[0]).not.toHaveProperty('phone');
    expect(list.result.records[0]).not.toHaveProperty('avatar');
    // A phone filter from someone who cannot see phones is ignored, so it probes nothing.
    const probe = body<{ total: number }>(
      await api(t.app, staff, { method: 'GET', url: '/sys/user/list?username=lisi&phone=13800000002' }),
    );
    expect(probe.result.total).toBe(1);
    const probe2 = body<{ total: number }>(
      await api(t.app, staff, { method: 'GET', url: '/sys/user/list?username=lisi&phone=99999' }),
    );
    expect(probe2.result.total).toBe(1);
  });
});
