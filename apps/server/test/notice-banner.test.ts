/** The notice banner's edit (PUT|POST /sys/sysConfig/editNotice): permission, validation, storage and the live push. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RealtimeHub, RealtimeMessage } from '../src/realtime/hub.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

class RecordingHub implements RealtimeHub {
  sent: { to: 'all' | string[]; message: RealtimeMessage }[] = [];
  sendToUsers(userIds: readonly string[], message: RealtimeMessage): Promise<void> {
    this.sent.push({ to: [...userIds], message });
    return Promise.resolve();
  }
  broadcast(message: RealtimeMessage): Promise<void> {
    this.sent.push({ to: 'all', message });
    return Promise.resolve();
  }
  sendToPage(): Promise<void> {
    return Promise.resolve();
  }
  closeToken(): Promise<void> {
    return Promise.resolve();
  }
  closeUser(): Promise<void> {
    return Promise.resolve();
  }
  localSocketCount(): number {
    return 0;
  }
}

const hub = new RecordingHub();
let t: TestContext;
let admin: string;
let zhangsan: string;

beforeAll(async () => {
  t = await createTestApp({ build: { realtime: hub } });
  admin = await login(t.app, 'admin');
  zhangsan = await login(t.app, 'zhangsan');
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  hub.sent = [];
});

const edit = (token: string, payload: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  api(t.app, token, { method, url: '/sys/sysConfig/editNotice', payload: payload as object });
const read = async (token: string) =>
  body<{ status: string; content: string }>(
    await api(t.app, token, { method: 'GET', url: '/sys/sysConfig/getByCode?code=SYSTEM_NOTIFICATIONS' }),
  ).result;

describe('notice banner edit', () => {
  it('saves status and text, every user reads them, and every open page is told', async () => {
    const content = '今晚 <b>22:00</b> 停机 & 维护';
    const res = await edit(admin, { status: '1', content });
    expect(body(res)).toMatchObject({ success: true, message: '保存成功!', result: { status: '1', content } });
    expect(await read(zhangsan)).toEqual({ status: '1', content });
    expect(hub.sent).toEqual([
      { to: 'all', message: { cmd: 'notice', msgTxt: JSON.stringify({ status: '1', content }) } },
    ]);
  });

  it('turns the banner off with POST too, with or without text', async () => {
    expect(body(await edit(admin, { status: 0 }, 'POST'))).toMatchObject({ success: true });
    expect(await read(zhangsan)).toEqual({ status: '0', content: '' });
    const msg = hub.sent[0]?.message;
    expect(msg?.cmd).toBe('notice');
    expect(JSON.parse(msg?.msgTxt ?? '')).toEqual({ status: '0', content: '' });
  });

  it('is recorded in the operate log', async () => {
    await edit(admin, { status: '1', content: '审计' });
    const row = await t.handle.db
      .selectFrom('operateLog')
      .select(['content', 'operateType', 'username'])
      .where('requestUrl', 'like', '%/sys/sysConfig/editNotice')
      .orderBy('operateTime', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ content: '编辑通知横幅：开启', operateType: '3', username: 'admin' });
  });

  it('validates with Chinese messages (400), and changes nothing then', async () => {
    await edit(admin, { status: '1', content: '保持不变' });
    hub.sent = [];
    const cases: [unknown, string][] = [
      [{ status: '2', content: 'x' }, '通知状态只能是0或1'],
      [{ content: 'x' }, '通知状态只能是0或1'],
      [{ status: '1', content: '   ' }, '请输入通知内容'],
      [{ status: '1' }, '请输入通知内容'],
      [{ status: '1', content: 'x'.repeat(501) }, '通知内容长度不能超过500个字符'],
    ];
    for (const [payload, message] of cases) {
      const res = await edit(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, message });
    }
    expect(await read(zhangsan)).toEqual({ status: '1', content: '保持不变' });
    expect(hub.sent).toEqual([]);
  });

  it('is refused to users without system:notice:edit (403) and to anonymous callers (401)', async () => {
    expect((await edit(zhangsan, { status: '0', content: '' })).statusCode).toBe(403);
    expect((await edit(zhangsan, { status: '0', content: '' }, 'POST')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `${t.config.apiPrefix}/sys/sysConfig/editNotice`,
      payload: { status: '0', content: '' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(hub.sent).toEqual([]);
  });

  it('recreates the setting when an installation lost it', async () => {
    await t.handle.db.deleteFrom('sysConfig').where('code', '=', 'SYSTEM_NOTIFICATIONS').execute();
    expect(body(await edit(admin, { status: '1', content: '重新创建' }))).toMatchObject({ success: true });
    expect(await read(zhangsan)).toEqual({ status: '1', content: '重新创建' });
  });
});
