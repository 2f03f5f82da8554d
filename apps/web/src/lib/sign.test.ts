import { afterEach, describe, expect, it, vi } from 'vitest';
import { signParams } from '@houtai/shared/sign';
import { requestSignParams, signHeaders } from './sign.ts';
import { http } from './http.ts';
import type * as RuntimeConfigModule from './runtime-config.ts';

const SECRET = 'test-secret';
// JeecgBoot's shipped default secret, used only as the input of the contract's test vectors (§4.1).
const VECTOR_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

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

describe('the signed parameter map (as the server builds it)', () => {
  it('matches the contract test vectors, whatever the API prefix', () => {
    expect(signHeaders({ method: 'GET', url: '/sys/common/x' }, VECTOR_SECRET)['X-Sign']).toBe(
      'E19D6243CB1945AB4F7202A1B00F77D5',
    );
    for (const url of [
      '/sys/dict/getDictItems/sys_user,realname,id',
      '/api/sys/dict/getDictItems/sys_user,realname,id',
    ]) {
      expect(signHeaders({ method: 'GET', url }, VECTOR_SECRET)['X-Sign']).toBe('77C52056EF6109F4874CBD8532C8F530');
    }
  });

  it('takes the path variable of a table dictionary decoded, Chinese and commas included', () => {
    expect(
      requestSignParams({ method: 'GET', url: '/api/sys/dict/loadDict/sys_depart,depart_name,id,部门 一' }),
    ).toEqual({
      'x-path-variable': 'sys_depart,depart_name,id,部门 一',
    });
    const encoded = `/api/sys/dict/loadDict/sys_depart,depart_name,id,${encodeURIComponent('部门')}`;
    expect(requestSignParams({ method: 'GET', url: encoded })).toEqual({
      'x-path-variable': 'sys_depart,depart_name,id,部门',
    });
    // The server looks for a comma before decoding: an encoded one makes no path variable there either.
    expect(requestSignParams({ method: 'GET', url: '/api/sys/dict/loadDict/a%2Cb' })).toEqual({});
  });

  it('reads the query as sent: decoded whole, + as a space, every value text', () => {
    expect(
      requestSignParams({ method: 'GET', url: '/api/x?keyword=%E4%B8%8A+%E6%B5%B7&async=true&pageNo=1&empty=' }),
    ).toEqual({ keyword: '上 海', async: 'true', pageNo: '1', empty: '' });
  });

  it('adds the query and the non-null top-level body keys of a non-GET request, body winning', () => {
    const body = JSON.stringify({ a: true, b: 1, c: null, d: { e: [1, '二'] }, f: '文', q: 'body' });
    expect(requestSignParams({ method: 'POST', url: '/api/x?q=query&r=2', body })).toEqual({
      q: 'body',
      r: '2',
      a: 'true',
      b: '1',
      d: '{"e":[1,"二"]}',
      f: '文',
    });
    // A GET never signs a body, and an array body adds nothing.
    expect(requestSignParams({ method: 'GET', url: '/api/x', body })).toEqual({});
    expect(requestSignParams({ method: 'PUT', url: '/api/x', body: '[1,2]' })).toEqual({});
  });

  it('stamps X-TIMESTAMP with the given instant', () => {
    expect(signHeaders({ method: 'GET', url: '/x' }, SECRET, 1_700_000_000_000)['X-TIMESTAMP']).toBe('1700000000000');
  });
});

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
