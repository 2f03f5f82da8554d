/** The signed-in user's own account: departments, department and settlement switches, password, ERP hand-over, config. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import type { Depart, UserInfo } from '@houtai/shared/contract/user';
import { PASSWORD_RULE_MESSAGE, PASSWORDS_DIFFER } from '@houtai/shared/validation';
import { newId } from '../src/lib/ids.ts';
import { decryptUserInfo, encryptUserInfo } from '../src/modules/current-user/crypt-user-info.ts';
import { api, body, createTestApp, login, TEST_PASSWORD, type TestContext } from './helpers.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userRow(username: string) {
  return t.handle.db.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

async function settlementId(code: string): Promise<string> {
  return (await t.handle.db.selectFrom('settlementOrg').select('id').where('code', '=', code).executeTakeFirstOrThrow())
    .id;
}

async function tryLogin(username: string, password: string) {
  return body(await api(t.app, null, { method: 'POST', url: '/sys/login', payload: { username, password } }));
}

describe('GET /sys/user/getCurrentUserDeparts', () => {
  it("lists the caller's departments with the current org code", async () => {
    const token = await login(t.app, 'zhaoliu');
    const b = body<{ list: Depart[]; orgCode: string }>(
      await api(t.app, token, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' }),
    );
    expect(b.success).toBe(true);
    expect(b.result.list.map((d) => d.orgCode)).toEqual(['A01A03', 'A03A02', 'A10A02']);
    expect(b.result.list[1]).toMatchObject({ departName: '杭州仓储部', fullName: '华东事业部/杭州仓储部' });
    expect(b.result.orgCode).toBe((await userRow('zhaoliu')).orgCode);
  });

  it('refuses a caller without a token', async () => {
    expect((await api(t.app, null, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(401);
  });
});

describe('selectDepart', () => {
  it('switches to an owned department with PUT and with POST and returns the new user info', async () => {
    const token = await login(t.app, 'zhaoliu');
    const put = body<{ userInfo: UserInfo }>(
      await api(t.app, token, {
        method: 'PUT',
        url: '/sys/selectDepart',
        payload: { orgCode: 'A03A02', username: 'zhaoliu' },
      }),
    );
    expect(put.success).toBe(true);
    expect(put.result.userInfo).toMatchObject({
      username: 'zhaoliu',
      orgCode: 'A03A02',
      orgCodeTxt: '杭州仓储部',
      realDepart: 'A03A02',
    });
    expect((await userRow('zhaoliu')).orgCode).toBe('A03A02');

    const post = body<{ userInfo: UserInfo }>(
      await api(t.app, token, { method: 'POST', url: '/sys/selectDepart', payload: { orgCode: 'A10A02' } }),
    );
    expect(post.success).toBe(true);
    expect(post.result.userInfo.orgCode).toBe('A10A02');
    expect((await userRow('zhaoliu')).orgCode).toBe('A10A02');
    const logged = await t.handle.db
      .selectFrom('operateLog')
      .select(['content', 'operateType', 'relateId'])
      .where('username', '=', 'zhaoliu')
      .where('content', 'like', '切换部门%')
      .orderBy('content')
      .execute();
    // The same action is one type whichever verb the client used; the row names the department chosen.
    const userId = (await userRow('zhaoliu')).id;
    expect(logged).toEqual([
      { content: '切换部门：A03A02', operateType: '3', relateId: userId },
      { content: '切换部门：A10A02', operateType: '3', relateId: userId },
    ]);
  });

  it('refuses a department the caller does not belong to, with PUT and with POST', async () => {
    const token = await login(t.app, 'zhangsan');
    for (const method of ['PUT', 'POST'] as const) {
      const res = await api(t.app, token, { method, url: '/sys/selectDepart', payload: { orgCode: 'A01A03' } });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ success: false, message: TEXT.departNotOwned });
    }
    expect((await userRow('zhangsan')).orgCode).toBe('A03A01');
  });

  it("refuses to switch another user's department", async () => {
    const token = await login(t.app, 'zhaoliu');
    const b = body(
      await api(t.app, token, {
        method: 'PUT',
        url: '/sys/selectDepart',
        payload: { orgCode: 'A01A03', username: 'zhangsan' },
      }),
    );
    expect(b).toMatchObject({ success: false, message: TEXT.onlySelf });
    expect((await userRow('zhangsan')).orgCode).toBe('A03A01');
  });

  it('answers a missing org code with the Chinese validation message', async () => {
    const token = await login(t.app, 'zhaoliu');
    const res = await api(t.app, token, { method: 'PUT', url: '/sys/selectDepart', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('请选择部门');
  });
});

describe('POST /sys/selectAccountId', () => {
  it('switches to an owned settlement organisation', async () => {
    const token = await login(t.app, 'zhaoliu');
    const so2 = await settlementId('SO002');
    const b = body<{ userInfo: UserInfo }>(
      await api(t.app, token, {
        method: 'POST',
        url: '/sys/selectAccountId',
        payload: { accountId: so2, username: 'zhaoliu' },
      }),
    );
    expect(b.success).toBe(true);
    expect(b.result.userInfo.accountId).toBe(so2);
    expect((await userRow('zhaoliu')).accountId).toBe(so2);
  });

  it('refuses a settlement organisation the caller does not have, also by its code', async () => {
    const token = await login(t.app, 'zhangsan');
    const before = (await userRow('zhangsan')).accountId;
    for (const accountId of [await settlementId('SO002'), 'SO001', 'nope']) {
      const b = body(await api(t.app, token, { method: 'POST', url: '/sys/selectAccountId', payload: { accountId } }));
      expect(b).toMatchObject({ success: false, message: TEXT.accountNotOwned });
    }
    expect((await userRow('zhangsan')).accountId).toBe(before);
  });
});

describe('updatePassword', () => {
  const NEW_PASSWORD = 'N3w_pass.word';

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const current = await login(t.app, 'lisi');
    const other = await login(t.app, 'lisi');
    const res = await api(t.app, current, {
      method: 'PUT',
      url: '/sys/user/updatePassword',
      payload: { username: 'lisi', oldpassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD },
    });
    expect(body(res)).toMatchObject({ success: true, message: '密码重置成功!' });
    expect((await userRow('lisi')).password).toMatch(/^\$argon2id\$/);

    expect((await api(t.app, other, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(401);
    expect((await api(t.app, current, { method: 'GET', url: '/sys/user/getCurrentUserDeparts' })).statusCode).toBe(200);

    expect(await tryLogin('lisi', TEST_PASSWORD)).toMatchObject({ success: false });
    expect(await tryLogin('lisi', NEW_PASSWORD)).toMatchObject({ success: true });
  });

  it('accepts POST as well', async () => {
    const token = await login(t.app, 'lisi', NEW_PASSWORD);
    const b = body(
      await api(t.app, token, {
        method: 'POST',
        url: '/sys/user/updatePassword',
        payload: { oldpassword: NEW_PASSWORD, password: TEST_PASSWORD, confirmpassword: TEST_PASSWORD },
      }),
    );
    expect(b).toMatchObject({ success: true, message: TEXT.passwordResetDone });
    expect(await tryLogin('lisi', TEST_PASSWORD)).toMatchObject({ success: true });
  });

  it('refuses a wrong old password and keeps the old hash', async () => {
    const token = await login(t.app, 'wangwu');
    const hash = (await userRow('wangwu')).password;
    const b = body(
      await api(t.app, token, {
        method: 'PUT',
        url: '/sys/user/updatePassword',
        payload: { oldpassword: 'wrong-old1', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD },
      }),
    );
    expect(b).toMatchObject({ success: false, message: TEXT.oldPasswordWrong });
    expect((await userRow('wangwu')).password).toBe(hash);
  });

  it('answers rule violations with their Chinese messages', async () => {
    const token = await login(t.app, 'wangwu');
    const cases: [string, string, string][] = [
      ['abcdefgh', 'abcdefgh', PASSWORD_RULE_MESSAGE], // one kind of character only
      ['a1b2', 'a1b2', PASSWORD_RULE_MESSAGE], // too short
      ['abc123 x', 'abc123 x', PASSWORD_RULE_MESSAGE], // a character outside the allowed set
      ['abc12345', 'abc12346', PASSWORDS_DIFFER],
    ];
    for (const [password, confirmpassword, message] of cases) {
      const res = await api(t.app, token, {
        method: 'PUT',
        url: '/sys/user/updatePassword',
        payload: { oldpassword: TEST_PASSWORD, password, confirmpassword },
      });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    expect(PASSWORD_RULE_MESSAGE).toBe('密码必须由6位以上数字、字母、特殊字符的任意两种组合!');
    expect(PASSWORDS_DIFFER).toBe('两次输入的密码不一样！');
    const missing = await api(t.app, token, {
      method: 'PUT',
      url: '/sys/user/updatePassword',
      payload: { password: 'abc12345', confirmpassword: 'abc12345' },
    });
    expect(body(missing).message).toBe('请输入旧密码!');
    expect(await tryLogin('wangwu', TEST_PASSWORD)).toMatchObject({ success: true });
  });

  it("refuses to change someone else's password", async () => {
    const token = await login(t.app, 'wangwu');
    const b = body(
      await api(t.app, token, {
        method: 'PUT',
        url: '/sys/user/updatePassword',
        payload: {
          username: 'admin',
          oldpassword: TEST_PASSWORD,
          password: NEW_PASSWORD,
          confirmpassword: NEW_PASSWORD,
        },
      }),
    );
    expect(b).toMatchObject({ success: false, message: '只允许修改自己的密码！' });
    expect(await tryLogin('admin', TEST_PASSWORD)).toMatchObject({ success: true });
    expect(await tryLogin('wangwu', TEST_PASSWORD)).toMatchObject({ success: true });
  });
});

describe('GET /sys/user/getCryptUserInfo', () => {
  it('hands zhangsan (A03…) an encrypted user info that decrypts for 60 seconds', async () => {
    const token = await login(t.app, 'zhangsan');
    const now = Date.now();
    t.clock.now = now;
    try {
      const b = body<string>(await api(t.app, token, { method: 'GET', url: '/sys/user/getCryptUserInfo' }));
      expect(b.success).toBe(true);
      expect(b.result).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(b.result).not.toContain('zhangsan');
      expect(decryptUserInfo(b.result, t.config.cryptKey, now)).toEqual({
        username: 'zhangsan',
        realname: '张三',
        orgCode: 'A03A01',
        workNo: 'E0001',
        exp: now + 60_000,
      });
      expect(decryptUserInfo(b.result, t.config.cryptKey, now + 59_999)).not.toBeNull();
      expect(decryptUserInfo(b.result, t.config.cryptKey, now + 60_000)).toBeNull();
    } finally {
      t.clock.now = null;
    }
  });

  it('refuses wangwu (A02…) with 403 although he holds hz:entrance', async () => {
    const token = await login(t.app, 'wangwu');
    const res = await api(t.app, token, { method: 'GET', url: '/sys/user/getCryptUserInfo' });
    expect(res.statusCode).toBe(403);
    expect(body(res).success).toBe(false);
  });

  it('refuses guest, who lacks hz:entrance, with 403', async () => {
    const token = await login(t.app, 'guest');
    expect((await api(t.app, token, { method: 'GET', url: '/sys/user/getCryptUserInfo' })).statusCode).toBe(403);
  });

  it('follows the current department: zhaoliu enters after switching to an A03 department', async () => {
    const token = await login(t.app, 'zhaoliu');
    await api(t.app, token, { method: 'PUT', url: '/sys/selectDepart', payload: { orgCode: 'A01A03' } });
    expect((await api(t.app, token, { method: 'GET', url: '/sys/user/getCryptUserInfo' })).statusCode).toBe(403);
    await api(t.app, token, { method: 'PUT', url: '/sys/selectDepart', payload: { orgCode: 'A03A02' } });
    expect((await api(t.app, token, { method: 'GET', url: '/sys/user/getCryptUserInfo' })).statusCode).toBe(200);
  });

  it('rejects a forged, truncated or foreign-key text', () => {
    const key = t.config.cryptKey;
    const text = encryptUserInfo(
      { username: 'u', realname: 'r', orgCode: 'A03', workNo: null, exp: Date.now() + 60_000 },
      key,
    );
    expect(decryptUserInfo(text, key)?.username).toBe('u');
    const [iv, tag, data] = text.split('.') as [string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(decryptUserInfo([iv, tag, flipped.toString('base64url')].join('.'), key)).toBeNull();
    expect(decryptUserInfo(`${iv}.${tag}`, key)).toBeNull();
    expect(decryptUserInfo(text, 'ab'.repeat(32))).toBeNull();
  });
});

describe('GET /sys/sysConfig/getByCode', () => {
  it('returns the system notification banner', async () => {
    const token = await login(t.app, 'guest');
    const b = body(
      await api(t.app, token, { method: 'GET', url: '/sys/sysConfig/getByCode?code=SYSTEM_NOTIFICATIONS' }),
    );
    expect(b).toMatchObject({
      success: true,
      result: { status: '1', content: '欢迎使用后台管理系统，系统将于每周日 02:00 例行维护。' },
    });
  });

  it('refuses unknown codes and codes that are not allow-listed, without revealing their value', async () => {
    await t.handle.db
      .insertInto('sysConfig')
      .values({
        id: newId(),
        code: 'SMTP_PASSWORD',
        name: 'secret',
        value: '{"status":"1","content":"s3cret"}',
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const token = await login(t.app, 'guest');
    for (const code of ['SMTP_PASSWORD', 'NO_SUCH_CODE']) {
      const res = await api(t.app, token, { method: 'GET', url: `/sys/sysConfig/getByCode?code=${code}` });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ success: false, message: TEXT.configNotReadable, result: null });
      expect(res.body).not.toContain('s3cret');
    }
    expect((await api(t.app, token, { method: 'GET', url: '/sys/sysConfig/getByCode' })).statusCode).toBe(400);
    expect(
      (await api(t.app, null, { method: 'GET', url: '/sys/sysConfig/getByCode?code=SYSTEM_NOTIFICATIONS' })).statusCode,
    ).toBe(401);
  });
});

describe('seeded positions', () => {
  it('has positions with ranks', async () => {
    const rows = await t.handle.db
      .selectFrom('sysPosition')
      .select(['name', 'postRank'])
      .orderBy('postRank', 'desc')
      .execute();
    expect(rows).toContainEqual({ name: '总经理', postRank: '5' });
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['部门经理', '财务主管', '专员']));
  });
});
