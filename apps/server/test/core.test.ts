import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { api, body, createTestApp, type Envelope, type TestContext } from './helpers.ts';

/** Writes bytes to a raw TCP connection and reads the answer until the server closes it. */
function rawExchange(port: number, bytes: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function parseRaw(raw: Buffer): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  expect(end).toBeGreaterThan(0);
  const [statusLine = '', ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
  expect(status).not.toBeNull();
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(status?.[1]), headers, body: raw.subarray(end + 4) };
}

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

  it('answers a malformed URL escape with the 400 envelope and does not echo the URL', async () => {
    const res = await api(t.app, null, { method: 'GET', url: '/sys/login%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, code: 400, message: '请求参数不正确' });
    expect(res.body).not.toMatch(/%E0|login|FST_/);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers OPTIONS under the API prefix with an empty 2xx and no CORS allow headers', async () => {
    const res = await api(t.app, null, {
      method: 'OPTIONS',
      url: '/sys/login',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(200);
    expect(res.statusCode).toBeLessThan(300);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it("answers what Node's HTTP parser refuses with the envelope on the raw socket", async () => {
    const live = await createTestApp({ seed: false });
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = live.app.server.address() as AddressInfo;
      const cases = [
        {
          bytes: `GET ${live.config.apiPrefix}/sys/login HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
          status: 431,
          message: '请求头过大',
        },
        { bytes: 'HELLO\r\n\r\n', status: 400, message: '请求参数不正确' },
      ];
      for (const c of cases) {
        const res = parseRaw(await rawExchange(port, c.bytes));
        expect(res.status).toBe(c.status);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers.connection).toBe('close');
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        const envelope = JSON.parse(res.body.toString('utf8')) as Envelope;
        expect(envelope).toMatchObject({ success: false, code: c.status, message: c.message, result: null });
        expect(Object.keys(envelope)).toEqual(['success', 'message', 'code', 'result', 'timestamp']);
      }
    } finally {
      await live.close();
    }
  });

  it('takes request.ip from X-Forwarded-For only when TRUST_PROXY trusts the proxy', async () => {
    const ipSeen = async (trustProxy: boolean | number) => {
      const app = await buildApp({ ...t.config, trustProxy }, { database: t.handle, logger: false });
      app.get('/ip', { config: { policy: 'public' } }, async (request) => request.ip);
      await app.ready();
      try {
        const res = await app.inject({
          method: 'GET',
          url: '/ip',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
        return res.body;
      } finally {
        await app.close();
      }
    };
    expect(await ipSeen(false)).toBe('10.0.0.2');
    expect(await ipSeen(true)).toBe('203.0.113.7');
    expect(await ipSeen(1)).toBe('203.0.113.7');
  });
});
