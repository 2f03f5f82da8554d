import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DICT_CACHE_TTL_MS } from '@houtai/shared/constants';
import { loadDictItems, saveDictItems } from './dict-cache.ts';
import { STORAGE_KEYS, createTtlStorage } from '../storage.ts';
import { getDictItemsCached } from './dict-items.ts';

const SEX = [{ value: '1', text: '男', title: '男', label: '男' }];
const STATUS = [{ value: '1', text: '正常', title: '正常', label: '正常' }];

function envelope(body: object) {
  return new Response(JSON.stringify({ message: '', code: 200, timestamp: 0, ...body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

function stubAllDictItems(result: unknown = { sex: SEX, user_status: STATUS }) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope({ success: true, result }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('getDictItemsCached', () => {
  it('answers from the cache without a request when it holds the code', async () => {
    saveDictItems({ sex: SEX, empty: [] });
    const fetchMock = stubAllDictItems();
    expect(await getDictItemsCached('sex')).toEqual(SEX);
    expect(await getDictItemsCached('empty')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refetches all dictionaries once for concurrent readers of an empty cache, and stores them', async () => {
    const fetchMock = stubAllDictItems();
    const [sex, status, unknown] = await Promise.all([
      getDictItemsCached('sex'),
      getDictItemsCached('user_status'),
      getDictItemsCached('no_such_dict'),
    ]);
    expect(sex).toEqual(SEX);
    expect(status).toEqual(STATUS);
    expect(unknown).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new URL(fetchMock.mock.calls[0]![0], 'http://localhost').pathname).toBe('/api/sys/dict/queryAllDictItems');
    expect(loadDictItems()).toEqual({ sex: SEX, user_status: STATUS });
    // Served from the cache from now on.
    expect(await getDictItemsCached('sex')).toEqual(SEX);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refetches when the 7-day cache has expired', async () => {
    const weekAgo = createTtlStorage(window.localStorage, () => Date.now() - DICT_CACHE_TTL_MS - 1);
    weekAgo.set(STORAGE_KEYS.dictItems, { sex: [] }, DICT_CACHE_TTL_MS);
    const fetchMock = stubAllDictItems();
    expect(await getDictItemsCached('sex')).toEqual(SEX);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refetches when the cache lacks the code (a dictionary added since sign-in)', async () => {
    saveDictItems({ sex: SEX });
    const fetchMock = stubAllDictItems();
    expect(await getDictItemsCached('user_status')).toEqual(STATUS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects with the server message on failure and tries again on the next read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ success: false, message: '字典加载失败', result: null })),
    );
    await expect(getDictItemsCached('sex')).rejects.toThrow('字典加载失败');
    expect(loadDictItems()).toBeNull();
    const fetchMock = stubAllDictItems();
    expect(await getDictItemsCached('sex')).toEqual(SEX);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
