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
});
