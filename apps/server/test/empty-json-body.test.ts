/**
 * Body-less writes sent with `Content-Type: application/json` and no body (what many HTTP clients send): the
 * empty body is no body, on every route — never the parser's 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@houtai/shared/constants';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let prefix: string;

beforeAll(async () => {
  t = await createTestApp();
  prefix = t.config.apiPrefix;
});
afterAll(async () => {
  await t.close();
});

const JSON_TYPE = { 'content-type': 'application/json' };

describe('an empty JSON body is no body', () => {
  it('logout with Content-Type: application/json and no body ends the session', async () => {
    const token = await login(t.app, 'admin');
    const before = await api(t.app, token, { method: 'GET', url: `/sys/permission/getUserPermissionByToken` });
    expect(body(before).success).toBe(true);

    const res = await api(t.app, token, { method: 'POST', url: `/sys/logout`, headers: JSON_TYPE, payload: '' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, message: TEXT.logoutSuccess });

    const after = await api(t.app, token, { method: 'GET', url: `/sys/permission/getUserPermissionByToken` });
    expect(after.statusCode).toBe(401);
  });

  it('a body of whitespace only, with a charset parameter, counts as empty too', async () => {
    const token = await login(t.app, 'admin');
    const res = await api(t.app, token, {
      method: 'POST',
      url: `/sys/logout`,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: ' \r\n\t',
    });
    expect(body(res)).toMatchObject({ success: true });
    const after = await api(t.app, token, { method: 'GET', url: `/sys/permission/getUserPermissionByToken` });
    expect(after.statusCode).toBe(401);
  });

  it('read-all of the bell works with an empty JSON body', async () => {
    const token = await login(t.app, 'admin');
    const res = await api(t.app, token, {
      method: 'PUT',
      url: `/sys/sysAnnouncementSend/readAll`,
      headers: JSON_TYPE,
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).success).toBe(true);
  });

  it('malformed JSON is still refused with the Chinese 400, and prototype keys too', async () => {
    const token = await login(t.app, 'admin');
    for (const payload of ['{"a":', '{"__proto__":{"x":1}}']) {
      const res = await api(t.app, token, { method: 'POST', url: `/sys/logout`, headers: JSON_TYPE, payload });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, message: TEXT.badRequest });
      expect(res.body).not.toMatch(/SyntaxError|at .*\.js|FST_/);
    }
  });

  it('every write route answers an empty JSON body exactly as it answers no body', async () => {
    const writes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith(`${prefix}/`) && ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method),
    );
    expect(writes.length).toBeGreaterThan(20);
    const differing: string[] = [];
    for (const route of writes) {
      // Anonymous callers: no side effects beyond the public routes' own refusals of a missing body.
      const url = route.url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');
      const method = route.method as 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      const bare = await t.app.inject({ method, url });
      const empty = await t.app.inject({ method, url, headers: JSON_TYPE, payload: '' });
      const shape = (r: typeof bare) => `${r.statusCode} ${r.body.replace(/"timestamp":\d+/, '')}`;
      if (shape(bare) !== shape(empty)) differing.push(`${method} ${route.url}: ${shape(bare)} ≠ ${shape(empty)}`);
    }
    expect(differing).toEqual([]);
  });
});
