import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TableCurrentDataSource } from 'antd/es/table/interface';
import { useServerTable, type TableLoader, type UseServerTableOptions } from './use-server-table.ts';

interface Row {
  id: string;
}
interface Search {
  title?: string;
  status?: string;
}

function rows(n: number, from = 0): Row[] {
  return Array.from({ length: n }, (_, i) => ({ id: `r${from + i}` }));
}

afterEach(cleanup);

function setup(options: Partial<UseServerTableOptions<Row, Search>> = {}, failFirst = false) {
  const client = new QueryClient();
  const load = vi.fn<TableLoader<Row, Search>>(async (p) => ({
    records: rows(p.pageSize, (p.pageNo - 1) * 10),
    total: 42,
  }));
  if (failFirst) load.mockRejectedValueOnce(new Error('服务器开小差'));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useServerTable<Row, Search>({ queryKey: ['rows'], load, ...options }), { wrapper });
  return { client, load, hook, current: () => hook.result.current };
}

const sortEvent = { action: 'sort' } as TableCurrentDataSource<Row>;
const pageEvent = { action: 'paginate' } as TableCurrentDataSource<Row>;

describe('useServerTable', () => {
  it('loads page 1 of 10 and hands the table its rows, total and the paging of the spec', async () => {
    const { load, current } = setup();
    expect(current().tableProps.loading).toBe(true);
    await waitFor(() => expect(current().tableProps.loading).toBe(false));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10 });
    const { dataSource, pagination } = current().tableProps;
    expect(dataSource).toHaveLength(10);
    expect(pagination).toMatchObject({
      current: 1,
      pageSize: 10,
      total: 42,
      pageSizeOptions: ['10', '20', '30', '50', '100'],
      showSizeChanger: true,
      showQuickJumper: true,
    });
    expect(pagination.showTotal?.(42, [11, 20])).toBe('11-20 共 42 条');
    expect(current().tableProps.rowSelection).toBeUndefined();
  });

  it('says 约 when the server answers a remembered total of a big list', async () => {
    const load = vi.fn<TableLoader<Row, Search>>(async () => ({
      records: rows(10),
      total: 1_000_000,
      totalExact: false as const,
    }));
    const { current } = setup({ load });
    await waitFor(() => expect(current().tableProps.loading).toBe(false));
    expect(current().tableProps.pagination.showTotal?.(1_000_000, [1, 10])).toBe('1-10 约 1000000 条');
  });

  it('pages through the pagination; a new page size starts on page 1', async () => {
    const { load, current } = setup();
    await waitFor(() => expect(current().tableProps.loading).toBe(false));
    act(() => current().tableProps.pagination.onChange?.(3, 10));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ pageNo: 3, pageSize: 10 }));
    expect(current().tableProps.pagination.current).toBe(3);
    act(() => current().tableProps.pagination.onChange?.(3, 50));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 50 }));
  });

  it('sorts from the table on allow-listed columns only; paging events of the table are left to the pagination', async () => {
    const { load, current } = setup({ sortable: { created: 'createTime' } });
    await waitFor(() => expect(current().tableProps.loading).toBe(false));
    act(() => current().tableProps.onChange({ current: 5 }, {}, { field: 'created', order: 'ascend' }, sortEvent));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'asc' }),
    );
    expect(current().sortOrderOf('created')).toBe('ascend');
    act(() => current().tableProps.onChange({ current: 5 }, {}, [], pageEvent));
    expect(current().state.pageNo).toBe(1);
    act(() => current().tableProps.onChange({}, {}, { field: 'title', order: 'descend' }, sortEvent));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10 }));
  });

  it('searches from the page on page 1 with the filters set, and 重置 goes back to the initial filters', async () => {
    const { load, current } = setup({ initialFilters: { status: '1' } });
    await waitFor(() => expect(load).toHaveBeenCalledWith({ status: '1', pageNo: 1, pageSize: 10 }));
    act(() => current().tableProps.pagination.onChange?.(2, 10));
    act(() => current().searchProps.onSearch({ title: ' 周报 ', status: '' }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ title: '周报', pageNo: 1, pageSize: 10 }));
    expect(current().searchProps.values).toEqual({ title: ' 周报 ', status: '' });
    act(() => current().searchProps.onReset());
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ status: '1', pageNo: 1, pageSize: 10 }));
  });

  it('carries the advanced query to the loader', async () => {
    const { load, current } = setup();
    await waitFor(() => expect(current().tableProps.loading).toBe(false));
    act(() => current().setSuperQuery({ conditions: [{ field: 'sex', rule: 'eq', val: '1' }], matchType: 'and' }));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({
        pageNo: 1,
        pageSize: 10,
        superQueryParams: encodeURI('[{"field":"sex","rule":"eq","val":"1"}]'),
        superQueryMatchType: 'and',
      }),
    );
  });

  it('ticks rows when asked to, across pages if so, and clears them', async () => {
    const { current } = setup({ selection: 'across-pages' });
    await waitFor(() => expect(current().tableProps.loading).toBe(false));
    expect(current().tableProps.rowSelection).toMatchObject({ selectedRowKeys: [], preserveSelectedRowKeys: true });
    act(() => current().tableProps.rowSelection?.onChange?.(['r1', 'r2'], [], { type: 'multiple' }));
    expect(current().selection.keys).toEqual(['r1', 'r2']);
    expect(current().tableProps.rowSelection?.selectedRowKeys).toEqual(['r1', 'r2']);
    act(() => current().selection.clear());
    expect(current().selection.keys).toEqual([]);
    const page = setup({ selection: 'page' });
    expect(page.current().tableProps.rowSelection).not.toHaveProperty('preserveSelectedRowKeys');
  });

  it('shows a failure once no load is on its way, and 重试 loads the same page again', async () => {
    const { load, current } = setup({}, true);
    await waitFor(() => expect(current().error?.message).toBe('服务器开小差'));
    expect(current().tableProps.loading).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => current().refetch());
    // react-query hands the new result to React on its notify tick, after refetch's promise.
    await waitFor(() => expect(current().error).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10 });
  });

  it('reloads when its query key is invalidated (a mutation changed the list)', async () => {
    const { client, load, current } = setup();
    await waitFor(() => expect(current().tableProps.loading).toBe(false));
    await act(() => client.invalidateQueries({ queryKey: ['rows'] }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("takes a list's own page size, options and total text, and waits while not enabled", async () => {
    const { load, current, hook } = setup({
      pageSize: 7,
      pageSizeOptions: [10, 20],
      showTotal: (total) => `共 ${total} 条`,
      enabled: false,
    });
    expect(load).not.toHaveBeenCalled();
    expect(current().tableProps.pagination).toMatchObject({ pageSize: 7, pageSizeOptions: ['10', '20'] });
    expect(current().tableProps.pagination.showTotal?.(3, [1, 3])).toBe('共 3 条');
    hook.rerender();
    expect(load).not.toHaveBeenCalled();
  });

  it('keys a loader without a query key by its identity', async () => {
    const load = vi.fn<TableLoader<Row, Search>>(async () => ({ records: rows(1), total: 1 }));
    const other = vi.fn<TableLoader<Row, Search>>(async () => ({ records: rows(2), total: 2 }));
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const a = renderHook(() => useServerTable<Row, Search>({ load }), { wrapper });
    const b = renderHook(() => useServerTable<Row, Search>({ load: other }), { wrapper });
    await waitFor(() => expect(a.result.current.total).toBe(1));
    await waitFor(() => expect(b.result.current.total).toBe(2));
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
