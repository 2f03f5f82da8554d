/** Sign-in, throttling, captcha, sessions, sign-out, administrator sign-in and force logout. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_ABSOLUTE_TTL_MS } from '@houtai/shared/constants';
import type { LoginResult, OnlineUser } from '@houtai/shared/contract/auth';
import type { Page } from '@houtai/shared/contract/common';
import { resetPassword } from '../src/modules/auth/admin-account.service.ts';
import { invalidatePermissions } from '../src/modules/permission/permission-codes.service.ts';
import { hashToken } from '../src/modules/session/session.service.ts';
import { api, body, createTestApp, login, roleIdOf, TEST_PASSWORD, userIdOf, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.clock.now = null;
  delete t.app.services.captcha;
});
afterAll(async () => {
  await t.close();
});

const PROTECTED = '/common/operateLog/list';

function post(url: string, payload: object, token: string | null = null) {
  return api(t.app, token, { method: 'POST', url, payload });
}

function get(url: string, token: string | null) {
  return api(t.app, token, { method: 'GET', url });
}

let keySeq = 0;
/** A captcha whose text the test knows: the generator is swapped through app.services. */
async function captchaFor(text = 'Kx7p'): Promise<{ captcha: string; checkKey: string }> {
  t.app.services.captcha = () => text;
  const checkKey = `${Date.now()}${keySeq++}`;
  const res = await get(`/sys/randomImage/${checkKey}`, null);
  expect(body(res).success).toBe(true);
  return { captcha: text.toLowerCase(), checkKey };
}

function passwordLogin(username: string, password: string, extra: object = {}) {
  return post('/sys/login', { username, password, ...extra });
}

/** The parts of an answer that must not differ between two causes (timestamp always differs). */
function answer(res: Awaited<ReturnType<typeof post>>) {
  const b = body(res);
  return { status: res.statusCode, success: b.success, code: b.code, message: b.message, result: b.result };
}

const roleIdOfCode = (code: string) => roleIdOf(t.handle.db, code);
const userId = (username: string) => userIdOf(t.handle.db, username);

describe('POST /sys/login', () => {
  it('answers 登录成功 with token, userInfo, departs, multi_depart, accounts and sysAllDictItems', async () => {
    // A dictionary of this test's own, so the check does not depend on what the seed holds.
    await t.handle.db
      .insertInto('sysDict')
      .values({
        id: 'auth-test-dict',
        dictName: '登录测试',
        dictCode: 'auth_test_dict',
        description: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await t.handle.db
      .insertInto('sysDictItem')
      .values({
        id: 'auth-test-item',
        dictId: 'auth-test-dict',
        itemText: '是',
        itemValue: 'Y',
        itemColor: null,
        description: null,
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const res = await passwordLogin('zhaoliu', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const b = body<LoginResult>(res);
    expect(b).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(b.result.token).toMatch(/^[\w-]{40,}$/);
    expect(b.result.userInfo).toMatchObject({ username: 'zhaoliu', realname: '赵六', workNo: 'E0004' });
    expect(b.result.departs.map((d) => d.orgCode).sort()).toEqual(['A01A03', 'A03A02', 'A10A02']);
    expect(b.result.multi_depart).toBe(2);
    expect(b.result.departs.map((d) => d.orgCode)).toContain(b.result.userInfo.orgCode);
    expect(b.result.accounts).toHaveLength(3);
    expect(typeof b.result.sysAllDictItems).toBe('object');
    expect(Array.isArray(b.result.sysAllDictItems)).toBe(false);
    expect(b.result.sysAllDictItems.auth_test_dict).toEqual([{ value: 'Y', text: '是', title: '是', label: '是' }]);
    expect(res.body).not.toMatch(/"password"|"salt"|\$argon2/);
  });

  it('gives a user with one department multi_depart 1 and makes it the org code', async () => {
    await t.handle.db.updateTable('sysUser').set({ orgCode: null }).where('username', '=', 'zhangsan').execute();
    const b = body<LoginResult>(await passwordLogin('zhangsan', TEST_PASSWORD));
    expect(b.result.multi_depart).toBe(1);
    expect(b.result.userInfo.orgCode).toBe('A03A01');
    const row = await t.handle.db
      .selectFrom('sysUser')
      .select('orgCode')
      .where('username', '=', 'zhangsan')
      .executeTakeFirstOrThrow();
    expect(row.orgCode).toBe('A03A01');
  });

  it('writes a login log row counted by the visit statistics', async () => {
    const before = await t.handle.db
      .selectFrom('sysLog')
      .select('id')
      .where('username', '=', 'lisi')
      .where('logType', '=', 1)
      .execute();
    await login(t.app, 'lisi');
    const after = await t.handle.db
      .selectFrom('sysLog')
      .selectAll()
      .where('username', '=', 'lisi')
      .where('logType', '=', 1)
      .execute();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ logContent: '用户名: lisi,登录成功！', userid: await userId('lisi') });
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = answer(await passwordLogin('guest', 'Wrong-password-1'));
    const unknown = answer(await passwordLogin('nobody-here', 'Wrong-password-1'));
    expect(wrong).toEqual({ status: 200, success: false, code: 500, message: '用户名或密码错误', result: null });
    expect(unknown).toEqual(wrong);
    await login(t.app, 'guest'); // success resets the counter for later tests
  });

  it('refuses a frozen user with 该用户已冻结 only when the password is right', async () => {
    await t.handle.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'guest').execute();
    try {
      expect(body(await passwordLogin('guest', 'Wrong-password-1')).message).toBe('用户名或密码错误');
      const frozen = body(await passwordLogin('guest', TEST_PASSWORD));
      expect(frozen).toMatchObject({ success: false, message: '该用户已冻结' });
    } finally {
      await t.handle.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'guest').execute();
    }
  });

  it('demands a captcha after 3 failures (412), refuses a wrong or expired one and accepts the right one once', async () => {
    for (let i = 0; i < 3; i++)
      expect(body(await passwordLogin('wangwu', 'Wrong-password-1')).message).toBe('用户名或密码错误');

    const missing = answer(await passwordLogin('wangwu', TEST_PASSWORD));
    expect(missing).toMatchObject({ status: 200, success: false, code: 412, message: '请输入验证码' });

    const c1 = await captchaFor('Ab3d');
    const wrong = answer(await passwordLogin('wangwu', TEST_PASSWORD, { ...c1, captcha: 'zzzz' }));
    expect(wrong).toMatchObject({ status: 200, success: false, code: 412, message: '验证码错误' });
    // One try per image: the right text no longer helps after a wrong one.
    expect(body(await passwordLogin('wangwu', TEST_PASSWORD, c1)).code).toBe(412);

    const c2 = await captchaFor('Ef4g');
    t.clock.now = Date.now() + 61_000;
    expect(answer(await passwordLogin('wangwu', TEST_PASSWORD, c2))).toMatchObject({
      code: 412,
      message: '验证码错误',
    });
    t.clock.now = null;

    const c3 = await captchaFor('Hj5k');
    const okRes = body(await passwordLogin('wangwu', TEST_PASSWORD, { ...c3, captcha: 'HJ5K' }));
    expect(okRes).toMatchObject({ success: true, code: 200 });
    // Single use: the same captcha cannot be replayed.
    const row = await t.handle.db
      .selectFrom('sysAuthCode')
      .selectAll()
      .where('purpose', '=', 'captcha')
      .where('subject', '=', c3.checkKey)
      .executeTakeFirstOrThrow();
    expect(row.usedAt).not.toBeNull();
    expect(row.codeHash).not.toContain('hj5k');
    // Success reset the counter: no captcha needed any more.
    expect(body(await passwordLogin('wangwu', TEST_PASSWORD)).success).toBe(true);
  });

  it('demands the captcha for unknown usernames too', async () => {
    for (let i = 0; i < 3; i++) await passwordLogin('ghost-user', 'Wrong-password-1');
    expect(answer(await passwordLogin('ghost-user', 'Wrong-password-1'))).toMatchObject({
      code: 412,
      message: '请输入验证码',
    });
  });

  it('returns the captcha image as an SVG data URI', async () => {
    const res = await get('/sys/randomImage/1700000000000', null);
    const b = body<string>(res);
    expect(b.success).toBe(true);
    expect(b.result).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(b.result.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });

  it('locks the account after 10 wrong passwords, refusing even the right one until the lock time has passed', async () => {
    for (let i = 1; i <= 10; i++) {
      const extra = i > 3 ? await captchaFor() : {};
      const b = body(await passwordLogin('lisi', 'Wrong-password-1', extra));
      expect(b.message).toBe(i < 10 ? '用户名或密码错误' : '登录失败次数过多，账号已临时锁定，请稍后再试');
    }
    const locked = body(await passwordLogin('lisi', TEST_PASSWORD, await captchaFor()));
    expect(locked).toMatchObject({ success: false, message: '登录失败次数过多，账号已临时锁定，请稍后再试' });

    t.clock.now = Date.now() + (t.config.lockMinutes - 1) * 60_000;
    expect(body(await passwordLogin('lisi', TEST_PASSWORD, await captchaFor())).success).toBe(false);

    t.clock.now = Date.now() + (t.config.lockMinutes + 1) * 60_000;
    const after = body<LoginResult>(await passwordLogin('lisi', TEST_PASSWORD, await captchaFor()));
    expect(after.success).toBe(true);
    expect(after.result.userInfo.username).toBe('lisi');
  });

  it('locks unknown usernames the same way', async () => {
    for (let i = 1; i <= 10; i++)
      await passwordLogin('no-such-user', 'Wrong-password-1', i > 3 ? await captchaFor() : {});
    expect(body(await passwordLogin('no-such-user', 'Wrong-password-1', await captchaFor())).message).toBe(
      '登录失败次数过多，账号已临时锁定，请稍后再试',
    );
  });
});

describe('throttling under pressure', () => {
  const LOCKED = '登录失败次数过多，账号已临时锁定，请稍后再试';
  // Each test calls from its own address, clear of the per-IP limits the rest of the file uses up.
  let ipSeq = 0;
  let ip = '';
  beforeEach(() => {
    ip = `10.9.0.${++ipSeq}`;
  });
  const from = (url: string, payload: object) => api(t.app, null, { method: 'POST', url, payload, remoteAddress: ip });
  const tryPassword = (username: string, password: string, extra: object = {}) =>
    from('/sys/login', { username, password, ...extra });
  async function captcha(): Promise<{ captcha: string; checkKey: string }> {
    t.app.services.captcha = () => 'Kx7p';
    const checkKey = `${Date.now()}${keySeq++}`;
    const res = await api(t.app, null, { method: 'GET', url: `/sys/randomImage/${checkKey}`, remoteAddress: ip });
    expect(body(res).success).toBe(true);
    return { captcha: 'kx7p', checkKey };
  }

  afterEach(async () => {
    for (const u of ['zhangsan', 'zhaoliu', 'wangwu', 'guest']) await resetPassword(t.handle.db, u, TEST_PASSWORD);
  });

  it('checks at most 3 passwords of a concurrent burst without captchas, and locks nobody out', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => tryPassword('zhangsan', 'Wrong-password-1').then((r) => body(r))),
    );
    expect(answers.filter((a) => a.message === '用户名或密码错误')).toHaveLength(3);
    expect(answers.filter((a) => a.code === 412)).toHaveLength(27);
    // Missing captchas did not count: the owner signs in with a captcha.
    expect(body(await tryPassword('zhangsan', TEST_PASSWORD, await captcha())).success).toBe(true);
  });

  it('checks at most 10 passwords of a concurrent burst with captchas, then refuses even the right one', async () => {
    const captchas = [];
    for (let i = 0; i < 20; i++) captchas.push(await captcha());
    const answers = await Promise.all(
      captchas.map((c) => tryPassword('zhaoliu', 'Wrong-password-1', c).then((r) => body(r).message)),
    );
    expect(answers.filter((m) => m === '用户名或密码错误')).toHaveLength(9);
    expect(answers.filter((m) => m === LOCKED)).toHaveLength(11);
    expect(body(await tryPassword('zhaoliu', TEST_PASSWORD, await captcha())).message).toBe(LOCKED);
  });

  it('starts counting afresh once a lock has run out', async () => {
    for (let i = 1; i <= 10; i++) await tryPassword('wangwu', 'Wrong-password-1', i > 3 ? await captcha() : {});
    t.clock.now = Date.now() + (t.config.lockMinutes + 1) * 60_000;
    expect(body(await tryPassword('wangwu', 'Wrong-password-1')).message).toBe('用户名或密码错误');
    expect(body(await tryPassword('wangwu', TEST_PASSWORD)).success).toBe(true);
  });

  it('refuses the SMS sign-in of a locked account', async () => {
    for (let i = 1; i <= 10; i++) await tryPassword('guest', 'Wrong-password-1', i > 3 ? await captcha() : {});
    const sent = body(await from('/sys/sms', { mobile: '13800000005', smsmode: '0' }));
    expect(sent.success).toBe(true);
    const code = t.sms.filter((m) => m.mobile === '13800000005').at(-1)!.code;
    const res = body(await from('/sys/phoneLogin', { mobile: '13800000005', captcha: code }));
    expect(res).toMatchObject({ success: false, message: LOCKED });
  });

  it('counts wrong old passwords of a password change toward the same lock', async () => {
    const token = await login(t.app, 'zhangsan');
    const change = (oldpassword: string) =>
      api(t.app, token, {
        method: 'PUT',
        url: '/sys/user/updatePassword',
        payload: { username: 'zhangsan', oldpassword, password: 'Next_pass9', confirmpassword: 'Next_pass9' },
      }).then((r) => body(r).message);
    for (let i = 1; i < 10; i++) expect(await change('Wrong-password-1')).toBe('旧密码输入错误!');
    expect(await change('Wrong-password-1')).toBe(LOCKED);
    expect(await change(TEST_PASSWORD)).toBe(LOCKED);
    expect(body(await tryPassword('zhangsan', TEST_PASSWORD, await captcha())).message).toBe(LOCKED);
  });
});

describe('operator password reset', () => {
  it('clears failed sign-ins and a lock of the account', async () => {
    for (let i = 0; i < 3; i++) await passwordLogin('wangwu', 'Wrong-password-1');
    for (let i = 0; i < 3; i++) await post('/sys/loginByWorkNo', { workNo: 'E0003', password: 'Wrong-password-1' });
    expect(body(await passwordLogin('wangwu', TEST_PASSWORD)).code).toBe(412);
    await resetPassword(t.handle.db, 'wangwu', TEST_PASSWORD);
    expect(body(await passwordLogin('wangwu', TEST_PASSWORD)).success).toBe(true);
    expect(body(await post('/sys/loginByWorkNo', { workNo: 'E0003', password: TEST_PASSWORD })).success).toBe(true);
  });
});

describe('POST /sys/loginByWorkNo', () => {
  it('signs in by work number with the same login result', async () => {
    const b = body<LoginResult>(await post('/sys/loginByWorkNo', { workNo: 'E0004', password: TEST_PASSWORD }));
    expect(b).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(b.result.userInfo.username).toBe('zhaoliu');
    expect(b.result.multi_depart).toBe(2);
    expect(b.result.accounts).toHaveLength(3);
    expect(b.result.token).toBeTruthy();
  });

  it('throttles per account, whether the password is tried with the work number or the username', async () => {
    for (let i = 0; i < 3; i++) {
      expect(body(await post('/sys/loginByWorkNo', { workNo: 'E0002', password: 'Wrong-password-1' })).message).toBe(
        '用户名或密码错误',
      );
    }
    expect(body(await post('/sys/loginByWorkNo', { workNo: 'E0002', password: TEST_PASSWORD })).code).toBe(412);
    // E0002 is lisi: the username shares the count, so it needs the captcha too.
    expect(body(await passwordLogin('lisi', TEST_PASSWORD)).code).toBe(412);
    expect(body(await passwordLogin('lisi', TEST_PASSWORD, await captchaFor())).success).toBe(true);
    // The right password ended the run of failures for both names.
    expect(body(await post('/sys/loginByWorkNo', { workNo: 'E0002', password: TEST_PASSWORD })).success).toBe(true);
  });

  it('answers an unknown work number like a wrong password', async () => {
    const unknown = answer(await post('/sys/loginByWorkNo', { workNo: 'X9999', password: 'Wrong-password-1' }));
    const wrong = answer(await post('/sys/loginByWorkNo', { workNo: 'E0005', password: 'Wrong-password-1' }));
    expect(unknown).toEqual(wrong);
    expect(wrong.message).toBe('用户名或密码错误');
  });
});

describe('session tokens', () => {
  it('are accepted only in X-Access-Token, not as ?token= or a cookie', async () => {
    const token = await login(t.app, 'admin');
    expect((await get(PROTECTED, token)).statusCode).toBe(200);
    expect((await get(`${PROTECTED}?token=${token}`, null)).statusCode).toBe(401);
    const cookie = await api(t.app, null, {
      method: 'GET',
      url: PROTECTED,
      headers: { cookie: `X-Access-Token=${token}; token=${token}` },
    });
    expect(cookie.statusCode).toBe(401);
  });

  it('expire after the idle time without requests', async () => {
    const token = await login(t.app, 'admin');
    t.clock.now = Date.now() + (t.config.tokenIdleMinutes - 1) * 60_000;
    expect((await get(PROTECTED, token)).statusCode).toBe(200);
    t.clock.now += (t.config.tokenIdleMinutes + 1) * 60_000;
    const res = await get(PROTECTED, token);
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe('Token失效，请重新登录');
  });

  it('expire 7 days after sign-in even when used all the time', async () => {
    const base = Date.now();
    t.clock.now = base;
    const token = await login(t.app, 'zhaoliu');
    const step = (t.config.tokenIdleMinutes - 10) * 60_000;
    for (let at = base + step; at < base + TOKEN_ABSOLUTE_TTL_MS; at += step) {
      t.clock.now = at;
      expect((await get(PROTECTED, token)).statusCode).toBe(200);
    }
    t.clock.now = base + TOKEN_ABSOLUTE_TTL_MS + 60_000;
    expect((await get(PROTECTED, token)).statusCode).toBe(401);
  });
});

describe('frozen accounts', () => {
  it('end their sessions for good: unfreezing does not bring an old token back', async () => {
    const token = await login(t.app, 'guest');
    expect((await get(PROTECTED, token)).statusCode).toBe(200);
    await t.handle.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'guest').execute();
    try {
      expect((await get(PROTECTED, token)).statusCode).toBe(401);
    } finally {
      await t.handle.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'guest').execute();
    }
    expect((await get(PROTECTED, token)).statusCode).toBe(401);
    const row = await t.handle.db
      .selectFrom('sysUserToken')
      .select('revokedReason')
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.revokedReason).toBe('account-inactive');
  });
});

describe('POST /sys/logout', () => {
  it('revokes the token: 401 afterwards', async () => {
    const token = await login(t.app, 'zhangsan');
    expect((await get(PROTECTED, token)).statusCode).toBe(200);
    const res = await post('/sys/logout', {}, token);
    expect(body(res)).toMatchObject({ success: true, message: '退出登录成功！' });
    expect((await get(PROTECTED, token)).statusCode).toBe(401);
    expect(body(await post('/sys/logout', {}, token))).toMatchObject({ success: false, message: '退出登录失败！' });
  });

  it('fails with 退出登录失败！ without a token or with an unknown one', async () => {
    expect(body(await post('/sys/logout', {}))).toMatchObject({ success: false, message: '退出登录失败！' });
    expect(body(await post('/sys/logout', {}, 'not-a-token'))).toMatchObject({
      success: false,
      message: '退出登录失败！',
    });
  });
});

describe('POST /sys/loginByAdmin', () => {
  it('lets an administrator sign in as another user, recorded in the operate log and login log', async () => {
    const adminToken = await login(t.app, 'admin');
    const res = await post('/sys/loginByAdmin', { username: 'zhangsan' }, adminToken);
    const b = body<LoginResult>(res);
    expect(b).toMatchObject({ success: true, code: 200 });
    expect(b.result.userInfo.username).toBe('zhangsan');
    expect(b.result.multi_depart).toBe(1);
    expect((await get(PROTECTED, b.result.token)).statusCode).toBe(200);

    const zhangsanId = await userId('zhangsan');
    const adminId = await userId('admin');
    const ops = await t.handle.db.selectFrom('operateLog').selectAll().where('relateId', '=', zhangsanId).execute();
    expect(ops.map((o) => o.content)).toContain('管理员 admin 以用户 zhangsan 身份登录');
    expect(ops.find((o) => o.content.includes('身份登录'))?.userId).toBe(adminId);
    const logs = await t.handle.db
      .selectFrom('sysLog')
      .selectAll()
      .where('userid', '=', zhangsanId)
      .where('logContent', 'like', '管理员%')
      .execute();
    expect(logs).toHaveLength(1);
    const session = await t.handle.db
      .selectFrom('sysUserToken')
      .selectAll()
      .where('userId', '=', zhangsanId)
      .where('loginType', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(session.impersonatorId).toBe(adminId);
  });

  it('refuses the low-privilege user with 403', async () => {
    const guestToken = await login(t.app, 'guest');
    const res = await post('/sys/loginByAdmin', { username: 'zhangsan' }, guestToken);
    expect(res.statusCode).toBe(403);
    expect(
      await t.handle.db
        .selectFrom('sysUserToken')
        .select('id')
        .where('loginType', '=', 'admin')
        .where('impersonatorId', '=', await userId('guest'))
        .execute(),
    ).toEqual([]);
  });

  it('fails for an unknown or frozen target', async () => {
    const adminToken = await login(t.app, 'admin');
    expect(body(await post('/sys/loginByAdmin', { username: 'nobody-here' }, adminToken))).toMatchObject({
      success: false,
      message: '该用户不存在',
    });
    await t.handle.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'wangwu').execute();
    try {
      expect(body(await post('/sys/loginByAdmin', { username: 'wangwu' }, adminToken))).toMatchObject({
        success: false,
        message: '该用户已冻结',
      });
    } finally {
      await t.handle.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'wangwu').execute();
    }
  });

  it('refuses to sign in as oneself or as another holder of the permission, and records the refusal', async () => {
    const adminToken = await login(t.app, 'admin');
    expect(body(await post('/sys/loginByAdmin', { username: 'admin' }, adminToken))).toMatchObject({
      success: false,
      message: '不能以当前账号的身份登录',
    });
    // zhangsan becomes an administrator for this test.
    const link = { id: `t-${Date.now()}`, userId: await userId('zhangsan'), roleId: await roleIdOfCode('admin') };
    await t.handle.db.insertInto('sysUserRole').values(link).execute();
    await invalidatePermissions(t.handle.db);
    try {
      expect(body(await post('/sys/loginByAdmin', { username: 'zhangsan' }, adminToken))).toMatchObject({
        success: false,
        message: '不能以同样拥有此权限的管理员身份登录',
      });
    } finally {
      await t.handle.db.deleteFrom('sysUserRole').where('id', '=', link.id).execute();
      await invalidatePermissions(t.handle.db);
    }
    const refusals = await t.handle.db
      .selectFrom('operateLog')
      .select('content')
      .where('content', 'like', '%身份登录被拒绝%')
      .orderBy('content')
      .execute();
    expect(refusals.map((r) => r.content)).toEqual(
      expect.arrayContaining([
        '管理员 admin 以用户 admin 身份登录被拒绝：不能以当前账号的身份登录',
        '管理员 admin 以用户 zhangsan 身份登录被拒绝：不能以同样拥有此权限的管理员身份登录',
        '管理员 admin 以用户 nobody-here 身份登录被拒绝：该用户不存在',
      ]),
    );
  });
});

describe('online users', () => {
  it('forceLogout by username ends every session of that user', async () => {
    const first = await login(t.app, 'zhangsan');
    const second = await login(t.app, 'zhangsan');
    const other = await login(t.app, 'lisi');
    const adminToken = await login(t.app, 'admin');
    const res = await post('/sys/online/forceLogout', { username: 'zhangsan' }, adminToken);
    expect(body(res)).toMatchObject({ success: true, message: '强制退出成功' });
    expect((await get(PROTECTED, first)).statusCode).toBe(401);
    expect((await get(PROTECTED, second)).statusCode).toBe(401);
    expect((await get(PROTECTED, other)).statusCode).toBe(200);
  });

  it('lists live sessions without tokens, and forceLogout by session id ends just that one', async () => {
    const zhaoliuToken = await login(t.app, 'zhaoliu');
    const adminToken = await login(t.app, 'admin');
    const res = await get('/sys/online/list?username=zhaoliu&pageNo=1&pageSize=100', adminToken);
    const page = body<Page<OnlineUser>>(res).result;
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.records.every((r) => r.username === 'zhaoliu')).toBe(true);
    expect(page.records[0]).toMatchObject({ username: 'zhaoliu', realname: '赵六', loginType: 'password' });
    expect(page.records[0]?.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.body).not.toContain(zhaoliuToken);
    expect(res.body).not.toContain(hashToken(zhaoliuToken));

    const own = await t.handle.db
      .selectFrom('sysUserToken')
      .select('id')
      .where('tokenHash', '=', hashToken(zhaoliuToken))
      .executeTakeFirstOrThrow();
    expect(page.records.map((r) => r.id)).toContain(own.id);
    expect(body(await post('/sys/online/forceLogout', { id: own.id }, adminToken)).success).toBe(true);
    expect((await get(PROTECTED, zhaoliuToken)).statusCode).toBe(401);
    expect((await get(PROTECTED, adminToken)).statusCode).toBe(200);
    expect(body(await post('/sys/online/forceLogout', { id: own.id }, adminToken))).toMatchObject({
      success: false,
      message: '未找到在线会话',
    });
  });

  it("gives each session an opaque handle in token (never the token) that 强退 posts back, and marks the caller's own", async () => {
    const target = await login(t.app, 'zhaoliu');
    const adminToken = await login(t.app, 'admin');
    const list = async (username: string) =>
      body<Page<OnlineUser>>(await get(`/sys/online/list?username=${username}&pageNo=1&pageSize=100`, adminToken))
        .result.records;
    const targetId = (
      await t.handle.db
        .selectFrom('sysUserToken')
        .select('id')
        .where('tokenHash', '=', hashToken(target))
        .executeTakeFirstOrThrow()
    ).id;
    const row = (await list('zhaoliu')).find((r) => r.id === targetId);
    expect(row?.token).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{32}$/);
    expect(row?.token).not.toContain(target);
    expect(row?.token).not.toContain(hashToken(target));
    expect(row?.current).toBe(false);
    const adminRows = await list('admin');
    expect(adminRows.filter((r) => r.current)).toHaveLength(1);
    expect(adminRows.find((r) => r.current)?.token).not.toBe(adminToken);

    // A handle with a forged MAC, or of another session id, ends nothing.
    const forged = `${targetId}.${'0'.repeat(32)}`;
    expect(body(await post('/sys/online/forceLogout', { token: forged }, adminToken))).toMatchObject({
      success: false,
      message: '未找到在线会话',
    });
    expect(body(await post('/sys/online/forceLogout', {}, adminToken)).success).toBe(false);
    expect((await get(PROTECTED, target)).statusCode).toBe(200);

    expect(body(await post('/sys/online/forceLogout', { token: row?.token }, adminToken))).toMatchObject({
      success: true,
      message: '强制退出成功',
    });
    expect((await get(PROTECTED, target)).statusCode).toBe(401);
    expect((await get(PROTECTED, adminToken)).statusCode).toBe(200);
  });

  it('forceLogout by token ends that session', async () => {
    const token = await login(t.app, 'wangwu');
    const adminToken = await login(t.app, 'admin');
    expect(body(await post('/sys/online/forceLogout', { token }, adminToken)).success).toBe(true);
    expect((await get(PROTECTED, token)).statusCode).toBe(401);
  });

  it('are for holders of the online permissions only', async () => {
    const guestToken = await login(t.app, 'guest');
    expect((await get('/sys/online/list', guestToken)).statusCode).toBe(403);
    expect((await post('/sys/online/forceLogout', { username: 'admin' }, guestToken)).statusCode).toBe(403);
  });
});
