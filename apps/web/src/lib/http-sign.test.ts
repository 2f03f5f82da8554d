import { afterEach, describe, expect, it, vi } from 'vitest';
import { signParams } from '@houtai/shared/sign';
import { http } from './http.ts';
import type * as RuntimeConfigModule from './runtime-config.ts';

const SECRET = 'test-secret';

vi.mock('./runtime-config.ts', async (importOriginal) => {
  const mod = await importOriginal<typeof RuntimeConfigModule>();
  return {
    ...mod,
    getRuntimeConfig: () => ({ ...mod.DEFAULT_RUNTIME_CONFIG, apiBase: '/api', signSecret: 'test-secret' }),
  };
});

function envelope(result: unknown) {
  return new Response(JSON.stringify({ success: true, message: '', code: 200, result, timestamp: 0 }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

describe('signed calls of the http client', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch() {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) => envelope([]));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('signs the GET params as sent (null dropped, scalars as text) and adds _t only after signing', async () => {
    const fetchMock = stubFetch();
    const before = Date.now();
    await http.get(
      '/sys/dict/getDictItems/sys_user,realname,id',
      { keyword: '张', async: true, pageSize: 10, gone: null, missing: undefined },
      { signed: true },
    );
    const [calledUrl, init] = fetchMock.mock.calls[0]!;
    const headers = init.headers as Record<string, string>;
    const expected = signParams(
      { 'x-path-variable': 'sys_user,realname,id', keyword: '张', async: 'true', pageSize: '10' },
      SECRET,
    );
    expect(headers['X-Sign']).toBe(expected);
    expect(Number(headers['X-TIMESTAMP'])).toBeGreaterThanOrEqual(before);
    const u = new URL(calledUrl, 'http://localhost');
    expect(u.pathname).toBe('/api/sys/dict/getDictItems/sys_user,realname,id');
    expect(u.searchParams.get('keyword')).toBe('张');
    expect(u.searchParams.has('gone')).toBe(false);
    expect(Number(u.searchParams.get('_t'))).toBeGreaterThan(0);
    expect(headers['tenant-id']).toBe('0');
  });

  it('signs the query params and the JSON body of a POST, and leaves unsigned calls without X-Sign', async () => {
    const fetchMock = stubFetch();
    await http.post(
      '/sys/sms',
      { mobile: '13800000001', smsmode: 0, remember: false },
      { signed: true, params: { lang: 'zh' } },
    );
    await http.post('/sys/login', { username: 'admin', password: 'x' });
    const [signedUrl, signedInit] = fetchMock.mock.calls[0]!;
    const signed = signedInit.headers as Record<string, string>;
    const plain = fetchMock.mock.calls[1]![1].headers as Record<string, string>;
    expect(signedUrl).toBe('/api/sys/sms?lang=zh');
    expect(signed['X-Sign']).toBe(
      signParams({ lang: 'zh', mobile: '13800000001', smsmode: '0', remember: 'false' }, SECRET),
    );
    expect(plain['X-Sign']).toBeUndefined();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/sys/login');
  });
});
