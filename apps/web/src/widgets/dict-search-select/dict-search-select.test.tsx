import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DictSearchSelect, type DictSearchLoader } from './dict-search-select.tsx';

afterEach(cleanup);

function loader(): DictSearchLoader & { search: ReturnType<typeof vi.fn>; texts: ReturnType<typeof vi.fn> } {
  return {
    search: vi.fn(async (keyword: string) =>
      [
        { value: 'u1', label: '张三' },
        { value: 'u2', label: '李四' },
      ].filter((o) => o.label.includes(keyword)),
    ),
    texts: vi.fn(async (values: readonly string[]) => values.map((v) => (v === 'u9' ? '王五' : ''))),
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
