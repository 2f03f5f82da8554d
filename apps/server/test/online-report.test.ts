/**
 * Online reports (/online/cgreport/api/*): the seeded 用户选择 and 工单选择 reports through the three calls, paging,
 * the 100-row cap, sort only by declared columns, filters only on declared query fields, self_ parameters bound,
 * the 30 s cache of a report with a group id, the report's own permission code, and the statement log proving
 * that request text never becomes SQL text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReportColumns, ReportData, ReportQueryItem } from '@houtai/shared/contract/online-report';
import { USER_REPORT_CODE, WORK_ORDER_REPORT_CODE } from '../src/db/seed/demo-reports.ts';
import { clearReportCache, saveReport } from '../src/modules/online-report/online-report.service.ts';
import { api, body, createTestApp, login, sqlForHostileCheck, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let guest: string;
let userReportId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
  guest = await login(t.app, 'guest');
  const cols = body<ReportColumns>(
    await api(t.app, admin, { method: 'GET', url: `/online/cgreport/api/getRpColumns/${USER_REPORT_CODE}` }),
  );
  userReportId = cols.result.cgRpConfigId;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clearReportCache();
});

function getData(token: string, id: string, query: string) {
  return api(t.app, token, { method: 'GET', url: `/online/cgreport/api/getData/${id}?${query}` });
}

/** Statements executed by `run`, as text. */
async function sqlOf(run: () => Promise<unknown>): Promise<string> {
  const from = t.statements.length;
  await run();
  return JSON.stringify(t.statements.slice(from).map((s) => sqlForHostileCheck(s.sql)));
}

describe('getRpColumns and getQueryInfo', () => {
  it('answer the shown columns, their dictionaries and the report id and name', async () => {
    const b = body<ReportColumns>(
      await api(t.app, guest, { method: 'GET', url: `/online/cgreport/api/getRpColumns/${USER_REPORT_CODE}` }),
    );
    expect(b.success).toBe(true);
    expect(b.result.cgRpConfigName).toBe('用户选择');
    expect(b.result.columns.map((c) => c.dataIndex)).toEqual([
      'username',
      'realname',
      'sex',
      'org_code',
      'create_time',
    ]);
    expect(b.result.columns.find((c) => c.dataIndex === 'sex')).toMatchObject({ title: '性别', customRender: 'sex' });
    expect(b.result.columns.find((c) => c.dataIndex === 'username')?.sorter).toBe('true');
    expect(b.result.dictOptions.sex?.map((o) => o.text)).toEqual(expect.arrayContaining(['男', '女']));
  });

  it('an unknown code is 实体不存在', async () => {
    const b = body(await api(t.app, admin, { method: 'GET', url: "/online/cgreport/api/getRpColumns/x' or 1=1" }));
    expect(b).toMatchObject({ success: false, message: '实体不存在' });
  });

  it('query info lists the query fields with mode, view and hidden', async () => {
    const b = body<ReportQueryItem[]>(
      await api(t.app, admin, { method: 'GET', url: `/online/cgreport/api/getQueryInfo/${userReportId}` }),
    );
    expect(b.result).toEqual([
      { label: '账号', field: 'username', mode: 'single', view: 'string' },
      { label: '姓名', field: 'realname', mode: 'single', view: 'string' },
      { label: '性别', field: 'sex', mode: 'single', view: 'list', hidden: '1', dictCode: 'sex' },
    ]);
  });
});

describe('getData', () => {
  it('pages, counts and answers rows under the names the SQL gives them', async () => {
    const b = body<ReportData>(await getData(admin, userReportId, 'pageNo=1&pageSize=2&column=username&order=asc'));
    expect(b.success).toBe(true);
    expect(b.result.total).toBeGreaterThan(2);
    expect(b.result.records).toHaveLength(2);
    expect(Object.keys(b.result.records[0]!)).toEqual(['id', 'username', 'realname', 'sex', 'org_code', 'create_time']);
    const all = body<ReportData>(await getData(admin, userReportId, 'pageSize=100&column=username&order=asc'));
    const names = all.result.records.map((r) => r.username as string);
    expect(names).toEqual([...names].sort());
    expect(all.result.records.some((r) => 'password' in r || 'salt' in r)).toBe(false);
  });

  it('filters on the declared query fields: wildcard text, dictionary value, a date range', async () => {
    const b = body<ReportData>(await getData(admin, userReportId, 'username=*zhang*'));
    expect(b.result.records.map((r) => r.username)).toEqual(['zhangsan']);
    const women = body<ReportData>(await getData(admin, userReportId, 'sex=2&pageSize=100'));
    expect(women.result.records.every((r) => Number(r.sex) === 2)).toBe(true);
    const orders = body<ReportColumns>(
      await api(t.app, admin, { method: 'GET', url: `/online/cgreport/api/getRpColumns/${WORK_ORDER_REPORT_CODE}` }),
    );
    const none = body<ReportData>(
      await getData(admin, orders.result.cgRpConfigId, 'create_time_begin=2999-01-01&create_time_end=2999-12-31'),
    );
    expect(none.result).toEqual({ total: 0, records: [] });
  });

  it('refuses a page size over 100, a sort column that is not declared sortable, a bad order', async () => {
    expect(body(await getData(admin, userReportId, 'pageSize=101'))).toMatchObject({
      success: false,
      message: '每页条数不能超过100',
    });
    for (const q of ['column=password', 'column=sex', 'column=username;drop table sys_user', 'column=id']) {
      expect(body(await getData(admin, userReportId, q))).toMatchObject({ success: false, message: '排序字段不正确' });
    }
    expect(body(await getData(admin, userReportId, 'column=username&order=sideways')).success).toBe(false);
  });

  it('refuses unknown self_ parameters, non-numbers for numeric fields, too long values and too many parameters', async () => {
    expect(body(await getData(admin, userReportId, 'self_x=1'))).toMatchObject({
      success: false,
      message: '报表SQL没有参数 x',
    });
    expect(body(await getData(admin, userReportId, 'sex=1 or 1=1'))).toMatchObject({
      success: false,
      message: '请输入数字',
    });
    expect(body(await getData(admin, userReportId, `username=${'a'.repeat(201)}`))).toMatchObject({ success: false });
    const many = Array.from({ length: 51 }, (_, i) => `p${i}=1`).join('&');
    expect(body(await getData(admin, userReportId, many))).toMatchObject({ success: false, message: '查询参数过多' });
  });

  it('hostile values are bound: their text never appears in any statement', async () => {
    const hostile = "x' or '1'='1' union select password from sys_user --";
    const text = await sqlOf(async () => {
      const res = await getData(admin, userReportId, `username=${encodeURIComponent(hostile)}&realname=%25'%3B`);
      expect(res.statusCode).toBe(200);
      expect(body<ReportData>(res).result.total).toBe(0);
    });
    expect(text).not.toContain('union');
    expect(text).not.toContain("'1'='1'");
    expect(text).not.toContain('password');
    const last = t.statements.at(-1)!;
    expect(last.parameters).toEqual(
      expect.arrayContaining([`%x' or '1'='1' union select password from sys\\_user --%`]),
    );
  });

  it('unknown query keys are ignored, never read', async () => {
    const text = await sqlOf(async () => {
      expect(body(await getData(admin, userReportId, 'password=x&1%3D1=1')).success).toBe(true);
      expect(body(await getData(admin, userReportId, '__proto__=x&constructor=y&toString=z')).success).toBe(true);
    });
    expect(text).not.toContain('1=1');
  });

  it('a report with a group id answers the same request from the cache for 30 s', async () => {
    await getData(admin, userReportId, 'pageNo=1&pageSize=3');
    const again = await sqlOf(() => getData(admin, userReportId, 'pageNo=1&pageSize=3'));
    expect(again).not.toContain('count(*)');
    const other = await sqlOf(() => getData(admin, userReportId, 'pageNo=2&pageSize=3'));
    expect(other).toContain('count(*)');
  });

  it('self_ parameters are bound values of the SQL, with the declared default', async () => {
    await saveReport(t.handle.db, {
      code: 'test_param_report',
      name: '参数报表',
      sql: 'select username, realname from sys_user where username = ${who} or realname = :who',
      items: [{ fieldName: 'username', fieldTxt: '账号' }],
      params: [{ paramName: 'who', paramValue: 'admin' }],
    });
    const cols = body<ReportColumns>(
      await api(t.app, admin, { method: 'GET', url: '/online/cgreport/api/getRpColumns/test_param_report' }),
    );
    const id = cols.result.cgRpConfigId;
    const byDefault = body<ReportData>(await getData(admin, id, ''));
    expect(byDefault.result.records.map((r) => r.username)).toEqual(['admin']);
    const hostile = "zhangsan' or 'a'='a";
    const text = await sqlOf(async () => {
      const b = body<ReportData>(await getData(admin, id, `self_who=${encodeURIComponent(hostile)}`));
      expect(b.result.total).toBe(0);
    });
    expect(text).not.toContain("'a'='a'");
    expect(body<ReportData>(await getData(admin, id, 'self_who=zhangsan')).result.records).toHaveLength(1);
  });

  it("a report's permission code is required when set (403 to the demo guest)", async () => {
    await saveReport(t.handle.db, {
      code: 'test_guarded_report',
      name: '受限报表',
      perms: 'online:report:test-guarded',
      sql: 'select username from sys_user',
      items: [{ fieldName: 'username', fieldTxt: '账号' }],
    });
    const url = '/online/cgreport/api/getRpColumns/test_guarded_report';
    expect((await api(t.app, guest, { method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('saveReport', () => {
  it('refuses SQL outside the grammar, items naming no result column and parameters the SQL does not use', async () => {
    const base = { code: 'test_bad', name: '坏报表', items: [] };
    await expect(saveReport(t.handle.db, { ...base, sql: 'select password from sys_user' })).rejects.toThrow(
      '报表SQL不合法：不允许查询列 password',
    );
    await expect(
      saveReport(t.handle.db, {
        ...base,
        sql: 'select username from sys_user',
        items: [{ fieldName: 'x', fieldTxt: 'x' }],
      }),
    ).rejects.toThrow('报表SQL没有列 x');
    await expect(
      saveReport(t.handle.db, { ...base, sql: 'select username from sys_user', params: [{ paramName: 'p' }] }),
    ).rejects.toThrow('报表SQL没有参数 p');
  });
});
