import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ApiResult } from '@houtai/shared/contract/common';
import { renderInShell } from '../../testing/render.tsx';
import { URL_SELECT_DELAY_MS, UrlSelect, resultRows, type UrlRequest } from './url-select.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const DEPARTS = [
  { value: 'd1', text: '研发部' },
  { value: 'd2', text: '财务部' },
];

const ok = (result: unknown): ApiResult<unknown> => ({ success: true, message: '', code: 200, result, timestamp: 0 });

function request() {
  return vi.fn<UrlRequest>(async (_url, params) =>
    ok(
      params.id
        ? [{ value: 'd9', text: '行政部' }]
        : DEPARTS.filter((d) => !params.keyword || d.text.includes(params.keyword)),
    ),
  );
}

function Held({ req, initial, valueParam }: { req: UrlRequest; initial?: string; valueParam?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <UrlSelect
        url="/demo/departs"
        request={req}
        value={value}
        onChange={setValue}
        valueParam={valueParam}
        aria-label="部门"
      />
      <output data-testid="value">{value ?? '∅'}</output>
    </>
  );
}

describe('UrlSelect', () => {
  it('loads the first page from the URL and emits the chosen value', async () => {
    const req = request();
    renderInShell(<Held req={req} />);
    expect(req).toHaveBeenCalledWith('/demo/departs', { pageSize: '10' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '部门' }));
    fireEvent.click(await screen.findByText('财务部'));
    expect(screen.getByTestId('value').textContent).toBe('d2');
  });

  it('asks the URL with the typed word once typing pauses', async () => {
    const req = request();
    renderInShell(<Held req={req} />);
    await waitFor(() => expect(req).toHaveBeenCalledTimes(1));
    vi.useFakeTimers();
    const box = screen.getByRole('combobox', { name: '部门' });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '研' } });
    fireEvent.change(box, { target: { value: '研发' } });
    await act(async () => {
      vi.advanceTimersByTime(URL_SELECT_DELAY_MS - 1);
    });
    expect(req).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(req).toHaveBeenCalledTimes(2);
    expect(req).toHaveBeenLastCalledWith('/demo/departs', { keyword: '研发', pageSize: '10' });
  });

  it("warns the message of a failed answer and shows '没有查询到任何数据'", async () => {
    const req = vi.fn<UrlRequest>(async () => ({ ...ok(null), success: false, message: '无权访问该地址' }));
    renderInShell(<Held req={req} />);
    expect(await screen.findByText('无权访问该地址')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '部门' }));
    expect(await screen.findByText('没有查询到任何数据')).toBeTruthy();
  });

  it('shows a value from outside by the text the URL gives for it (valueParam)', async () => {
    const req = request();
    renderInShell(<Held req={req} initial="d9" valueParam="id" />);
    await waitFor(() => expect(req).toHaveBeenCalledWith('/demo/departs', { id: 'd9', pageSize: '10' }));
    expect(await screen.findByText('行政部')).toBeTruthy();
  });

  it('reads an array or a page of records', () => {
    expect(resultRows([1])).toEqual([1]);
    expect(resultRows({ records: [2], total: 1 })).toEqual([2]);
    expect(resultRows('x')).toEqual([]);
  });
});
