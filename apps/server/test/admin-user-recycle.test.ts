/**
 * The users' recycle bin (issue 14 item 2, contract §2.7): a deleted account is listed in the bin (plain list or
 * page) and not in /sys/user/list; restore brings it back with its status and its sign-in, and is refused when a
 * value of it is now held by a live account; purge removes the row and its links and frees the username; ids that
 * are not in the bin refuse the whole call; the guest is refused; hostile ids and filters change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { ADMIN_USER_TEXT } from '@houtai/shared/contract/admin-user';
import { USER_RECYCLE_TEXT } from '@houtai/shared/contract/admin-user-recycle';
import { newId } from '../src/lib/ids.ts';
import { api, body, createTestApp, login, roleIdOf, userIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let db: TestContext['handle']['db'];

const PASSWORD = 'Abc_12345';

beforeAll(async () => {
  t = await createTestApp();
  db = t.handle.db;
  admin = await login(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

interface BinRow {
  id: string;
  username: string;
  realname: string;
  status: number;
  orgCode: string | null;
  updateBy: string | null;
  updateTime: string | null;
  [k: string]: unknown;
}
interface BinPage {
  records: BinRow[];
  total: number;
  current: number;
  size: number;
}

let seq = 0;
function newUser(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    username: `rb_user${seq}`,
    realname: `回收${seq}`,
    password: PASSWORD,
    confirmpassword: PASSWORD,
    phone: `1370000${String(1000 + seq).padStart(4, '0')}`,
    email: `rb${seq}@example.com`,
    workNo: `RB${1000 + seq}`,
    ...over,
  };
}

/** Adds an account through /sys/user/add and answers its id. */
async function addUser(payload: Record<string, unknown>): Promise<string> {
  const b = body(await api(t.app, admin, { method: 'POST', url: '/sys/user/add', payload }));
  expect(b).toMatchObject({ success: true });
  return userIdOf(db, String(payload.username));
}

async function deleteUsers(ids: readonly string[]) {
  const b = body(await api(t.app, admin, { method: 'DELETE', url: `/sys/user/deleteBatch?ids=${ids.join(',')}` }));
  expect(b).toMatchObject({ success: true });
}

async function bin(query = '', token = admin) {
  return body<BinRow[]>(await api(t.app, token, { method: 'GET', url: `/sys/user/recycleBin${query}` }));
}

async function restore(userIds: unknown, token = admin) {
  return api(t.app, token, { method: 'PUT', url: '/sys/user/putRecycleBin', payload: { userIds } });
}

async function purge(userIds: string, token = admin) {
  return api(t.app, token, {
    method: 'DELETE',
    url: `/sys/user/deleteRecycleBin?userIds=${encodeURIComponent(userIds)}`,
  });
}

async function listed(username: string): Promise<number> {
  const b = body<{ total: number }>(
    await api(t.app, admin, { method: 'GET', url: `/sys/user/list?username=${username}` }),
  );
  return b.result.total;
}

async function departId(orgCode: string): Promise<string> {
  return (await db.selectFrom('sysDepart').select('id').where('orgCode', '=', orgCode).executeTakeFirstOrThrow()).id;
}

async function row(id: string) {
  return db
    .selectFrom('sysUser')
    .select(['id', 'delFlag', 'status', 'updateBy'])
    .where('id', '=', id)
    .executeTakeFirst();
}

describe('the bin', () => {
  it('a deleted account is in the bin (plain list and page) and no longer in the user list', async () => {
    const d = await departId('A03A01');
    const id = await addUser(newUser({ username: 'rb_listed', realname: '回收站甲', selecteddeparts: d }));
    expect(await listed('rb_listed')).toBe(1);
    expect((await bin()).result.some((r) => r.id === id)).toBe(false);

    await deleteUsers([id]);
    expect(await listed('rb_listed')).toBe(0);

    const all = await bin();
    expect(all.success).toBe(true);
    expect(Array.isArray(all.result)).toBe(true);
    const mine = all.result.find((r) => r.id === id);
    const departName = (
      await db.selectFrom('sysDepart').select('departName').where('id', '=', d).executeTakeFirstOrThrow()
    ).departName;
    expect(mine).toMatchObject({
      username: 'rb_listed',
      realname: '回收站甲',
      delFlag: 1,
      status: 1,
      orgCode: departName,
      orgCodeTxt: departName,
      updateBy: 'admin',
    });
    expect(mine?.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(mine).not.toHaveProperty('password');
    expect(mine).not.toHaveProperty('salt');

    // Paging asked for: the IPage shape, filtered.
    const paged = body<BinPage>(
      await api(t.app, admin, { method: 'GET', url: '/sys/user/recycleBin?pageNo=1&pageSize=5&realname=回收站甲' }),
    );
    expect(paged.result).toMatchObject({ total: 1, current: 1, size: 5 });
    expect(paged.result.records.map((r) => r.id)).toEqual([id]);
    const filtered = await bin('?username=rb_listed');
    expect(filtered.result.map((r) => r.id)).toEqual([id]);
    // Live accounts never appear.
    expect((await bin('?username=admin')).result).toEqual([]);
  });
});

describe('restore', () => {
  it('brings the account back: listed again, signs in again, status as it was', async () => {
    const staff = await roleIdOf(db, 'staff');
    const id = await addUser(newUser({ username: 'rb_back', selectedroles: staff }));
    const frozenId = await addUser(newUser({ username: 'rb_frozen' }));
    const froze = body(
      await api(t.app, admin, { method: 'PUT', url: '/sys/user/frozenBatch', payload: { ids: frozenId, status: '2' } }),
    );
    expect(froze.success).toBe(true);
    await deleteUsers([id, frozenId]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${t.config.apiPrefix}/sys/login`,
      payload: { username: 'rb_back', password: PASSWORD },
    });
    expect(body(refused).success).toBe(false);

    const b = body(await restore(`${id},${frozenId},`));
    expect(b).toMatchObject({ success: true, message: USER_RECYCLE_TEXT.restored });
    expect(await row(id)).toMatchObject({ delFlag: 0, status: 1, updateBy: 'admin' });
    expect(await row(frozenId)).toMatchObject({ delFlag: 0, status: 2 });
    expect(await listed('rb_back')).toBe(1);
    expect((await bin()).result.some((r) => r.id === id || r.id === frozenId)).toBe(false);

    // The normal account signs in again and keeps its role; the frozen one stays frozen.
    expect(await login(t.app, 'rb_back', PASSWORD)).toBeTruthy();
    const roles = body<string[]>(
      await api(t.app, admin, { method: 'GET', url: `/sys/user/queryUserRole?userid=${id}` }),
    );
    expect(roles.result).toEqual([staff]);
    await expect(login(t.app, 'rb_frozen', PASSWORD)).rejects.toThrow();

    // The operate log names what was done and to whom.
    const log = await db
      .selectFrom('operateLog')
      .select(['content', 'operateType'])
      .where('content', 'like', '还原用户%')
      .execute();
    expect(log).toEqual([{ content: '还原用户：rb_back,rb_frozen', operateType: '3' }]);
  });

  it('a deleted username cannot be taken by a new account, so only a case variant written past the API clashes', async () => {
    const u = newUser({ username: 'rb_name' });
    const id = await addUser(u);
    await deleteUsers([id]);
    const again = body(
      await api(t.app, admin, { method: 'POST', url: '/sys/user/add', payload: newUser({ username: 'rb_name' }) }),
    );
    expect(again).toMatchObject({ success: false, message: ADMIN_USER_TEXT.usernameTaken });

    // A row written straight into the table (an import of old data, say) holding the name in other case.
    await db
      .insertInto('sysUser')
      .values({ id: newId(), username: 'RB_NAME', realname: '同名', status: 1, delFlag: 0 })
      .execute();
    const b = body(await restore(id));
    expect(b).toMatchObject({ success: false, message: USER_RECYCLE_TEXT.taken(u.realname, 'username') });
    expect(await row(id)).toMatchObject({ delFlag: 1 });
  });

  it('is refused, changing nothing, when a phone, e-mail or work number is now held by a live account', async () => {
    const a = newUser({ username: 'rb_phone' });
    const id = await addUser(a);
    const other = await addUser(newUser({ username: 'rb_bystander' }));
    await deleteUsers([id]);
    // The unique indexes hold among live accounts only: a new account may take the deleted one's phone.
    const taker = await addUser(newUser({ username: 'rb_taker', phone: a.phone }));

    const b = body(await restore(id));
    expect(b).toMatchObject({ success: false, message: USER_RECYCLE_TEXT.taken(a.realname, 'phone') });
    expect(await row(id)).toMatchObject({ delFlag: 1 });

    // Together with an account that restores fine: nothing is restored.
    await deleteUsers([other]);
    const both = body(await restore([other, id]));
    expect(both).toMatchObject({ success: false, message: USER_RECYCLE_TEXT.taken(a.realname, 'phone') });
    expect(await row(other)).toMatchObject({ delFlag: 1 });

    // Once the live account's phone changes, the restore goes through.
    const edit = body(
      await api(t.app, admin, {
        method: 'PUT',
        url: '/sys/user/edit',
        payload: { id: taker, realname: '接手', phone: '13799990001' },
      }),
    );
    expect(edit.success).toBe(true);
    expect(body(await restore([other, id])).success).toBe(true);
    expect(await row(id)).toMatchObject({ delFlag: 0 });

    // E-mail (any case) and work number likewise.
    const e = newUser({ username: 'rb_mail' });
    const mailId = await addUser(e);
    await deleteUsers([mailId]);
    await addUser(newUser({ username: 'rb_mail_taker', email: e.email.toUpperCase() }));
    expect(body(await restore(mailId))).toMatchObject({
      success: false,
      message: USER_RECYCLE_TEXT.taken(e.realname, 'email'),
    });
    const w = newUser({ username: 'rb_work' });
    const workId = await addUser(w);
    await deleteUsers([workId]);
    await addUser(newUser({ username: 'rb_work_taker', workNo: w.workNo }));
    expect(body(await restore(workId))).toMatchObject({
      success: false,
      message: USER_RECYCLE_TEXT.taken(w.realname, 'workNo'),
    });
  });

  it('two accounts of the bin sharing a phone cannot come back together', async () => {
    const a = newUser({ username: 'rb_twin_a' });
    const aId = await addUser(a);
    await deleteUsers([aId]);
    const b = newUser({ username: 'rb_twin_b', phone: a.phone });
    const bId = await addUser(b);
    await deleteUsers([bId]);
    const res = body(await restore([aId, bId]));
    expect(res).toMatchObject({
      success: false,
      message: USER_RECYCLE_TEXT.takenInBatch(a.realname, b.realname, 'phone'),
    });
    expect(await row(aId)).toMatchObject({ delFlag: 1 });
    expect(await row(bId)).toMatchObject({ delFlag: 1 });
    // One at a time: the first comes back, the second is then refused by the live one.
    expect(body(await restore([aId])).success).toBe(true);
    expect(body(await restore([bId]))).toMatchObject({
      success: false,
      message: USER_RECYCLE_TEXT.taken(b.realname, 'phone'),
    });
  });
});

describe('purge', () => {
  it('removes the account and its roles, departments, department roles and settlement organisations', async () => {
    const staff = await roleIdOf(db, 'staff');
    const d = await departId('A03A01');
    const so = (await db.selectFrom('settlementOrg').select('id').where('code', '=', 'SO001').executeTakeFirstOrThrow())
      .id;
    const id = await addUser(
      newUser({
        username: 'rb_gone',
        selectedroles: staff,
        selecteddeparts: d,
        settlementOrgIds: so,
        post: 'depart_manager',
      }),
    );
    const keep = await addUser(
      newUser({ username: 'rb_keep', selectedroles: staff, selecteddeparts: d, settlementOrgIds: so }),
    );
    const droleId = newId();
    await db
      .insertInto('sysDepartRole')
      .values({ id: droleId, departId: d, roleName: '回收测试', roleCode: `rb_drole_${seq}` })
      .execute();
    await db
      .insertInto('sysDepartRoleUser')
      .values([
        { id: newId(), userId: id, droleId },
        { id: newId(), userId: keep, droleId },
      ])
      .execute();
    await deleteUsers([id, keep]);

    const b = body(await purge(`${id},`));
    expect(b).toMatchObject({ success: true, message: USER_RECYCLE_TEXT.purged });
    expect(await row(id)).toBeUndefined();
    expect((await bin()).result.some((r) => r.id === id)).toBe(false);
    for (const table of ['sysUserRole', 'sysUserDepart', 'sysUserSettlementOrg', 'sysDepartRoleUser'] as const) {
      const links = await db.selectFrom(table).select('userId').where('userId', 'in', [id, keep]).execute();
      expect({ table, links: links.map((l) => l.userId) }).toEqual({ table, links: [keep] });
    }
    // The other account of the bin is untouched, and the username is free again.
    expect((await bin()).result.some((r) => r.id === keep)).toBe(true);
    const reuse = body(
      await api(t.app, admin, { method: 'POST', url: '/sys/user/add', payload: newUser({ username: 'rb_gone' }) }),
    );
    expect(reuse.success).toBe(true);

    const log = await db
      .selectFrom('operateLog')
      .select(['content', 'operateType', 'relateId'])
      .where('content', 'like', '彻底删除用户%')
      .execute();
    expect(log).toEqual([{ content: '彻底删除用户：rb_gone', operateType: '4', relateId: id }]);
  });
});

describe('refusals', () => {
  it('ids not in the bin (live, unknown, already removed) refuse the whole call and change nothing', async () => {
    const live = await addUser(newUser({ username: 'rb_live' }));
    const binned = await addUser(newUser({ username: 'rb_binned' }));
    await deleteUsers([binned]);
    for (const ids of [live, `${binned},${live}`, `${binned},nosuchuser`]) {
      expect({ ids, b: body(await restore(ids)) }).toMatchObject({
        ids,
        b: { success: false, message: USER_RECYCLE_TEXT.notInBin },
      });
      expect({ ids, b: body(await purge(ids)) }).toMatchObject({
        ids,
        b: { success: false, message: USER_RECYCLE_TEXT.notInBin },
      });
    }
    expect(await row(live)).toMatchObject({ delFlag: 0 });
    expect(await row(binned)).toMatchObject({ delFlag: 1 });

    expect(body(await purge(binned)).success).toBe(true);
    expect(body(await purge(binned))).toMatchObject({ success: false, message: USER_RECYCLE_TEXT.notInBin });
    expect(body(await restore(binned))).toMatchObject({ success: false, message: USER_RECYCLE_TEXT.notInBin });

    const empty = await restore(',');
    expect(empty.statusCode).toBeLessThan(500);
    expect(body(empty)).toMatchObject({ success: false, message: USER_RECYCLE_TEXT.idsRequired });
    const none = await api(t.app, admin, { method: 'DELETE', url: '/sys/user/deleteRecycleBin' });
    expect(none.statusCode).toBeLessThan(500);
    expect(body(none)).toMatchObject({ success: false, message: USER_RECYCLE_TEXT.idsRequired });
    const many = Array.from({ length: 501 }, (_, i) => `id${i}`).join(',');
    expect(body(await purge(many))).toMatchObject({ success: false, message: ADMIN_TEXT.tooManyIds });
  });

  it('the guest may not read, restore or purge the bin (403)', async () => {
    const id = await addUser(newUser({ username: 'rb_guarded' }));
    await deleteUsers([id]);
    const guest = await login(t.app, 'guest');
    expect((await api(t.app, guest, { method: 'GET', url: '/sys/user/recycleBin' })).statusCode).toBe(403);
    expect((await restore(id, guest)).statusCode).toBe(403);
    expect((await purge(id, guest)).statusCode).toBe(403);
    expect((await api(t.app, null, { method: 'GET', url: '/sys/user/recycleBin' })).statusCode).toBe(401);
    expect(await row(id)).toMatchObject({ delFlag: 1 });
  });

  it('SQL text in userIds and in the filters is harmless', async () => {
    const id = await addUser(newUser({ username: 'rb_hostile' }));
    await deleteUsers([id]);
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('sysUser')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const ids of [`${id}' or '1'='1`, `${id});delete from sys_user;--`, "' or del_flag=1 or '"]) {
      const r = await purge(ids);
      expect(r.statusCode).toBeLessThan(500);
      expect(body(r).success).toBe(false);
      const s = await restore(ids);
      expect(s.statusCode).toBeLessThan(500);
      expect(body(s).success).toBe(false);
    }
    const arr = await restore([`${id}' or '1'='1`]);
    expect(body(arr).success).toBe(false);
    const obj = await restore({ $ne: null });
    expect(obj.statusCode).toBeLessThan(500);
    expect(body(obj).success).toBe(false);

    const filter = await bin(`?username=${encodeURIComponent("' or '1'='1")}`);
    expect(filter).toMatchObject({ success: true, result: [] });
    const wildcard = await bin(`?username=${encodeURIComponent('%')}`);
    expect(wildcard.result).toEqual([]);
    const badPage = body(await api(t.app, admin, { method: 'GET', url: '/sys/user/recycleBin?pageNo=x' }));
    expect(badPage.success).toBe(false);

    expect(await count()).toBe(before);
    expect(await row(id)).toMatchObject({ delFlag: 1 });
  });
});
