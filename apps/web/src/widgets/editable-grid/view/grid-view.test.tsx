import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { GridRow } from '@houtai/shared/grid/types';
import { GridView, type GridSelection, type GridViewColumn } from './grid-view.tsx';
import { stubElementSize } from '../../../testing/element-size.ts';

afterEach(cleanup);

stubElementSize(800, 400);

const COLUMNS: GridViewColumn[] = [
  { key: 'name', title: '名称', width: 150, fixed: true, editable: true },
  { key: 'qty', title: '数量', width: 100, align: 'right', editable: true },
  { key: 'note', title: '备注', width: 300, editable: true },
  { key: 'a', title: 'A', width: 300 },
  { key: 'b', title: 'B', width: 300 },
  { key: 'c', title: 'C', width: 300 },
];

function makeRows(n: number): GridRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    name: `行${i + 1}`,
    qty: i,
    note: '',
    a: 'a',
    b: 'b',
    c: 'c',
  }));
}

/** The owner's model in these tests: rows edited in place. */
function writeCell(rows: GridRow[], r: number, k: string, v: unknown) {
  rows[r]![k] = v;
}

function Harness({
  rows,
  onCommit,
  selection,
}: {
  rows: GridRow[];
  onCommit?: (r: number, k: string, v: unknown) => void;
  selection?: GridSelection;
}) {
  const [version, setVersion] = useState(0);
  return (
    <GridView
      rows={rows}
      version={version}
      columns={COLUMNS}
      label="测试表格"
      rowNumbers
      selection={selection}
      onCommit={(r, k, v) => {
        writeCell(rows, r, k, v);
        onCommit?.(r, k, v);
        setVersion((x) => x + 1);
      }}
      footer={[{ label: '合计', values: { qty: '45' } }]}
    />
  );
}

describe('GridView', () => {
  it('draws only the rows and columns in sight, with grid roles and indexes', () => {
    render(<Harness rows={makeRows(100_000)} />);
    const grid = screen.getByRole('grid', { name: '测试表格' });
    expect(grid.getAttribute('aria-rowcount')).toBe(String(100_000 + 1 + 1));
    const drawn = within(grid).getAllByRole('row');
    // Header, footer and the rows of a 400 px box (61 px rows) with overscan: far fewer than 100,000.
    expect(drawn.length).toBeLessThan(20);
    expect(screen.getByText('行1')).toBeTruthy();
    expect(screen.queryByText('行50')).toBeNull();
    // Columns beyond 800 px are not drawn (C starts at 60 + 150 + 100 + 300 + 300 + 300 = 1210).
    expect(document.querySelector('[data-cell="0:c"]')).toBeNull();
    const cell = document.querySelector('[data-cell="0:qty"]')!;
    expect(cell.getAttribute('role')).toBe('gridcell');
    expect(cell.getAttribute('aria-colindex')).toBe('3');
    expect(cell.closest('[role="row"]')?.getAttribute('aria-rowindex')).toBe('2');
    expect(screen.getByText('合计')).toBeTruthy();
  });

  it('scrolls: the rows of the new position are drawn', () => {
    render(<Harness rows={makeRows(100_000)} />);
    const grid = screen.getByRole('grid');
    act(() => {
      grid.scrollTop = 61 * 5000;
      fireEvent.scroll(grid);
    });
    expect(screen.getByText('行5001')).toBeTruthy();
    expect(screen.queryByText('行1')).toBeNull();
  });

  it('moves with the arrows, edits with Enter and commits with Enter, moving down', () => {
    const onCommit = vi.fn();
    render(<Harness rows={makeRows(50)} onCommit={onCommit} />);
    const grid = screen.getByRole('grid');
    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(grid.getAttribute('aria-activedescendant')).toMatch(/-r0-c1$/);
    fireEvent.keyDown(grid, { key: 'Enter' });
    const editor = screen.getByRole('textbox', { name: '数量' });
    fireEvent.change(editor, { target: { value: '42' } });
    fireEvent.keyDown(editor, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith(0, 'qty', '42');
    expect(document.querySelector('[data-cell="0:qty"]')?.textContent).toBe('42');
    expect(grid.getAttribute('aria-activedescendant')).toMatch(/-r1-c1$/);
  });

  it('starts editing from a typed character and cancels with Escape', () => {
    const onCommit = vi.fn();
    render(<Harness rows={makeRows(5)} onCommit={onCommit} />);
    const grid = screen.getByRole('grid');
    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: 'x' });
    const editor = screen.getByRole('textbox', { name: '名称' });
    expect((editor as HTMLInputElement).value).toBe('x');
    fireEvent.keyDown(editor, { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(onCommit).not.toHaveBeenCalled();
    expect(document.querySelector('[data-cell="0:name"]')?.textContent).toBe('行1');
  });

  it('does not edit read-only columns', () => {
    render(<Harness rows={makeRows(5)} />);
    const grid = screen.getByRole('grid');
    act(() => grid.focus());
    for (let i = 0; i < 3; i++) fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('copies the range as tab-separated text and hands a paste to the owner', () => {
    const onCopyRange = vi.fn(() => 'a\tb');
    const onPasteText = vi.fn();
    render(
      <GridView
        rows={makeRows(5)}
        version={0}
        columns={COLUMNS}
        label="测试表格"
        onCommit={() => undefined}
        onCopyRange={onCopyRange}
        onPasteText={onPasteText}
      />,
    );
    const grid = screen.getByRole('grid');
    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(grid, { key: 'ArrowRight', shiftKey: true });
    const setData = vi.fn();
    fireEvent.copy(grid, { clipboardData: { setData, getData: () => '' } });
    expect(onCopyRange).toHaveBeenCalledWith({ r0: 0, c0: 0, r1: 1, c1: 1 });
    expect(setData).toHaveBeenCalledWith('text/plain', 'a\tb');
    fireEvent.paste(grid, { clipboardData: { setData, getData: () => '1\t2\n3\t4' } });
    expect(onPasteText).toHaveBeenCalledWith({ row: 0, col: 0 }, '1\t2\n3\t4');
  });

  it('toggles selection with Space and never selects a disabled row', () => {
    const selected = new Set<string>();
    const toggle = vi.fn<(row: GridRow) => void>((row) => void selected.add(row.id));
    const selection: GridSelection = {
      isSelected: (row) => selected.has(row.id),
      isDisabled: (row) => row.id === '2',
      toggle,
      allState: 'none',
      toggleAll: () => undefined,
    };
    render(<Harness rows={makeRows(5)} selection={selection} />);
    const grid = screen.getByRole('grid');
    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: ' ' });
    expect(toggle).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: ' ' });
    expect(toggle).toHaveBeenCalledTimes(1);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '选择第 2 行' }).disabled).toBe(true);
    expect(screen.getByRole('checkbox', { name: '全选' })).toBeTruthy();
  });
});
