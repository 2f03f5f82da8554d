/** Self-registration by phone and SMS password reset: codes, uniqueness, tickets, sessions, throttling, limits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_AFTER_FAILURES, REGISTRATION_IP_RATE_LIMIT, RESET_TICKET_TTL_MS } from '@houtai/shared/constants';
import type { PhoneVerificationResult } from '@houtai/shared/contract/auth';
import { api, body, createTestApp, login, TEST_PASSWORD, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = Date.now();
});
afterAll(async () => {
  await t.close();
});

let ipSeq = 1;
/** Each test calls from its own address, so the per-IP limit of one test never affects another. */
function newIp(): string {
  return `10.1.0.${ipSeq++}`;
}

/** Past the one-SMS-per-minute throttle of a phone, without touching the session lifetimes much. */
function nextMinute(): void {
  t.clock.now = (t.clock.now ?? Date.now()) + 61_000;
}

function post(url: string, payload: object, ip: string) {
  return api(t.app, null, { method: 'POST', url, payload, remoteAddress: ip });
}

async function smsCode(mobile: string, smsmode: '0' | '1' | '2', ip: string): Promise<string> {
  nextMinute();
  const before = t.sms.length;
  expect(body(await post('/sys/sms', { mobile, smsmode }, ip)).success).toBe(true);
  const sent = t.sms.slice(before).find((s) => s.mobile === mobile);
  if (!sent) throw new Error(`no SMS sent to ${mobile}`);
  return sent.code;
}

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

const NEW_PASSWORD = 'Reg_pass1';

async function register(fields: Record<string, string>, ip = newIp()) {
  const code = await smsCode(fields.phone!, '1', ip);
  return body(await post('/sys/user/register', { password: NEW_PASSWORD, smscode: code, ...fields }, ip));
}

/** The operate-log rows of an account, oldest first. */
function auditRows(username: string) {
  return t.handle.db
    .selectFrom('operateLog')
    .select(['userId', 'content', 'operateType', 'relateId', 'requestMethod'])
    .where('username', '=', username)
    .orderBy('operateTime')
    .orderBy('content')
    .execute();
}

function findUser(username: string) {
  return t.handle.db.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirst();
}

describe('POST /sys/user/register', () => {
  it('creates an active guest account without department from a register code, which then signs in', async () => {
    const res = await register({ username: 'newbie_1', phone: '13900000101', email: 'newbie1@example.com' });
    expect(res).toMatchObject({ success: true, message: '注册成功', result: { username: 'newbie_1' } });

    const user = await findUser('newbie_1');
    expect(user).toMatchObject({ status: 1, delFlag: 0, phone: '13900000101', orgCode: null, realname: 'newbie_1' });
    expect(user?.password).toMatch(/^\$argon2id\$/);
    const roles = await t.handle.db
      .selectFrom('sysUserRole')
      .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
      .select('sysRole.roleCode')
      .where('sysUserRole.userId', '=', user!.id)
      .execute();
    expect(roles.map((r) => r.roleCode)).toEqual(['guest']);
    const departs = await t.handle.db.selectFrom('sysUserDepart').select('id').where('userId', '=', user!.id).execute();
    expect(departs).toEqual([]);
    // Written without a session, the registration is still audited, in the new account's name.
    expect(await auditRows('newbie_1')).toEqual([
      { userId: user!.id, content: '注册账号', operateType: '2', relateId: user!.id, requestMethod: 'POST' },
    ]);
    const smsRows = await t.handle.db
      .selectFrom('operateLog')
      .select(['userId', 'content'])
      .where('content', '=', '发送短信验证码：139****0101')
      .execute();
    expect(smsRows).toEqual([{ userId: null, content: '发送短信验证码：139****0101' }]);

    const token = await login(t.app, 'newbie_1', NEW_PASSWORD);
    const perms = body<{ auth: { action: string }[] }>(
      await api(t.app, token, { method: 'GET', url: '/sys/permission/getUserPermissionByToken' }),
    );
    expect(perms.success).toBe(true);
    expect(perms.result.auth.map((a) => a.action)).not.toContain('system:user:loginByAdmin');
  });

  it('accepts the code as captcha and stores the given real name', async () => {
    const ip = newIp();
    const code = await smsCode('13900000102', '1', ip);
    const res = body(
      await post(
        '/sys/user/register',
        { username: 'newbie_2', password: NEW_PASSWORD, phone: '13900000102', captcha: code, realname: '新人' },
        ip,
      ),
    );
    expect(res).toMatchObject({ success: true, message: '注册成功' });
    expect((await findUser('newbie_2'))?.realname).toBe('新人');
  });

  it('refuses a wrong code with 手机验证码错误 and creates nothing; the code is single use', async () => {
    const ip = newIp();
    const code = await smsCode('13900000103', '1', ip);
    const payload = { username: 'newbie_3', password: NEW_PASSWORD, phone: '13900000103' };
    const wrong = body(await post('/sys/user/register', { ...payload, smscode: wrongCode(code) }, ip));
    expect(wrong).toMatchObject({ success: false, message: '手机验证码错误' });
    expect(await findUser('newbie_3')).toBeUndefined();

    expect(body(await post('/sys/user/register', { ...payload, smscode: code }, ip)).success).toBe(true);
    const again = body(await post('/sys/user/register', { ...payload, username: 'newbie_3b', smscode: code }, ip));
    expect(again).toMatchObject({ success: false, message: '手机验证码错误' });
    expect(await findUser('newbie_3b')).toBeUndefined();
  });

  it('sends no register code to a phone that is already registered, so registering it fails', async () => {
    const ip = newIp();
    nextMinute();
    const before = t.sms.length;
    // The answer is the same as for a free phone: it tells nothing about who is registered.
    expect(body(await post('/sys/sms', { mobile: '13800000001', smsmode: '1' }, ip))).toMatchObject({ success: true });
    expect(t.sms.length).toBe(before);
    const res = body(
      await post(
        '/sys/user/register',
        { username: 'copycat', password: NEW_PASSWORD, phone: '13800000001', smscode: '123456' },
        ip,
      ),
    );
    expect(res).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('says 用户账号已存在 for a taken username, also in other letter case, and 邮箱已被注册 for a taken email', async () => {
    expect(await register({ username: 'ADMIN', phone: '13900000104' })).toMatchObject({
      success: false,
      message: '用户账号已存在',
    });
    expect(await register({ username: 'newbie_4', phone: '13900000104', email: 'ZhangSan@example.com' })).toMatchObject(
      { success: false, message: '邮箱已被注册' },
    );
    const zhangsanEmail = (await findUser('zhangsan'))?.email;
    expect(zhangsanEmail?.toLowerCase()).toBe('zhangsan@example.com');
    expect(await findUser('newbie_4')).toBeUndefined();
  });

  it('checks the field rules of the client with the same messages', async () => {
    const ip = newIp();
    const base = { username: 'newbie_5', password: NEW_PASSWORD, phone: '13900000105', smscode: '123456' };
    const cases: [Record<string, string>, string][] = [
      [{ username: '' }, '请输入用户名'],
      [{ username: 'bad name' }, '只允许字母、数字、下划线'],
      [{ username: 'abc' }, '长度6到18个字符'],
      [{ username: 'a'.repeat(19) }, '长度6到18个字符'],
      [{ password: 'abcdefgh' }, '密码必须由6位以上数字、字母、特殊字符的任意两种组合!'],
      [{ password: 'ab1' }, '密码必须由6位以上数字、字母、特殊字符的任意两种组合!'],
      [{ phone: '12345678901' }, '请输入正确手机号'],
      [{ phone: '' }, '请输入手机号'],
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
    ];
    for (const [change, message] of cases) {
      const res = await post('/sys/user/register', { ...base, ...change }, ip);
      expect(body(res), JSON.stringify(change)).toMatchObject({ success: false, message });
    }
    const noCode = body(
      await post('/sys/user/register', { username: 'newbie_5', password: NEW_PASSWORD, phone: '13900000105' }, ip),
    );
    expect(noCode).toMatchObject({ success: false, message: '请输入手机验证码' });
    expect(await findUser('newbie_5')).toBeUndefined();
  });

  it('is closed when the default role does not exist, without spending the code', async () => {
    const ip = newIp();
    const code = await smsCode('13900000106', '1', ip);
    const guest = await t.handle.db
      .selectFrom('sysRole')
      .selectAll()
      .where('roleCode', '=', 'guest')
      .executeTakeFirstOrThrow();
    await t.handle.db.updateTable('sysRole').set({ roleCode: 'guest_off' }).where('id', '=', guest.id).execute();
    try {
      const payload = { username: 'newbie_6', password: NEW_PASSWORD, phone: '13900000106', smscode: code };
      expect(body(await post('/sys/user/register', payload, ip))).toMatchObject({
        success: false,
        message: '系统暂未开放注册',
      });
      await t.handle.db.updateTable('sysRole').set({ roleCode: 'guest' }).where('id', '=', guest.id).execute();
      expect(body(await post('/sys/user/register', payload, ip))).toMatchObject({ success: true });
    } finally {
      await t.handle.db.updateTable('sysRole').set({ roleCode: 'guest' }).where('id', '=', guest.id).execute();
    }
  });
});

describe('SMS password reset', () => {
  async function verify(mobile: string, ip: string): Promise<PhoneVerificationResult> {
    const code = await smsCode(mobile, '2', ip);
    const res = body<PhoneVerificationResult>(
      await post('/sys/user/phoneVerification', { phone: mobile, smscode: code }, ip),
    );
    expect(res).toMatchObject({ success: true, message: '验证成功' });
    return res.result;
  }

  it('trades a reset code for a ticket and the username; the ticket is stored only as a hash', async () => {
    const ip = newIp();
    const r = await verify('13800000002', ip);
    expect(r.username).toBe('lisi');
    expect(r.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.smscode).toBe(r.ticket);
    const rows = await t.handle.db
      .selectFrom('sysAuthCode')
      .select('codeHash')
      .where('purpose', '=', 'reset-ticket')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.codeHash !== r.ticket && !row.codeHash.includes(r.ticket))).toBe(true);
  });

  it('refuses a wrong code and a code sent for another purpose with 手机验证码错误', async () => {
    const ip = newIp();
    const code = await smsCode('13800000003', '2', ip);
    const wrong = body(
      await post('/sys/user/phoneVerification', { phone: '13800000003', smscode: wrongCode(code) }, ip),
    );
    expect(wrong).toMatchObject({ success: false, message: '手机验证码错误', result: null });
    const loginCode = await smsCode('13800000003', '0', ip);
    const other = body(await post('/sys/user/phoneVerification', { phone: '13800000003', smscode: loginCode }, ip));
    expect(other).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('sets the new password, ends every session, clears the lockout and uses the ticket up', async () => {
    const ip = newIp();
    await register({ username: 'resetme', phone: '13900000201' });
    const oldToken = await login(t.app, 'resetme', NEW_PASSWORD);
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      await post('/sys/login', { username: 'resetme', password: 'wrong-pass-1' }, ip);
    }
    const locked = body(await post('/sys/login', { username: 'resetme', password: NEW_PASSWORD }, ip));
    expect(locked.success).toBe(false);

    const { ticket, username } = await verify('13900000201', ip);
    expect(username).toBe('resetme');
    const payload = { username, password: 'Fresh_pass2', phone: '13900000201', ticket };
    expect(body(await post('/sys/user/passwordChange', payload, ip))).toMatchObject({
      success: true,
      message: '密码重置成功!',
    });

    const stale = await api(t.app, oldToken, { method: 'GET', url: '/sys/user/getUserInfo' });
    expect(stale.statusCode).toBe(401);
    expect(body(await post('/sys/login', { username: 'resetme', password: NEW_PASSWORD }, ip))).toMatchObject({
      success: false,
      message: '用户名或密码错误',
    });
    await login(t.app, 'resetme', 'Fresh_pass2');

    const replay = body(await post('/sys/user/passwordChange', { ...payload, password: 'Other_pass3' }, ip));
    expect(replay).toMatchObject({ success: false, message: '验证已失效，请重新获取手机验证码' });
    await login(t.app, 'resetme', 'Fresh_pass2');
    const resetme = await findUser('resetme');
    // Verification and reset share the test clock's instant, so compare without order.
    const rows = (await auditRows('resetme')).map((r) => [r.content, r.relateId]);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['注册账号', resetme!.id],
        ['找回密码：验证手机', resetme!.id],
        ['找回密码：重设密码', resetme!.id],
      ]),
    );
  });

  it('answers the same for a wrong ticket, another user, another phone or no ticket, and changes nothing', async () => {
    const ip = newIp();
    const { ticket } = await verify('13800000004', ip);
    const base = { username: 'zhaoliu', password: 'Fresh_pass4', phone: '13800000004' };
    const attempts = [
      { ...base, ticket: `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}` },
      { ...base, username: 'zhangsan', phone: '13800000001', ticket },
      { ...base, username: 'nosuchuser', ticket },
      { ...base, phone: '13800000001', ticket },
      base,
    ];
    for (const a of attempts) {
      expect(body(await post('/sys/user/passwordChange', a, ip)), JSON.stringify(a)).toMatchObject({
        success: false,
        message: '验证已失效，请重新获取手机验证码',
      });
    }
    await login(t.app, 'zhaoliu', TEST_PASSWORD);
    await login(t.app, 'zhangsan', TEST_PASSWORD);
    // The right combination still works afterwards (the ticket was not spent by the failures).
    expect(body(await post('/sys/user/passwordChange', { ...base, ticket }, ip)).success).toBe(true);
    await login(t.app, 'zhaoliu', 'Fresh_pass4');
  });

  it('enforces the password rule without spending the ticket, and accepts the GET form with smscode', async () => {
    const ip = newIp();
    await register({ username: 'getreset', phone: '13900000202' });
    const { ticket } = await verify('13900000202', ip);
    const weak = body(
      await post(
        '/sys/user/passwordChange',
        { username: 'getreset', password: 'abcdefgh', phone: '13900000202', ticket },
        ip,
      ),
    );
    expect(weak).toMatchObject({ success: false, message: '密码必须由6位以上数字、字母、特殊字符的任意两种组合!' });

    const query = new URLSearchParams({
      username: 'getreset',
      password: 'Via_get5',
      phone: '13900000202',
      smscode: ticket,
    });
    const res = await api(t.app, null, {
      method: 'GET',
      url: `/sys/user/passwordChange?${query.toString()}`,
      remoteAddress: ip,
    });
    expect(body(res)).toMatchObject({ success: true, message: '密码重置成功!' });
    await login(t.app, 'getreset', 'Via_get5');
    expect(await auditRows('getreset')).toContainEqual(
      expect.objectContaining({ content: '找回密码：重设密码', operateType: '3', requestMethod: 'GET' }),
    );
  });

  it('expires the ticket after ten minutes', async () => {
    const ip = newIp();
    await register({ username: 'slowpoke', phone: '13900000203' });
    const { ticket } = await verify('13900000203', ip);
    t.clock.now = t.clock.now! + RESET_TICKET_TTL_MS + 1000;
    const res = body(
      await post(
        '/sys/user/passwordChange',
        { username: 'slowpoke', password: 'Late_pass6', phone: '13900000203', ticket },
        ip,
      ),
    );
    expect(res).toMatchObject({ success: false, message: '验证已失效，请重新获取手机验证码' });
    await login(t.app, 'slowpoke', NEW_PASSWORD);
  });

  it('gives a newer ticket only: verifying again retires the earlier one', async () => {
    const ip = newIp();
    await register({ username: 'twice_over', phone: '13900000204' });
    const first = await verify('13900000204', ip);
    const second = await verify('13900000204', ip);
    const payload = { username: 'twice_over', password: 'Twice_pass7', phone: '13900000204' };
    expect(body(await post('/sys/user/passwordChange', { ...payload, ticket: first.ticket }, ip)).success).toBe(false);
    expect(body(await post('/sys/user/passwordChange', { ...payload, ticket: second.ticket }, ip)).success).toBe(true);
  });
});

describe('rate limits', () => {
  it.each(['/sys/user/register', '/sys/user/phoneVerification', '/sys/user/passwordChange'])(
    'limits %s per IP address',
    async (url) => {
      const ip = newIp();
      const statuses: number[] = [];
      for (let i = 0; i <= REGISTRATION_IP_RATE_LIMIT.max; i++) {
        statuses.push((await post(url, { phone: '13900000999' }, ip)).statusCode);
      }
      expect(statuses.slice(0, REGISTRATION_IP_RATE_LIMIT.max).every((s) => s !== 429)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    },
  );
});
