import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import { clientSignParams, signParams } from '@houtai/shared/sign';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let token: string;
const NOW = Date.UTC(2025, 5, 1, 4, 0, 0);

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'zhangsan');
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.now = NOW;
});

function headers(url: string, ts: number | string = NOW, params: Record<string, unknown> = {}) {
  return { 'x-sign': signParams(clientSignParams(url, params), t.config.signSecret), 'x-timestamp': String(ts) };
}

const call = (url: string, h: Record<string, string> = {}) => api(t.app, token, { method: 'GET', url, headers: h });

const SIGNED_URLS = [
  '/sys/dict/getDictItems/sex',
  '/sys/dict/getDictItems/lg_base_settlement_org,name,id',
  '/sys/dict/loadDict/lg_base_settlement_org,name,id?keyword=a',
  '/sys/dict/loadDictItem/lg_base_settlement_org,name,id?key=x',
  '/sys/dict/loadTreeData?tableName=sys_category&text=name&code=id&pid=0',
];

describe('signed dictionary endpoints', () => {
  it('accept a request signed like the Jeecg client', async () => {
    for (const url of SIGNED_URLS) {
      const res = await call(url, headers(url));
      expect(body(res).success, url).toBe(true);
    }
  });

  it('refuse a request without signature headers as a business failure', async () => {
    for (const url of SIGNED_URLS) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(200);
      expect(body(res), url).toMatchObject({ success: false, code: 500, message: TEXT.signMissing });
    }
    const url = SIGNED_URLS[0]!;
    const noTimestamp = await call(url, { 'x-sign': headers(url)['x-sign'] });
    expect(body(noTimestamp).message).toBe(TEXT.signMissing);
  });

  it('refuse a wrong signature, a tampered parameter and a wrong secret', async () => {
    const url = '/sys/dict/loadDict/lg_base_settlement_org,name,id?keyword=a';
    expect(body(await call(url, { ...headers(url), 'x-sign': '0123456789ABCDEF0123456789ABCDEF' })).message).toBe(
      TEXT.signFailed,
    );
    const tampered = '/sys/dict/loadDict/lg_base_settlement_org,name,id?keyword=b';
    expect(body(await call(tampered, headers(url))).message).toBe(TEXT.signFailed);
    const otherPath = '/sys/dict/loadDict/lg_base_settlement_org,name,code?keyword=a';
    expect(body(await call(otherPath, headers(url))).message).toBe(TEXT.signFailed);
    const wrongSecret = signParams(clientSignParams(url), 'dd05f1c54d63749eda95f9fa6d49v442a');
    expect(body(await call(url, { 'x-sign': wrongSecret, 'x-timestamp': String(NOW) })).message).toBe(TEXT.signFailed);
    expect(body(await call(url, { ...headers(url), 'x-timestamp': 'yesterday' })).message).toBe(TEXT.signFailed);
  });

  it('refuse timestamps more than 300 s old or ahead, and accept them within', async () => {
    const url = '/sys/dict/getDictItems/sex';
    expect(body(await call(url, headers(url, NOW - 301_000))).message).toBe(TEXT.signExpired);
    expect(body(await call(url, headers(url, NOW + 301_000))).message).toBe(TEXT.signExpired);
    expect(body(await call(url, headers(url, NOW - 299_000))).success).toBe(true);
    expect(body(await call(url, headers(url, NOW + 299_000))).success).toBe(true);
  });

  it('accept the legacy yyyyMMddHHmmss timestamp in Asia/Shanghai time', async () => {
    const url = '/sys/dict/getDictItems/sex';
    // NOW is 04:00:00 UTC = 12:00:00 in Shanghai.
    expect(body(await call(url, headers(url, '20250601120000'))).success).toBe(true);
    expect(body(await call(url, headers(url, '20250601040000'))).message).toBe(TEXT.signExpired);
  });

  it('verify a round trip with an encoded Chinese keyword, spaces, extra params and an unsigned _t', async () => {
    const path = '/sys/dict/loadDict/lg_base_settlement_org,name,id';
    const params = { keyword: '上海 后台', pageSize: 10 };
    const query = new URLSearchParams({ keyword: params.keyword, pageSize: String(params.pageSize) }).toString();
    const h = headers(path, NOW, params);
    const res = await call(`${path}?${query}&_t=1717200000`, h);
    expect(body(res).success).toBe(true);
  });

  it('check the session before the signature', async () => {
    const url = '/sys/dict/getDictItems/sex';
    const res = await api(t.app, null, { method: 'GET', url, headers: headers(url) });
    expect(res.statusCode).toBe(401);
  });

  it('leave unsigned endpoints alone', async () => {
    expect(body(await call('/sys/dict/queryAllDictItems')).success).toBe(true);
    expect(body(await call('/sys/category/loadTreeRoot?async=true&pcode=A01')).success).toBe(true);
  });
});
