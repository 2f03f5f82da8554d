/**
 * Announcements (contract §2.3): administration, publishing to everyone / users / departments, the bell and
 * my messages, read marking, revoking and deleting, object-level checks, validation and realtime pushes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_PERMISSIONS,
  type AnnouncementListRecord,
  type AnnouncementRecord,
  type ListByUserResult,
  type MyAnnouncementRecord,
} from '@houtai/shared/contract/announcement';
import { applyBaseSteps } from '../src/db/seed/index.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/password.ts';
import type { RealtimeHub, RealtimeMessage } from '../src/realtime/hub.ts';
import { newUserRow } from '../src/modules/user/user.service.ts';
import { api, body, createTestApp, login, TEST_PASSWORD, userIdOf, type TestContext } from './helpers.ts';

/** A hub that remembers what was published, to whom. */
class RecordingHub implements RealtimeHub {
  sent: { to: 'all' | string[]; message: RealtimeMessage }[] = [];
  sendToUsers(userIds: readonly string[], message: RealtimeMessage): Promise<void> {
    this.sent.push({ to: [...userIds].sort(), message });
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

interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const hub = new RecordingHub();
let t: TestContext;
let admin: string;
let guest: string;
let zhangsan: string;
let lisi: string;
let zhaoliu: string;
const ids = { admin: '', guest: '', zhangsan: '', lisi: '', wangwu: '', zhaoliu: '' };

beforeAll(async () => {
  t = await createTestApp({ build: { realtime: hub } });
  admin = await login(t.app, 'admin');
  guest = await login(t.app, 'guest');
  zhangsan = await login(t.app, 'zhangsan');
  lisi = await login(t.app, 'lisi');
  zhaoliu = await login(t.app, 'zhaoliu');
  for (const u of Object.keys(ids) as (keyof typeof ids)[]) ids[u] = await userIdOf(t.handle.db, u);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  hub.sent = [];
});

const get = (token: string | null, url: string) => api(t.app, token, { method: 'GET', url });

let serial = 0;
/** Adds a draft as admin and answers its id. */
async function addDraft(fields: Record<string, unknown> = {}): Promise<string> {
  serial += 1;
  const res = await api(t.app, admin, {
    method: 'POST',
    url: '/sys/annountCement/add',
    payload: { titile: `测试通告${serial}`, msgContent: '**正文**', msgCategory: '1', priority: 'M', ...fields },
  });
  const b = body<string>(res);
  expect(b, JSON.stringify(b)).toMatchObject({ success: true, message: '添加成功！' });
  return b.result;
}

async function release(id: string): Promise<void> {
  const b = body(await get(admin, `/sys/annountCement/doReleaseData?id=${id}`));
  expect(b, JSON.stringify(b)).toMatchObject({ success: true });
}

async function publish(fields: Record<string, unknown> = {}): Promise<string> {
  const id = await addDraft(fields);
  await release(id);
  return id;
}

async function bell(token: string, query = ''): Promise<ListByUserResult> {
  const b = body<ListByUserResult>(await get(token, `/sys/annountCement/listByUser${query}`));
  expect(b.success).toBe(true);
  return b.result;
}

async function myMessages(token: string, query = ''): Promise<Page<MyAnnouncementRecord>> {
  const b = body<Page<MyAnnouncementRecord>>(
    await get(token, `/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100${query}`),
  );
  expect(b.success, b.message).toBe(true);
  return b.result;
}

async function adminList(query = ''): Promise<Page<AnnouncementListRecord>> {
  const b = body<Page<AnnouncementListRecord>>(await get(admin, `/sys/annountCement/list?pageSize=100${query}`));
  expect(b.success, b.message).toBe(true);
  return b.result;
}

const inBell = (r: ListByUserResult, id: string) => [...r.anntMsgList, ...r.sysMsgList].some((a) => a.id === id);

describe('administration list', () => {
  it('lists live announcements newest first with dictionary texts (demo data included)', async () => {
    const page = await adminList();
    expect(page.total).toBeGreaterThanOrEqual(6);
    const times = page.records.map((r) => r.createTime ?? '');
    expect(times).toEqual([...times].sort().reverse());
    const draft = page.records.find((r) => r.titile === '端午节放假安排（草稿）');
    expect(draft).toMatchObject({
      sendStatus: '0',
      sendStatus_dictText: '未发布',
      msgType_dictText: '全体用户',
      priority_dictText: '低',
      msgCategory_dictText: '通知公告',
    });
    const depart = page.records.find((r) => r.msgType === 'DEPART');
    expect(depart?.msgType_dictText).toBe('指定部门');
    expect(page.records.find((r) => r.sendStatus === '2')?.sendStatus_dictText).toBe('已撤销');
  });

  it('filters by title (contains, wildcards literal), category and status', async () => {
    const page = await adminList(`&titile=${encodeURIComponent('工资')}`);
    expect(page.records.map((r) => r.titile)).toEqual(['2026年10月工资条']);
    expect((await adminList('&titile=%25')).total).toBe(0);
    expect((await adminList('&titile=_')).total).toBe(0);
    const drafts = await adminList('&sendStatus=0');
    expect(drafts.records.every((r) => r.sendStatus === '0')).toBe(true);
    const system = await adminList('&msgCategory=2');
    expect(system.records.length).toBeGreaterThan(0);
    expect(system.records.every((r) => r.msgCategory === '2')).toBe(true);
  });

  it('treats SQL-looking filters as text and refuses unknown sort columns', async () => {
    const all = (await adminList()).total;
    for (const hostile of ["' or '1'='1", "%' or 1=1 --", '1; drop table sys_announcement --']) {
      expect((await adminList(`&titile=${encodeURIComponent(hostile)}`)).total).toBe(0);
    }
    expect((await adminList()).total).toBe(all);
    for (const column of ['password', 'create_time;drop table x', 'createTime desc', 'msgContent', '__proto__']) {
      const res = await get(admin, `/sys/annountCement/list?column=${encodeURIComponent(column)}&order=desc`);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ success: false, message: '排序字段不正确' });
    }
    const badOrder = await get(admin, '/sys/annountCement/list?column=createTime&order=sideways');
    expect(body(badOrder)).toMatchObject({ success: false, message: '排序字段不正确' });
    const byTitle = (await adminList('&column=titile&order=asc')).records.map((r) => r.titile);
    expect(byTitle).toEqual([...byTitle].sort());
    const dictSort = await adminList('&column=priority_dictText,create_time&order=desc');
    expect(dictSort.records.length).toBeGreaterThan(0);
  });

  it('clamps a huge page size and refuses a page size that is not a number', async () => {
    const huge = body<Page<unknown>>(await get(admin, '/sys/annountCement/list?pageSize=100000'));
    expect(huge.success).toBe(true);
    expect(huge.result.size).toBe(100);
    const negative = body<Page<unknown>>(await get(admin, '/sys/annountCement/list?pageSize=-5'));
    expect(negative.result.size).toBe(1);
    const nan = await get(admin, '/sys/annountCement/list?pageSize=abc');
    expect(nan.statusCode).toBe(400);
    expect(body(nan)).toMatchObject({ success: false, message: '每页条数不正确' });
  });
});

describe('drafts', () => {
  const add = (payload: Record<string, unknown>) =>
    api(t.app, admin, { method: 'POST', url: '/sys/annountCement/add', payload });

  it('validates with Chinese messages as 400 envelopes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ msgContent: 'x' }, '请输入标题'],
      [{ titile: '   ', msgContent: 'x' }, '请输入标题'],
      [{ titile: 'x'.repeat(101), msgContent: 'x' }, '标题长度不能超过100个字符'],
      [{ titile: '换行\n标题', msgContent: 'x' }, '标题不能包含换行或控制字符'],
      [{ titile: 't' }, '请输入内容'],
      [{ titile: 't', msgContent: 'x'.repeat(100_001) }, '内容长度不能超过100000个字符'],
      [
        { titile: 't', msgContent: 'x', startTime: '2024-05-02 10:00:00', endTime: '2024-05-01 10:00:00' },
        '结束时间必须晚于开始时间',
      ],
      [{ titile: 't', msgContent: 'x', startTime: '2024-02-30 10:00:00' }, '时间格式应为yyyy-MM-dd HH:mm:ss'],
      [{ titile: 't', msgContent: 'x', openType: 'component' }, '请输入打开页面'],
      [{ titile: 't', msgContent: 'x', openType: 'url', openPage: 'javascript:alert(1)' }, '打开页面地址不正确'],
      [{ titile: 't', msgContent: 'x', openType: 'url', openPage: '//evil.example/x' }, '打开页面地址不正确'],
      [{ titile: 't', msgContent: 'x', openType: 'popup' }, '打开方式不正确'],
      [{ titile: 't', msgContent: 'x', msgType: 'USER' }, '请选择指定用户'],
      [{ titile: 't', msgContent: 'x', msgType: 'DEPART', departIds: '' }, '请选择指定部门'],
      [{ titile: 't', msgContent: 'x', msgType: 'EVERYONE' }, '通告对象类型不正确'],
      [{ titile: 't', msgContent: 'x', priority: 'X' }, '优先级不正确'],
      [{ titile: 't', msgContent: 'x', msgCategory: '9' }, '消息类型不正确'],
      [{ titile: 't', msgContent: 'x', msgType: 'USER', userIds: "1' or '1'='1" }, 'ID列表不正确'],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body(res)).toMatchObject({ success: false, code: 400, message });
    }
  });

  it('refuses addressees that do not exist (business failure)', async () => {
    const users = await add({ titile: 't', msgContent: 'x', msgType: 'USER', userIds: `${ids.zhangsan},nobody,` });
    expect(body(users)).toMatchObject({ success: false, message: '指定的用户不存在或已停用' });
    const departs = await add({ titile: 't', msgContent: 'x', msgType: 'DEPART', departIds: ['no-such-depart'] });
    expect(body(departs)).toMatchObject({ success: false, message: '指定的部门不存在' });
  });

  it('stores the title exactly as given, the content as sanitised HTML, and ignores server-owned fields', async () => {
    const titile = '<b>加粗</b> & "引号" \'单引号\'';
    const sent = '<h1>标题</h1><script>alert(1)</script><a href="javascript:alert(1)">链接</a>';
    const msgContent = '<h1>标题</h1><a>链接</a>';
    const id = await addDraft({
      titile,
      msgContent: sent,
      sendStatus: '1',
      delFlag: '1',
      sender: 'someone',
      id: 'chosen-id',
      startTime: '2024-05-01 08:00:00',
      endTime: '2024-05-31 18:00',
      openType: 'component',
      openPage: 'bi/workOrder/WorkOrderList',
      busId: 'WO-1',
    });
    expect(id).not.toBe('chosen-id');
    const b = body<AnnouncementRecord>(await get(admin, `/sys/annountCement/queryById?id=${id}`));
    expect(b.result).toMatchObject({
      id,
      titile,
      msgContent,
      sendStatus: '0',
      delFlag: '0',
      sender: null,
      startTime: '2024-05-01 08:00:00',
      endTime: '2024-05-31 18:00:00',
      openType: 'component',
      openPage: 'bi/workOrder/WorkOrderList',
      busId: 'WO-1',
      createBy: 'admin',
      version: 1,
    });
    // Stored as UTC instants.
    const row = await t.handle.db
      .selectFrom('sysAnnouncement')
      .select('startTime')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.startTime).toBe('2024-05-01T00:00:00.000Z');
  });

  it('accepts the form-encoded body and comma lists with a trailing comma', async () => {
    const res = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/annountCement/add',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        titile: '表单提交',
        msgContent: '内容',
        msgType: 'USER',
        userIds: `${ids.lisi},${ids.zhangsan},`,
      }).toString(),
    });
    const id = body<string>(res).result;
    const rec = body<AnnouncementRecord>(await get(admin, `/sys/annountCement/queryById?id=${id}`)).result;
    expect(rec.userIds).toBe(`${ids.lisi},${ids.zhangsan},`);
    expect(rec.msgType).toBe('USER');
  });

  it('edits drafts only, and answers 409 to a stale version', async () => {
    const id = await addDraft();
    const edit = (payload: Record<string, unknown>, method: 'PUT' | 'POST' = 'PUT') =>
      api(t.app, admin, { method, url: '/sys/annountCement/edit', payload });
    const ok = await edit({ id, titile: '改过的标题', msgContent: '新内容', version: 1 });
    expect(body(ok)).toMatchObject({ success: true, message: '编辑成功!' });
    const rec = body<AnnouncementRecord>(await get(admin, `/sys/annountCement/queryById?id=${id}`)).result;
    expect(rec).toMatchObject({ titile: '改过的标题', msgContent: '新内容', version: 2, updateBy: 'admin' });
    const stale = await edit({ id, titile: '旧版本', msgContent: 'x', version: 1 }, 'POST');
    expect(stale.statusCode).toBe(409);
    expect(body(stale)).toMatchObject({ success: false, message: '数据已被他人修改，请刷新' });
    expect(body(await edit({ id: 'nope', titile: 'x', msgContent: 'x' }))).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect((await edit({ id, titile: '', msgContent: 'x' })).statusCode).toBe(400);
    await release(id);
    expect(body(await edit({ id, titile: '发布后再改', msgContent: 'x' }))).toMatchObject({
      success: false,
      message: '只能编辑未发布的通告',
    });
  });
});

describe('publishing', () => {
  it('to everyone: a row per active user, a broadcast topic with the title, in every bell', async () => {
    const id = await publish({ titile: '全员通知', msgCategory: '1' });
    expect(hub.sent).toEqual([{ to: 'all', message: { cmd: 'topic', msgId: id, msgTxt: '全员通知' } }]);
    const rows = await t.handle.db
      .selectFrom('sysAnnouncementSend')
      .select(['userId', 'readFlag'])
      .where('anntId', '=', id)
      .execute();
    const active = await t.handle.db
      .selectFrom('sysUser')
      .select('id')
      .where('delFlag', '=', 0)
      .where('status', '=', 1)
      .execute();
    expect(rows.map((r) => r.userId).sort()).toEqual(active.map((u) => u.id).sort());
    expect(rows.every((r) => r.readFlag === '0')).toBe(true);
    for (const token of [guest, zhangsan, admin]) expect(inBell(await bell(token), id)).toBe(true);
    const rec = body<AnnouncementRecord>(await get(admin, `/sys/annountCement/queryById?id=${id}`)).result;
    expect(rec).toMatchObject({ sendStatus: '1', sender: 'admin' });
    expect(rec.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('to listed users: only they see it, and they get a user message', async () => {
    const id = await publish({ titile: '给张三的消息', msgCategory: '2', msgType: 'USER', userIds: [ids.zhangsan] });
    expect(hub.sent).toEqual([{ to: [ids.zhangsan], message: { cmd: 'user', msgId: id, msgTxt: '给张三的消息' } }]);
    const mine = await bell(zhangsan);
    expect(mine.sysMsgList.some((a) => a.id === id)).toBe(true);
    expect(inBell(await bell(lisi), id)).toBe(false);
    expect(inBell(await bell(guest), id)).toBe(false);
  });

  it('to departments: members of the department and of its sub-departments', async () => {
    const a03 = await t.handle.db
      .selectFrom('sysDepart')
      .select('id')
      .where('orgCode', '=', 'A03')
      .executeTakeFirstOrThrow();
    const id = await publish({ titile: '华东部门通知', msgType: 'DEPART', departIds: `${a03.id},` });
    // zhangsan is in A03A01, zhaoliu in A03A02 (and elsewhere); lisi is in A10A01.
    expect(hub.sent).toEqual([
      { to: [ids.zhangsan, ids.zhaoliu].sort(), message: { cmd: 'user', msgId: id, msgTxt: '华东部门通知' } },
    ]);
    expect(inBell(await bell(zhangsan), id)).toBe(true);
    expect(inBell(await bell(zhaoliu), id)).toBe(true);
    expect(inBell(await bell(lisi), id)).toBe(false);
  });

  it('publishes a draft only once, and refuses to publish to nobody', async () => {
    const id = await publish();
    hub.sent = [];
    const again = body(await get(admin, `/sys/annountCement/doReleaseData?id=${id}`));
    expect(again).toMatchObject({ success: false, message: '只能发布未发布的通告' });
    expect(hub.sent).toEqual([]);
    const unknown = body(await get(admin, '/sys/annountCement/doReleaseData?id=nothing'));
    expect(unknown).toMatchObject({ success: false, message: '未找到对应数据' });

    const gone = await addDraft({ msgType: 'USER', userIds: [ids.wangwu] });
    await t.handle.db.updateTable('sysUser').set({ status: 2 }).where('id', '=', ids.wangwu).execute();
    try {
      const res = body(await get(admin, `/sys/annountCement/doReleaseData?id=${gone}`));
      expect(res).toMatchObject({ success: false, message: '没有可接收该通告的用户' });
      const rec = body<AnnouncementRecord>(await get(admin, `/sys/annountCement/queryById?id=${gone}`)).result;
      expect(rec.sendStatus).toBe('0');
    } finally {
      await t.handle.db.updateTable('sysUser').set({ status: 1 }).where('id', '=', ids.wangwu).execute();
    }
  });

  it('records publishing and revoking in the operate log', async () => {
    const id = await publish();
    await get(admin, `/sys/annountCement/doReovkeData?id=${id}`);
    const rows = await t.handle.db
      .selectFrom('operateLog')
      .select(['content', 'username'])
      .where('relateId', '=', id)
      .orderBy('operateTime')
      .execute();
    expect(rows.map((r) => r.content)).toEqual(['添加系统通告', '发布系统通告', '撤销系统通告']);
    expect(rows.every((r) => r.username === 'admin')).toBe(true);
  });
});

describe('who may read an announcement', () => {
  it('administrators read any live one, drafts included', async () => {
    const id = await addDraft({ titile: '管理员可见草稿' });
    const b = body<AnnouncementRecord>(await get(admin, `/sys/annountCement/queryById?id=${id}`));
    expect(b.result.titile).toBe('管理员可见草稿');
  });

  it('others read published ones addressed to them, with their read state', async () => {
    const id = await publish({ titile: '给李四', msgType: 'USER', userIds: [ids.lisi] });
    const b = body<AnnouncementRecord>(await get(lisi, `/sys/annountCement/queryById?id=${id}`));
    expect(b).toMatchObject({ success: true, result: { id, titile: '给李四', readFlag: '0' } });
    expect(b.result.sendId).toBeTruthy();
  });

  it('refuses drafts and announcements addressed to others exactly like unknown ids (404)', async () => {
    const draft = await addDraft();
    const toLisi = await publish({ msgType: 'USER', userIds: [ids.lisi] });
    const answers = [];
    for (const id of [draft, toLisi, 'no-such-id']) {
      const res = await get(zhangsan, `/sys/annountCement/queryById?id=${id}`);
      expect(res.statusCode).toBe(404);
      const { timestamp: _t, ...rest } = body(res);
      answers.push(rest);
    }
    expect(answers[0]).toEqual({ success: false, message: '未找到对应数据', code: 404, result: null });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('refuses every administration route to a user without the codes (403)', async () => {
    const id = await addDraft();
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, string>?][] = [
      ['GET', '/sys/annountCement/list'],
      ['POST', '/sys/annountCement/add', { titile: 'x', msgContent: 'x' }],
      ['PUT', '/sys/annountCement/edit', { id, titile: 'x', msgContent: 'x' }],
      ['POST', '/sys/annountCement/edit', { id, titile: 'x', msgContent: 'x' }],
      ['DELETE', `/sys/annountCement/delete?id=${id}`],
      ['DELETE', `/sys/annountCement/deleteBatch?ids=${id},`],
      ['GET', `/sys/annountCement/doReleaseData?id=${id}`],
      ['GET', `/sys/annountCement/doReovkeData?id=${id}`],
    ];
    for (const token of [guest, zhangsan]) {
      for (const [method, url, payload] of calls) {
        const res = await api(t.app, token, { method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const rec = body<AnnouncementRecord>(await get(admin, `/sys/annountCement/queryById?id=${id}`)).result;
    expect(rec).toMatchObject({ sendStatus: '0', delFlag: '0' });
    expect(rec.titile).toMatch(/^测试通告/);
  });

  it('asks for a token on the user routes (401)', async () => {
    for (const url of [
      '/sys/annountCement/listByUser',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend',
      '/sys/annountCement/queryById?id=x',
    ]) {
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });
});

describe('the bell and my messages', () => {
  it('splits unread items into notices (categories 1 and 3) and system messages, newest first, 5 by default', async () => {
    const user = [ids.lisi];
    const gateway = await publish({ titile: '网关消息', msgCategory: '3', msgType: 'USER', userIds: user });
    const made: string[] = [];
    const start = Date.now();
    try {
      for (let i = 0; i < 6; i++) {
        // Distinct send times, so that "newest first" has one answer.
        t.clock.now = start + (i + 1) * 1000;
        made.push(await publish({ titile: `系统消息${i}`, msgCategory: '2', msgType: 'USER', userIds: user }));
      }
    } finally {
      t.clock.now = null;
    }
    const r = await bell(lisi);
    expect(r.anntMsgList.some((a) => a.id === gateway)).toBe(true);
    expect(r.sysMsgList.some((a) => a.id === gateway)).toBe(false);
    expect(r.sysMsgList).toHaveLength(5);
    expect(r.sysMsgTotal).toBeGreaterThanOrEqual(6);
    expect(r.sysMsgList[0]!.id).toBe(made[5]);
    expect(r.sysMsgList.every((a) => a.msgCategory === '2' && a.readFlag === '0')).toBe(true);
    const unread = (await myMessages(lisi, '&readFlag=0')).records;
    expect(r.anntMsgTotal + r.sysMsgTotal).toBe(unread.length);
    expect((await bell(lisi, '?pageSize=2')).sysMsgList).toHaveLength(2);
  });

  it('remembers the bell per user, and any write of what it reads (by any path, any instance) renews it', async () => {
    // New URLs each time, so that the route's remembered answers (plugins/answer-memo.ts) never answer instead.
    let n = 0;
    const fresh = () => bell(zhangsan, `?pageSize=5&_probe=${++n}`);
    const first = await publish({ titile: '铃铛记忆一', msgCategory: '1', msgType: 'USER', userIds: [ids.zhangsan] });
    const before = await fresh();
    expect(inBell(before, first)).toBe(true);

    const mark = t.statements.length;
    const again = await fresh();
    expect(again).toEqual(before);
    const read = t.statements.slice(mark).map((s) => s.sql);
    expect(read.some((q) => q.includes('sys_cache_epoch'))).toBe(true);
    expect(read.filter((q) => q.includes('sys_announcement'))).toEqual([]);

    // Written straight to the tables, as another instance or a script would: the database's triggers move the
    // markers, so the next answer is read again.
    const sendId = (
      await t.handle.db
        .selectFrom('sysAnnouncementSend')
        .select('id')
        .where('anntId', '=', first)
        .where('userId', '=', ids.zhangsan)
        .executeTakeFirstOrThrow()
    ).id;
    await t.handle.db.updateTable('sysAnnouncementSend').set({ readFlag: '1' }).where('id', '=', sendId).execute();
    const afterRead = await fresh();
    expect(inBell(afterRead, first)).toBe(false);
    expect(afterRead.anntMsgTotal).toBe(before.anntMsgTotal - 1);

    const second = await publish({ titile: '铃铛记忆二', msgCategory: '1', msgType: 'USER', userIds: [ids.zhangsan] });
    expect(inBell(await fresh(), second)).toBe(true);
    await t.handle.db
      .updateTable('sysAnnouncement')
      .set({ titile: '铃铛记忆二（改）' })
      .where('id', '=', second)
      .execute();
    expect((await fresh()).anntMsgList.find((a) => a.id === second)?.titile).toBe('铃铛记忆二（改）');
    await t.handle.db.updateTable('sysAnnouncement').set({ delFlag: '1' }).where('id', '=', second).execute();
    const afterDelete = await fresh();
    expect(inBell(afterDelete, second)).toBe(false);
    expect(afterDelete.anntMsgTotal).toBe(afterRead.anntMsgTotal);
    // Another user's reads do not renew this user's answer.
    const other = await publish({ titile: '铃铛记忆三', msgCategory: '2', msgType: 'USER', userIds: [ids.zhaoliu] });
    await t.handle.db.updateTable('sysAnnouncementSend').set({ readFlag: '1' }).where('anntId', '=', other).execute();
    const settled = await fresh();
    const mark2 = t.statements.length;
    await t.handle.db.updateTable('sysAnnouncementSend').set({ starFlag: '1' }).where('anntId', '=', other).execute();
    expect(await fresh()).toEqual(settled);
    expect(t.statements.slice(mark2 + 1).filter((s) => s.sql.includes('sys_announcement'))).toEqual([]);
  });

  it('lists my messages with the contract fields, filters by title and sorts newest first', async () => {
    const id = await publish({
      titile: '我的消息字段',
      msgCategory: '2',
      msgType: 'USER',
      userIds: [ids.zhaoliu],
      openType: 'component',
      openPage: '/bi/workOrder/WorkOrderList',
      busId: 'BUS-9',
    });
    const page = await myMessages(zhaoliu, `&titile=${encodeURIComponent('字段')}&column=createTime&order=desc`);
    expect(page.total).toBe(1);
    const rec = page.records[0]!;
    expect(rec).toMatchObject({
      anntId: id,
      userId: ids.zhaoliu,
      titile: '我的消息字段',
      msgContent: '**正文**',
      sender: 'admin',
      readFlag: '0',
      msgCategory: '2',
      msgCategory_dictText: '系统消息',
      openType: 'component',
      openPage: '/bi/workOrder/WorkOrderList',
      busId: 'BUS-9',
    });
    expect(rec.id).not.toBe(id);
    expect(rec.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const all = await myMessages(zhaoliu);
    const created = all.records.map((r) => r.createTime ?? '');
    expect(created).toEqual([...created].sort().reverse());
    const paged = body<Page<MyAnnouncementRecord>>(
      await get(zhaoliu, '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=2&pageSize=1'),
    ).result;
    expect(paged).toMatchObject({ current: 2, size: 1, total: all.total });
    expect(paged.records[0]!.id).toBe(all.records[1]!.id);
    const defaults = body<Page<MyAnnouncementRecord>>(
      await get(zhaoliu, '/sys/sysAnnouncementSend/getMyAnnouncementSend'),
    );
    expect(defaults.result.size).toBe(7);
  });

  it('treats hostile filters and sort columns in my messages safely', async () => {
    expect((await myMessages(zhaoliu, `&titile=${encodeURIComponent("' or 1=1 --")}`)).total).toBe(0);
    const sort = await get(zhaoliu, '/sys/sysAnnouncementSend/getMyAnnouncementSend?column=userId&order=asc');
    expect(body(sort)).toMatchObject({ success: false, message: '排序字段不正确' });
    const huge = body<Page<unknown>>(
      await get(zhaoliu, '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=99999999'),
    );
    expect(huge.result.size).toBe(100);
  });

  it('marks one read (PUT or POST, idempotent), keeping the first read time, and the counts drop', async () => {
    const id = await publish({ titile: '待读', msgCategory: '1', msgType: 'USER', userIds: [ids.zhangsan] });
    const before = await bell(zhangsan);
    expect(inBell(before, id)).toBe(true);
    const mark = (method: 'PUT' | 'POST') =>
      api(t.app, zhangsan, {
        method,
        url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
        payload: { anntId: id },
      });
    expect(body(await mark('PUT'))).toMatchObject({ success: true });
    const first = await t.handle.db
      .selectFrom('sysAnnouncementSend')
      .select(['readFlag', 'readTime'])
      .where('anntId', '=', id)
      .where('userId', '=', ids.zhangsan)
      .executeTakeFirstOrThrow();
    expect(first.readFlag).toBe('1');
    expect(first.readTime).toBeTruthy();
    expect(body(await mark('POST'))).toMatchObject({ success: true });
    const second = await t.handle.db
      .selectFrom('sysAnnouncementSend')
      .select('readTime')
      .where('anntId', '=', id)
      .where('userId', '=', ids.zhangsan)
      .executeTakeFirstOrThrow();
    expect(second.readTime).toBe(first.readTime);
    const after = await bell(zhangsan);
    expect(inBell(after, id)).toBe(false);
    expect(after.anntMsgTotal).toBe(before.anntMsgTotal - 1);
    const read = (await myMessages(zhangsan)).records.find((r) => r.anntId === id);
    expect(read?.readFlag).toBe('1');
    // Marking someone else's announcement changes nothing and tells nothing.
    const other = await publish({ msgType: 'USER', userIds: [ids.lisi] });
    const res = await api(t.app, zhangsan, {
      method: 'PUT',
      url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      payload: { anntId: other },
    });
    expect(body(res)).toMatchObject({ success: true });
    expect(inBell(await bell(lisi), other)).toBe(true);
    const missing = await api(t.app, zhangsan, {
      method: 'PUT',
      url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('请传入anntId');
  });

  it('reads everything at once with 全部已读 and refreshes only the caller', async () => {
    await publish({ msgType: 'USER', userIds: [ids.lisi] });
    hub.sent = [];
    const res = await api(t.app, lisi, { method: 'PUT', url: '/sys/sysAnnouncementSend/readAll' });
    expect(body(res)).toMatchObject({ success: true, message: '全部已读' });
    expect(hub.sent).toEqual([{ to: [ids.lisi], message: { cmd: 'topic' } }]);
    const r = await bell(lisi);
    expect(r).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0, anntMsgList: [], sysMsgList: [] });
    expect((await myMessages(lisi, '&readFlag=0')).total).toBe(0);
    const post = await api(t.app, lisi, { method: 'POST', url: '/sys/sysAnnouncementSend/readAll', payload: {} });
    expect(body(post)).toMatchObject({ success: true, message: '全部已读' });
  });

  it('gets one of my own messages by send id, never somebody else’s', async () => {
    const id = await publish({ titile: '单条', msgType: 'USER', userIds: [ids.zhangsan] });
    const mine = (await myMessages(zhangsan)).records.find((r) => r.anntId === id)!;
    const one = body<MyAnnouncementRecord>(await get(zhangsan, `/sys/sysAnnouncementSend/getOne?sendId=${mine.id}`));
    expect(one).toMatchObject({ success: true, result: { id: mine.id, anntId: id, titile: '单条' } });
    const theirs = await get(lisi, `/sys/sysAnnouncementSend/getOne?sendId=${mine.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(body(theirs).message).toBe('未找到对应数据');
  });

  it('syncNotic with an anntId refreshes the caller’s own pages only', async () => {
    const res = await get(zhangsan, '/sys/annountCement/syncNotic?anntId=whatever');
    expect(body(res)).toMatchObject({ success: true });
    expect(hub.sent).toEqual([{ to: [ids.zhangsan], message: { cmd: 'topic' } }]);
  });

  it('syncNotic without an anntId broadcasts {"cmd":"topic"} to every connected user and succeeds (Jeecg)', async () => {
    for (const url of [
      '/sys/annountCement/syncNotic',
      '/sys/annountCement/syncNotic?anntId=',
      '/sys/annountCement/syncNotic?_t=1',
    ]) {
      hub.sent = [];
      const res = await get(lisi, url);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ success: true, code: 200 });
      expect(hub.sent).toEqual([{ to: 'all', message: { cmd: 'topic' } }]);
    }
    expect((await get(null, '/sys/annountCement/syncNotic')).statusCode).toBe(401);
    expect((await get(lisi, `/sys/annountCement/syncNotic?anntId=${'x'.repeat(65)}`)).statusCode).toBe(400);
  });

  it('gives accounts created after a broadcast its row on their first look, unless it had ended by then', async () => {
    const running = await publish({ titile: '长期有效' });
    const ended = await publish({
      titile: '已结束',
      startTime: '2020-01-01 00:00:00',
      endTime: '2020-01-02 00:00:00',
    });
    const id = newId();
    await t.handle.db
      .insertInto('sysUser')
      .values(newUserRow({ id, username: 'newcomer', password: await hashPassword(TEST_PASSWORD) }))
      .execute();
    const token = await login(t.app, 'newcomer');
    const r = await bell(token);
    expect(inBell(r, running)).toBe(true);
    expect(inBell(r, ended)).toBe(false);
    const q = await get(token, `/sys/annountCement/queryById?id=${running}`);
    expect(q.statusCode).toBe(200);
    expect((await get(token, `/sys/annountCement/queryById?id=${ended}`)).statusCode).toBe(404);
    // Looking again adds nothing twice.
    await bell(token);
    const rows = await t.handle.db
      .selectFrom('sysAnnouncementSend')
      .select('id')
      .where('userId', '=', id)
      .where('anntId', '=', running)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('revoking and deleting', () => {
  it('revoking takes an announcement out of every list and count and tells the audience', async () => {
    const id = await publish({ titile: '将被撤销', msgCategory: '2', msgType: 'USER', userIds: [ids.zhangsan] });
    const before = await bell(zhangsan);
    expect(inBell(before, id)).toBe(true);
    hub.sent = [];
    const res = body(await get(admin, `/sys/annountCement/doReovkeData?id=${id}`));
    expect(res).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect(hub.sent).toEqual([{ to: [ids.zhangsan], message: { cmd: 'topic', msgId: id } }]);
    const after = await bell(zhangsan);
    expect(inBell(after, id)).toBe(false);
    expect(after.sysMsgTotal).toBe(before.sysMsgTotal - 1);
    expect((await myMessages(zhangsan)).records.some((r) => r.anntId === id)).toBe(false);
    expect((await get(zhangsan, `/sys/annountCement/queryById?id=${id}`)).statusCode).toBe(404);
    const rec = body<AnnouncementRecord>(await get(admin, `/sys/annountCement/queryById?id=${id}`)).result;
    expect(rec.sendStatus).toBe('2');
    expect(rec.cancelTime).toBeTruthy();
    expect(body(await get(admin, `/sys/annountCement/doReovkeData?id=${id}`))).toMatchObject({
      success: false,
      message: '只能撤销已发布的通告',
    });
    const draft = await addDraft();
    expect(body(await get(admin, `/sys/annountCement/doReovkeData?id=${draft}`))).toMatchObject({
      success: false,
      message: '只能撤销已发布的通告',
    });
  });

  it('revoking a broadcast broadcasts the refresh', async () => {
    const id = await publish();
    hub.sent = [];
    await get(admin, `/sys/annountCement/doReovkeData?id=${id}`);
    expect(hub.sent).toEqual([{ to: 'all', message: { cmd: 'topic', msgId: id } }]);
    expect(inBell(await bell(guest), id)).toBe(false);
  });

  it('deletes logically, one or a batch (trailing comma), and published ones leave the bells', async () => {
    const one = await addDraft({ titile: '删除一条' });
    const res = await api(t.app, admin, { method: 'DELETE', url: `/sys/annountCement/delete?id=${one}` });
    expect(body(res)).toMatchObject({ success: true, message: '删除成功!' });
    const row = await t.handle.db
      .selectFrom('sysAnnouncement')
      .select(['delFlag', 'updateBy'])
      .where('id', '=', one)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ delFlag: '1', updateBy: 'admin' });
    expect((await get(admin, `/sys/annountCement/queryById?id=${one}`)).statusCode).toBe(404);
    expect(
      body(await api(t.app, admin, { method: 'DELETE', url: `/sys/annountCement/delete?id=${one}` })),
    ).toMatchObject({ success: false, message: '未找到对应数据' });

    const a = await addDraft({ titile: '批量甲' });
    const b = await publish({ titile: '批量乙', msgType: 'USER', userIds: [ids.lisi] });
    expect(inBell(await bell(lisi), b)).toBe(true);
    hub.sent = [];
    const batch = await api(t.app, admin, {
      method: 'DELETE',
      url: `/sys/annountCement/deleteBatch?ids=${a},${b},`,
    });
    expect(body(batch)).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(hub.sent).toEqual([{ to: [ids.lisi], message: { cmd: 'topic', msgId: b } }]);
    const listed = (await adminList()).records.map((r) => r.id);
    expect(listed).not.toContain(a);
    expect(listed).not.toContain(b);
    expect(inBell(await bell(lisi), b)).toBe(false);
    const noIds = await api(t.app, admin, { method: 'DELETE', url: '/sys/annountCement/deleteBatch?ids=,' });
    expect(noIds.statusCode).toBe(400);
    expect(body(noIds).message).toBe('请传入ids');
  });
});

describe('demo data', () => {
  it('rings the admin’s bell with a notice, a system message and a pay slip with an image', async () => {
    const r = await bell(admin, '?pageSize=50');
    const titles = [...r.anntMsgList, ...r.sysMsgList].map((a) => a.titile);
    expect(titles).toContain('关于系统升级维护的通知');
    expect(titles).toContain('消息中心上线啦');
    const slip = r.sysMsgList.find((a) => a.titile.includes('工资条'));
    expect(slip?.msgContent).toMatch(/<img src="[^"]+"/);
    expect(titles).not.toContain('端午节放假安排（草稿）');
    expect(titles).not.toContain('食堂临时停业通知（已撤销）');
  });
});

describe('base data', () => {
  const codes = Object.values(ANNOUNCEMENT_PERMISSIONS);

  async function dictItems(code: string) {
    return t.handle.db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      .select(['i.itemValue', 'i.itemText', 'i.sortOrder'])
      .where('d.dictCode', '=', code)
      .orderBy('i.sortOrder')
      .execute();
  }

  it('grants the announcement and banner codes to the admin role only', async () => {
    for (const code of codes) {
      expect(await t.app.permissionCodes.has(ids.admin, code), code).toBe(true);
      expect(await t.app.permissionCodes.has(ids.zhangsan, code), code).toBe(false);
    }
  });

  it('has the four dictionaries, msg_type with departments', async () => {
    expect((await dictItems('msg_type')).map((i) => [i.itemValue, i.itemText])).toEqual([
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
      ['DEPART', '指定部门'],
    ]);
    for (const code of ['msg_category', 'priority', 'send_status']) expect((await dictItems(code)).length).toBe(3);
  });

  it('applies its step to a database that predates it, adding only what is new', async () => {
    const db = t.handle.db;
    const depart = await db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      .select('i.id')
      .where('d.dictCode', '=', 'msg_type')
      .where('i.itemValue', '=', 'DEPART')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('sysDictItem').where('id', '=', depart.id).execute();
    // An item an administrator removed from an older dictionary stays removed.
    const low = await db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      .select('i.id')
      .where('d.dictCode', '=', 'priority')
      .where('i.itemValue', '=', 'L')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('sysDictItem').where('id', '=', low.id).execute();
    const buttons = await db.selectFrom('sysPermission').select('id').where('perms', 'in', codes).execute();
    await db
      .deleteFrom('sysRolePermission')
      .where(
        'permissionId',
        'in',
        buttons.map((b) => b.id),
      )
      .execute();
    await db.deleteFrom('sysPermission').where('perms', 'in', codes).execute();
    await db.deleteFrom('sysSeedStep').where('name', '=', '0002-announcements').execute();

    expect(await applyBaseSteps(db)).toEqual(['0002-announcements']);
    expect((await dictItems('msg_type')).map((i) => i.itemValue)).toContain('DEPART');
    expect((await dictItems('priority')).map((i) => i.itemValue)).not.toContain('L');
    const admin2 = await login(t.app, 'admin');
    expect((await get(admin2, '/sys/annountCement/list')).statusCode).toBe(200);
    const parent = await db
      .selectFrom('sysPermission')
      .select('isLeaf')
      .where('id', '=', 'menu-system-announcement')
      .executeTakeFirstOrThrow();
    expect(parent.isLeaf).toBe(0);
  });
});
