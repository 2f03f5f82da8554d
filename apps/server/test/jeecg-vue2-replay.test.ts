/**
 * Client replay (issue 11): the calls the unmodified JeecgBoot Vue2 UI (ant-design-vue-jeecg 3.4.3) makes, in its
 * order, with its headers (jeecg-vue2-client.ts), and every answer checked for the fields that client reads
 * (contract §1–§2).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newId } from '../src/lib/ids.ts';
import { createTestApp, TEST_PASSWORD, userIdOf, type TestContext } from './helpers.ts';
import { CAPTCHA, PREFIX, signIn, Vue2Client, type LoginResult } from './jeecg-vue2-client.ts';
import { VUE2_VIEWS } from './jeecg-vue2-views.ts';

const NEW_PASSWORD = 'Nw_8c2!fQz41';

interface MenuNode {
  component: string;
  meta: Record<string, unknown>;
  route: string;
  path: string;
  children?: MenuNode[];
}

function flatten(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

let t: TestContext;
let admin: Vue2Client;
let other: Vue2Client;
let adminId: string;
let secondOrgCode: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { apiPrefix: PREFIX },
    build: { services: { captcha: () => CAPTCHA } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  adminId = await userIdOf(t.handle.db, 'admin');
  // The administrator belongs to a second department, so that the UI shows its department picker.
  const second = await t.handle.db
    .selectFrom('sysDepart')
    .select(['id', 'orgCode'])
    .where('orgCode', '=', 'A03')
    .executeTakeFirstOrThrow();
  secondOrgCode = second.orgCode;
  await t.handle.db.insertInto('sysUserDepart').values({ id: newId(), userId: adminId, depId: second.id }).execute();
  admin = new Vue2Client(t, t.config.signSecret);
  other = new Vue2Client(t, t.config.signSecret);
});
afterAll(async () => {
  await t.close();
});

describe('the JeecgBoot Vue2 UI, replayed against /jeecg-boot', () => {
  let login: LoginResult;
  let socket: WebSocket | null = null;
  afterAll(() => socket?.terminate());

  it('1. signs in: captcha, login (token, userInfo, departs, multi_depart, sysAllDictItems), then its department', async () => {
    login = await signIn(admin, 'admin', TEST_PASSWORD);
    expect(login.userInfo).toMatchObject({ id: adminId, username: 'admin' });
    expect(typeof login.userInfo.realname).toBe('string');
    expect('avatar' in login.userInfo).toBe(true);
    expect(login.multi_depart).toBe(2);
    expect(login.departs.map((d) => d.orgCode)).toEqual(expect.arrayContaining(['A01', secondOrgCode]));
    for (const d of login.departs) expect(typeof d.departName).toBe('string');
    const sexItem = login.sysAllDictItems.sex?.[0];
    expect([typeof sexItem?.value, typeof sexItem?.text, typeof sexItem?.title]).toEqual([
      'string',
      'string',
      'string',
    ]);
    expect(login.sysAllDictItems.msg_type?.map((i) => i.value)).toEqual(
      expect.arrayContaining(['ALL', 'USER', 'DEPART']),
    );
    // multi_depart 2: the picker, then PUT /sys/selectDepart.
    const chosen = await admin.put<{ userInfo: { orgCode: string } }>('/sys/selectDepart', {
      orgCode: 'A01',
      username: 'admin',
    });
    expect(chosen).toMatchObject({ success: true, result: { userInfo: { orgCode: 'A01' } } });
  });

  it('2. loads the menu: a non-empty tree of Vue2 components only, each with a meta object', async () => {
    const res = await admin.get<{ menu: MenuNode[]; auth: unknown[]; allAuth: unknown[] }>(
      '/sys/permission/getUserPermissionByToken',
    );
    expect(res.success).toBe(true);
    expect(res.result.menu.length).toBeGreaterThan(0);
    const nodes = flatten(res.result.menu);
    for (const n of nodes) {
      expect(VUE2_VIEWS, n.component).toContain(n.component);
      expect(typeof n.meta).toBe('object');
      expect(['0', '1']).toContain(n.route);
    }
    expect(nodes.map((n) => n.component)).toContain('system/SysPositionList');
    expect(Array.isArray(res.result.auth) && Array.isArray(res.result.allAuth)).toBe(true);
  });

  it('3. opens /jeecg-boot/websocket/{userId} with the token as sub-protocol (echoed back)', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    socket = await new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${PREFIX}/websocket/${adminId}`, [login.token]);
      ws.on('open', () => resolve(ws));
      ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on('error', reject);
    });
    expect(socket.protocol).toBe(login.token);
  });

  it('4. home: visit counts and the last 7 days', async () => {
    const info = await admin.get<{ totalVisitCount: number; todayVisitCount: number; todayIp: number }>('/sys/loginfo');
    expect(info.success).toBe(true);
    expect(info.result.totalVisitCount).toBeGreaterThanOrEqual(1);
    expect(typeof info.result.todayVisitCount).toBe('number');
    const visits = await admin.get<{ visit: number; ip: number; tian: string; type: string }[]>('/sys/visitInfo');
    expect(visits.success).toBe(true);
    expect(visits.result.length).toBeGreaterThan(0);
    expect(visits.result[0]?.tian).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(visits.result[0]?.type).toMatch(/^\d{2}-\d{2}$/);
  });

  it('5. the bell: listByUser, open one (read mark, syncNotic with its anntId)', async () => {
    const bell = await admin.get<{
      anntMsgList: { id: string; titile: string; msgContent: string }[];
      anntMsgTotal: number;
      sysMsgList: unknown[];
      sysMsgTotal: number;
    }>('/sys/annountCement/listByUser');
    expect(bell.success).toBe(true);
    expect(bell.result.anntMsgTotal).toBe(bell.result.anntMsgList.length > 0 ? bell.result.anntMsgTotal : 0);
    expect(typeof bell.result.sysMsgTotal).toBe('number');
    const first = bell.result.anntMsgList[0] ?? (bell.result.sysMsgList[0] as { id: string; msgContent: string });
    expect(first).toBeDefined();
    // Content is HTML the UI puts into the page as it is: sanitised, no Markdown left.
    expect(first.msgContent).not.toMatch(/\*\*|<script/i);
    const read = await admin.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: first.id });
    expect(read.success).toBe(true);
    expect((await admin.get('/sys/annountCement/syncNotic', { anntId: first.id })).success).toBe(true);
  });

  it('6. my messages: the page, then 全部已读 and syncNotic without anntId (a broadcast)', async () => {
    const page = await admin.get<{ records: Record<string, unknown>[]; total: number }>(
      '/sys/sysAnnouncementSend/getMyAnnouncementSend',
      { pageNo: 1, pageSize: 10 },
    );
    expect(page.success).toBe(true);
    expect(page.result.total).toBeGreaterThan(0);
    for (const key of [
      'id',
      'anntId',
      'titile',
      'msgContent',
      'sender',
      'priority',
      'readFlag',
      'sendTime',
      'msgCategory',
    ]) {
      expect(page.result.records[0], key).toHaveProperty(key);
    }
    const all = await admin.put('/sys/sysAnnouncementSend/readAll');
    expect(all).toMatchObject({ success: true, message: '全部已读' });
    expect((await admin.get('/sys/annountCement/syncNotic', { anntId: undefined })).success).toBe(true);
    const after = await admin.get<{ anntMsgTotal: number; sysMsgTotal: number }>('/sys/annountCement/listByUser');
    expect(after.result).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
  });

  it('7. department switch: the current departments, then selectDepart', async () => {
    const departs = await admin.get<{ list: { orgCode: string; departName: string }[]; orgCode: string }>(
      '/sys/user/getCurrentUserDeparts',
    );
    expect(departs).toMatchObject({ success: true, result: { orgCode: 'A01' } });
    expect(departs.result.list.map((d) => d.orgCode)).toContain(secondOrgCode);
    const switched = await admin.put<{ userInfo: { orgCode: string; username: string } }>('/sys/selectDepart', {
      orgCode: secondOrgCode,
      username: 'admin',
    });
    expect(switched).toMatchObject({
      success: true,
      result: { userInfo: { orgCode: secondOrgCode, username: 'admin' } },
    });
    const now = await admin.get<{ orgCode: string }>('/sys/user/getCurrentUserDeparts');
    expect(now.result.orgCode).toBe(secondOrgCode);
  });

  it("8. the user form's helpers: tenants and third-party apps", async () => {
    const tenants = await admin.get<{ id: number; name: string; status: number }[]>('/sys/tenant/queryList');
    expect(tenants.success).toBe(true);
    expect(tenants.result).toHaveLength(1);
    expect(tenants.result[0]).toMatchObject({ id: 1, status: 1 });
    expect(typeof tenants.result[0]?.name).toBe('string');
    const apps = await admin.get<{ wechatEnterprise: boolean; dingtalk: boolean }>('/sys/thirdApp/getEnabledType');
    expect(apps).toMatchObject({ success: true, result: { wechatEnterprise: false, dingtalk: false } });
  });

  it('9. password change: updatePassword with the old one, then the new one signs in', async () => {
    const wrong = await admin.put('/sys/user/updatePassword', {
      username: 'admin',
      oldpassword: 'not-it',
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
    });
    expect(wrong.success).toBe(false);
    const changed = await admin.put('/sys/user/updatePassword', {
      username: 'admin',
      oldpassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
    });
    expect(changed).toMatchObject({ success: true, message: '密码重置成功!' });
    // The session that changed it stays signed in.
    expect((await admin.get('/sys/user/getCurrentUserDeparts')).success).toBe(true);
    const again = new Vue2Client(t, t.config.signSecret);
    await signIn(again, 'admin', NEW_PASSWORD);
    expect((await again.post('/sys/logout')).success).toBe(true);
  });

  it('10. cache refresh: refleshCache, queryAllDictItems and a signed getDictItems', async () => {
    expect((await admin.get('/sys/dict/refleshCache')).success).toBe(true);
    const all = await admin.get<Record<string, { value: string; text: string }[]>>('/sys/dict/queryAllDictItems');
    expect(all.success).toBe(true);
    expect(all.result.msg_type?.map((i) => i.value)).toEqual(expect.arrayContaining(['ALL', 'USER', 'DEPART']));
    const sex =
      await admin.get<{ value: string; text: string; title: string; label: string }[]>('/sys/dict/getDictItems/sex');
    expect(sex.success, sex.message).toBe(true);
    const item = sex.result[0];
    expect([typeof item?.value, typeof item?.text, typeof item?.title, typeof item?.label]).toEqual([
      'string',
      'string',
      'string',
      'string',
    ]);
    expect(item?.label).toBe(item?.text);
    const table = await admin.get<{ value: string; text: string }[]>('/sys/dict/getDictItems/sys_user,realname,id');
    expect(table.success, table.message).toBe(true);
    expect(table.result.map((r) => r.value)).toContain(adminId);
  });

  it('11. online users: the list carries a handle in token (not the token), 强退 of another session ends it', async () => {
    await signIn(other, 'zhaoliu', TEST_PASSWORD);
    const list = await admin.get<{
      records: { id: string; token: string; username: string; realname: string; current: boolean }[];
      total: number;
    }>('/sys/online/list', { pageNo: 1, pageSize: 10, username: '' });
    expect(list.success).toBe(true);
    const row = list.result.records.find((r) => r.username === 'zhaoliu');
    expect(row?.token).toEqual(expect.any(String));
    expect(row?.token).not.toBe(other.token);
    expect(list.result.records.filter((r) => r.current).map((r) => r.username)).toEqual(['admin']);
    const forced = await admin.post('/sys/online/forceLogout', { token: row?.token });
    expect(forced, forced.message).toMatchObject({ success: true });
    const gone = await other.get('/sys/user/getCurrentUserDeparts');
    expect(gone.status).toBe(401);
    expect((await admin.get('/sys/user/getCurrentUserDeparts')).success).toBe(true);
  });

  it('12. logs out: POST /sys/logout, then the token is dead and the socket closed', async () => {
    const closed = new Promise<number>((resolve) => socket?.on('close', (code) => resolve(code)));
    const out = await admin.post('/sys/logout');
    expect(out).toMatchObject({ success: true, message: '退出登录成功！' });
    expect(await closed).toBeGreaterThanOrEqual(1000);
    expect((await admin.get('/sys/permission/getUserPermissionByToken')).status).toBe(401);
  });
});
