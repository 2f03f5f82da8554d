import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  clientSignParams,
  isTimestampFresh,
  outgoingSignParams,
  parseSignTimestamp,
  signHeaders,
  signParams,
} from './sign.ts';

const SECRET = 'test-secret';

// JeecgBoot's shipped default secret, used here only as the input of the contract's test vectors (§4.1).
const VECTOR_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

describe('request signing (contract §4.1)', () => {
  it('signs an empty parameter map as the contract vector', () => {
    expect(canonicalJson({})).toBe('{}');
    expect(signParams({}, VECTOR_SECRET)).toBe('E19D6243CB1945AB4F7202A1B00F77D5');
  });

  it('signs a table dictionary path through x-path-variable as the contract vector', () => {
    const params = clientSignParams('/sys/dict/getDictItems/sys_user,realname,id');
    expect(params).toEqual({ 'x-path-variable': 'sys_user,realname,id' });
    expect(canonicalJson(params)).toBe('{"x-path-variable":"sys_user,realname,id"}');
    expect(signParams(params, VECTOR_SECRET)).toBe('77C52056EF6109F4874CBD8532C8F530');
  });

  it('sorts keys, drops _t and writes numbers as strings', () => {
    expect(canonicalJson({ b: 2, a: 'x', _t: 123 })).toBe('{"a":"x","b":"2"}');
  });

  it('merges the URL query (decoded, + as space) with the params object, the object winning', () => {
    const params = clientSignParams('/sys/dict/loadDict/a,b,c?keyword=%E4%B8%8A+%E6%B5%B7&pageSize=5', {
      pageSize: 10,
    });
    expect(params).toEqual({ 'x-path-variable': 'a,b,c', keyword: '上 海', pageSize: 10 });
  });

  it('does not add x-path-variable for a last segment without a comma', () => {
    expect(clientSignParams('/sys/dict/loadTreeData?pid=0')).toEqual({ pid: '0' });
  });

  it('gives a different signature for a different secret or parameter', () => {
    const base = signParams({ pid: '0' }, VECTOR_SECRET);
    expect(signParams({ pid: '1' }, VECTOR_SECRET)).not.toBe(base);
    expect(signParams({ pid: '0' }, 'another-secret')).not.toBe(base);
  });
});

describe('X-TIMESTAMP', () => {
  it('reads epoch milliseconds', () => {
    expect(parseSignTimestamp('1700000000000')).toBe(1_700_000_000_000);
  });

  it('reads the legacy yyyyMMddHHmmss as Asia/Shanghai time', () => {
    expect(parseSignTimestamp('20240102080000')).toBe(Date.UTC(2024, 0, 2, 0, 0, 0));
  });

  it('refuses unreadable values', () => {
    expect(parseSignTimestamp('')).toBeNull();
    expect(parseSignTimestamp(undefined)).toBeNull();
    expect(parseSignTimestamp('yesterday')).toBeNull();
    expect(parseSignTimestamp('2024-01-02 08:00:00')).toBeNull();
  });

  it('accepts 300 s of skew in both directions and nothing beyond', () => {
    const now = 1_700_000_000_000;
    expect(isTimestampFresh(now - 300_000, now)).toBe(true);
    expect(isTimestampFresh(now + 300_000, now)).toBe(true);
    expect(isTimestampFresh(now - 301_000, now)).toBe(false);
    expect(isTimestampFresh(now + 301_000, now)).toBe(false);
  });
});

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
      outgoingSignParams({ method: 'GET', url: '/api/sys/dict/loadDict/sys_depart,depart_name,id,部门 一' }),
    ).toEqual({
      'x-path-variable': 'sys_depart,depart_name,id,部门 一',
    });
    const encoded = `/api/sys/dict/loadDict/sys_depart,depart_name,id,${encodeURIComponent('部门')}`;
    expect(outgoingSignParams({ method: 'GET', url: encoded })).toEqual({
      'x-path-variable': 'sys_depart,depart_name,id,部门',
    });
    // The server looks for a comma before decoding: an encoded one makes no path variable there either.
    expect(outgoingSignParams({ method: 'GET', url: '/api/sys/dict/loadDict/a%2Cb' })).toEqual({});
  });

  it('reads the query as sent: decoded whole, + as a space, every value text', () => {
    expect(
      outgoingSignParams({ method: 'GET', url: '/api/x?keyword=%E4%B8%8A+%E6%B5%B7&async=true&pageNo=1&empty=' }),
    ).toEqual({ keyword: '上 海', async: 'true', pageNo: '1', empty: '' });
  });

  it('adds the query and the non-null top-level body keys of a non-GET request, body winning', () => {
    const body = JSON.stringify({ a: true, b: 1, c: null, d: { e: [1, '二'] }, f: '文', q: 'body' });
    expect(outgoingSignParams({ method: 'POST', url: '/api/x?q=query&r=2', body })).toEqual({
      q: 'body',
      r: '2',
      a: 'true',
      b: '1',
      d: '{"e":[1,"二"]}',
      f: '文',
    });
    // A GET never signs a body, and an array body adds nothing.
    expect(outgoingSignParams({ method: 'GET', url: '/api/x', body })).toEqual({});
    expect(outgoingSignParams({ method: 'PUT', url: '/api/x', body: '[1,2]' })).toEqual({});
  });

  it('stamps X-TIMESTAMP with the given instant', () => {
    expect(signHeaders({ method: 'GET', url: '/x' }, SECRET, 1_700_000_000_000)['X-TIMESTAMP']).toBe('1700000000000');
  });
});
