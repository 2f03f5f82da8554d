import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientSignParams, signParams } from '@houtai/shared/sign';
import { signHeaders } from './sign.ts';
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

describe('signing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs the merged URL query, path variable and params, and stamps the time', () => {
    const url = '/sys/dict/loadDict/lg_base_settlement_org,name,id?keyword=A';
    const headers = signHeaders(url, { pageSize: 10 }, SECRET, 1_700_000_000_000);
    expect(headers['X-TIMESTAMP']).toBe('1700000000000');
    expect(headers['X-Sign']).toBe(
      signParams({ 'x-path-variable': 'lg_base_settlement_org,name,id', keyword: 'A', pageSize: '10' }, SECRET),
    );
    expect(headers['X-Sign']).not.toBe(
      signParams({ 'x-path-variable': 'lg_base_settlement_org,name,id', keyword: 'A' }, SECRET),
    );
  });

  it('matches the contract test vector for a table dictionary with the default secret', () => {
    const h = signHeaders('/sys/dict/getDictItems/sys_user,realname,id', {}, 'dd05f1c54d63749eda95f9fa6d49v442a');
    expect(h['X-Sign']).toBe('77C52056EF6109F4874CBD8532C8F530');
  });

  it('sends X-Sign of the GET params and adds _t only after signing', async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) => envelope([]));
    vi.stubGlobal('fetch', fetchMock);
    const before = Date.now();
    await http.get('/sys/dict/getDictItems/sys_user,realname,id', { keyword: '张' }, { signed: true });
    const [calledUrl, init] = fetchMock.mock.calls[0]!;
    const headers = init.headers as Record<string, string>;
    const expected = signParams(
      clientSignParams('/sys/dict/getDictItems/sys_user,realname,id', { keyword: '张' }),
      SECRET,
    );
    expect(headers['X-Sign']).toBe(expected);
    expect(Number(headers['X-TIMESTAMP'])).toBeGreaterThanOrEqual(before);
    const u = new URL(calledUrl, 'http://localhost');
    expect(u.pathname).toBe('/api/sys/dict/getDictItems/sys_user,realname,id');
    expect(u.searchParams.get('keyword')).toBe('张');
    expect(Number(u.searchParams.get('_t'))).toBe(Math.floor(Number(u.searchParams.get('_t'))));
    expect(headers['tenant-id']).toBe('0');
  });

  it('signs the JSON body of a POST and leaves unsigned calls without X-Sign', async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) => envelope(null));
    vi.stubGlobal('fetch', fetchMock);
    await http.post('/sys/sms', { mobile: '13800000001', smsmode: '0' }, { signed: true });
    await http.post('/sys/login', { username: 'admin', password: 'x' });
    const signed = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    const plain = fetchMock.mock.calls[1]![1].headers as Record<string, string>;
    expect(signed['X-Sign']).toBe(signParams({ mobile: '13800000001', smsmode: '0' }, SECRET));
    expect(plain['X-Sign']).toBeUndefined();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/sys/login');
  });
});
