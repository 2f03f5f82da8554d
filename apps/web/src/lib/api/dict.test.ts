import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveDictItems } from '../dict/dict-cache.ts';
import { envelope } from '../../testing/render.tsx';
import { categoryTreeLoader, dictSearchLoader, dictTreeLoader, loadDictOptions } from './dict.ts';

function stub(body: { success?: boolean; message?: string; result?: unknown }) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const urlOf = (m: ReturnType<typeof stub>, i = 0) => new URL(m.mock.calls[i]![0], 'http://localhost');
const headersOf = (m: ReturnType<typeof stub>, i = 0) => new Headers(m.mock.calls[i]![1]?.headers);

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the dictionary cache the widgets read', () => {
  it('keeps the dictionaries 7 days (604800000 ms)', () => {
    const before = Date.now();
    saveDictItems({ sex: [] });
    const raw = window.localStorage.getItem('houtai:sys-all-dict-items');
    const { expire } = JSON.parse(raw ?? '{}') as { expire: number };
    expect(expire - before).toBeGreaterThanOrEqual(604_800_000);
    expect(expire - Date.now()).toBeLessThanOrEqual(604_800_000);
  });
});

describe('loadDictOptions', () => {
  it('reads a plain code from the dictionary cache without a request', async () => {
    saveDictItems({ priority: [{ value: 'H', text: '高', title: '高', label: '高' }] });
    const fetchMock = stub({ result: {} });
    expect(await loadDictOptions('priority')).toEqual([{ value: 'H', label: '高' }]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks getDictItems, signed, for a table code, and rejects with the server message', async () => {
    const fetchMock = stub({ success: false, message: '该字典不允许查询' });
    await expect(loadDictOptions('sys_user,password,id')).rejects.toThrow('该字典不允许查询');
    expect(urlOf(fetchMock).pathname).toBe('/api/sys/dict/getDictItems/sys_user,password,id');
    expect(headersOf(fetchMock).get('X-Sign')).toBeTruthy();
  });
});

describe('dictSearchLoader', () => {
  it('searches loadDict 10 at a time and is one loader per code', async () => {
    expect(dictSearchLoader('priority')).toBe(dictSearchLoader('priority'));
    const fetchMock = stub({ result: [{ value: 'H', text: '高' }] });
    expect(await dictSearchLoader('priority').search('高')).toEqual([{ value: 'H', label: '高' }]);
    const url = urlOf(fetchMock);
    expect(url.pathname).toBe('/api/sys/dict/loadDict/priority');
    expect(url.searchParams.get('keyword')).toBe('高');
    expect(url.searchParams.get('pageSize')).toBe('10');
  });
});

describe('tree loaders', () => {
  it('category: loadTreeRoot (async) under the code, loadTreeChildren by pid, loadTreeData with a condition', async () => {
    const fetchMock = stub({ result: [] });
    const l = categoryTreeLoader('A01');
    await l.roots();
    await l.children('c1');
    await l.roots('{"name":"采购"}');
    expect(urlOf(fetchMock, 0).pathname).toBe('/api/sys/category/loadTreeRoot');
    expect(urlOf(fetchMock, 0).searchParams.get('pcode')).toBe('A01');
    expect(urlOf(fetchMock, 0).searchParams.get('async')).toBe('true');
    expect(urlOf(fetchMock, 1).pathname).toBe('/api/sys/category/loadTreeChildren');
    expect(urlOf(fetchMock, 1).searchParams.get('pid')).toBe('c1');
    expect(urlOf(fetchMock, 2).pathname).toBe('/api/sys/category/loadTreeData');
    expect(urlOf(fetchMock, 2).searchParams.get('condition')).toBe('{"name":"采购"}');
  });

  it('dictionary tree: signed loadTreeData of the table, with the pid', async () => {
    const fetchMock = stub({ success: false, message: '该字典不允许查询' });
    const l = dictTreeLoader({ tableName: 'sys_depart', text: 'depart_name', code: 'id', pidField: 'parent_id' });
    await expect(l.children('d1')).rejects.toThrow('该字典不允许查询');
    const url = urlOf(fetchMock);
    expect(url.pathname).toBe('/api/sys/dict/loadTreeData');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      tableName: 'sys_depart',
      text: 'depart_name',
      code: 'id',
      pidField: 'parent_id',
      pid: 'd1',
    });
    expect(headersOf(fetchMock).get('X-Sign')).toBeTruthy();
  });
});
