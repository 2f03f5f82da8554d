/**
 * The web client's X-Sign (packages/shared/src/sign.ts, as apps/web/src/lib/http.ts calls it) checked by the server's own verification
 * (plugins/signature.ts): the request the browser would send, signed by the web helper, must pass.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import { appendQuery, type QueryParams } from '@houtai/shared/query-string';
import { signHeaders } from '@houtai/shared/sign';
import type { Config } from '../src/config.ts';
import { AppError } from '../src/errors.ts';
import type { Services } from '../src/plugins/services.ts';
import { registerSignature } from '../src/plugins/signature.ts';
import '../src/plugins/types.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

const SECRET = 'parity-secret';
const NOW = Date.UTC(2025, 5, 1, 4, 0, 0);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What the web client puts on the wire for a call: the URL with its params (signed before `_t` is added to a
 * GET), the JSON body text, and the signature headers.
 */
function clientRequest(method: Method, url: string, params: QueryParams = {}, data?: unknown, secret = SECRET) {
  let sent = appendQuery(url, params);
  const payload = data === undefined ? undefined : JSON.stringify(data);
  const headers: Record<string, string> = { ...signHeaders({ method, url: sent, body: payload }, secret, NOW) };
  if (payload !== undefined) headers['content-type'] = 'application/json;charset=UTF-8';
  if (method === 'GET') sent = appendQuery(sent, { _t: Math.floor(NOW / 1000) });
  // The request target as the browser writes it (non-ASCII percent-encoded).
  const target = new URL(sent, 'http://localhost');
  return { method, url: target.pathname + target.search, headers, payload };
}

describe('web signing against the server verification', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ routerOptions: { maxParamLength: 2000 } });
    app.decorate('config', { signSecret: SECRET } as Config);
    app.decorate('services', { now: () => NOW } as unknown as Services);
    registerSignature(app);
    app.setErrorHandler((err, _request, reply) =>
      reply.send({ success: false, message: err instanceof AppError ? err.message : String(err) }),
    );
    const ok = async () => ({ success: true, message: '' });
    app.get('/api/sys/dict/loadDict/:code', { config: { signed: true } }, ok);
    app.get('/api/sys/dict/loadTreeData', { config: { signed: true } }, ok);
    app.post('/api/sys/sms', { config: { signed: true } }, ok);
    app.put('/api/sys/dict/edit/:code', { config: { signed: true } }, ok);
    app.delete('/api/sys/dict/delete', { config: { signed: true } }, ok);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const verify = async (req: ReturnType<typeof clientRequest>) =>
    (await app.inject(req)).json<{ success: boolean; message: string }>();

  it('accepts table-dictionary path variables with commas and Chinese characters', async () => {
    for (const path of [
      '/api/sys/dict/loadDict/sys_user,realname,id',
      '/api/sys/dict/loadDict/sys_depart,depart_name,id,部门 一',
      `/api/sys/dict/loadDict/${encodeURIComponent('sys_depart')},depart_name,id,${encodeURIComponent('上海+后台')}`,
    ]) {
      expect(await verify(clientRequest('GET', path, { keyword: '上海 后台' })), path).toEqual({
        success: true,
        message: '',
      });
    }
  });

  it('accepts booleans and numbers as the server reads them, and leaves null params out', async () => {
    const req = clientRequest('GET', '/api/sys/dict/loadTreeData', {
      async: true,
      hasChild: false,
      pid: 0,
      pageSize: 10.5,
      condition: null,
      tableName: undefined,
      text: 'a&b=c 文',
    });
    expect(req.url).not.toContain('condition');
    expect(await verify(req)).toEqual({ success: true, message: '' });
  });

  it('accepts a POST with query params and a JSON body, and a PUT and a DELETE', async () => {
    const post = clientRequest(
      'POST',
      '/api/sys/sms',
      { lang: 'zh', retry: true },
      {
        mobile: '13800000001',
        smsmode: 0,
        remember: false,
        note: null,
        extra: { a: [1, '二'] },
        lang: 'body wins',
      },
    );
    expect(await verify(post)).toEqual({ success: true, message: '' });
    const put = clientRequest('PUT', '/api/sys/dict/edit/a,b,中', { v: 2 }, { id: 7, name: '性别', flag: true });
    expect(await verify(put)).toEqual({ success: true, message: '' });
    expect(await verify(clientRequest('DELETE', '/api/sys/dict/delete', { id: 7, soft: false }))).toEqual({
      success: true,
      message: '',
    });
  });

  it('refuses a tampered body, a tampered query and a wrong secret', async () => {
    const post = clientRequest('POST', '/api/sys/sms', { lang: 'zh' }, { mobile: '13800000001', smsmode: 0 });
    const otherBody = { ...post, payload: JSON.stringify({ mobile: '13800000002', smsmode: 0 }) };
    expect(await verify(otherBody)).toEqual({ success: false, message: TEXT.signFailed });
    expect(await verify({ ...post, url: post.url.replace('zh', 'en') })).toEqual({
      success: false,
      message: TEXT.signFailed,
    });
    const wrong = clientRequest('GET', '/api/sys/dict/loadDict/a,b,c', {}, undefined, 'another-secret');
    expect(await verify(wrong)).toEqual({ success: false, message: TEXT.signFailed });
  });
});

describe('web signing against the real dictionary route', () => {
  let t: TestContext;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = NOW;
    token = await login(t.app, 'zhangsan');
  });
  afterAll(async () => {
    await t.close();
  });

  it('loads a table dictionary signed by the web helper', async () => {
    const req = clientRequest(
      'GET',
      `${t.config.apiPrefix}/sys/dict/loadDict/lg_base_settlement_org,name,id`,
      { keyword: '上海 后台', pageSize: 10, condition: null },
      undefined,
      t.config.signSecret,
    );
    const res = await api(t.app, token, {
      method: 'GET',
      url: req.url.slice(t.config.apiPrefix.length),
      headers: req.headers,
    });
    expect(body(res)).toMatchObject({ success: true });
  });
});
