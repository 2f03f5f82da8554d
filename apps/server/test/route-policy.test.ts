/** Deny by default: every route declares a policy, and the declarations hold for anonymous and low-privilege callers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/plugins/route-registry.ts';
import { buildApp } from '../src/app.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let guestToken: string;

beforeAll(async () => {
  t = await createTestApp();
  guestToken = await login(t.app, 'guest');
});
afterAll(async () => {
  await t.close();
});

/** A concrete URL for a route pattern: parameters get a harmless value. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');
}

function apiRoutes(): RegisteredRoute[] {
  const prefix = t.config.apiPrefix;
  return t.app.registeredRoutes.filter((r) => r.url.startsWith(`${prefix}/`) && r.method !== 'OPTIONS');
}

describe('route policy', () => {
  it('every registered route declares public, authenticated or a permission code', () => {
    expect(t.app.registeredRoutes.length).toBeGreaterThan(10);
    const undeclared = t.app.registeredRoutes.filter((r) => r.policy === undefined);
    expect(undeclared).toEqual([]);
  });

  it('the server refuses to start with a route that declares no policy', async () => {
    const app = await buildApp(t.config, { database: t.handle, logger: false });
    app.get('/undeclared', async () => 'x');
    await expect(app.ready()).rejects.toThrow(/without a policy/);
    await app.close().catch(() => undefined);
  });

  it('the anonymous routes are exactly the reviewed list (security design §5.2)', () => {
    const prefix = t.config.apiPrefix;
    const publicRoutes = t.app.registeredRoutes
      .filter((r) => r.policy === 'public')
      .map((r) => `${r.method} ${r.url.startsWith(`${prefix}/`) ? r.url.slice(prefix.length) : r.url}`)
      .sort();
    expect(publicRoutes).toEqual(
      [
        // Sign-in, its captcha and SMS codes; logout reads the token itself and answers success without one.
        'GET /sys/randomImage/:key',
        'POST /sys/login',
        'POST /sys/loginByWorkNo',
        'POST /sys/sms',
        'POST /sys/phoneLogin',
        'POST /sys/loginByPhone',
        'POST /sys/logout',
        // Self-registration and SMS password reset, throttled per IP and per phone.
        'POST /sys/user/register',
        'POST /sys/user/phoneVerification',
        'POST /sys/user/passwordChange',
        'GET /sys/user/passwordChange',
        // Uploaded files: public folders to anyone, private ones to their owner (files.service.ts decides).
        'GET /sys/common/static/*',
        // The OpenAPI document outside production (administrators only with NODE_ENV=production).
        'GET /docs',
        'GET /docs/json',
        'GET /docs/yaml',
        'GET /docs/static/*',
        'GET /docs/static/index.html',
        'GET /docs/static/swagger-initializer.js',
        // 开发文档: the product's own documentation (README, operations guide), shipped with the source.
        'GET /docs/manual',
        // For operators, outside the API prefix: liveness, readiness, and metrics behind their own METRICS_TOKEN.
        'GET /health',
        'GET /ready',
        'GET /metrics',
        // The web app's files and index.html; OPTIONS answered empty under the API prefix (contract §1.1).
        'GET /*',
        'OPTIONS /*',
      ].sort(),
    );
  });

  it('the websocket handshakes are the reviewed list, authenticated with the token in the sub-protocol', () => {
    const prefix = t.config.apiPrefix;
    const sockets = t.app.registeredRoutes.filter((r) => r.config.tokenInProtocol);
    expect(sockets.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'GET /websocket/:key',
        `GET ${prefix}/websocket/:key`,
        'GET /vxeSocket/:userId/:pageId',
        `GET ${prefix}/vxeSocket/:userId/:pageId`,
      ].sort(),
    );
    expect(sockets.every((r) => r.policy === 'authenticated')).toBe(true);
  });

  it('the server refuses to start with a write route that says nothing for the operate log', async () => {
    const app = await buildApp(t.config, { database: t.handle, logger: false });
    app.post('/unaudited', { config: { policy: 'authenticated' } }, async () => 'x');
    await expect(app.ready()).rejects.toThrow(/without an operate-log declaration: POST \/unaudited/);
    await app.close().catch(() => undefined);
  });

  it('every write route declares its operate-log description and type, or writes its own record', () => {
    const silent = t.app.registeredRoutes.filter(
      (r) =>
        ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method) &&
        !r.config.selfAudited &&
        !(r.config.operation && r.config.operateType),
    );
    expect(silent).toEqual([]);
  });

  it('every non-public API route answers 401 Token失效，请重新登录 without a token', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes()) {
      if (r.policy === 'public') continue;
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 401 || body(res).message !== 'Token失效，请重新登录')
        failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('every permission-guarded API route answers 403 to the low-privilege demo user', async () => {
    const guarded = apiRoutes().filter((r) => typeof r.policy === 'object');
    expect(guarded.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: { 'x-access-token': guestToken },
        payload: r.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 403) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('a token is accepted only in X-Access-Token', async () => {
    const token = await login(t.app, 'admin');
    const inHeader = await api(t.app, token, { method: 'GET', url: '/common/operateLog/list' });
    expect(inHeader.statusCode).toBe(200);
    const inQuery = await api(t.app, null, { method: 'GET', url: `/common/operateLog/list?token=${token}` });
    expect(inQuery.statusCode).toBe(401);
    const inCookie = await api(t.app, null, {
      method: 'GET',
      url: '/common/operateLog/list',
      headers: { cookie: `X-Access-Token=${token}` },
    });
    expect(inCookie.statusCode).toBe(401);
    const asBearer = await api(t.app, null, {
      method: 'GET',
      url: '/common/operateLog/list',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });
});

describe('OpenAPI document', () => {
  it('is served at {API_PREFIX}/docs in development', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/docs/json` });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ openapi: string }>().openapi).toMatch(/^3\./);
  });

  it('is for administrators only when NODE_ENV=production', async () => {
    const prod = await createTestApp({ config: { production: true } });
    try {
      const url = `${prod.config.apiPrefix}/docs/json`;
      expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const guest = await login(prod.app, 'guest');
      expect((await prod.app.inject({ method: 'GET', url, headers: { 'x-access-token': guest } })).statusCode).toBe(
        403,
      );
      const admin = await login(prod.app, 'admin');
      expect((await prod.app.inject({ method: 'GET', url, headers: { 'x-access-token': admin } })).statusCode).toBe(
        200,
      );
      const yaml = `${prod.config.apiPrefix}/docs/yaml`;
      expect((await prod.app.inject({ method: 'GET', url: yaml })).statusCode).toBe(401);
      // The page itself opens in the shell's iframe (no headers there) and sends the stored token on its calls.
      const page = await prod.app.inject({ method: 'GET', url: `${prod.config.apiPrefix}/docs` });
      expect(page.statusCode).toBe(200);
      const init = await prod.app.inject({
        method: 'GET',
        url: `${prod.config.apiPrefix}/docs/static/swagger-initializer.js`,
      });
      expect(init.statusCode).toBe(200);
      expect(init.body).toContain('requestInterceptor');
      expect(init.body).toContain('houtai:access-token');
      expect(init.body).toContain('X-Access-Token');
    } finally {
      await prod.close();
    }
  });
});
