import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIST_COLUMNS_KV_KEY, LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { listApi } from '../../lib/list-api.ts';
import { envelope, renderInShell, signInAs } from '../../testing/render.tsx';
import { ListPage } from './list-page.tsx';
import { useListPage } from './use-list-page.ts';
import type { ListApi } from '../../lib/list-api.ts';

interface Row {
  id: string;
  name: string;
  phone: string;
}

const ROWS: Row[] = [
  { id: 'r1', name: '甲', phone: '13800000001' },
  { id: 'r2', name: '乙', phone: '13800000002' },
];

/** fetch stub answering by 'METHOD /path'; records full URLs and bodies. */
function stub(routes: Record<string, (url: URL, body: unknown) => object>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (raw: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = new URL(raw, 'http://localhost');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const handler = routes[`${method} ${url.pathname.replace(/^\/api/, '')}`];
      return envelope(handler ? handler(url, body) : { success: false, message: `unmocked ${method}` });
    }),
  );
  return calls;
}

function Demo({ api }: { api: ListApi<Row, Record<string, never>> }) {
  const page = useListPage<Row>({ api });
  return (
    <ListPage<Row, Record<string, never>>
      page={page}
      listKey="/demo/list"
      title="示例列表"
      columns={[
        { title: '名称', dataIndex: 'name', width: 100 },
        { title: '手机', dataIndex: 'phone', width: 140 },
        { title: '操作', key: 'actions', width: 80, render: () => null },
      ]}
      fieldRulePrefix="demo:"
    />
  );
}

const FULL = listApi<Row>({ list: '/demo/list', delete: '/demo/delete', deleteBatch: '/demo/deleteBatch' });

beforeEach(() => {
  signInAs({ username: 'admin' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('list page kit', () => {
  it('says 请设置url.list属性! and asks the server nothing without a list url', async () => {
    const calls = stub({});
    renderInShell(<Demo api={listApi<Row>({})} />);
    expect((await screen.findAllByText(LIST_PAGE_TEXT.noListUrl)).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.url.pathname.includes('/demo/'))).toEqual([]);
  });

  it('loads page 1 of 10 with the 10/20/30 sizes', async () => {
    const calls = stub({ 'GET /demo/list': () => ({ result: { records: ROWS, total: 2 } }) });
    renderInShell(<Demo api={FULL} />);
    await screen.findByText('甲');
    const list = calls.find((c) => c.url.pathname.endsWith('/demo/list'))!;
    expect(list.url.searchParams.get('pageNo')).toBe('1');
    expect(list.url.searchParams.get('pageSize')).toBe('10');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /页码|每页|条\/页/ }));
    const options = await screen.findAllByText(/^\d+ 条\/页$/);
    expect([...new Set(options.map((o) => o.textContent))]).toEqual(['10 条/页', '20 条/页', '30 条/页']);
  });

  it('批量删除 with nothing ticked says 请选择一条记录！ and deletes nothing', async () => {
    const calls = stub({ 'GET /demo/list': () => ({ result: { records: ROWS, total: 2 } }) });
    renderInShell(<Demo api={FULL} />);
    await screen.findByText('甲');
    fireEvent.click(screen.getByTestId('list-batch-delete'));
    expect(await screen.findByText(LIST_PAGE_TEXT.selectOne)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('批量删除 asks 确认删除 / 是否删除选中数据? and sends the ticked ids, then reloads', async () => {
    let rows = ROWS;
    const calls = stub({
      'GET /demo/list': () => ({ result: { records: rows, total: rows.length } }),
      'DELETE /demo/deleteBatch': () => {
        rows = [];
        return { message: '批量删除成功!' };
      },
    });
    renderInShell(<Demo api={FULL} />);
    const row = (await screen.findByText('甲')).closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('list-batch-delete'));
    expect(
      (await screen.findAllByText(LIST_PAGE_TEXT.confirmDeleteTitle, {}, { timeout: 5000 })).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText(LIST_PAGE_TEXT.confirmDeleteContent)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('甲')).toBeNull());
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.pathname).toMatch(/\/demo\/deleteBatch$/);
    expect(del.url.searchParams.get('ids')).toBe('r1');
  });

  it('列设置 hides a column and saves the choice under LIST_COLUMNS for this list', async () => {
    const calls = stub({
      'GET /demo/list': () => ({ result: { records: ROWS, total: 2 } }),
      'GET /sys/redis/get': () => ({ result: {} }),
      'PUT /sys/redis/set': () => ({ message: '保存成功！' }),
    });
    renderInShell(<Demo api={FULL} />);
    await screen.findByText('甲');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('手机');
    fireEvent.click(screen.getByTestId('list-column-settings'));
    fireEvent.click(await screen.findByTestId('column-setting-phone'));
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('手机'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ k: LIST_COLUMNS_KV_KEY, v: { '/demo/list': ['phone'] }, t: 0 });
  });

  it('starts from the column settings the user saved before', async () => {
    signInAs({ username: 'zhangsan' }, []);
    stub({
      'GET /demo/list': () => ({ result: { records: ROWS, total: 2 } }),
      'GET /sys/redis/get': () => ({ result: { '/demo/list': ['name'] } }),
    });
    renderInShell(<Demo api={FULL} />);
    await screen.findByText('13800000001');
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('名称'));
  });
});
