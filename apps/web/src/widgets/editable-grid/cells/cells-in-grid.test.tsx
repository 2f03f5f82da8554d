import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMemo, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';
import { GridView } from '../view/grid-view.tsx';
import { cellRenderers, viewColumn } from './cell-kinds.tsx';
import type { CellContext } from './cell-context.ts';
import { stubElementSize } from '../../../testing/element-size.ts';

afterEach(cleanup);

stubElementSize(800, 400);

const COLUMNS: GridColumn[] = [
  { key: 'qty', title: '数量', type: 'inputNumber' },
  {
    key: 'kind',
    title: '类别',
    type: 'select',
    options: [
      { value: '1', text: '收入' },
      { value: '2', text: '支出' },
    ],
  },
  { key: 'on', title: '启用', type: 'switch' },
  { key: 'pct', title: '进度', type: 'progress' },
];

/** The owner's model in these tests: rows edited in place. */
function writeCell(rows: GridRow[], r: number, k: string, v: unknown) {
  rows[r]![k] = v;
}

/** The owner's part: the writes, the renderers and the context built once. */
function Harness({ rows, onCommit }: { rows: GridRow[]; onCommit: (r: number, k: string, v: unknown) => void }) {
  const [version, setVersion] = useState(0);
  const ctx: CellContext = useMemo(
    () => ({
      commitNow: (r, k, v) => {
        writeCell(rows, r, k, v);
        onCommit(r, k, v);
        setVersion((x) => x + 1);
      },
    }),
    [rows, onCommit],
  );
  const renderers = useMemo(() => cellRenderers(COLUMNS, ctx), [ctx]);
  const columns = useMemo(() => COLUMNS.map((c) => viewColumn(c, 150, ctx)), [ctx]);
  return (
    <GridView
      rows={rows}
      version={version}
      columns={columns}
      label="明细"
      onCommit={ctx.commitNow}
      renderValue={renderers.renderValue}
      renderEditor={renderers.renderEditor}
    />
  );
}

function setup() {
  const rows: GridRow[] = [
    { id: '1', qty: 3, kind: '1', on: 'Y', pct: 40 },
    { id: '2', qty: '', kind: '', on: '', pct: 'x' },
  ];
  const onCommit = vi.fn();
  render(<Harness rows={rows} onCommit={onCommit} />);
  const grid = screen.getByRole('grid', { name: '明细' });
  act(() => grid.focus());
  return { rows, onCommit, grid };
}

const cell = (r: number, key: string) => document.querySelector(`[data-cell="${r}:${key}"]`)!;

describe('cells in the grid view', () => {
  it('draw each type: numbers right-aligned, option texts, switches, progress bars', () => {
    setup();
    expect(cell(0, 'qty').className).toContain('hg-num');
    expect(cell(0, 'kind').textContent).toBe('收入');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: '启用 第 1 行' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: '启用 第 2 行' }).checked).toBe(false);
    expect(cell(1, 'pct').textContent).toBe('0%');
    expect(cell(0, 'pct').getAttribute('aria-readonly')).toBe('true');
  });

  it('a typed number is filtered, committed as a float and the grid moves down', () => {
    const { grid, onCommit } = setup();
    fireEvent.keyDown(grid, { key: '1' });
    const editor = screen.getByRole<HTMLInputElement>('textbox', { name: '数量' });
    fireEvent.change(editor, { target: { value: '1x' } });
    expect(editor.value).toBe('1');
    fireEvent.change(editor, { target: { value: '1.25' } });
    fireEvent.keyDown(editor, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith(0, 'qty', 1.25);
    expect(grid.getAttribute('aria-activedescendant')).toMatch(/-r1-c0$/);
    expect(document.activeElement).toBe(grid);
  });

  it('a select is chosen from the keyboard alone', () => {
    const { grid, onCommit } = setup();
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    const combo = screen.getByRole('combobox', { name: '类别' });
    expect(document.activeElement).toBe(combo);
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith(0, 'kind', '2');
    expect(cell(0, 'kind').textContent).toBe('支出');
    expect(document.activeElement).toBe(grid);
  });

  it('a click on an option commits in place and gives the focus back to the grid', () => {
    const { grid, onCommit } = setup();
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    fireEvent.click(screen.getByRole('option', { name: '支出' }));
    expect(onCommit).toHaveBeenCalledWith(0, 'kind', '2');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(grid);
  });

  it('a switch toggles in place with a click, and with the keyboard through its editor', () => {
    const { grid, onCommit } = setup();
    fireEvent.click(screen.getByRole('switch', { name: '启用 第 2 行' }));
    expect(onCommit).toHaveBeenCalledWith(1, 'on', 'Y');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: '启用 第 2 行' }).checked).toBe(true);
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    const sw = screen.getByRole('switch', { name: '启用' });
    fireEvent.click(sw);
    fireEvent.keyDown(sw, { key: 'Enter' });
    expect(onCommit).toHaveBeenLastCalledWith(0, 'on', 'N');
  });
});
