import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { GRID_CELL_TYPES, type GridColumn, type GridOption, type GridRow } from '@houtai/shared/grid/types';
import type { DepartPickerLoaders } from '../../depart-picker/depart-picker.tsx';
import type { UploadTransport } from '../../upload/file-upload.tsx';
import { cellKind, cellLabel, cellRenderers, viewColumn } from './cell-kinds.tsx';
import type { CellContext } from './cell-context.ts';

afterEach(cleanup);

function col(type: GridColumn['type'], extra: Partial<GridColumn> = {}): GridColumn {
  return { key: 'f', title: '字段', type, ...extra };
}

function ctxWith(extra: Partial<CellContext> = {}): CellContext & { commitNow: ReturnType<typeof vi.fn> } {
  return { commitNow: vi.fn(), ...extra } as CellContext & { commitNow: ReturnType<typeof vi.fn> };
}

/** What a cell shows for a value (row 0 unless given). */
function show(column: GridColumn, value: unknown, ctx: CellContext = ctxWith(), rowIndex = 0) {
  const row: GridRow = { id: 'r1', [column.key]: value };
  return render(<div data-testid="cell">{cellKind(column, ctx).display(row, column, rowIndex, ctx)}</div>);
}
const cellTextNow = () => screen.getByTestId('cell').textContent;

/** Opens the column's editor on a value; answers the commit / cancel spies. */
function edit(column: GridColumn, value: unknown, initialText: string | null = null, ctx: CellContext = ctxWith()) {
  const commit = vi.fn();
  const cancel = vi.fn();
  const row: GridRow = { id: 'r1', [column.key]: value };
  const editor = cellKind(column, ctx).editor;
  if (!editor) throw new Error(`no editor for ${column.type}`);
  const view = render(
    <div role="grid" tabIndex={-1} aria-label="表">
      <div role="gridcell">{editor({ row, rowIndex: 2, column, ctx, initialText, commit, cancel })}</div>
    </div>,
  );
  return { commit, cancel, view };
}

const field = (name = '字段') => screen.getByLabelText<HTMLInputElement>(name);
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const key = (el: HTMLElement, k: string, opts: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(el, { key: k, ...opts });

const OPTIONS: GridOption[] = [
  { value: 'a', text: '甲' },
  { value: 'b', label: '乙' },
  { value: 'c', title: '丙' },
];

describe('cellKind', () => {
  it('has a kind for every cell type of §2.2, and only hidden, normal, progress and slot are read-only', () => {
    const readOnly = GRID_CELL_TYPES.filter((t) => !cellKind(col(t)).editable);
    expect(readOnly.sort()).toEqual(['hidden', 'normal', 'progress', 'slot']);
    for (const t of GRID_CELL_TYPES) {
      const kind = cellKind(col(t));
      expect(kind.editable === (kind.editor !== undefined), t).toBe(true);
    }
  });

  it('makes a disabled column, or one whose loader the context lacks, read-only', () => {
    expect(cellKind(col('input', { disabled: true })).editable).toBe(false);
    const bare = ctxWith();
    for (const t of ['sel_depart', 'sel_user', 'popup', 'upload', 'file', 'image', 'sel_search_async'] as const) {
      expect(cellKind(col(t), bare).editable, t).toBe(false);
    }
    expect(cellKind(col('popup'), ctxWith({ popupLoaders: {} as never })).editable).toBe(false); // no popupCode
    expect(cellKind(col('popup', { popupCode: 'rep' }), ctxWith({ popupLoaders: {} as never })).editable).toBe(true);
    expect(cellKind(col('input'), bare).editable).toBe(true);
  });

  it('aligns numbers right and checkboxes and switches in the centre', () => {
    expect(cellKind(col('inputNumber')).align).toBe('right');
    expect(cellKind(col('checkbox')).align).toBe('center');
    expect(cellKind(col('switch')).align).toBe('center');
    expect(cellKind(col('input')).align).toBe('left');
  });

  it('gives the view its column: align, editable and a pinned flag', () => {
    expect(viewColumn(col('inputNumber', { fixed: 'left' }), 120)).toEqual({
      key: 'f',
      title: '字段',
      width: 120,
      align: 'right',
      editable: true,
      fixed: true,
    });
    expect(viewColumn(col('progress'), 90).editable).toBe(false);
  });
});

describe('text cells (normal, input)', () => {
  it('show the value as text: strings, numbers, nothing as empty, objects as JSON', () => {
    show(col('normal'), 'abc');
    expect(cellTextNow()).toBe('abc');
    cleanup();
    show(col('input'), 12.5);
    expect(cellTextNow()).toBe('12.5');
    cleanup();
    show(col('input'), null);
    expect(cellTextNow()).toBe('');
    cleanup();
    show(col('input'), { a: 1 });
    expect(cellTextNow()).toBe('{"a":1}');
  });

  it('normal cells have no editor', () => {
    expect(cellKind(col('normal')).editor).toBeUndefined();
  });

  it('the input editor is labelled with the title, starts from the value and commits the typed text on Enter (down)', () => {
    const { commit } = edit(col('input'), 'old');
    const input = field();
    expect(input.value).toBe('old');
    type(input, 'new');
    key(input, 'Enter');
    expect(commit).toHaveBeenCalledWith('new', 'down');
    fireEvent.blur(input);
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('Tab commits sideways, Shift+Tab to the left, blur commits in place', () => {
    let r = edit(col('input'), 'x');
    key(field(), 'Tab');
    expect(r.commit).toHaveBeenCalledWith('x', 'right');
    cleanup();
    r = edit(col('input'), 'x');
    key(field(), 'Tab', { shiftKey: true });
    expect(r.commit).toHaveBeenCalledWith('x', 'left');
    cleanup();
    r = edit(col('input'), 'x');
    type(field(), 'y');
    fireEvent.blur(field());
    expect(r.commit).toHaveBeenCalledWith('y', 'none');
  });

  it('Escape cancels and commits nothing, not even on the blur that follows', () => {
    const { commit, cancel } = edit(col('input'), 'x');
    type(field(), 'changed');
    key(field(), 'Escape');
    fireEvent.blur(field());
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(commit).not.toHaveBeenCalled();
  });

  it('a typed character starts the edit and replaces the value', () => {
    const { commit } = edit(col('input'), 'old', 'k');
    expect(field().value).toBe('k');
    key(field(), 'Enter');
    expect(commit).toHaveBeenCalledWith('k', 'down');
  });

  it('fills the placeholder with ${title}, ${key} and ${defaultValue}', () => {
    edit(col('input', { placeholder: '请输入${title}(${key})，默认${defaultValue}', defaultValue: 7 }), '');
    expect(field().placeholder).toBe('请输入字段(f)，默认7');
    cleanup();
    edit(col('input', { placeholder: '默认${defaultValue}' }), '');
    expect(field().placeholder).toBe('默认');
  });
});

describe('inputNumber', () => {
  it('keeps only a minus, digits and one point while typing (other input reverts)', () => {
    edit(col('inputNumber'), '');
    const input = field();
    type(input, '-1');
    type(input, '-1a');
    expect(input.value).toBe('-1');
    type(input, '-1.5');
    type(input, '-1.5.');
    expect(input.value).toBe('-1.5');
    type(input, '1-');
    expect(input.value).toBe('-1.5');
  });

  it('commits a float, or empty for "", "-" and "."', () => {
    let r = edit(col('inputNumber'), '');
    type(field(), '12.50');
    key(field(), 'Enter');
    expect(r.commit).toHaveBeenCalledWith(12.5, 'down');
    for (const text of ['', '-', '.']) {
      cleanup();
      r = edit(col('inputNumber'), 3);
      type(field(), text);
      fireEvent.blur(field());
      expect(r.commit).toHaveBeenCalledWith('', 'none');
    }
  });

  it('starts from a stored number, and a typed letter starts it empty', () => {
    let r = edit(col('inputNumber'), 42);
    expect(field().value).toBe('42');
    key(field(), 'Enter');
    expect(r.commit).toHaveBeenCalledWith(42, 'down');
    cleanup();
    r = edit(col('inputNumber'), 42, 'x');
    expect(field().value).toBe('');
    cleanup();
    r = edit(col('inputNumber'), 42, '7');
    expect(field().value).toBe('7');
  });

  it('shows a stored number as text, nothing as empty', () => {
    show(col('inputNumber'), -3.25);
    expect(cellTextNow()).toBe('-3.25');
    cleanup();
    show(col('inputNumber'), undefined);
    expect(cellTextNow()).toBe('');
  });
});

describe('tag cells', () => {
  it('put a semicolon after every two characters as you type and strip typed ones', () => {
    const { commit } = edit(col('tag'), '');
    type(field(), 'abcde');
    expect(field().value).toBe('ab;cd;e');
    type(field(), 'a;;bc');
    expect(field().value).toBe('ab;c');
    type(field(), '中文标签');
    expect(field().value).toBe('中文;标签');
    key(field(), 'Enter');
    expect(commit).toHaveBeenCalledWith('中文;标签', 'down');
  });

  it('a typed first character is formatted too', () => {
    edit(col('tag'), 'ab;cd', ';');
    expect(field().value).toBe('');
  });
});

describe('date, datetime and time cells', () => {
  it('commit loosely typed dates in their §9 format', () => {
    let r = edit(col('date'), '');
    type(field(), '2024/1/5');
    key(field(), 'Enter');
    expect(r.commit).toHaveBeenCalledWith('2024-01-05', 'down');
    cleanup();
    r = edit(col('datetime'), '');
    type(field(), '2024-01-05 9:05');
    key(field(), 'Enter');
    expect(r.commit).toHaveBeenCalledWith('2024-01-05 09:05:00', 'down');
    cleanup();
    r = edit(col('time'), '');
    type(field(), '9:5');
    key(field(), 'Tab');
    expect(r.commit).toHaveBeenCalledWith('09:05:00', 'right');
  });

  it('commit empty as empty', () => {
    const { commit } = edit(col('date'), '2024-01-05');
    type(field(), '  ');
    key(field(), 'Enter');
    expect(commit).toHaveBeenCalledWith('', 'down');
  });

  it('stay open and marked on Enter with no real date, and keep the old value on blur', () => {
    const { commit, cancel } = edit(col('date'), '2024-01-05');
    type(field(), '2024-02-30');
    key(field(), 'Enter');
    expect(commit).not.toHaveBeenCalled();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(field());
    expect(commit).toHaveBeenCalledWith('2024-01-05', 'none');
    expect(commit).toHaveBeenCalledTimes(1);
    expect(cancel).not.toHaveBeenCalled();
  });

  it('open a calendar at the typed month for date and datetime (not time); a clicked day commits, keeping the typed time', () => {
    let r = edit(col('date'), '2024-01-05');
    const calendar = () => screen.getByTestId('grid-calendar');
    expect(within(calendar()).getByText('2024年1月')).toBeTruthy();
    // Pressing the calendar keeps the focus in the field (its blur would commit and close the editor).
    expect(fireEvent.mouseDown(within(calendar()).getByText('20'))).toBe(false);
    fireEvent.click(within(calendar()).getByText('20'));
    expect(r.commit).toHaveBeenCalledWith('2024-01-20', 'none');
    cleanup();

    r = edit(col('datetime'), '2024-01-05 08:30:00');
    type(field(), '2024-3-9 17:45');
    expect(within(calendar()).getByText('2024年3月')).toBeTruthy();
    fireEvent.click(within(calendar()).getByRole('button', { name: '下个月' }));
    expect(within(calendar()).getByText('2024年4月')).toBeTruthy();
    fireEvent.click(within(calendar()).getByTitle('2024-04-02'));
    expect(r.commit).toHaveBeenCalledWith('2024-04-02 17:45:00', 'none');
    cleanup();

    edit(col('time'), '09:00:00');
    expect(screen.queryByTestId('grid-calendar')).toBeNull();
  });

  it('show the format as the placeholder unless the column gives one, and the stored text as it is', () => {
    edit(col('datetime'), '');
    expect(field().placeholder).toBe('YYYY-MM-DD HH:mm:ss');
    cleanup();
    edit(col('time', { placeholder: '${title}' }), '');
    expect(field().placeholder).toBe('字段');
    cleanup();
    show(col('date'), '2024-01-05');
    expect(cellTextNow()).toBe('2024-01-05');
  });
});

describe('input_pop and textarea', () => {
  it('open a 150 × 200 text area to the right of the cell; Enter commits, Shift+Enter does not', () => {
    for (const t of ['input_pop', 'textarea'] as const) {
      const { commit } = edit(col(t), '第一行');
      const area = field();
      expect(area.tagName).toBe('TEXTAREA');
      const box = area.parentElement!;
      expect(box.style.width).toBe('150px');
      expect(box.style.height).toBe('200px');
      expect(box.dataset.position).toBe('right');
      key(area, 'Enter', { shiftKey: true });
      expect(commit).not.toHaveBeenCalled();
      type(area, '第一行\n第二行');
      key(area, 'Enter');
      expect(commit).toHaveBeenCalledWith('第一行\n第二行', 'down');
      cleanup();
    }
  });

  it('Escape cancels the text area', () => {
    const { commit, cancel } = edit(col('textarea'), 'x');
    key(field(), 'Escape');
    expect(cancel).toHaveBeenCalled();
    expect(commit).not.toHaveBeenCalled();
  });
});

describe('checkbox and checkbox_meta', () => {
  it('a checkbox shows true as checked and anything else unchecked, as a real input named "<title> 第 N 行"', () => {
    show(col('checkbox'), true, ctxWith(), 4);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: '字段 第 5 行' });
    expect(box.checked).toBe(true);
    for (const v of [false, '', null, 'true', 1]) {
      cleanup();
      show(col('checkbox'), v);
      expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
    }
  });

  it('a click writes true / false at once through commitNow', () => {
    const ctx = ctxWith();
    show(col('checkbox'), false, ctx, 3);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(ctx.commitNow).toHaveBeenCalledWith(3, 'f', true);
    cleanup();
    show(col('checkbox'), true, ctx, 3);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(ctx.commitNow).toHaveBeenLastCalledWith(3, 'f', false);
  });

  it('checkbox_meta checks on customValue[0] and writes the pair', () => {
    const column = col('checkbox_meta', { customValue: ['1', '0'] });
    const ctx = ctxWith();
    show(column, '1', ctx);
    const box = screen.getByRole<HTMLInputElement>('checkbox');
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(ctx.commitNow).toHaveBeenCalledWith(0, 'f', '0');
    cleanup();
    show(column, '', ctx);
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(ctx.commitNow).toHaveBeenLastCalledWith(0, 'f', '1');
  });

  it('a plain checkbox ignores customValue (only checkbox_meta uses it)', () => {
    show(col('checkbox', { customValue: ['1', '0'] }), '1');
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
  });

  it('is disabled in disabled rows and disabled columns', () => {
    const ctx = ctxWith({ isRowDisabled: (row) => row.id === 'r1' });
    show(col('checkbox'), true, ctx);
    expect(screen.getByRole<HTMLInputElement>('checkbox').disabled).toBe(true);
    cleanup();
    show(col('checkbox', { disabled: true }), true);
    expect(screen.getByRole<HTMLInputElement>('checkbox').disabled).toBe(true);
  });

  it('the keyboard editor: Space toggles, Enter commits; opening with Space starts toggled; Escape cancels', () => {
    const column = col('checkbox_meta', { customValue: ['是', '否'] });
    let r = edit(column, '否');
    const box = screen.getByRole('checkbox', { name: '字段' });
    expect(document.activeElement).toBe(box);
    fireEvent.click(box);
    key(box, 'Enter');
    expect(r.commit).toHaveBeenCalledWith('是', 'down');
    cleanup();
    r = edit(column, '否', ' ');
    key(screen.getByRole('checkbox'), 'Tab');
    expect(r.commit).toHaveBeenCalledWith('是', 'right');
    cleanup();
    r = edit(column, '否', ' ');
    key(screen.getByRole('checkbox'), 'Escape');
    fireEvent.blur(screen.getByRole('checkbox'));
    expect(r.cancel).toHaveBeenCalled();
    expect(r.commit).not.toHaveBeenCalled();
  });
});

describe('switch', () => {
  it('is on only for the first value (default Y); N, empty and others show off', () => {
    show(col('switch'), 'Y');
    const sw = screen.getByRole<HTMLInputElement>('switch', { name: '字段 第 1 行' });
    expect(sw.checked).toBe(true);
    for (const v of ['N', '', null, 'y', true]) {
      cleanup();
      show(col('switch'), v);
      expect(screen.getByRole<HTMLInputElement>('switch').checked).toBe(false);
    }
  });

  it('turning on writes the first value, off the second; customValue replaces Y/N', () => {
    const ctx = ctxWith();
    show(col('switch'), '', ctx);
    fireEvent.click(screen.getByRole('switch'));
    expect(ctx.commitNow).toHaveBeenCalledWith(0, 'f', 'Y');
    cleanup();
    show(col('switch', { customValue: ['open', 'close'] }), 'open', ctx);
    fireEvent.click(screen.getByRole('switch'));
    expect(ctx.commitNow).toHaveBeenLastCalledWith(0, 'f', 'close');
  });

  it('an empty switch committed from the keyboard emits the second value', () => {
    const { commit } = edit(col('switch'), '');
    key(screen.getByRole('switch', { name: '字段' }), 'Enter');
    expect(commit).toHaveBeenCalledWith('N', 'down');
  });
});

describe('progress', () => {
  it('shows a small bar and the percent; a non-number becomes a number, or 0', () => {
    const cases: [unknown, string, string][] = [
      [42, '42%', '42%'],
      ['37.5', '37.5%', '37.5%'],
      ['12abc', '12%', '12%'],
      ['abc', '0%', '0%'],
      [null, '0%', '0%'],
      [150, '150%', '100%'],
      [-5, '-5%', '0%'],
    ];
    for (const [value, text, width] of cases) {
      show(col('progress'), value, ctxWith(), 1);
      const bar = screen.getByRole('progressbar', { name: '字段 第 2 行' });
      expect(bar.textContent, String(value)).toBe(text);
      expect((bar.querySelector('.hg-progress-bar') as HTMLElement).style.width).toBe(width);
      cleanup();
    }
  });

  it('is read-only', () => {
    expect(cellKind(col('progress')).editor).toBeUndefined();
  });
});

describe('select, sel_search and radio options', () => {
  it('show the option text of the value (text, label or title), an unknown value as it is, empty as empty', () => {
    const column = col('select', { options: OPTIONS });
    for (const [v, text] of [
      ['a', '甲'],
      ['b', '乙'],
      ['c', '丙'],
      ['zz', 'zz'],
      ['', ''],
      [null, ''],
    ] as const) {
      show(column, v);
      expect(cellTextNow(), String(v)).toBe(text);
      cleanup();
    }
  });

  it('load a dictionary once per code through the context and show its text when it comes', async () => {
    const loadDictOptions = vi.fn(() => Promise.resolve(OPTIONS));
    const ctx = ctxWith({ loadDictOptions });
    const column = col('select', { dictCode: 'sex' });
    render(
      <div data-testid="cell">
        {[0, 1, 2].map((i) => (
          <span key={i}>{cellKind(column).display({ id: String(i), f: 'b' }, column, i, ctx)}</span>
        ))}
      </div>,
    );
    await waitFor(() => expect(cellTextNow()).toBe('乙乙乙'));
    expect(loadDictOptions).toHaveBeenCalledTimes(1);
    expect(loadDictOptions).toHaveBeenCalledWith('sex');
  });

  it('a failed dictionary shows the values as they are', async () => {
    const ctx = ctxWith({ loadDictOptions: () => Promise.reject(new Error('x')) });
    show(col('select', { dictCode: 'bad' }), 'b', ctx);
    await act(async () => {
      await Promise.resolve();
    });
    expect(cellTextNow()).toBe('b');
  });

  it('the editor lists the options; arrows move, Enter commits the active one and moves down', () => {
    const { commit } = edit(col('select', { options: OPTIONS }), 'a');
    const box = screen.getByRole('combobox', { name: '字段' });
    const list = within(document.body).getByRole('listbox', { name: '字段' });
    const opts = within(list).getAllByRole('option');
    expect(opts.map((o) => o.textContent)).toEqual(['甲', '乙', '丙']);
    expect(opts[0]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(opts[0]!.id);
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    expect(box.getAttribute('aria-activedescendant')).toBe(opts[2]!.id);
    key(box, 'ArrowDown'); // wraps
    key(box, 'ArrowUp');
    key(box, 'Enter');
    expect(commit).toHaveBeenCalledWith('c', 'down');
  });

  it('typing filters the options locally; a click chooses', () => {
    const { commit } = edit(col('sel_search', { options: OPTIONS }), '');
    const box = screen.getByRole('combobox', { name: '字段' });
    type(box, '乙');
    const opts = screen.getAllByRole('option');
    expect(opts.map((o) => o.textContent)).toEqual(['乙']);
    fireEvent.click(opts[0]!);
    expect(commit).toHaveBeenCalledWith('b', 'none');
  });

  it('says so when nothing matches, and Enter then keeps the value', () => {
    const { commit } = edit(col('select', { options: OPTIONS }), 'a');
    type(screen.getByRole('combobox'), 'zzz');
    expect(screen.getByRole('status').textContent).toBe('没有查询到任何数据');
    key(screen.getByRole('combobox'), 'Enter');
    expect(commit).toHaveBeenCalledWith('a', 'down');
  });

  it('Tab without choosing keeps the value; Escape cancels; disabled options cannot be chosen', () => {
    let r = edit(col('select', { options: OPTIONS }), 'b');
    key(screen.getByRole('combobox'), 'Tab');
    expect(r.commit).toHaveBeenCalledWith('b', 'right');
    cleanup();
    r = edit(col('select', { options: OPTIONS }), 'b');
    key(screen.getByRole('combobox'), 'ArrowDown');
    key(screen.getByRole('combobox'), 'Escape');
    expect(r.cancel).toHaveBeenCalled();
    expect(r.commit).not.toHaveBeenCalled();
    cleanup();
    r = edit(col('select', { options: [{ value: 'x', text: '停用', disabled: true }] }), '');
    fireEvent.click(screen.getByRole('option'));
    expect(r.commit).not.toHaveBeenCalled();
  });

  it('the editor takes a dictionary through the context', async () => {
    const ctx = ctxWith({ loadDictOptions: () => Promise.resolve(OPTIONS) });
    edit(col('select', { dictCode: 'd' }), '', null, ctx);
    expect((await screen.findAllByRole('option')).length).toBe(3);
  });

  it('radio cells are real radios named "<title> 第 N 行"; a click writes at once', () => {
    const ctx = ctxWith();
    show(col('radio', { options: OPTIONS }), 'b', ctx, 6);
    const group = screen.getByRole('radiogroup', { name: '字段 第 7 行' });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => r.checked)).toEqual([false, true, false]);
    expect(screen.getByRole('radio', { name: '丙' })).toBe(radios[2]);
    fireEvent.click(radios[2]!);
    expect(ctx.commitNow).toHaveBeenCalledWith(6, 'f', 'c');
  });

  it('radio cells are edited from the keyboard with the option list', () => {
    const { commit } = edit(col('radio', { options: OPTIONS }), 'a');
    key(screen.getByRole('combobox', { name: '字段' }), 'ArrowDown');
    key(screen.getByRole('combobox'), 'Enter');
    expect(commit).toHaveBeenCalledWith('b', 'down');
  });
});

describe('list_multi', () => {
  it('shows the texts of the comma-joined values (or of an array)', () => {
    show(col('list_multi', { options: OPTIONS }), 'a,c');
    expect(cellTextNow()).toBe('甲,丙');
    cleanup();
    show(col('list_multi', { options: OPTIONS }), ['b', 'zz']);
    expect(cellTextNow()).toBe('乙,zz');
  });

  it('Space toggles the active option, Enter commits the comma-joined choice', () => {
    const { commit } = edit(col('list_multi', { options: OPTIONS }), 'a');
    const box = screen.getByRole('combobox', { name: '字段' });
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    key(box, ' ');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'true',
    ]);
    key(box, 'ArrowUp');
    key(box, 'ArrowUp');
    key(box, ' '); // a off
    key(box, 'Enter');
    expect(commit).toHaveBeenCalledWith('c', 'down');
  });

  it('clicks toggle without closing; blur commits; nothing chosen commits empty', () => {
    const { commit } = edit(col('list_multi', { options: OPTIONS }), 'b');
    fireEvent.click(screen.getByRole('option', { name: '乙' }));
    fireEvent.click(screen.getByRole('option', { name: '甲' }));
    expect(commit).not.toHaveBeenCalled();
    fireEvent.blur(screen.getByRole('combobox'));
    expect(commit).toHaveBeenCalledWith('a', 'none');
    cleanup();
    const r = edit(col('list_multi', { options: OPTIONS }), 'b');
    fireEvent.click(screen.getByRole('option', { name: '乙' }));
    key(screen.getByRole('combobox'), 'Tab');
    expect(r.commit).toHaveBeenCalledWith('', 'right');
  });
});

describe('sel_search_async', () => {
  it('asks the loader once after a pause in typing, shows 加载中… meanwhile, and commits the chosen option', async () => {
    vi.useFakeTimers();
    try {
      const searchOptions = vi.fn((_c: GridColumn, k: string) =>
        Promise.resolve([{ value: `${k}-1`, text: `${k}一` }]),
      );
      const ctx = ctxWith({ searchOptions, resolveTexts: () => Promise.resolve({}) });
      const { commit } = edit(col('sel_search_async'), '', null, ctx);
      const box = screen.getByRole('combobox', { name: '字段' });
      type(box, 'z');
      type(box, 'zh');
      type(box, 'zha');
      expect(screen.getByRole('status').textContent).toBe('加载中…');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(299);
      });
      expect(searchOptions).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(searchOptions).toHaveBeenCalledTimes(1);
      expect(searchOptions.mock.calls[0]![1]).toBe('zha');
      expect(screen.getByRole('option').textContent).toBe('zha一');
      key(box, 'Enter');
      expect(commit).toHaveBeenCalledWith('zha-1', 'down');
      cleanup();
      show(col('sel_search_async'), 'zha-1', ctx);
      expect(cellTextNow()).toBe('zha一');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the stored value as it is', () => {
    show(col('sel_search_async'), 'u01');
    expect(cellTextNow()).toBe('u01');
  });
});

describe('pickers (sel_depart, sel_user, popup)', () => {
  it('show the stored value without a resolver', () => {
    for (const t of ['sel_depart', 'sel_user', 'popup'] as const) {
      show(col(t), 'v1,v2');
      expect(cellTextNow()).toBe('v1,v2');
      cleanup();
    }
  });

  it('show texts through ctx.resolveTexts: asked once, in one batch per column, unknown values as they are', async () => {
    const resolveTexts = vi.fn((_c: GridColumn, values: readonly string[]) =>
      Promise.resolve(Object.fromEntries(values.filter((v) => v !== 'zz').map((v) => [v, `名${v}`]))),
    );
    const ctx = ctxWith({ resolveTexts });
    const column = col('sel_user');
    render(
      <div data-testid="cell">
        {['a', 'b', 'a,zz', ''].map((v, i) => (
          <span key={i}>
            {cellKind(column).display({ id: String(i), f: v }, column, i, ctx)}
            {'|'}
          </span>
        ))}
      </div>,
    );
    await waitFor(() => expect(cellTextNow()).toBe('名a|名b|名a,zz||'));
    expect(resolveTexts).toHaveBeenCalledTimes(1);
    expect([...resolveTexts.mock.calls[0]![1]].sort()).toEqual(['a', 'b', 'zz']);
    cleanup();
    // Another cell of the same value later: from the cache.
    show(column, 'b', ctx);
    expect(cellTextNow()).toBe('名b');
    expect(resolveTexts).toHaveBeenCalledTimes(1);
  });

  it('a failed resolver leaves the values as they are', async () => {
    const ctx = ctxWith({ resolveTexts: () => Promise.reject(new Error('x')) });
    show(col('sel_depart'), 'd9', ctx);
    await act(async () => {
      await Promise.resolve();
    });
    expect(cellTextNow()).toBe('d9');
  });

  it('sel_depart opens the department picker at once and commits its choice', async () => {
    const roots = [
      { id: 'd1', key: 'd1', title: '研发部', departName: '研发部', orgCode: 'A01', delFlag: '0', isLeaf: true },
    ];
    const departLoaders = {
      children: vi.fn(() => Promise.resolve(roots)),
      search: vi.fn(() => Promise.resolve(roots)),
      byKeys: vi.fn(() => Promise.resolve([])),
    } as unknown as DepartPickerLoaders;
    const ctx = ctxWith({ departLoaders, resolveTexts: vi.fn(() => Promise.resolve({})) });
    const { commit, cancel } = edit(col('sel_depart'), '', null, ctx);
    expect(screen.getByRole('group', { name: '字段' })).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('选择部门')).toBeTruthy();
    fireEvent.click(await within(dialog).findByText('研发部'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(commit).toHaveBeenCalledWith('d1', 'none'));
    expect(cancel).not.toHaveBeenCalled();
    cleanup();
    // The chosen department's name is known: the cell shows it without asking.
    const resolved = ctxWith({ departLoaders, resolveTexts: ctx.resolveTexts! });
    show(col('sel_depart'), 'd1', resolved);
    expect(cellTextNow()).toBe('研发部');
    expect(ctx.resolveTexts).not.toHaveBeenCalled();
  });

  it('Escape in the field cancels the edit', () => {
    const departLoaders = {
      children: () => new Promise(() => undefined),
      search: () => new Promise(() => undefined),
      byKeys: () => Promise.resolve([]),
    } as unknown as DepartPickerLoaders;
    const { cancel } = edit(col('sel_depart'), '', null, ctxWith({ departLoaders }));
    key(screen.getByRole('group', { name: '字段' }).querySelector('input')!, 'Escape');
    expect(cancel).toHaveBeenCalled();
  });
});

describe('upload, file and image', () => {
  const PATH = 'temp/20261125/abcdefgh.pdf';

  it('show the file names cut to 5 characters (whole in the title); nothing as empty', () => {
    show(col('file'), `${PATH},temp/x/b.png`);
    expect(cellTextNow()).toBe('abcde…,b.png');
    expect(screen.getByTitle('abcdefgh.pdf,b.png')).toBeTruthy();
    cleanup();
    show(col('upload'), [{ fileName: '合同.txt', filePath: PATH, fileSize: 3 }]);
    expect(cellTextNow()).toBe('合同.tx…'); // the record's name, not the path's
    cleanup();
    show(col('upload'), '');
    expect(cellTextNow()).toBe('');
  });

  it('image cells show thumbnails when the context resolves URLs', () => {
    show(col('image'), 'img/a.png', ctxWith({ resolveUrl: (p) => `/files/${p}` }));
    const img = screen.getByRole<HTMLImageElement>('img', { name: 'a.png' });
    expect(img.getAttribute('src')).toBe('/files/img/a.png');
  });

  it('the editor is the cell upload: a chosen file is sent and its stored path committed', async () => {
    const upload = vi.fn<UploadTransport>(() => Promise.resolve({ path: PATH }));
    const { commit } = edit(col('file'), '', null, ctxWith({ upload }));
    expect(screen.getByRole('group', { name: '字段' })).toBeTruthy();
    expect(document.activeElement?.textContent).toContain('上传');
    fireEvent.change(screen.getByTestId('cell-file-input'), {
      target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(commit).toHaveBeenCalledWith(PATH, 'none'));
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('the editor shows the first file of a list or of file records', () => {
    const upload = vi.fn<UploadTransport>();
    edit(col('upload'), [{ fileName: '合同.txt', filePath: PATH, fileSize: 3 }], null, ctxWith({ upload }));
    expect(screen.getByRole('button', { name: '删除 abcdefgh.pdf' })).toBeTruthy();
    cleanup();
    edit(col('upload'), `temp/x/b.png,${PATH}`, null, ctxWith({ upload }));
    expect(screen.getByRole('button', { name: '删除 b.png' })).toBeTruthy();
  });

  it('removing the file commits empty; allowRemove false hides the remove button', async () => {
    const upload = vi.fn<UploadTransport>();
    const r = edit(col('upload'), PATH, null, ctxWith({ upload }));
    fireEvent.click(screen.getByRole('button', { name: '删除 abcdefgh.pdf' }));
    expect(r.commit).toHaveBeenCalledWith('', 'none');
    cleanup();
    edit(col('upload', { allowRemove: false }), PATH, null, ctxWith({ upload }));
    expect(screen.queryByRole('button', { name: '删除 abcdefgh.pdf' })).toBeNull();
  });
});

describe('slot and hidden', () => {
  it('slot cells draw ctx.slots[key]: a node, or a function of the cell', () => {
    show(col('slot'), 'v', ctxWith({ slots: { f: <b>固定内容</b> } }));
    expect(cellTextNow()).toBe('固定内容');
    cleanup();
    show(col('slot'), 'v', ctxWith({ slots: { f: ({ value, rowIndex }) => `${String(value)}@${rowIndex}` } }), 3);
    expect(cellTextNow()).toBe('v@3');
    cleanup();
    show(col('slot'), 'v');
    expect(cellTextNow()).toBe('');
  });

  it('hidden cells draw nothing and are not editable', () => {
    show(col('hidden'), 'secret');
    expect(cellTextNow()).toBe('');
    expect(cellKind(col('hidden')).editable).toBe(false);
  });
});

describe('cellLabel and cellRenderers', () => {
  it('names an input "<title> 第 N 行" with N counted from 1', () => {
    expect(cellLabel(col('checkbox', { title: '启用' }), 0)).toBe('启用 第 1 行');
  });

  it('render by key with the full column and the context; unknown keys as text; read-only kinds have no editor', () => {
    const ctx = ctxWith();
    const columns = [col('select', { key: 's', options: OPTIONS }), col('progress', { key: 'p' })];
    const { renderValue, renderEditor } = cellRenderers(columns, ctx);
    const row: GridRow = { id: '1', s: 'c', p: 5, x: 'raw' };
    render(
      <div data-testid="cell">
        {renderValue(row, viewColumn(columns[0]!, 100), 0)}|{renderValue(row, { key: 'x', title: 'X', width: 9 }, 0)}
      </div>,
    );
    expect(cellTextNow()).toBe('丙|raw');
    const commit = vi.fn();
    const editor: ReactNode = renderEditor({
      row,
      rowIndex: 0,
      column: viewColumn(columns[0]!, 100),
      initialText: null,
      commit,
      cancel: vi.fn(),
    });
    render(<div>{editor}</div>);
    key(screen.getByRole('combobox', { name: '字段' }), 'Enter');
    expect(commit).toHaveBeenCalledWith('c', 'down');
    expect(
      renderEditor({
        row,
        rowIndex: 0,
        column: viewColumn(columns[1]!, 100),
        initialText: null,
        commit,
        cancel: vi.fn(),
      }),
    ).toBeNull();
  });
});
