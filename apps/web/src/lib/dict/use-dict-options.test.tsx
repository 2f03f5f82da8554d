import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { saveDictItems } from './dict-cache.ts';
import { dictOptions, useDictOptions, type DictOption } from './use-dict-options.ts';

const STATUS = [
  { value: '1', text: '进行中', title: '进行中', label: '进行中' },
  { value: '2', text: '已完成', title: '已完成', label: '已完成' },
];
const BUILT_IN: DictOption[] = [{ value: '1', label: '待处理' }];

function envelope(body: object) {
  return new Response(JSON.stringify({ message: '', code: 200, timestamp: 0, ...body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

function render(code: string, fallback?: readonly DictOption[]) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useDictOptions(code, fallback), { wrapper });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useDictOptions', () => {
  it('gives the cached items as value/label options without a request', async () => {
    saveDictItems({ async_task_status: STATUS });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = render('async_task_status', BUILT_IN);
    await waitFor(() =>
      expect(result.current).toEqual([
        { value: '1', label: '进行中' },
        { value: '2', label: '已完成' },
      ]),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the built-in labels until the dictionary is fetched, then its items', async () => {
    saveDictItems({});
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = render('work_order_status', BUILT_IN);
    expect(result.current).toEqual(BUILT_IN);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer(envelope({ success: true, result: { work_order_status: STATUS } }));
    await waitFor(() => expect(result.current.map((o) => o.label)).toEqual(['进行中', '已完成']));
  });

  it('keeps the built-in labels when the dictionary is empty or fails, and is empty without any', async () => {
    saveDictItems({ empty_dict: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ success: false, message: '字典加载失败' })),
    );
    const empty = render('empty_dict', BUILT_IN);
    const failed = render('missing_dict', BUILT_IN);
    const none = render('missing_dict');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(empty.result.current).toEqual(BUILT_IN);
    expect(failed.result.current).toEqual(BUILT_IN);
    expect(none.result.current).toEqual([]);
  });
});

describe('dictOptions', () => {
  it('labels an item by its text, or its title, label or value when the text is blank', () => {
    expect(
      dictOptions([
        { value: 'a', text: '', title: '标题', label: '' },
        { value: 'b', text: '', title: '', label: '标签' },
        { value: 'c', text: '', title: '', label: '' },
      ]),
    ).toEqual([
      { value: 'a', label: '标题' },
      { value: 'b', label: '标签' },
      { value: 'c', label: 'c' },
    ]);
  });
});
