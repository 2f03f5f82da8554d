/** SMS codes: sending, sign-in with a code, single use, attempt cap, resend throttle, no enumeration, IP limit. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMS_IP_RATE_LIMIT } from '@houtai/shared/constants';
import type { LoginResult } from '@houtai/shared/contract/auth';
import { loadConfig } from '../src/config.ts';
import { disabledSmsSender } from '../src/modules/auth/sms-sender.ts';
import { api, body, createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.clock.now = null;
});
afterAll(async () => {
  await t.close();
});

const ZHANGSAN = '13800000001';
const LISI = '13800000002';
const WANGWU = '13800000003';
const ZHAOLIU = '13800000004';
const UNREGISTERED = '13900000009';

let ipSeq = 1;
/** Each test calls from its own address, so the per-IP limit of one test never affects another. */
function newIp(): string {
  return `10.0.0.${ipSeq++}`;
}

function post(url: string, payload: object, remoteAddress: string) {
  return api(t.app, null, { method: 'POST', url, payload, remoteAddress });
}

function sendSms(mobile: string, smsmode: string, ip: string) {
  return post('/sys/sms', { mobile, smsmode }, ip);
}

function lastCodeFor(mobile: string): string {
  const sent = t.sms.filter((s) => s.mobile === mobile).at(-1);
  if (!sent) throw new Error(`no SMS sent to ${mobile}`);
  return sent.code;
}

/** A different code than the one sent (never accidentally right). */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('POST /sys/sms and SMS sign-in', () => {
  it('sends a 6-digit login code to a registered phone and signs in with it once', async () => {
    const ip = newIp();
    const res = await sendSms(ZHANGSAN, '0', ip);
    expect(body(res)).toMatchObject({ success: true, message: '短信验证码发送成功' });
    expect(t.sms.at(-1)).toMatchObject({ mobile: ZHANGSAN, purpose: 'sms:0' });
    const code = lastCodeFor(ZHANGSAN);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.handle.db.selectFrom('sysAuthCode').selectAll().where('subject', '=', ZHANGSAN).execute();
    expect(stored.every((r) => !r.codeHash.includes(code))).toBe(true);

    const wrong = body(await post('/sys/phoneLogin', { mobile: ZHANGSAN, captcha: wrongCode(code) }, ip));
    expect(wrong).toMatchObject({ success: false, message: '手机验证码错误' });

    const ok = body<LoginResult>(await post('/sys/phoneLogin', { mobile: ZHANGSAN, captcha: code }, ip));
    expect(ok).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(ok.result.userInfo.username).toBe('zhangsan');
    expect(ok.result.multi_depart).toBe(1);
    expect(ok.result.token).toBeTruthy();
    const session = await t.handle.db
      .selectFrom('sysUserToken')
      .select('loginType')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.loginType).toBe('phone');

    const replay = body(await post('/sys/phoneLogin', { mobile: ZHANGSAN, captcha: code }, ip));
    expect(replay).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('signs in through /sys/loginByPhone as well', async () => {
    const ip = newIp();
    await sendSms(ZHAOLIU, '0', ip);
    const b = body<LoginResult>(
      await post('/sys/loginByPhone', { mobile: ZHAOLIU, captcha: lastCodeFor(ZHAOLIU) }, ip),
    );
    expect(b.success).toBe(true);
    expect(b.result.userInfo.username).toBe('zhaoliu');
    expect(b.result.accounts).toHaveLength(3);
  });

  it('gives up a code after 5 wrong attempts, even for the right code', async () => {
    const ip = newIp();
    await sendSms(LISI, '0', ip);
    const code = lastCodeFor(LISI);
    for (let i = 0; i < 5; i++) {
      expect(body(await post('/sys/phoneLogin', { mobile: LISI, captcha: wrongCode(code) }, ip)).message).toBe(
        '手机验证码错误',
      );
    }
    expect(body(await post('/sys/phoneLogin', { mobile: LISI, captcha: code }, ip))).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
  });

  it('sends at most one code per phone per 60 s', async () => {
    const ip = newIp();
    const base = Date.now();
    t.clock.now = base;
    expect(body(await sendSms(WANGWU, '0', ip)).success).toBe(true);
    const first = lastCodeFor(WANGWU);
    const sentBefore = t.sms.length;
    t.clock.now = base + 30_000;
    expect(body(await sendSms(WANGWU, '2', ip))).toMatchObject({ success: false, message: '验证码已发送，请稍后再试' });
    expect(t.sms.length).toBe(sentBefore);

    t.clock.now = base + 61_000;
    expect(body(await sendSms(WANGWU, '0', ip)).success).toBe(true);
    expect(t.sms.length).toBe(sentBefore + 1);
    // Only the newest code works.
    const second = lastCodeFor(WANGWU);
    if (second !== first)
      expect(body(await post('/sys/phoneLogin', { mobile: WANGWU, captcha: first }, ip)).success).toBe(false);
    expect(body(await post('/sys/phoneLogin', { mobile: WANGWU, captcha: second }, ip)).success).toBe(true);
  });

  it('refuses a code after its 5 minutes', async () => {
    const ip = newIp();
    const base = Date.now() + 3_600_000; // clear of the resend throttle of earlier tests
    t.clock.now = base;
    await sendSms(WANGWU, '0', ip);
    const code = lastCodeFor(WANGWU);
    t.clock.now = base + 5 * 60_000 + 1000;
    expect(body(await post('/sys/phoneLogin', { mobile: WANGWU, captcha: code }, ip))).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
  });

  it('answers the same for registered and unregistered phones and sends only where the purpose fits', async () => {
    const ip = newIp();
    const base = Date.now() + 2 * 3_600_000;
    t.clock.now = base;
    const count = t.sms.length;
    const unregisteredLogin = body(await sendSms(UNREGISTERED, '0', ip));
    expect(unregisteredLogin).toMatchObject({ success: true, message: '短信验证码发送成功' });
    expect(t.sms.length).toBe(count);
    // The resend throttle applies although nothing was sent, so it tells nothing either.
    t.clock.now = base + 10_000;
    expect(body(await sendSms(UNREGISTERED, '0', ip)).message).toBe('验证码已发送，请稍后再试');

    const registeredRegister = body(await sendSms(ZHANGSAN, '1', ip));
    expect(registeredRegister).toEqual({ ...unregisteredLogin, timestamp: registeredRegister.timestamp });
    expect(t.sms.length).toBe(count);

    t.clock.now = base + 70_000;
    expect(body(await sendSms(UNREGISTERED, '1', ip)).success).toBe(true);
    expect(t.sms.at(-1)).toMatchObject({ mobile: UNREGISTERED, purpose: 'sms:1' });
    // A registration code is not a login code, and no user owns the phone anyway.
    expect(
      body(await post('/sys/phoneLogin', { mobile: UNREGISTERED, captcha: lastCodeFor(UNREGISTERED) }, ip)).success,
    ).toBe(false);
  });

  it('does not send a login code to a frozen user', async () => {
    const ip = newIp();
    t.clock.now = Date.now() + 3 * 3_600_000;
    await t.handle.db.updateTable('sysUser').set({ status: 2 }).where('phone', '=', LISI).execute();
    try {
      const count = t.sms.length;
      expect(body(await sendSms(LISI, '0', ip)).success).toBe(true);
      expect(t.sms.length).toBe(count);
    } finally {
      await t.handle.db.updateTable('sysUser').set({ status: 1 }).where('phone', '=', LISI).execute();
    }
  });

  it('validates the mobile number', async () => {
    const res = await sendSms('12345', '0', newIp());
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message: '请输入正确手机号' });
  });

  it(`limits one address to ${SMS_IP_RATE_LIMIT.max} SMS requests per minute`, async () => {
    const ip = newIp();
    for (let i = 0; i < SMS_IP_RATE_LIMIT.max; i++) {
      const res = await sendSms(`1390000${String(1000 + i)}`, '0', ip);
      expect(res.statusCode).toBe(200);
    }
    const limited = await sendSms('13900009999', '0', ip);
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({ success: false, message: '操作过于频繁，请稍后再试' });
    expect((await sendSms('13900009998', '0', newIp())).statusCode).toBe(200);
  });
});

describe('without an SMS gateway (SMS_SENDER=none, the production default)', () => {
  it('defaults to none in production and to the log sender otherwise', () => {
    const dataDir = t.config.dataDir;
    expect(loadConfig({ NODE_ENV: 'production', SIGN_SECRET: 's', CRYPT_KEY: 'k' }, { dataDir }).smsSender).toBe(
      'none',
    );
    expect(loadConfig({ SIGN_SECRET: 's', CRYPT_KEY: 'k' }, { dataDir }).smsSender).toBe('log');
    expect(
      loadConfig({ NODE_ENV: 'production', SMS_SENDER: 'log', SIGN_SECRET: 's', CRYPT_KEY: 'k' }, { dataDir })
        .smsSender,
    ).toBe('log');
  });

  it('refuses every send alike, registered phone or not, and stores no code', async () => {
    const off = await createTestApp({ build: { services: { sms: disabledSmsSender } } });
    try {
      const answers = [];
      for (const mobile of [ZHANGSAN, UNREGISTERED]) {
        const res = await api(off.app, null, { method: 'POST', url: '/sys/sms', payload: { mobile, smsmode: '0' } });
        answers.push(body(res));
      }
      expect(answers.map((a) => [a.success, a.message])).toEqual([
        [false, '短信服务未开通，请联系管理员'],
        [false, '短信服务未开通，请联系管理员'],
      ]);
      expect(await off.handle.db.selectFrom('sysAuthCode').select('id').execute()).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
