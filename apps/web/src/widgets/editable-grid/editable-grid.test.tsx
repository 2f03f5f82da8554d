import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';
import { FeedbackContext, type Feedback } from '../../lib/feedback.ts';
import { EditableGrid, type EditableGridApi } from './editable-grid.tsx';
import { stubElementSize } from '../../testing/element-size.ts';

afterEach(cleanup);

stubElementSize(1200, 400);

let current: Feedback;

const COLUMNS: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
  { key: 'code', title: '编码', type: 'input', validateRules: [{ unique: true }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'] },
  { key: 'orderNum', title: '排序', type: 'normal', isOrder: true },
];

function rows(): GridRow[] {
  return [
    { id: '1', name: '甲', code: 'A', qty: 2, orderNum: 1 },
    { id: '2', name: '乙', code: 'B', qty: 3, orderNum: 2 },
    { id: '3', name: '丙', code: 'C', qty: 5, orderNum: 3, status: 'locked' },
  ];
}

function feedback() {
  const confirm = vi.fn<(c: { title?: unknown; onOk?: () => unknown }) => void>();
  const warning = vi.fn();
  current = {
    message: { warning, error: vi.fn(), success: vi.fn() },
    notification: { error: vi.fn() },
    modal: { confirm, error: vi.fn() },
  } as unknown as Feedback;
  return { confirm, warning };
}

function renderGrid(extra: Partial<Parameters<typeof EditableGrid>[0]> = {}) {
  const api = createRef<EditableGridApi>();
  const data = rows();
  render(
    <FeedbackContext.Provider value={current}>
      <EditableGrid gridId={`t${Math.random()}`} label="明细" columns={COLUMNS} rows={data} apiRef={api} {...extra} />
    </FeedbackContext.Provider>,
  );
  return { api, data };
}

describe('EditableGrid', () => {
  it('sums number columns as integers and averages them in the footer, and follows edits', () => {
    feedback();
    const { api } = renderGrid();
    const footer = () => [...document.querySelectorAll('.hg-foot')].map((r) => r.textContent);
    expect(footer()).toEqual(['合计10', '平均3.33']);
    act(() => api.current!.commit(0, 'qty', '12.9'));
    expect(footer()).toEqual(['合计20', '平均6.67']);
  });

  it('adds the configured rows, and refuses a second add within 1.5 s with the §5.2 warning', () => {
    const { warning } = feedback();
    const { api } = renderGrid();
    fireEvent.click(screen.getByTestId('grid-add'));
    expect(api.current!.store.getRows()).toHaveLength(4);
    fireEvent.click(screen.getByTestId('grid-add'));
    expect(api.current!.store.getRows()).toHaveLength(4);
    expect(warning).toHaveBeenCalledWith('你点击的太快了，请慢点点击!');
    expect(api.current!.getChanges().inserted).toHaveLength(1);
  });

  it('asks 确定要删除这 N 项吗? before a batch delete and collects the removed ids', async () => {
    const { confirm } = feedback();
    const { api } = renderGrid();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择第 1 行' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择第 2 行' }));
    fireEvent.click(screen.getByTestId('grid-batch-delete'));
    expect(confirm.mock.calls[0]![0].title).toBe('确定要删除这 2 项吗?');
    await act(async () => {
      await confirm.mock.calls[0]![0].onOk!();
    });
    expect(api.current!.store.getRows().map((r) => r.id)).toEqual(['3']);
    expect(api.current!.getChanges().removed.sort()).toEqual(['1', '2']);
    // The order field is renumbered from 1.
    expect(api.current!.store.getRows()[0]!.orderNum).toBe(1);
  });

  it('hides the buttons the excluded codes name', () => {
    feedback();
    renderGrid({ excludedCodes: new Set(['add']) });
    expect(screen.queryByTestId('grid-add')).toBeNull();
    expect(screen.getByTestId('grid-batch-delete')).toBeTruthy();
  });

  it('validates every row: marks the failing cells, names the first, and keeps checking edits', async () => {
    feedback();
    const { api } = renderGrid();
    act(() => api.current!.commit(1, 'name', ''));
    act(() => api.current!.commit(2, 'code', 'A'));
    let result: Awaited<ReturnType<EditableGridApi['validate']>> | undefined;
    await act(async () => {
      result = await api.current!.validate();
    });
    expect(result!.valid).toBe(false);
    expect(result!.first).toMatchObject({ row: 0, column: 'code', message: '编码不能重复' });
    expect(result!.errors.map((e) => `${e.row}:${e.column}`)).toEqual(['0:code', '1:name', '2:code']);
    const cell = document.querySelector('[data-cell="1:name"]')!;
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    // Fixing the duplicate clears both marks (checked after the edit is drawn).
    act(() => api.current!.commit(2, 'code', 'C'));
    await waitFor(() =>
      expect(document.querySelector('[data-cell="0:code"]')!.getAttribute('aria-invalid')).toBeNull(),
    );
    expect(document.querySelector('[data-cell="2:code"]')!.getAttribute('aria-invalid')).toBeNull();
  });

  it('never lets a disabled row be ticked', () => {
    feedback();
    renderGrid({ disabledRows: { status: 'locked' } });
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: '选择第 3 行' });
    expect(box.disabled).toBe(true);
  });

  it('undoes and redoes an edit with Ctrl+Z / Ctrl+Y', () => {
    feedback();
    const { api } = renderGrid();
    act(() => api.current!.commit(0, 'name', '改'));
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'z', ctrlKey: true });
    expect(document.querySelector('[data-cell="0:name"]')!.textContent).toBe('甲');
    fireEvent.keyDown(grid, { key: 'y', ctrlKey: true });
    expect(document.querySelector('[data-cell="0:name"]')!.textContent).toBe('改');
  });

  it('loads the children of a tree row on its first expand', async () => {
    feedback();
    const loadChildren = vi.fn((parentId: string) =>
      Promise.resolve([{ id: `${parentId}-1`, name: '子', code: 'X', qty: 1, orderNum: 1, parentId }]),
    );
    const api = createRef<EditableGridApi>();
    render(
      <EditableGrid
        gridId="tree"
        label="树"
        columns={COLUMNS}
        rows={[{ id: 'p', name: '父', code: 'P', qty: 0, orderNum: 1, hasChildren: true }]}
        apiRef={api}
        loadChildren={loadChildren}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    await waitFor(() => expect(screen.getByText('子')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(loadChildren).toHaveBeenCalledTimes(1);
  });
});

describe('EditableGrid drag-sort', () => {
  it('moves a row dragged by its handle onto another row and renumbers the order field', () => {
    feedback();
    const { api } = renderGrid({ dragSort: true });
    const handle = document.querySelector('[data-cell="0:name"]')!.parentElement!.querySelector('.hg-drag')!;
    const target = document.querySelector('[data-cell="2:name"]')!.parentElement!;
    const data = new Map<string, string>();
    const dataTransfer = {
      types: ['application/x-houtai-grid-row'],
      effectAllowed: '',
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
    };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(api.current!.store.getRows().map((r) => r.id)).toEqual(['2', '3', '1']);
    expect(api.current!.store.getRows().map((r) => r.orderNum)).toEqual([1, 2, 3]);
  });

  it("opens one menu at a row's handle: 上移 is off on the first row, 下移 moves it, 插入一行 inserts below", async () => {
    feedback();
    const { api } = renderGrid({ dragSort: true });
    const handle = screen.getByRole('button', { name: '第 1 行排序' });
    expect(handle.getAttribute('aria-haspopup')).toBe('menu');
    expect(handle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(handle);
    const up = await screen.findByRole('menuitem', { name: '上移' });
    expect(up.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: '第 1 行排序' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('menuitem', { name: '下移' }));
    expect(api.current!.store.getRows().map((r) => r.id)).toEqual(['2', '1', '3']);
    expect(api.current!.store.getRows().map((r) => r.orderNum)).toEqual([1, 2, 3]);
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: '下移' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '第 1 行排序' }));

    // The last row cannot go down; 插入一行 adds a row after it.
    fireEvent.click(screen.getByRole('button', { name: '第 3 行排序' }));
    expect((await screen.findByRole('menuitem', { name: '下移' })).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('menuitem', { name: '插入一行' }));
    expect(
      api
        .current!.store.getRows()
        .map((r) => r.id)
        .slice(0, 3),
    ).toEqual(['2', '1', '3']);
    expect(api.current!.store.getRows()).toHaveLength(4);
    expect(api.current!.store.isNewRow(api.current!.store.getRows()[3]!)).toBe(true);
  });

  it("插入一行 adds the row right below the handle's row", async () => {
    feedback();
    const { api } = renderGrid({ dragSort: true });
    fireEvent.click(screen.getByRole('button', { name: '第 1 行排序' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '插入一行' }));
    const rows = api.current!.store.getRows();
    expect(rows.map((r) => api.current!.store.isNewRow(r))).toEqual([false, true, false, false]);
    expect(rows.map((r) => r.orderNum)).toEqual([1, 2, 3, 4]);
  });
});
