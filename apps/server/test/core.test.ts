import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { api, body, createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('server core', () => {
  it('answers an unknown API route with a 404 JSON envelope', async () => {
    const res = await api(t.app, null, { method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ success: false, code: 404 });
  });

  it('answers a protected route without a token with 401 Token失效，请重新登录', async () => {
    const res = await api(t.app, null, { method: 'GET', url: '/common/operateLog/list' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录' });
  });

  it('refuses a made-up token with 401', async () => {
    const res = await api(t.app, 'forged-token', { method: 'GET', url: '/common/operateLog/list' });
    expect(res.statusCode).toBe(401);
  });

  it('answers a malformed JSON body with 400 and no parser text', async () => {
    const res = await api(t.app, null, {
      method: 'POST',
      url: '/no/such/route',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/Unexpected|JSON\.parse|at /);
  });

  it('answers a body over the limit with 413 and a Chinese message', async () => {
    const res = await api(t.app, null, {
      method: 'POST',
      url: '/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ success: false, code: 413, message: '请求内容过大' });
  });

  it('hides the text of an unexpected error behind a generic 500 and returns the request id', async () => {
    const app = await buildApp(t.config, { database: t.handle, logger: false });
    app.get('/boom', { config: { policy: 'public' } }, async () => {
      throw new Error('SQLITE_ERROR near "select password from sys_user"');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(500);
      expect(body(res)).toMatchObject({ success: false, code: 500, message: '操作失败，服务器内部错误' });
      expect(res.body).not.toMatch(/SQLITE|select|at \//);
      expect(res.headers['x-request-id']).toBeTruthy();
    } finally {
      await app.close();
    }
  });

  it('answers with the contract envelope and security headers', async () => {
    const res = await api(t.app, null, { method: 'GET', url: '/sys/randomImage/1700000000000' });
    expect(res.statusCode).toBe(200);
    const b = body<string>(res);
    expect(Object.keys(b)).toEqual(['success', 'message', 'code', 'result', 'timestamp']);
    expect(b).toMatchObject({ success: true, code: 200 });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reads a form-encoded body like a JSON one', async () => {
    const res = await api(t.app, null, {
      method: 'POST',
      url: '/sys/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=nobody_here&password=wrong1',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: false, message: '用户名或密码错误' });
  });

  it('answers an unsupported content type with 415 and no internals', async () => {
    const res = await api(t.app, null, {
      method: 'POST',
      url: '/sys/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(body(res)).toMatchObject({ success: false, code: 415 });
  });
});
