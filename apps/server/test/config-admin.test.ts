/**
 * 系统配置 (issue 14 item 5): GET /sys/sysConfig/list answers only the catalogue's settings; PUT|POST
 * /sys/sysConfig/edit {code, value} checks the value by the setting's own schema, refuses unknown codes and
 * oversized or hostile input, writes the operate log, and tells open pages of a banner change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_NOTIFICATIONS_CODE } from '@houtai/shared/constants';
import { ANNOUNCEMENT_TEXT } from '@houtai/shared/contract/announcement';
import { SYS_CONFIG_TEXT, type SysConfigRecord } from '@houtai/shared/contract/sys-config';
import type { RealtimeHub, RealtimeMessage } from '../src/realtime/hub.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

type Page<T> = { records: T[]; total: number };

const broadcasts: RealtimeMessage[] = [];
const hub: RealtimeHub = {
  sendToUsers: () => Promise.resolve(),
  broadcast: (message) => {
    broadcasts.push(message);
    return Promise.resolve();
  },
  sendToPage: () => Promise.resolve(),
  closeToken: () => Promise.resolve(),
  closeUser: () => Promise.resolve(),
  localSocketCount: () => 0,
};

describe('system config administration', () => {
  let t: TestContext;
  let admin: string;
  let guest: string;

  const edit = (payload: unknown, token = admin, method: 'PUT' | 'POST' = 'PUT') =>
    api(t.app, token, { method, url: '/sys/sysConfig/edit', payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp({ build: { realtime: hub } });
    admin = await login(t.app, 'admin');
    guest = await login(t.app, 'guest');
    // A row outside the catalogue (e.g. a secret) is never listed or written.
    await t.handle.db
      .insertInto('sysConfig')
      .values({
        id: 'secret-1',
        code: 'SMTP_PASSWORD',
        name: '邮件密码',
        value: '"hunter2"',
        createBy: 'x',
        createTime: new Date().toISOString(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  });
  afterAll(async () => t.close());

  it('lists the catalogue’s settings with their fields and values', async () => {
    const res = await api(t.app, admin, { method: 'GET', url: '/sys/sysConfig/list' });
    const b = body<Page<SysConfigRecord>>(res);
    expect(b.success).toBe(true);
    expect(b.result.records.map((r) => r.code)).toEqual([SYSTEM_NOTIFICATIONS_CODE]);
    const notice = b.result.records[0]!;
    expect(notice.name).toBe('系统通知横幅');
    expect(notice.fields.map((f) => f.kind)).toEqual(['switch', 'textarea']);
    expect(notice.value).toMatchObject({ status: '1' });
    expect(JSON.stringify(b.result)).not.toContain('hunter2');
  });

  it('saves a setting (PUT and POST, value as object or JSON text), logs it and pushes the banner', async () => {
    const res = await edit({ code: SYSTEM_NOTIFICATIONS_CODE, value: { status: '1', content: '今晚维护' } });
    expect(body(res).success).toBe(true);
    expect(body(res).message).toBe(SYS_CONFIG_TEXT.saved);
    expect(broadcasts.at(-1)).toEqual({ cmd: 'notice', msgTxt: JSON.stringify({ status: '1', content: '今晚维护' }) });
    const read = await api(t.app, guest, {
      method: 'GET',
      url: `/sys/sysConfig/getByCode?code=${SYSTEM_NOTIFICATIONS_CODE}`,
    });
    expect(body(read).result).toEqual({ status: '1', content: '今晚维护' });

    const asText = await edit(
      { code: SYSTEM_NOTIFICATIONS_CODE, value: JSON.stringify({ status: 0, content: '' }) },
      admin,
      'POST',
    );
    expect(body(asText).success).toBe(true);
    const list = body<Page<SysConfigRecord>>(await api(t.app, admin, { method: 'GET', url: '/sys/sysConfig/list' }));
    expect(list.result.records[0]!.value).toEqual({ status: '0', content: '' });
    expect(list.result.records[0]!.updateBy).toBe('admin');

    const log = await t.handle.db.selectFrom('operateLog').selectAll().where('content', '=', '编辑系统配置').execute();
    expect(log.length).toBe(2);
    expect(log[0]!.relateId).toBe(SYSTEM_NOTIFICATIONS_CODE);
  });

  it('refuses unknown codes, bad values and oversized input, changing nothing', async () => {
    const before = await t.handle.db.selectFrom('sysConfig').select(['code', 'value']).orderBy('code').execute();
    const cases: [unknown, string][] = [
      [{ code: 'SMTP_PASSWORD', value: { status: '1' } }, SYS_CONFIG_TEXT.codeUnknown],
      [{ code: "SYSTEM_NOTIFICATIONS' or '1'='1", value: {} }, SYS_CONFIG_TEXT.codeUnknown],
      [{ value: { status: '1', content: 'x' } }, SYS_CONFIG_TEXT.codeRequired],
      [{ code: SYSTEM_NOTIFICATIONS_CODE }, SYS_CONFIG_TEXT.valueRequired],
      [{ code: SYSTEM_NOTIFICATIONS_CODE, value: 'not json' }, SYS_CONFIG_TEXT.valueRequired],
      [
        { code: SYSTEM_NOTIFICATIONS_CODE, value: { status: '1', content: '' } },
        ANNOUNCEMENT_TEXT.noticeContentRequired,
      ],
      [
        { code: SYSTEM_NOTIFICATIONS_CODE, value: { status: '7', content: 'x' } },
        ANNOUNCEMENT_TEXT.noticeStatusInvalid,
      ],
      [
        { code: SYSTEM_NOTIFICATIONS_CODE, value: { status: '1', content: 'x'.repeat(5000) } },
        ANNOUNCEMENT_TEXT.noticeContentTooLong,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await edit(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body(res).success).toBe(false);
      expect(body(res).message).toContain(message);
    }
    const after = await t.handle.db.selectFrom('sysConfig').select(['code', 'value']).orderBy('code').execute();
    expect(after).toEqual(before);
  });

  it('drops unknown fields of a value', async () => {
    const res = await edit({
      code: SYSTEM_NOTIFICATIONS_CODE,
      value: { status: '1', content: '好', extra: '<script>' },
    });
    expect(body(res).success).toBe(true);
    const row = await t.handle.db
      .selectFrom('sysConfig')
      .select('value')
      .where('code', '=', SYSTEM_NOTIFICATIONS_CODE)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toEqual({ status: '1', content: '好' });
  });

  it('needs system:config:list to read and system:config:edit to write', async () => {
    expect((await api(t.app, guest, { method: 'GET', url: '/sys/sysConfig/list' })).statusCode).toBe(403);
    expect(
      (await edit({ code: SYSTEM_NOTIFICATIONS_CODE, value: { status: '0', content: '' } }, guest)).statusCode,
    ).toBe(403);
    expect((await api(t.app, null, { method: 'GET', url: '/sys/sysConfig/list' })).statusCode).toBe(401);
  });
});
