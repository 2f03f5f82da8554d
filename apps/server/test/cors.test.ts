/** Opt-in CORS (CORS_ORIGINS): listed origins get the allow headers and their preflights; others get none. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_ALLOWED_HEADERS } from '../src/plugins/cors.ts';
import { loadConfig } from '../src/config.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

const ALLOWED = 'https://jeecg.example';

describe('CORS with CORS_ORIGINS set', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ config: { corsOrigins: [ALLOWED, 'http://ui.example:8080'] } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the preflight of an allowed origin with its origin, the Jeecg headers and methods, without a token', async () => {
    const res = await api(t.app, null, {
      method: 'OPTIONS',
      url: '/sys/permission/getUserPermissionByToken',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-access-token,x-sign,x-timestamp,tenant-id',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const allowHeaders = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    for (const h of CORS_ALLOWED_HEADERS) expect(allowHeaders).toContain(h.toLowerCase());
    expect(allowHeaders).toEqual(
      expect.arrayContaining(['x-access-token', 'x-sign', 'x-timestamp', 'tenant-id', 'x-version', 'content-type']),
    );
    expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
  });

  it('adds the allow headers to answers for an allowed origin, errors (401) included', async () => {
    const token = await login(t.app, 'admin');
    const ok = await api(t.app, token, {
      method: 'GET',
      url: '/sys/user/getCurrentUserDeparts',
      headers: { origin: ALLOWED },
    });
    expect(body(ok).success).toBe(true);
    expect(ok.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(ok.headers.vary).toContain('Origin');
    const denied = await api(t.app, null, {
      method: 'GET',
      url: '/sys/user/getCurrentUserDeparts',
      headers: { origin: ALLOWED },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('never answers another origin, a look-alike or "null" with CORS headers, nor with *', async () => {
    for (const origin of [
      'https://evil.example',
      'https://jeecg.example.evil.example',
      'http://jeecg.example',
      'null',
    ]) {
      const pre = await api(t.app, null, {
        method: 'OPTIONS',
        url: '/sys/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-headers']).toBeUndefined();
      const res = await api(t.app, null, { method: 'GET', url: '/sys/randomImage/1', headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

describe('CORS without CORS_ORIGINS (the default)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is off: no origin gets CORS headers', async () => {
    expect(t.config.corsOrigins).toEqual([]);
    const pre = await api(t.app, null, {
      method: 'OPTIONS',
      url: '/sys/login',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reads CORS_ORIGINS as a comma list of origins and refuses entries that are not origins', () => {
    const env = { DATA_DIR: t.config.dataDir, SIGN_SECRET: 's', CRYPT_KEY: 'k' };
    expect(loadConfig({ ...env, CORS_ORIGINS: 'https://A.example, http://b.example:8080/' }).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(() => loadConfig({ ...env, CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ ...env, CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
  });
});
