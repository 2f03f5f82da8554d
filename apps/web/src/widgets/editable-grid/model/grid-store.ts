/**
 * The editable grid's edit model (spec widgets-accounting §2.2, §4): cell edits with undo/redo and linked-select
 * clearing, row operations (add/insert, remove, move) with new/removed tracking and order renumbering, selection
 * with disabled rows, and the tree-table's expansion. No React, no DOM: the grid view renders from it through
 * `subscribe`/`getVersion` (a useSyncExternalStore snapshot); clipboard.ts pastes through `setCells`.
 *
 * Rows are kept by reference. The caller's array IS the top-level list: row operations change it in place, an edit
 * writes the one row object and bumps the version, so a cell edit costs O(1) at any row count. Row operations are
 * O(rows) at most (they renumber the order field over the list). Indices given to the store are indices into
 * `getRows()`, the visible list (the flattened tree in tree mode, else the caller's array itself).
 */
import { GRID_ORDER_KEY } from '@houtai/shared/grid/constants';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';
import { defaultCellValue, emptyCellValue, matchesDisabledRows, type DisabledRowsRule } from './cell-values.ts';

/** New rows' ids start with this, so a row can be told new from its id alone (and the server never sees them). */
/** Field names a message from outside may not write (they would reach the row object's prototype). */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const TEMP_ID_PREFIX = 'new_row_';

/** Undo steps kept; the oldest is dropped beyond this. */
export const GRID_HISTORY_LIMIT = 200;

/** The order field renumbered from 1 on move and insert when no column says otherwise (§2.2). */
export const DEFAULT_ORDER_KEY = GRID_ORDER_KEY;

// A random part per page load and a counter: unique within the page and unlikely to meet another tab's.
const TEMP_ID_SEED = Math.random().toString(36).slice(2, 8);
let tempIdCounter = 0;

/** A new, unique temporary row id. */
export function createTempId(): string {
  tempIdCounter += 1;
  return `${TEMP_ID_PREFIX}${TEMP_ID_SEED}_${tempIdCounter.toString(36)}`;
}

export function isTempId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(TEMP_ID_PREFIX);
}

export interface GridStoreOptions {
  /** Kept by reference and changed in place by row operations. */
  rows: GridRow[];
  columns: readonly GridColumn[];
  /** The row field holding the id (default 'id'). */
  rowKey?: string;
  /**
   * The order field (default: the `isOrder` column's key, else 'orderNum'). It is renumbered from 1 over the list
   * after every move, insert and remove, but only when a column has that key or `isOrder`: a grid without an order
   * column never gets the field written into its rows.
   */
  orderKey?: string;
  disabledRows?: DisabledRowsRule;
  /** Tree-table: rows with `hasChildren` can be expanded; children load on first expand (§2.2, §3). */
  tree?: boolean;
  /** Undo steps kept (default GRID_HISTORY_LIMIT). */
  historyLimit?: number;
}

/** One cell write of `setCells`; `rowIndex` is an index into `getRows()`. */
export interface CellWrite {
  rowIndex: number;
  key: string;
  value: unknown;
}

/** What a save sends (§4): new rows (whole), ids of edited existing rows, ids of removed existing rows. */
export interface GridChanges {
  inserted: GridRow[];
  updated: string[];
  removed: string[];
}

export type MoveDirection = 'up' | 'down';

/** What another viewer's saved row changed here (see GridStore.applyRemote). */
export interface RemoteApplied {
  /** The row's visible index. */
  index: number;
  row: GridRow;
  /** The fields written, with the values they held before. */
  changed: { key: string; before: unknown }[];
}

export interface GridStore {
  subscribe(listener: () => void): () => void;
  /** Bumped on every change; the view's snapshot. */
  getVersion(): number;
  /** The visible list: the caller's array, or in tree mode the flattened tree (see getDepth). */
  getRows(): readonly GridRow[];
  getColumns(): readonly GridColumn[];
  /** The tree depth of the visible row at `index` (0 for top-level rows and outside tree mode). */
  getDepth(index: number): number;
  getRowId(row: GridRow): string;
  /** The visible index of the row with that id, or -1 (a kept id → index map: no search per call). */
  indexOf(id: string): number;
  /**
   * Another viewer's saved row (realtime): every field but the row key is written over the row with that id, the
   * optimistic-lock `version` included, as the row now stands on the server; not an undo step, not an edit of this
   * user's. A row this user has unsaved edits on is left as it is (null): its save meets the server's conflict
   * answer instead of silently overwriting the other viewer's change. Null too for an unknown or removed row.
   */
  applyRemote(values: GridRow): RemoteApplied | null;

  /** Writes one cell (one undo step, with its linked selects cleared). False when nothing changed. */
  setCell(rowIndex: number, key: string, value: unknown): boolean;
  /** Writes many cells as ONE undo step (paste). Returns how many cells changed, cleared dependents included. */
  setCells(writes: readonly CellWrite[]): number;
  undo(): boolean;
  redo(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;

  /** Adds `count` new rows: position 0 = at the bottom, else before that 1-based position. Returns the new rows. */
  addRows(count: number, position?: number): GridRow[];
  /** Removes rows by id: new rows vanish locally, existing ids are collected for the save. Returns how many. */
  removeRows(ids: readonly string[]): number;
  /** Moves the row one place among its siblings. False at the edge. */
  moveRow(index: number, direction: MoveDirection): boolean;
  /** Moves the row at visible index `from` to where the row at `to` is (same parent only). False otherwise. */
  moveRowTo(from: number, to: number): boolean;
  getRemovedIds(): string[];
  getChanges(): GridChanges;
  isNewRow(row: GridRow): boolean;

  isRowDisabled(row: GridRow): boolean;
  /** Toggles the row's selection; `indexHint` (its visible index) spares a search. False for a disabled or unknown row. */
  toggleSelect(id: string, indexHint?: number): boolean;
  /** Selects every visible row that is not disabled, or clears the selection. */
  selectAll(on: boolean): void;
  isSelected(id: string): boolean;
  getSelectedIds(): string[];

  /** Tree mode: shows the row's children, loading them with `loadChildren(parentId)` the first time only. */
  expand(id: string, loadChildren: (parentId: string) => Promise<GridRow[]>): Promise<void>;
  collapse(id: string): void;
  isExpanded(id: string): boolean;
}

interface HistoryStep {
  undo(): void;
  redo(): void;
}

interface CellChange {
  row: GridRow;
  key: string;
  before: unknown;
  after: unknown;
}

/** Old values of the order field, as parallel arrays (a first renumbering of a million rows records them all). */
interface OrderChanges {
  rows: GridRow[];
  before: unknown[];
  after: number[];
}

/** Inserts `items` into `list` at `index` in place (no spread, so any count is safe). */
function insertAt(list: GridRow[], index: number, items: readonly GridRow[]): void {
  const count = items.length;
  if (count === 0) return;
  const oldLength = list.length;
  list.length = oldLength + count;
  for (let i = oldLength - 1; i >= index; i -= 1) list[i + count] = list[i] as GridRow;
  for (let i = 0; i < count; i += 1) list[index + i] = items[i] as GridRow;
}

/** Removes `count` items at `index` in place. */
function removeRange(list: GridRow[], index: number, count: number): void {
  for (let i = index + count; i < list.length; i += 1) list[i - count] = list[i] as GridRow;
  list.length -= count;
}

/** Moves the item at `from` to final index `to` in place; only the items between shift. */
function moveWithin(list: GridRow[], from: number, to: number): void {
  const item = list[from] as GridRow;
  if (from < to) for (let i = from; i < to; i += 1) list[i] = list[i + 1] as GridRow;
  else for (let i = from; i > to; i -= 1) list[i] = list[i - 1] as GridRow;
  list[to] = item;
}

export function createGridStore(options: GridStoreOptions): GridStore {
  const roots = options.rows;
  const columns = options.columns;
  const rowKey = options.rowKey ?? 'id';
  const orderKey = options.orderKey ?? columns.find((c) => c.isOrder === true)?.key ?? DEFAULT_ORDER_KEY;
  const hasOrderColumn = columns.some((c) => c.key === orderKey || c.isOrder === true);
  const disabledRule = options.disabledRows;
  const treeMode = options.tree === true;
  const historyLimit = Math.max(1, options.historyLimit ?? GRID_HISTORY_LIMIT);

  const dependents = new Map<string, GridColumn[]>();
  for (const column of columns) {
    if (column.linkageKey === undefined) continue;
    const list = dependents.get(column.linkageKey) ?? [];
    list.push(column);
    dependents.set(column.linkageKey, list);
  }

  let version = 0;
  const listeners = new Set<() => void>();
  const undoStack: HistoryStep[] = [];
  const redoStack: HistoryStep[] = [];

  /** New rows present in the grid, in the order they were added. */
  const inserted = new Set<GridRow>();
  const removedIds: string[] = [];
  /** Existing rows with changes applied (count of history steps touching them, so undo can clear them again). */
  const dirty = new Map<GridRow, number>();
  const selected = new Set<string>();

  // Tree state: children by parent id (kept after collapse), each loaded child's parent id, expanded ids.
  const childrenOf = new Map<string, GridRow[]>();
  const parentOf = new Map<GridRow, string>();
  const expanded = new Set<string>();
  const loading = new Map<string, Promise<void>>();
  let visible: GridRow[] = roots;
  let depths: number[] = [];
  let visibleStale = treeMode;

  function rowId(row: GridRow): string {
    return String(row[rowKey]);
  }

  function emit(): void {
    version += 1;
    for (const listener of [...listeners]) listener();
  }

  function structureChanged(): void {
    if (treeMode) visibleStale = true;
  }

  function rebuildVisible(): void {
    const nextRows: GridRow[] = [];
    const nextDepths: number[] = [];
    const walk = (list: readonly GridRow[], depth: number): void => {
      for (const row of list) {
        nextRows.push(row);
        nextDepths.push(depth);
        const id = rowId(row);
        const children = childrenOf.get(id);
        if (children && expanded.has(id)) walk(children, depth + 1);
      }
    };
    walk(roots, 0);
    visible = nextRows;
    depths = nextDepths;
    visibleStale = false;
  }

  function getRows(): readonly GridRow[] {
    if (visibleStale) rebuildVisible();
    return visible;
  }

  // id → visible index, rebuilt only when a looked-up entry no longer holds its row (rows moved, added, removed).
  let indexById = new Map<string, number>();
  function indexOf(id: string): number {
    const rows = getRows();
    const cached = indexById.get(id);
    if (cached !== undefined && rows[cached] !== undefined && rowId(rows[cached]) === id) return cached;
    indexById = new Map();
    for (let i = 0; i < rows.length; i += 1) indexById.set(rowId(rows[i] as GridRow), i);
    return indexById.get(id) ?? -1;
  }

  function applyRemote(values: GridRow): RemoteApplied | null {
    const id = values[rowKey];
    if (typeof id !== 'string' && typeof id !== 'number') return null;
    const index = indexOf(String(id));
    const row = getRows()[index];
    if (!row || dirty.has(row) || inserted.has(row)) return null;
    const changed: RemoteApplied['changed'] = [];
    for (const [key, value] of Object.entries(values)) {
      if (key === rowKey || UNSAFE_KEYS.has(key) || Object.is(row[key], value)) continue;
      changed.push({ key, before: row[key] });
      row[key] = value;
    }
    if (changed.length > 0) emit();
    return { index, row, changed };
  }

  function siblingsOf(row: GridRow): GridRow[] {
    const parentId = parentOf.get(row);
    return parentId === undefined ? roots : (childrenOf.get(parentId) ?? roots);
  }

  function touch(rows: Iterable<GridRow>, delta: 1 | -1): void {
    for (const row of rows) {
      if (inserted.has(row) || isTempId(row[rowKey])) continue;
      const next = (dirty.get(row) ?? 0) + delta;
      if (next > 0) dirty.set(row, next);
      else dirty.delete(row);
    }
  }

  function record(step: HistoryStep): void {
    undoStack.push(step);
    if (undoStack.length > historyLimit) undoStack.shift();
    redoStack.length = 0;
  }

  // ---- order field ----

  function renumber(list: GridRow[]): OrderChanges {
    const changes: OrderChanges = { rows: [], before: [], after: [] };
    if (!hasOrderColumn) return changes;
    for (let i = 0; i < list.length; i += 1) {
      const row = list[i] as GridRow;
      const next = i + 1;
      if (row[orderKey] === next) continue;
      changes.rows.push(row);
      changes.before.push(row[orderKey]);
      changes.after.push(next);
      row[orderKey] = next;
    }
    return changes;
  }

  function applyOrder(changes: OrderChanges, which: 'before' | 'after'): void {
    const values = changes[which];
    for (let i = 0; i < changes.rows.length; i += 1) (changes.rows[i] as GridRow)[orderKey] = values[i];
  }

  // ---- cells ----

  function clearDependents(
    row: GridRow,
    key: string,
    written: ReadonlySet<string>,
    seen: Set<string>,
    out: CellChange[],
  ): void {
    for (const column of dependents.get(key) ?? []) {
      if (written.has(column.key) || seen.has(column.key)) continue;
      seen.add(column.key);
      const empty = emptyCellValue(column);
      const before = row[column.key];
      if (!Object.is(before, empty)) {
        out.push({ row, key: column.key, before, after: empty });
        row[column.key] = empty;
      }
      clearDependents(row, column.key, written, seen, out);
    }
  }

  function setCells(writes: readonly CellWrite[]): number {
    const rows = getRows();
    const byRow = new Map<GridRow, Map<string, unknown>>();
    for (const write of writes) {
      const row = rows[write.rowIndex];
      if (!row) continue;
      const cells = byRow.get(row) ?? new Map<string, unknown>();
      cells.set(write.key, write.value);
      byRow.set(row, cells);
    }
    const changes: CellChange[] = [];
    for (const [row, cells] of byRow) {
      const changedKeys: string[] = [];
      for (const [key, value] of cells) {
        const before = row[key];
        if (Object.is(before, value)) continue;
        changes.push({ row, key, before, after: value });
        row[key] = value;
        changedKeys.push(key);
      }
      const written = new Set(cells.keys());
      const seen = new Set<string>();
      for (const key of changedKeys) clearDependents(row, key, written, seen, changes);
    }
    if (changes.length === 0) return 0;
    const touched = new Set(changes.map((c) => c.row));
    touch(touched, 1);
    record({
      undo: () => {
        for (let i = changes.length - 1; i >= 0; i -= 1) {
          const change = changes[i] as CellChange;
          change.row[change.key] = change.before;
        }
        touch(touched, -1);
      },
      redo: () => {
        for (const change of changes) change.row[change.key] = change.after;
        touch(touched, 1);
      },
    });
    emit();
    return changes.length;
  }

  // ---- row operations ----

  function newRow(): GridRow {
    const id = createTempId();
    const row: GridRow = { id };
    row[rowKey] = id;
    for (const column of columns) row[column.key] = defaultCellValue(column);
    return row;
  }

  function addRows(count: number, position = 0): GridRow[] {
    const n = Math.max(0, Math.floor(count));
    if (n === 0) return [];
    const created: GridRow[] = [];
    for (let i = 0; i < n; i += 1) created.push(newRow());
    const index = position >= 1 && position <= roots.length ? Math.floor(position) - 1 : roots.length;
    const apply = (): OrderChanges => {
      insertAt(roots, index, created);
      for (const row of created) inserted.add(row);
      structureChanged();
      return renumber(roots);
    };
    const order = apply();
    touch(order.rows, 1);
    record({
      undo: () => {
        applyOrder(order, 'before');
        touch(order.rows, -1);
        removeRange(roots, index, n);
        for (const row of created) {
          inserted.delete(row);
          selected.delete(rowId(row));
        }
        structureChanged();
      },
      redo: () => {
        apply();
        touch(order.rows, 1);
      },
    });
    emit();
    return created;
  }

  interface Removal {
    list: GridRow[];
    /** Ascending indices the removed rows had in `list`. */
    indices: number[];
    rows: GridRow[];
    order: OrderChanges;
  }

  function removeRows(ids: readonly string[]): number {
    const wanted = new Set(ids);
    if (wanted.size === 0) return 0;
    const lists = [roots, ...(treeMode ? childrenOf.values() : [])];
    const removals: Removal[] = [];
    const removedNow: string[] = [];
    const removedNew: GridRow[] = [];
    for (const list of lists) {
      const indices: number[] = [];
      const rows: GridRow[] = [];
      let write = 0;
      for (let read = 0; read < list.length; read += 1) {
        const row = list[read] as GridRow;
        if (wanted.has(rowId(row))) {
          indices.push(read);
          rows.push(row);
        } else {
          list[write] = row;
          write += 1;
        }
      }
      if (rows.length === 0) continue;
      list.length = write;
      for (const row of rows) {
        if (inserted.has(row)) {
          inserted.delete(row);
          removedNew.push(row);
        } else removedNow.push(rowId(row));
        selected.delete(rowId(row));
      }
      removals.push({ list, indices, rows, order: renumber(list) });
    }
    if (removals.length === 0) return 0;
    removedIds.push(...removedNow);
    const orderRows = removals.flatMap((r) => r.order.rows);
    touch(orderRows, 1);
    structureChanged();
    const count = removals.reduce((sum, r) => sum + r.rows.length, 0);

    const reinsert = (removal: Removal): void => {
      const { list, indices, rows } = removal;
      const total = list.length + rows.length;
      let kept = list.length - 1;
      let back = rows.length - 1;
      list.length = total;
      for (let target = total - 1; target >= 0; target -= 1) {
        if (back >= 0 && indices[back] === target) {
          list[target] = rows[back] as GridRow;
          back -= 1;
        } else {
          list[target] = list[kept] as GridRow;
          kept -= 1;
        }
      }
    };
    record({
      undo: () => {
        for (let r = removals.length - 1; r >= 0; r -= 1) {
          const removal = removals[r] as Removal;
          applyOrder(removal.order, 'before');
          reinsert(removal);
        }
        touch(orderRows, -1);
        for (const row of removedNew) inserted.add(row);
        removedIds.length -= removedNow.length;
        structureChanged();
      },
      redo: () => {
        for (const removal of removals) {
          const gone = new Set(removal.rows);
          let write = 0;
          for (const row of removal.list) if (!gone.has(row)) removal.list[write++] = row;
          removal.list.length = write;
          applyOrder(removal.order, 'after');
          for (const row of removal.rows) selected.delete(rowId(row));
        }
        touch(orderRows, 1);
        for (const row of removedNew) inserted.delete(row);
        removedIds.push(...removedNow);
        structureChanged();
      },
    });
    emit();
    return count;
  }

  function moveInList(list: GridRow[], from: number, to: number): boolean {
    if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return false;
    moveWithin(list, from, to);
    const order = renumber(list);
    touch(order.rows, 1);
    structureChanged();
    record({
      undo: () => {
        applyOrder(order, 'before');
        touch(order.rows, -1);
        moveWithin(list, to, from);
        structureChanged();
      },
      redo: () => {
        moveWithin(list, from, to);
        applyOrder(order, 'after');
        touch(order.rows, 1);
        structureChanged();
      },
    });
    emit();
    return true;
  }

  /** The row's list and its index there (O(1) outside tree mode). */
  function locate(visibleIndex: number): { list: GridRow[]; index: number } | undefined {
    const row = getRows()[visibleIndex];
    if (!row) return undefined;
    const list = siblingsOf(row);
    const index = list === visible ? visibleIndex : list.indexOf(row);
    return { list, index };
  }

  function moveRow(index: number, direction: MoveDirection): boolean {
    const at = locate(index);
    if (!at) return false;
    return moveInList(at.list, at.index, direction === 'up' ? at.index - 1 : at.index + 1);
  }

  function moveRowTo(from: number, to: number): boolean {
    const a = locate(from);
    const b = locate(to);
    if (!a || !b || a.list !== b.list) return false;
    return moveInList(a.list, a.index, b.index);
  }

  // ---- selection ----

  function findVisible(id: string, hint: number | undefined): GridRow | undefined {
    const rows = getRows();
    if (hint !== undefined) {
      const row = rows[hint];
      if (row && rowId(row) === id) return row;
    }
    return rows.find((row) => rowId(row) === id);
  }

  function toggleSelect(id: string, indexHint?: number): boolean {
    const row = findVisible(id, indexHint);
    if (!row || matchesDisabledRows(row, disabledRule)) return false;
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    emit();
    return true;
  }

  function selectAll(on: boolean): void {
    selected.clear();
    if (on) for (const row of getRows()) if (!matchesDisabledRows(row, disabledRule)) selected.add(rowId(row));
    emit();
  }

  // ---- tree ----

  async function expand(id: string, loadChildren: (parentId: string) => Promise<GridRow[]>): Promise<void> {
    if (!treeMode) return;
    if (childrenOf.has(id)) {
      if (!expanded.has(id)) {
        expanded.add(id);
        structureChanged();
        emit();
      }
      return;
    }
    const pending = loading.get(id);
    if (pending) return pending;
    const load = loadChildren(id).then(
      (children) => {
        loading.delete(id);
        childrenOf.set(id, children);
        for (const child of children) parentOf.set(child, id);
        expanded.add(id);
        structureChanged();
        emit();
      },
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, load);
    return load;
  }

  function collapse(id: string): void {
    if (!expanded.delete(id)) return;
    structureChanged();
    emit();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getVersion: () => version,
    getRows,
    getColumns: () => columns,
    getDepth(index) {
      if (!treeMode) return 0;
      getRows();
      return depths[index] ?? 0;
    },
    getRowId: rowId,
    indexOf,
    applyRemote,
    setCell: (rowIndex, key, value) => setCells([{ rowIndex, key, value }]) > 0,
    setCells,
    undo() {
      const step = undoStack.pop();
      if (!step) return false;
      step.undo();
      redoStack.push(step);
      emit();
      return true;
    },
    redo() {
      const step = redoStack.pop();
      if (!step) return false;
      step.redo();
      undoStack.push(step);
      emit();
      return true;
    },
    canUndo: () => undoStack.length > 0,
    canRedo: () => redoStack.length > 0,
    addRows,
    removeRows,
    moveRow,
    moveRowTo,
    getRemovedIds: () => [...removedIds],
    getChanges() {
      const removed = new Set(removedIds);
      const updated: string[] = [];
      for (const row of dirty.keys()) if (!removed.has(rowId(row))) updated.push(rowId(row));
      return { inserted: [...inserted], updated, removed: [...removedIds] };
    },
    isNewRow: (row) => inserted.has(row) || isTempId(row[rowKey]),
    isRowDisabled: (row) => matchesDisabledRows(row, disabledRule),
    toggleSelect,
    selectAll,
    isSelected: (id) => selected.has(id),
    getSelectedIds: () => [...selected],
    expand,
    collapse,
    isExpanded: (id) => expanded.has(id),
  };
}
