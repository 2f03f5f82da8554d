import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface LogPage {
  records: {
    user: string;
    operateTime: string;
    operateType: string;
    operateType_dictText: string;
    content: string;
    relateId: string | null;
  }[];
  total: number;
}

describe('operate log', () => {
  it('records a successful write with user, time, type, content and relateId, newest first', async () => {
    const token = await login(t.app, 'zhaoliu');
    for (const orgCode of ['A03A02', 'A10A02']) {
      const res = await api(t.app, token, { method: 'PUT', url: '/sys/selectDepart', payload: { orgCode } });
      expect(body(res).success).toBe(true);
    }
    const res = await api(t.app, token, {
      method: 'GET',
      url: '/common/operateLog/list?user=zhaoliu&pageNo=1&pageSize=10',
    });
    const page = body<LogPage>(res).result;
    expect(page.total).toBeGreaterThanOrEqual(2);
    const [newest, older] = page.records;
    expect(newest?.user).toContain('赵六');
    expect(newest?.operateType).toBe('3');
    expect(newest?.operateType_dictText).toBe('编辑');
    expect(newest?.content).toBeTruthy();
    expect(newest?.operateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(newest!.operateTime >= older!.operateTime).toBe(true);
  });

  it('does not record a failed write', async () => {
    const token = await login(t.app, 'zhangsan');
    const before = body<LogPage>(
      await api(t.app, token, { method: 'GET', url: '/common/operateLog/list?user=zhangsan' }),
    ).result.total;
    const res = await api(t.app, token, { method: 'PUT', url: '/sys/selectDepart', payload: { orgCode: 'A01' } });
    expect(body(res).success).toBe(false);
    const after = body<LogPage>(
      await api(t.app, token, { method: 'GET', url: '/common/operateLog/list?user=zhangsan' }),
    ).result.total;
    expect(after).toBe(before);
  });

  it('filters by relateId and content and escapes LIKE wildcards', async () => {
    const token = await login(t.app, 'admin');
    const all = body<LogPage>(
      await api(t.app, token, { method: 'GET', url: '/common/operateLog/list?pageSize=100' }),
    ).result;
    expect(all.total).toBeGreaterThan(0);
    const wildcard = body<LogPage>(
      await api(t.app, token, { method: 'GET', url: '/common/operateLog/list?content=%25' }),
    ).result;
    expect(wildcard.total).toBe(0);
    const none = body<LogPage>(
      await api(t.app, token, { method: 'GET', url: '/common/operateLog/list?relateId=nothing-here' }),
    ).result;
    expect(none.total).toBe(0);
  });

  it('refuses a page size over 1000 with 400', async () => {
    const token = await login(t.app, 'admin');
    const res = await api(t.app, token, { method: 'GET', url: '/common/operateLog/list?pageSize=100000' });
    expect(res.statusCode).toBe(400);
    expect(body(res).success).toBe(false);
  });

  it("shows other users' operations only to holders of system:operateLog:all", async () => {
    const zhaoliu = await login(t.app, 'zhaoliu');
    await api(t.app, zhaoliu, { method: 'PUT', url: '/sys/selectDepart', payload: { orgCode: 'A03A02' } });
    const guest = await login(t.app, 'guest');
    const saved = await api(t.app, guest, {
      method: 'PUT',
      url: '/sys/user/saveUserSettings',
      payload: { multipage: true },
    });
    expect(body(saved).success).toBe(true);
    const seenByGuest = body<LogPage>(
      await api(t.app, guest, { method: 'GET', url: '/common/operateLog/list?pageSize=100' }),
    ).result;
    expect(seenByGuest.records.length).toBeGreaterThan(0);
    expect(seenByGuest.records.every((r) => r.user.includes('(guest)'))).toBe(true);
    expect(
      body<LogPage>(await api(t.app, guest, { method: 'GET', url: '/common/operateLog/list?user=zhaoliu' })).result
        .total,
    ).toBe(0);
    const admin = await login(t.app, 'admin');
    const seenByAdmin = body<LogPage>(
      await api(t.app, admin, { method: 'GET', url: '/common/operateLog/list?user=zhaoliu' }),
    ).result;
    expect(seenByAdmin.total).toBeGreaterThan(0);
  });

  it('sorts by a listed column and refuses any other sort column', async () => {
    const admin = await login(t.app, 'admin');
    const byContent = body<LogPage>(
      await api(t.app, admin, { method: 'GET', url: '/common/operateLog/list?column=content&order=asc&pageSize=100' }),
    ).result.records.map((r) => r.content);
    expect(byContent.length).toBeGreaterThan(1);
    expect(byContent).toEqual([...byContent].sort());
    for (const column of ['operate_time;drop table operate_log', 'password', 'userId', 'operateTime desc']) {
      const res = await api(t.app, admin, {
        method: 'GET',
        url: `/common/operateLog/list?column=${encodeURIComponent(column)}&order=desc`,
      });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ success: false, message: '排序字段不正确' });
    }
  });

  it('names whom a force logout signed out', async () => {
    const target = await login(t.app, 'lisi');
    const admin = await login(t.app, 'admin');
    const res = await api(t.app, admin, {
      method: 'POST',
      url: '/sys/online/forceLogout',
      payload: { username: 'lisi' },
    });
    expect(body(res).success).toBe(true);
    const lisi = await t.handle.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'lisi')
      .executeTakeFirstOrThrow();
    const row = await t.handle.db
      .selectFrom('operateLog')
      .selectAll()
      .where('content', 'like', '强制退出%')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: 'admin', content: '强制退出：lisi', operateType: '4', relateId: lisi.id });
    expect(JSON.stringify(row)).not.toContain(target);
  });
});
