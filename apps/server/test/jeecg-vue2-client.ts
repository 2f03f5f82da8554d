/**
 * The unmodified JeecgBoot Vue2 UI (ant-design-vue-jeecg 3.4.3) as a test client: its request helpers
 * (src/api/manage.js + src/utils/request.js) over app.inject — API_PREFIX /jeecg-boot, `tenant-id: 0`, the token in
 * X-Access-Token, X-Sign/X-TIMESTAMP on getAction/postAction (signed the way its signMd5Utils signs), `_t` on GETs,
 * no X-Version — and its login page's sign-in.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Envelope, TestContext } from './helpers.ts';

export const PREFIX = '/jeecg-boot';
export const CAPTCHA = 'k7pq';

/** signMd5Utils.getSign: URL query + params, x-path-variable for a comma path segment, no _t, sorted, numbers as text. */
function vue2Sign(url: string, params: Record<string, unknown>, secret: string): string {
  const merged: Record<string, unknown> = {};
  const [path = '', query = ''] = url.split('?');
  const last = path.substring(path.lastIndexOf('/') + 1);
  if (last.includes(',')) merged['x-path-variable'] = decodeURIComponent(last);
  for (const pair of query ? query.split('&') : []) {
    const [k = '', v = ''] = pair.split('=');
    merged[decodeURIComponent(k)] = decodeURIComponent(v);
  }
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined) merged[k] = typeof v === 'number' ? String(v) : v;
  }
  delete merged._t;
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((k) => [k, merged[k]]),
  );
  return createHash('md5')
    .update(JSON.stringify(sorted) + secret)
    .digest('hex')
    .toUpperCase();
}

/** The Vue2 UI's request helpers (src/api/manage.js + src/utils/request.js) over app.inject. */
export class Vue2Client {
  token: string | null = null;
  constructor(
    private readonly t: TestContext,
    private readonly secret: string,
  ) {}

  private base(): Record<string, string> {
    return { 'tenant-id': '0', ...(this.token ? { 'x-access-token': this.token } : {}) };
  }

  private query(params: Record<string, unknown>): string {
    const q = Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
    return q.join('&');
  }

  /** getAction: signed over the params, then `_t` (seconds) appended; getDictItems goes without `_t`. */
  async get<T>(url: string, params: Record<string, unknown> = {}): Promise<Envelope<T> & { status: number }> {
    const headers = {
      ...this.base(),
      'x-sign': vue2Sign(url, params, this.secret),
      'x-timestamp': String(Date.now()),
    };
    const withT = url.includes('/sys/dict/getDictItems/') ? params : { ...params, _t: Math.floor(Date.now() / 1000) };
    const q = this.query(withT);
    return this.answer<T>(
      await this.t.app.inject({ method: 'GET', url: `${PREFIX}${url}${q ? `?${q}` : ''}`, headers }),
    );
  }

  /**
   * postAction (and the logout call): signed over the body's keys; a JSON body, or none without a parameter — axios
   * then drops the Content-Type the caller set (src/api/login.js sets one on logout).
   */
  async post<T>(url: string, data?: Record<string, unknown>): Promise<Envelope<T> & { status: number }> {
    const headers = {
      ...this.base(),
      'x-sign': vue2Sign(url, data ?? {}, this.secret),
      'x-timestamp': String(Date.now()),
      ...(data ? { 'content-type': 'application/json;charset=UTF-8' } : {}),
    };
    return this.answer<T>(
      await this.t.app.inject({
        method: 'POST',
        url: `${PREFIX}${url}`,
        headers,
        payload: data ? JSON.stringify(data) : undefined,
      }),
    );
  }

  /** putAction: not signed. */
  async put<T>(url: string, data: Record<string, unknown> = {}): Promise<Envelope<T> & { status: number }> {
    const headers = { ...this.base(), 'content-type': 'application/json;charset=UTF-8' };
    return this.answer<T>(
      await this.t.app.inject({ method: 'PUT', url: `${PREFIX}${url}`, headers, payload: JSON.stringify(data) }),
    );
  }

  /** deleteAction: the params in the query string, not signed. */
  async delete<T>(url: string, params: Record<string, unknown>): Promise<Envelope<T> & { status: number }> {
    return this.answer<T>(
      await this.t.app.inject({ method: 'DELETE', url: `${PREFIX}${url}?${this.query(params)}`, headers: this.base() }),
    );
  }

  private answer<T>(res: LightMyRequestResponse): Envelope<T> & { status: number } {
    const parsed = res.json<Envelope<T>>();
    expect(Object.keys(parsed)).toEqual(expect.arrayContaining(['success', 'message', 'code', 'result', 'timestamp']));
    return { ...parsed, status: res.statusCode };
  }
}

export interface LoginResult {
  token: string;
  userInfo: { id: string; username: string; realname: string; avatar: string | null; orgCode: string | null };
  departs: { id: string; orgCode: string; departName: string }[];
  multi_depart: 0 | 1 | 2;
  sysAllDictItems: Record<string, { value: string; text: string; title: string; label: string }[]>;
}

/** Signs in as the Vue2 login page does: captcha image, then /sys/login with the captcha and its key. */
export async function signIn(client: Vue2Client, username: string, password: string): Promise<LoginResult> {
  const checkKey = String(Date.now());
  const image = await client.get<string>(`/sys/randomImage/${checkKey}`);
  expect(image).toMatchObject({ success: true });
  expect(image.result).toMatch(/^data:image\//);
  const login = await client.post<LoginResult>('/sys/login', {
    username,
    password,
    captcha: CAPTCHA,
    checkKey,
    remember_me: true,
  });
  // The Vue2 login action tests code == 200.
  expect(login, login.message).toMatchObject({ success: true, code: 200, message: '登录成功' });
  client.token = login.result.token;
  return login.result;
}
