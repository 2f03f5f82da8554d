/** The grid's edit model: cell edits, undo/redo, linked selects, row operations, selection, tree, 1M rows by reference. */
import { describe, expect, it, vi } from 'vitest';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';
import { createGridStore, createTempId, GRID_HISTORY_LIMIT, isTempId, TEMP_ID_PREFIX } from './grid-store.ts';

const COLUMNS: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', defaultValue: '新' },
  { key: 'province', title: '省', type: 'select' },
  { key: 'city', title: '市', type: 'select', linkageKey: 'province' },
  { key: 'district', title: '区', type: 'select', linkageKey: 'city' },
  { key: 'done', title: '完成', type: 'checkbox', defaultChecked: true },
  { key: 'orderNum', title: '排序', type: 'inputNumber' },
];

function sampleRows(n = 3): GridRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `r${i + 1}`,
    name: `row ${i + 1}`,
    province: 'GD',
    city: 'SZ',
    district: 'NS',
    done: false,
    orderNum: i + 1,
  }));
}

const ids = (rows: readonly GridRow[]): string[] => rows.map((r) => r.id);
const orders = (rows: readonly GridRow[]): unknown[] => rows.map((r) => r.orderNum);

describe('cell edits', () => {
  it('writes the row object in place, bumps the version and notifies subscribers', () => {
    const rows = sampleRows();
    const first = rows[0];
    const store = createGridStore({ rows, columns: COLUMNS });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.setCell(0, 'name', 'changed')).toBe(true);
    expect(rows[0]).toBe(first);
    expect(first?.name).toBe('changed');
    expect(store.getVersion()).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.setCell(0, 'name', 'again');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('an edit that changes nothing records no undo step', () => {
    const store = createGridStore({ rows: sampleRows(), columns: COLUMNS });
    expect(store.setCell(0, 'name', 'row 1')).toBe(false);
    expect(store.setCell(99, 'name', 'x')).toBe(false);
    expect(store.canUndo()).toBe(false);
    expect(store.getVersion()).toBe(0);
  });

  it('undo and redo restore and reapply an edit; a new edit after undo drops the redo stack', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    store.setCell(1, 'name', 'a');
    store.setCell(1, 'name', 'b');
    expect(store.undo()).toBe(true);
    expect(rows[1]?.name).toBe('a');
    expect(store.canRedo()).toBe(true);
    expect(store.redo()).toBe(true);
    expect(rows[1]?.name).toBe('b');
    store.undo();
    store.setCell(1, 'name', 'c');
    expect(store.canRedo()).toBe(false);
    expect(store.redo()).toBe(false);
    store.undo();
    store.undo();
    expect(rows[1]?.name).toBe('row 2');
    expect(store.canUndo()).toBe(false);
    expect(store.undo()).toBe(false);
  });

  it('keeps at most the history limit of undo steps', () => {
    const rows = sampleRows(1);
    const store = createGridStore({ rows, columns: COLUMNS });
    for (let i = 1; i <= GRID_HISTORY_LIMIT + 5; i += 1) store.setCell(0, 'name', `v${i}`);
    let undone = 0;
    while (store.undo()) undone += 1;
    expect(undone).toBe(GRID_HISTORY_LIMIT);
    expect(rows[0]?.name).toBe('v5');
  });

  it('honours a smaller history limit', () => {
    const store = createGridStore({ rows: sampleRows(1), columns: COLUMNS, historyLimit: 2 });
    store.setCell(0, 'name', 'a');
    store.setCell(0, 'name', 'b');
    store.setCell(0, 'name', 'c');
    expect(store.undo() && store.undo()).toBe(true);
    expect(store.undo()).toBe(false);
  });

  it('changing a linked parent clears its dependents, transitively, in the same undo step', () => {
    const rows = sampleRows(1);
    const store = createGridStore({ rows, columns: COLUMNS });
    store.setCell(0, 'province', 'ZJ');
    expect(rows[0]).toMatchObject({ province: 'ZJ', city: '', district: '' });
    store.undo();
    expect(rows[0]).toMatchObject({ province: 'GD', city: 'SZ', district: 'NS' });
    expect(store.canUndo()).toBe(false);
    store.redo();
    expect(rows[0]).toMatchObject({ province: 'ZJ', city: '', district: '' });
  });

  it('changing a dependent leaves its parent alone; writing parent and child together keeps the child', () => {
    const rows = sampleRows(1);
    const store = createGridStore({ rows, columns: COLUMNS });
    store.setCell(0, 'city', 'GZ');
    expect(rows[0]).toMatchObject({ province: 'GD', city: 'GZ', district: '' });
    store.setCells([
      { rowIndex: 0, key: 'city', value: 'HZ' },
      { rowIndex: 0, key: 'province', value: 'ZJ' },
    ]);
    expect(rows[0]).toMatchObject({ province: 'ZJ', city: 'HZ', district: '' });
  });

  it('a linked checkbox dependent is cleared to false, a switch to its off value', () => {
    const columns: GridColumn[] = [
      { key: 'kind', title: '类', type: 'select' },
      { key: 'flag', title: '标', type: 'checkbox', linkageKey: 'kind' },
      { key: 'on', title: '开', type: 'switch', linkageKey: 'kind', customValue: ['1', '0'] },
    ];
    const rows: GridRow[] = [{ id: 'a', kind: 'x', flag: true, on: '1' }];
    createGridStore({ rows, columns }).setCell(0, 'kind', 'y');
    expect(rows[0]).toMatchObject({ flag: false, on: '0' });
  });

  it('setCells writes many cells as one undo step', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    expect(
      store.setCells([
        { rowIndex: 0, key: 'name', value: 'x' },
        { rowIndex: 2, key: 'name', value: 'y' },
      ]),
    ).toBe(2);
    store.undo();
    expect(rows.map((r) => r.name)).toEqual(['row 1', 'row 2', 'row 3']);
    expect(store.canUndo()).toBe(false);
  });
});

describe('a million rows', () => {
  it('edits a cell without copying the rows array or the row', () => {
    const rows: GridRow[] = new Array<GridRow>(1_000_000);
    for (let i = 0; i < rows.length; i += 1) rows[i] = { id: String(i), name: '', orderNum: i + 1 };
    const target = rows[654_321];
    const store = createGridStore({ rows, columns: COLUMNS });
    expect(store.getRows()).toBe(rows);
    store.setCell(654_321, 'name', 'edited');
    expect(store.getRows()).toBe(rows);
    expect(rows[654_321]).toBe(target);
    expect(target?.name).toBe('edited');
    expect(rows).toHaveLength(1_000_000);
    expect(store.getChanges().updated).toEqual(['654321']);
  });
});

describe('row operations', () => {
  it('new rows get unique temporary ids with a recognisable prefix', () => {
    const a = createTempId();
    const b = createTempId();
    expect(a).not.toBe(b);
    expect(a.startsWith(TEMP_ID_PREFIX)).toBe(true);
    expect(isTempId(a)).toBe(true);
    expect(isTempId('r1')).toBe(false);
    expect(isTempId(5)).toBe(false);
  });

  it('addRows at position 0 appends at the bottom with column defaults and renumbers orderNum', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    const added = store.addRows(2, 0);
    expect(added).toHaveLength(2);
    expect(rows.slice(3)).toEqual(added);
    expect(added[0]).toMatchObject({ name: '新', done: true, province: '', orderNum: 4 });
    expect(added[1]?.orderNum).toBe(5);
    expect(store.isNewRow(added[0] as GridRow)).toBe(true);
    expect(store.isNewRow(rows[0] as GridRow)).toBe(false);
    expect(store.getChanges().inserted).toEqual(added);
  });

  it('addRows with a 1-based position inserts before that row and renumbers from 1', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    const [added] = store.addRows(1, 2);
    expect(ids(rows)).toEqual(['r1', added?.id, 'r2', 'r3']);
    expect(orders(rows)).toEqual([1, 2, 3, 4]);
    // r2 and r3 moved down a place: existing rows whose order changed are updated.
    expect(store.getChanges().updated.sort()).toEqual(['r2', 'r3']);
  });

  it('a position beyond the row count appends; a count of 0 adds nothing', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    expect(store.addRows(0)).toEqual([]);
    expect(store.canUndo()).toBe(false);
    store.addRows(1, 10);
    expect(rows[3]?.id.startsWith(TEMP_ID_PREFIX)).toBe(true);
  });

  it('undo of an insert removes the new rows and restores the order; redo puts the same rows back', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    const added = store.addRows(2, 1);
    store.undo();
    expect(ids(rows)).toEqual(['r1', 'r2', 'r3']);
    expect(orders(rows)).toEqual([1, 2, 3]);
    expect(store.getChanges()).toEqual({ inserted: [], updated: [], removed: [] });
    store.redo();
    expect(rows.slice(0, 2)).toEqual(added);
    expect(orders(rows)).toEqual([1, 2, 3, 4, 5]);
    expect(store.getChanges().inserted).toEqual(added);
  });

  it('removing existing rows collects their ids and renumbers the rest', () => {
    const rows = sampleRows(4);
    const store = createGridStore({ rows, columns: COLUMNS });
    expect(store.removeRows(['r2', 'r3'])).toBe(2);
    expect(ids(rows)).toEqual(['r1', 'r4']);
    expect(orders(rows)).toEqual([1, 2]);
    expect(store.getRemovedIds()).toEqual(['r2', 'r3']);
    expect(store.getChanges()).toEqual({ inserted: [], updated: ['r4'], removed: ['r2', 'r3'] });
  });

  it('removing a new row drops it locally and leaves nothing in removed', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    const [added] = store.addRows(1);
    store.removeRows([added?.id ?? '']);
    expect(ids(rows)).toEqual(['r1', 'r2', 'r3']);
    expect(store.getChanges()).toEqual({ inserted: [], updated: [], removed: [] });
  });

  it('undo of a removal puts the rows back where they were with their order; redo removes them again', () => {
    const rows = sampleRows(5);
    const store = createGridStore({ rows, columns: COLUMNS });
    const [added] = store.addRows(1, 3);
    store.removeRows(['r1', added?.id ?? '', 'r5']);
    expect(ids(rows)).toEqual(['r2', 'r3', 'r4']);
    store.undo();
    expect(ids(rows)).toEqual(['r1', 'r2', added?.id, 'r3', 'r4', 'r5']);
    expect(orders(rows)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(store.getChanges().removed).toEqual([]);
    expect(store.getChanges().inserted).toEqual([added]);
    store.redo();
    expect(ids(rows)).toEqual(['r2', 'r3', 'r4']);
    expect(orders(rows)).toEqual([1, 2, 3]);
    expect(store.getChanges().removed).toEqual(['r1', 'r5']);
    expect(store.getChanges().inserted).toEqual([]);
  });

  it('removing unknown ids changes nothing', () => {
    const store = createGridStore({ rows: sampleRows(), columns: COLUMNS });
    expect(store.removeRows(['nope'])).toBe(0);
    expect(store.removeRows([])).toBe(0);
    expect(store.canUndo()).toBe(false);
  });

  it('an edited row that is then removed is reported as removed, not updated', () => {
    const store = createGridStore({ rows: sampleRows(), columns: COLUMNS });
    store.setCell(2, 'name', 'x');
    store.removeRows(['r3']);
    expect(store.getChanges()).toEqual({ inserted: [], updated: [], removed: ['r3'] });
  });

  it('edits to existing rows are updated until undone; edits to new rows stay inserted', () => {
    const store = createGridStore({ rows: sampleRows(), columns: COLUMNS });
    store.setCell(0, 'name', 'x');
    expect(store.getChanges().updated).toEqual(['r1']);
    store.undo();
    expect(store.getChanges().updated).toEqual([]);
    const [added] = store.addRows(1);
    store.setCell(3, 'name', 'y');
    expect(store.getChanges()).toEqual({ inserted: [added], updated: [], removed: [] });
    expect(added?.name).toBe('y');
  });

  it('moveRow up and down swaps neighbours and renumbers; at the edges it does nothing', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    expect(store.moveRow(0, 'up')).toBe(false);
    expect(store.moveRow(2, 'down')).toBe(false);
    expect(store.moveRow(2, 'up')).toBe(true);
    expect(ids(rows)).toEqual(['r1', 'r3', 'r2']);
    expect(orders(rows)).toEqual([1, 2, 3]);
    expect(store.moveRow(0, 'down')).toBe(true);
    expect(ids(rows)).toEqual(['r3', 'r1', 'r2']);
    store.undo();
    store.undo();
    expect(ids(rows)).toEqual(['r1', 'r2', 'r3']);
    expect(orders(rows)).toEqual([1, 2, 3]);
    expect(store.getChanges().updated).toEqual([]);
  });

  it('moveRowTo moves a row to another place and renumbers the order from 1 over the whole list', () => {
    const rows = sampleRows(5).map((r, i) => ({ ...r, orderNum: (i + 1) * 10 }));
    const store = createGridStore({ rows, columns: COLUMNS });
    expect(store.moveRowTo(4, 1)).toBe(true);
    expect(ids(rows)).toEqual(['r1', 'r5', 'r2', 'r3', 'r4']);
    expect(orders(rows)).toEqual([1, 2, 3, 4, 5]);
    store.undo();
    expect(ids(rows)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(orders(rows)).toEqual([10, 20, 30, 40, 50]);
    store.redo();
    expect(ids(rows)).toEqual(['r1', 'r5', 'r2', 'r3', 'r4']);
    expect(orders(rows)).toEqual([1, 2, 3, 4, 5]);
    expect(store.moveRowTo(1, 1)).toBe(false);
    expect(store.moveRowTo(0, 9)).toBe(false);
  });

  it('renumbers the isOrder column, or a given orderKey', () => {
    const columns: GridColumn[] = [{ key: 'sort', title: '序', type: 'inputNumber', isOrder: true }];
    const rows: GridRow[] = [
      { id: 'a', sort: 5 },
      { id: 'b', sort: 6 },
    ];
    createGridStore({ rows, columns }).moveRow(0, 'down');
    expect(rows).toEqual([
      { id: 'b', sort: 1 },
      { id: 'a', sort: 2 },
    ]);
    const other: GridRow[] = [
      { id: 'a', seq: 9 },
      { id: 'b', seq: 9 },
    ];
    createGridStore({ rows: other, columns: [{ key: 'seq', title: '序', type: 'normal' }], orderKey: 'seq' }).moveRow(
      1,
      'up',
    );
    expect(other).toEqual([
      { id: 'b', seq: 1 },
      { id: 'a', seq: 2 },
    ]);
  });

  it('a grid without an order column never writes an order field into its rows', () => {
    const rows: GridRow[] = [{ id: 'a' }, { id: 'b' }];
    const store = createGridStore({ rows, columns: [{ key: 'name', title: '名', type: 'input' }] });
    store.moveRow(0, 'down');
    expect(rows).toEqual([{ id: 'b' }, { id: 'a' }]);
    expect(store.getChanges().updated).toEqual([]);
  });

  it('uses rowKey as the id field', () => {
    const rows: GridRow[] = [
      { id: '', uuid: 'u1', name: 'a' },
      { id: '', uuid: 'u2', name: 'b' },
    ];
    const store = createGridStore({ rows, columns: COLUMNS, rowKey: 'uuid' });
    store.removeRows(['u2']);
    expect(store.getRemovedIds()).toEqual(['u2']);
    const [added] = store.addRows(1);
    expect(isTempId(added?.uuid)).toBe(true);
    expect(store.getRowId(added as GridRow)).toBe(added?.uuid);
  });
});

describe('selection', () => {
  const disabledRows = { status: ['locked', 'archived'], kind: 'A' };
  const rows = (): GridRow[] => [
    { id: 'a', status: 'locked', kind: 'A' },
    { id: 'b', status: 'locked', kind: 'B' },
    { id: 'c', status: 'archived', kind: 'A' },
    { id: 'd', status: 'open', kind: 'A' },
  ];

  it('a row is disabled only when every disabledRows key matches (a value or one of a list)', () => {
    const store = createGridStore({ rows: rows(), columns: [], disabledRows });
    expect(store.getRows().map((r) => store.isRowDisabled(r))).toEqual([true, false, true, false]);
  });

  it('toggleSelect selects and unselects; a disabled or unknown row cannot be selected', () => {
    const store = createGridStore({ rows: rows(), columns: [], disabledRows });
    expect(store.toggleSelect('b')).toBe(true);
    expect(store.toggleSelect('d', 3)).toBe(true);
    expect(store.toggleSelect('a')).toBe(false);
    expect(store.toggleSelect('zz')).toBe(false);
    expect(store.getSelectedIds()).toEqual(['b', 'd']);
    store.toggleSelect('b', 0); // wrong hint: still found by id
    expect(store.getSelectedIds()).toEqual(['d']);
    expect(store.isSelected('d')).toBe(true);
  });

  it('selectAll selects every row except the disabled ones, and clears', () => {
    const store = createGridStore({ rows: rows(), columns: [], disabledRows });
    store.selectAll(true);
    expect(store.getSelectedIds()).toEqual(['b', 'd']);
    store.selectAll(false);
    expect(store.getSelectedIds()).toEqual([]);
  });

  it('without disabledRows every row is selectable; removed rows leave the selection', () => {
    const store = createGridStore({ rows: rows(), columns: [] });
    store.selectAll(true);
    expect(store.getSelectedIds()).toHaveLength(4);
    store.removeRows(['a', 'b']);
    expect(store.getSelectedIds()).toEqual(['c', 'd']);
  });
});

describe('tree-table', () => {
  const roots = (): GridRow[] => [
    { id: 'p1', name: 'P1', hasChildren: true, orderNum: 1 },
    { id: 'p2', name: 'P2', hasChildren: false, orderNum: 2 },
  ];
  const loader = () =>
    vi.fn((parentId: string) =>
      Promise.resolve<GridRow[]>([
        { id: `${parentId}-c1`, parentId, name: 'c1', hasChildren: parentId === 'p1', orderNum: 1 },
        { id: `${parentId}-c2`, parentId, name: 'c2', orderNum: 2 },
      ]),
    );

  it('expand loads the children once by parent id and shows them under the parent with a depth', async () => {
    const store = createGridStore({ rows: roots(), columns: COLUMNS, tree: true });
    const load = loader();
    await store.expand('p1', load);
    expect(load).toHaveBeenCalledWith('p1');
    expect(ids(store.getRows())).toEqual(['p1', 'p1-c1', 'p1-c2', 'p2']);
    expect([0, 1, 2, 3].map((i) => store.getDepth(i))).toEqual([0, 1, 1, 0]);
    expect(store.isExpanded('p1')).toBe(true);

    store.collapse('p1');
    expect(ids(store.getRows())).toEqual(['p1', 'p2']);
    await store.expand('p1', load);
    expect(ids(store.getRows())).toEqual(['p1', 'p1-c1', 'p1-c2', 'p2']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('two expands while loading share one load; nested children expand with depth 2', async () => {
    const store = createGridStore({ rows: roots(), columns: COLUMNS, tree: true });
    const load = loader();
    await Promise.all([store.expand('p1', load), store.expand('p1', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    await store.expand('p1-c1', load);
    expect(ids(store.getRows())).toEqual(['p1', 'p1-c1', 'p1-c1-c1', 'p1-c1-c2', 'p1-c2', 'p2']);
    expect(store.getDepth(2)).toBe(2);
    store.collapse('p1');
    expect(ids(store.getRows())).toEqual(['p1', 'p2']);
  });

  it('a failed load is not cached: the next expand loads again', async () => {
    const store = createGridStore({ rows: roots(), columns: COLUMNS, tree: true });
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce([{ id: 'k' }]);
    await expect(store.expand('p1', load)).rejects.toThrow('boom');
    expect(store.isExpanded('p1')).toBe(false);
    await store.expand('p1', load);
    expect(ids(store.getRows())).toEqual(['p1', 'k', 'p2']);
  });

  it('moves and removals of children stay among their siblings and renumber them', async () => {
    const store = createGridStore({ rows: roots(), columns: COLUMNS, tree: true });
    await store.expand('p1', loader());
    expect(store.moveRow(2, 'up')).toBe(true);
    expect(ids(store.getRows())).toEqual(['p1', 'p1-c2', 'p1-c1', 'p2']);
    expect(store.getRows().map((r) => r.orderNum)).toEqual([1, 1, 2, 2]);
    expect(store.moveRow(1, 'up')).toBe(false);
    expect(store.moveRowTo(1, 3)).toBe(false);
    store.removeRows(['p1-c2']);
    expect(ids(store.getRows())).toEqual(['p1', 'p1-c1', 'p2']);
    expect(store.getRows()[1]?.orderNum).toBe(1);
    expect(store.getRemovedIds()).toEqual(['p1-c2']);
    store.undo();
    expect(ids(store.getRows())).toEqual(['p1', 'p1-c2', 'p1-c1', 'p2']);
  });

  it('outside tree mode expand does nothing and depth is 0', async () => {
    const store = createGridStore({ rows: roots(), columns: COLUMNS });
    const load = loader();
    await store.expand('p1', load);
    expect(load).not.toHaveBeenCalled();
    expect(store.getDepth(0)).toBe(0);
  });
});

describe("other viewers' saved rows (applyRemote) and indexOf", () => {
  it('finds a row by id after moves and removals without a stale answer', () => {
    const store = createGridStore({ rows: sampleRows(5), columns: COLUMNS });
    expect(store.indexOf('r4')).toBe(3);
    store.moveRow(3, 'up');
    expect(store.indexOf('r4')).toBe(2);
    expect(store.indexOf('r3')).toBe(3);
    store.removeRows(['r1']);
    expect(store.indexOf('r4')).toBe(1);
    expect(store.indexOf('r1')).toBe(-1);
    expect(store.indexOf('nope')).toBe(-1);
  });

  it('writes every field but the id, version included, as no edit of this user and no undo step', () => {
    const rows = sampleRows();
    (rows[1] as GridRow).version = 3;
    const store = createGridStore({ rows, columns: COLUMNS });
    const applied = store.applyRemote({ id: 'r2', name: 'theirs', version: 4, done: false });
    expect(applied?.index).toBe(1);
    expect(applied?.changed).toEqual([
      { key: 'name', before: 'row 2' },
      { key: 'version', before: 3 },
    ]);
    expect(rows[1]).toMatchObject({ id: 'r2', name: 'theirs', version: 4 });
    expect(store.getChanges().updated).toEqual([]);
    expect(store.canUndo()).toBe(false);
    expect(store.getVersion()).toBe(1);
  });

  it('leaves a row with unsaved edits of this user, a new row and an unknown id alone', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    store.setCell(0, 'name', 'mine');
    expect(store.applyRemote({ id: 'r1', name: 'theirs', version: 9 })).toBeNull();
    expect(rows[0]).toMatchObject({ name: 'mine' });
    const [added] = store.addRows(1);
    expect(store.applyRemote({ id: String(added?.id), name: 'theirs' })).toBeNull();
    expect(store.applyRemote({ id: 'gone', name: 'x' })).toBeNull();
    expect(store.applyRemote({ name: 'no id' } as unknown as GridRow)).toBeNull();
  });

  it('never writes through __proto__ or constructor', () => {
    const rows = sampleRows();
    const store = createGridStore({ rows, columns: COLUMNS });
    const hostile = JSON.parse('{"id":"r1","__proto__":{"polluted":1},"constructor":"x","name":"ok"}') as GridRow;
    store.applyRemote(hostile);
    expect(rows[0]?.name).toBe('ok');
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect((rows[0] as Record<string, unknown>).polluted).toBeUndefined();
  });
});
