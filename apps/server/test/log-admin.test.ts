/**
 * 日志管理 and 在线用户 (issue 14 item 7): GET /sys/log/list over the login log (logType 1) and the operate log
 * (logType 2) — filters, time ranges, allow-listed sorts, refusals of hostile input, permission — and the online
 * list's client column and the refusal to force out one's own session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import type { OnlineUser } from '@houtai/shared/contract/auth';
import { SYS_LOG_TEXT, type SysLogRecord } from '@houtai/shared/contract/sys-log';
import { wireToIso } from '../src/lib/time.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

describe('log administration: /sys/log/list', () => {
  let t: TestContext;
  let admin: string;
  let guest: string;

  const list = async (query: string, token = admin) => {
    const res = await api(t.app, token, { method: 'GET', url: `/sys/log/list?${query}` });
    return { res, b: body<Page<SysLogRecord>>(res) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin');
    guest = await login(t.app, 'guest');
    // One write of the admin, for the operate log.
    const res = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/sysConfig/edit',
      payload: { code: 'SYSTEM_NOTIFICATIONS', value: { status: '1', content: '日志测试横幅' } },
    });
    expect(body(res).success).toBe(true);
  });
  afterAll(async () => t.close());

  it('lists sign-ins (logType 1) newest first, in the SysLog shape', async () => {
    const { b } = await list('logType=1&pageSize=50');
    expect(b.success).toBe(true);
    expect(b.result.total).toBeGreaterThanOrEqual(2);
    const row = b.result.records[0]!;
    expect(row.logType).toBe(1);
    expect(row.logType_dictText).toBe('登录日志');
    expect(row.username).toBe('guest');
    expect(row.logContent).toContain('登录成功');
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const { b: onlyAdmin } = await list('logType=1&username=admin');
    expect(onlyAdmin.result.records.every((r) => r.username === 'admin')).toBe(true);
    const { b: byWord } = await list(`logType=1&keyWord=${encodeURIComponent('guest')}`);
    expect(byWord.result.records.every((r) => r.logContent?.includes('guest'))).toBe(true);
  });

  it('lists operations (logType 2) with type, method, url and duration', async () => {
    const { b } = await list('logType=2');
    expect(b.success).toBe(true);
    const row = b.result.records.find((r) => r.logContent?.startsWith('编辑系统配置'));
    expect(row).toBeDefined();
    expect(row!.logType).toBe(2);
    expect(row!.operateType).toBe(3);
    expect(row!.operateType_dictText).toBe('编辑');
    expect(row!.requestType).toBe('POST');
    expect(row!.requestUrl).toContain('/sys/sysConfig/edit');
    expect(row!.username).toBe('admin');
    expect(typeof row!.costTime).toBe('number');
    const { b: deletes } = await list('logType=2&operateType=4');
    expect(deletes.result.records.every((r) => r.operateType === 4)).toBe(true);
  });

  it('filters by a Shanghai time range; a bare end date covers its day', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const { b: inRange } = await list(`logType=1&createTime_begin=${today}&createTime_end=${today}`);
    expect(inRange.result.total).toBeGreaterThanOrEqual(2);
    const { b: before } = await list('logType=1&createTime_begin=2000-01-01&createTime_end=2000-01-02');
    expect(before.result.total).toBe(0);
    expect(wireToIso('2026-01-02', true)).toBe('2026-01-02T16:00:00.000Z');
    expect(wireToIso('2026-01-02 08:00:00', false)).toBe('2026-01-02T00:00:00.000Z');
  });

  it('sorts only by allow-listed columns', async () => {
    const { b: asc } = await list('logType=1&column=username&order=asc&pageSize=50');
    const names = asc.result.records.map((r) => r.username ?? '');
    expect([...names].sort()).toEqual(names);
    for (const column of ['logContent', 'createTime;drop table sys_log', "username' or '1'='1"]) {
      const { res, b } = await list(`logType=2&column=${encodeURIComponent(column)}`);
      expect(res.statusCode).toBe(400);
      expect(b.message).toContain(SYS_LOG_TEXT.sortInvalid);
    }
  });

  it('refuses hostile filters with Chinese messages and treats SQL text as plain text', async () => {
    const bad: [string, string][] = [
      ['logType=3', SYS_LOG_TEXT.logTypeInvalid],
      ['logType=2&operateType=9', SYS_LOG_TEXT.operateTypeInvalid],
      ["logType=1&createTime_begin=2026-01-01' or 1=1--", SYS_LOG_TEXT.timeInvalid],
      ['logType=1&createTime_begin=2026-02-01&createTime_end=2026-01-01', SYS_LOG_TEXT.rangeReversed],
      [`logType=1&keyWord=${'x'.repeat(101)}`, SYS_LOG_TEXT.keyWordTooLong],
    ];
    for (const [query, message] of bad) {
      const { res, b } = await list(query.replace(/ /g, '%20'));
      expect(res.statusCode, query).toBe(400);
      expect(b.message).toContain(message);
    }
    const { res, b } = await list(
      `logType=1&keyWord=${encodeURIComponent("%' or '1'='1")}&username=${encodeURIComponent('_')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(b.result.total).toBe(0);
    const sysLog = await t.handle.db.selectFrom('sysLog').select('id').execute();
    expect(sysLog.length).toBeGreaterThan(0);
  });

  it('is refused without system:log:list', async () => {
    const { res } = await list('logType=1', guest);
    expect(res.statusCode).toBe(403);
    const anon = await api(t.app, null, { method: 'GET', url: '/sys/log/list?logType=1' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('online users: client column and one’s own session', () => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin');
    await login(t.app, 'guest');
  });
  afterAll(async () => t.close());

  it('marks the caller’s session, shows the client, and refuses to force it out', async () => {
    const res = await api(t.app, admin, {
      method: 'GET',
      url: '/sys/online/list?pageSize=50',
      headers: { 'user-agent': 'vitest' },
    });
    const rows = body<Page<OnlineUser>>(res).result.records;
    const mine = rows.find((r) => r.current);
    expect(mine?.username).toBe('admin');
    expect(rows.every((r) => 'userAgent' in r)).toBe(true);
    for (const payload of [{ token: mine!.token }, { id: mine!.id }, { username: 'admin' }]) {
      const refused = await api(t.app, admin, { method: 'POST', url: '/sys/online/forceLogout', payload });
      expect(body(refused).success).toBe(false);
      expect(body(refused).message).toBe(TEXT.forceLogoutSelf);
    }
    const still = await api(t.app, admin, { method: 'GET', url: '/sys/online/list' });
    expect(still.statusCode).toBe(200);
    const guestRow = rows.find((r) => r.username === 'guest')!;
    const out = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/online/forceLogout',
      payload: { token: guestRow.token },
    });
    expect(body(out).success).toBe(true);
  });
});
