import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { act } from '@testing-library/react';
import {
  DictSearchSelect,
  SEARCH_DELAY_MS,
  SEARCH_EMPTY_TEXT,
  SEARCH_LOADING_TEXT,
  type DictSearchLoader,
} from './dict-search-select.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function loader(): { search: Mock<DictSearchLoader['search']>; texts: Mock<DictSearchLoader['texts']> } {
  return {
    search: vi.fn<DictSearchLoader['search']>(async (keyword: string) =>
      [
        { value: 'u1', label: '张三' },
        { value: 'u2', label: '李四' },
      ].filter((o) => o.label.includes(keyword)),
    ),
    texts: vi.fn<DictSearchLoader['texts']>(async (values: readonly string[]) =>
      values.map((v) => (v === 'u9' ? '王五' : '')),
    ),
  };
}

describe('dict search select', () => {
  it('asks its loader for the first options and shows them; it fetches nothing itself', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const l = loader();
    render(<DictSearchSelect loader={l} placeholder="输入姓名搜索用户" />);
    await waitFor(() => expect(l.search).toHaveBeenCalledWith(''));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('李四')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('shows values set from outside by the texts its loader gives', async () => {
    const l = loader();
    render(<DictSearchSelect loader={l} value={['u9']} />);
    await waitFor(() => expect(l.texts).toHaveBeenCalledWith(['u9']));
    expect(await screen.findByText('王五')).toBeTruthy();
  });

  it("shows the loader's failure in the list", async () => {
    const l = loader();
    l.search.mockRejectedValueOnce(new Error('加载选项失败'));
    render(<DictSearchSelect loader={l} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('加载选项失败')).toBeTruthy();
  });
});

describe('dict search select, searching', () => {
  it('waits 300 ms after the last key, shows 加载中… meanwhile and 没有查询到任何数据 for no match', async () => {
    const l = loader();
    render(<DictSearchSelect loader={l} aria-label="用户" />);
    await waitFor(() => expect(l.search).toHaveBeenCalledTimes(1));
    vi.useFakeTimers();
    let answer: (o: { value: string; label: string }[]) => void = () => undefined;
    l.search.mockImplementationOnce(
      () =>
        new Promise<{ value: string; label: string }[]>((resolve) => {
          answer = resolve;
        }),
    );
    const box = screen.getByRole('combobox', { name: '用户' });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '王' } });
    fireEvent.change(box, { target: { value: '王五' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DELAY_MS - 1);
    });
    expect(l.search).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(l.search).toHaveBeenLastCalledWith('王五');
    expect(screen.getByText(SEARCH_LOADING_TEXT)).toBeTruthy();
    await act(async () => {
      answer([]);
    });
    expect(screen.getByText(SEARCH_EMPTY_TEXT)).toBeTruthy();
  });

  it('in single mode holds one value', async () => {
    const l = loader();
    function Held() {
      const [value, setValue] = useState<string>('');
      return (
        <>
          <DictSearchSelect mode="single" loader={l} value={value} onChange={setValue} aria-label="用户" />
          <output data-testid="value">{value}</output>
        </>
      );
    }
    render(<Held />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '用户' }));
    fireEvent.click(await screen.findByText('张三'));
    expect(screen.getByTestId('value').textContent).toBe('u1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '用户' }));
    fireEvent.click(await screen.findByText('李四'));
    expect(screen.getByTestId('value').textContent).toBe('u2');
  });
});
