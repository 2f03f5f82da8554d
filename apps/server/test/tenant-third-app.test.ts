/** The Vue2 user form's helpers: /sys/tenant/queryList (the single tenant) and /sys/thirdApp/getEnabledType. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord, ThirdAppEnabled } from '@houtai/shared/contract/tenant';
import { enabledThirdApps } from '../src/modules/third-app/third-app.service.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ config: { tenantName: '测试租户' } });
  token = await login(t.app, 'zhangsan');
});
afterAll(async () => {
  await t.close();
});

describe('GET /sys/tenant/queryList', () => {
  it('answers the one tenant in the SysTenant shape, named by TENANT_NAME, active', async () => {
    const res = body<TenantRecord[]>(await api(t.app, token, { method: 'GET', url: '/sys/tenant/queryList?_t=1' }));
    expect(res).toMatchObject({ success: true, code: 200 });
    expect(res.result).toEqual([
      { id: 1, name: '测试租户', createBy: null, createTime: null, beginDate: null, endDate: null, status: 1 },
    ]);
  });

  it('narrows to ids: the tenant when listed, nothing otherwise', async () => {
    const listed = body<TenantRecord[]>(
      await api(t.app, token, { method: 'GET', url: '/sys/tenant/queryList?ids=3,1,' }),
    );
    expect(listed.result.map((r) => r.id)).toEqual([1]);
    for (const ids of ['2', 'abc', '01x']) {
      const other = body<TenantRecord[]>(
        await api(t.app, token, { method: 'GET', url: `/sys/tenant/queryList?ids=${ids}` }),
      );
      expect(other).toMatchObject({ success: true, result: [] });
    }
  });

  it('needs a signed-in user', async () => {
    expect((await api(t.app, null, { method: 'GET', url: '/sys/tenant/queryList' })).statusCode).toBe(401);
  });
});

describe('GET /sys/thirdApp/getEnabledType', () => {
  it('answers {wechatEnterprise, dingtalk}, false when nothing is configured', async () => {
    const res = body<ThirdAppEnabled>(await api(t.app, token, { method: 'GET', url: '/sys/thirdApp/getEnabledType' }));
    expect(res).toMatchObject({ success: true, code: 200, result: { wechatEnterprise: false, dingtalk: false } });
    expect(Object.keys(res.result).sort()).toEqual(['dingtalk', 'wechatEnterprise']);
    expect((await api(t.app, null, { method: 'GET', url: '/sys/thirdApp/getEnabledType' })).statusCode).toBe(401);
  });

  it('marks exactly the configured apps', () => {
    expect(enabledThirdApps(['dingtalk'])).toEqual({ wechatEnterprise: false, dingtalk: true });
  });
});
