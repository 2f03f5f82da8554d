/**
 * The editable grid (spec 001 §2.2, issue 13): the windowed view (view/grid-view.tsx) over the edit model
 * (model/grid-store.ts), with the toolbar (新增 with its settings, 批量删除 with '确定要删除这 N 项吗?'), the
 * drag-sort column (上移 / 下移 / 插入一行, renumbering the order field), the footer statistics (合计 / 平均), the
 * column rules of packages/shared/src/grid/validate.ts (checked per edit, and over every row by `validate()`,
 * which shows the first failing cell and refuses a save while any failure stands), copy and paste of ranges,
 * undo/redo, tree rows loaded on expand and the 1.4 s highlight of reloaded rows.
 *
 * Rows are handed over once (`rows`) and are the grid's from then on: edit them through the grid, read them and
 * the changes for saving through `apiRef` (`getChanges()`: inserted rows, updated ids, removed ids).
 * Cell types draw through `cellKinds` (cells/cell-kinds.tsx); loaders the cells need come in `cellContext`.
 */
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type Ref,
} from 'react';
import { Pagination } from 'antd';
import TableOutlined from '@ant-design/icons-svg/es/asn/TableOutlined';
import {
  GRID_DEFAULT_MAX_HEIGHT,
  GRID_RELOAD_HIGHLIGHT_MS,
  GRID_ROW_HEIGHT,
  GRID_TEXT,
  columnWidth,
} from '@houtai/shared/grid/constants';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';
import { GridValidator, type GridRuleHandler, type GridValidation } from '@houtai/shared/grid/validate';
import { useFeedback } from '../../lib/feedback.ts';
import { localStore } from '../../lib/storage.ts';
import { GridToolbar } from './grid-toolbar.tsx';
import { SubTablePopover } from './sub-table-popover.tsx';
import { RowSortButton, RowSortMenu, type RowSortAction, type RowSortTarget } from './row-sort-menu.tsx';
import { StaticIcon } from './static-icon.tsx';
import {
  addRowSettingsKey,
  createThrottle,
  normaliseAddRowSettings,
  type AddRowSettings,
} from './model/add-row-settings.ts';
import { emptyCellValue, type DisabledRowsRule } from './model/cell-values.ts';
import type { CellContext } from './cells/cell-context.ts';
import { cellRenderers, viewColumn } from './cells/cell-kinds.tsx';
import { pasteMatrix, parseTsv, rangeToTsv } from './model/clipboard.ts';
import { createGridStore, type GridChanges, type GridStore } from './model/grid-store.ts';
import { statisticSums, statisticValue, statisticsRows } from './model/statistics.ts';
import { useGridSocket } from './realtime/use-grid-socket.ts';
import {
  GridView,
  type GridFooterRow,
  type GridSelection,
  type GridViewApi,
  type GridViewColumn,
} from './view/grid-view.tsx';

export interface EditableGridApi {
  store: GridStore;
  /** Writes a cell through the grid's own commit path (what a cell editor's commit runs: model, rules, redraw). */
  commit: (rowIndex: number, key: string, value: unknown) => void;
  /**
   * Checks every row (the handlers too); marks the failing cells, shows and focuses the first one and resolves
   * with the result. A save must not go on when `valid` is false.
   */
  validate: () => Promise<GridValidation>;
  getChanges: () => GridChanges;
  /** Highlights rows (e.g. reloaded from the server) for 1.4 s. */
  highlight: (ids: readonly string[]) => void;
  /**
   * Tells the other viewers of the page (the `realtime` socket) that these rows changed — after the owner saved
   * them; their grids show the rows' new values, highlighted. False when the socket is not open.
   */
  broadcast: (ids: readonly string[]) => boolean;
}

export interface EditableGridProps {
  /** Names the grid (its add-row settings are saved under it) and its accessible label. */
  gridId: string;
  label: string;
  columns: readonly GridColumn[];
  rows: GridRow[];
  apiRef?: Ref<EditableGridApi>;
  rowHeight?: number;
  maxHeight?: number;
  rowNumber?: boolean;
  rowSelection?: boolean;
  dragSort?: boolean;
  toolbar?: boolean;
  /** Codes under the grid's authPre the user lacks ('add', 'batch_delete'): lib/permissions useExcludedCodes. */
  excludedCodes?: ReadonlySet<string>;
  disabledRows?: DisabledRowsRule;
  /** Tree-table: children of a row with `hasChildren`, loaded on its first expand. */
  loadChildren?: (parentId: string) => Promise<GridRow[]>;
  /** Asynchronous removal: asked before existing rows are removed; rejecting keeps them. */
  beforeRemove?: (ids: readonly string[]) => Promise<void>;
  handlers?: Readonly<Record<string, GridRuleHandler>>;
  /** Loaders the cells need (dictionaries, pickers, uploads, slots); the grid adds commitNow and isRowDisabled. */
  cellContext?: Omit<CellContext, 'commitNow' | 'isRowDisabled'>;
  pagination?: { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
  /**
   * A sub-table per row (§2.2): a button in a pinned column opens it in a popover under or over the row; `load`
   * answers its content (retried; '打开子表失败' when it still fails).
   */
  subTable?: { title: string; load: (row: GridRow) => Promise<ReactNode> };
  /** The page's grid socket (/vxeSocket/{userId}/{pageId}): rows other viewers saved arrive here. */
  realtime?: { userId: string; pageId: string; token: string; socketKey?: string };
  disabled?: boolean;
  'data-testid'?: string;
}

/** A press and its click: how long after the sort menu closed a click on its handle counts as that press. */
const SORT_PRESS_MS = 1000;
const EMPTY_SET: ReadonlySet<string> = new Set();

export function EditableGrid(props: EditableGridProps) {
  const {
    gridId,
    label,
    rows,
    apiRef,
    rowHeight = GRID_ROW_HEIGHT,
    maxHeight = GRID_DEFAULT_MAX_HEIGHT,
    rowNumber = true,
    rowSelection = true,
    dragSort = false,
    toolbar = true,
    excludedCodes = EMPTY_SET,
    disabledRows,
    loadChildren,
    beforeRemove,
    handlers,
    cellContext,
    pagination,
    realtime,
    subTable,
    disabled = false,
  } = props;
  const { message, modal } = useFeedback();

  // Pinned columns first (the view draws them first; paste walks the columns in the same order); hidden ones out.
  const columns = useMemo(
    () => [...props.columns.filter((c) => c.fixed === 'left'), ...props.columns.filter((c) => c.fixed !== 'left')],
    [props.columns],
  );
  const shown = useMemo(() => columns.filter((c) => c.type !== 'hidden'), [columns]);
  const [store] = useState(() => createGridStore({ rows, columns, disabledRows, tree: !!loadChildren }));
  const version = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.getVersion(),
  );
  const visible = store.getRows();

  // Rows are edited in place: a stamp per row tells the view which rows to draw again; row operations, undo, redo
  // and paste bump the epoch, which changes every stamp.
  const [stamps] = useState(() => new WeakMap<GridRow, number>());
  const [epoch, setEpoch] = useState(0);
  const rowStamp = useCallback((row: GridRow) => epoch * 1_000_000 + (stamps.get(row) ?? 0), [epoch, stamps]);
  const touch = useCallback(
    (row: GridRow | undefined) => {
      if (row) stamps.set(row, (stamps.get(row) ?? 0) + 1);
    },
    [stamps],
  );
  const bumpAll = () => setEpoch((e) => e + 1);

  // ---- column rules ----
  const [validator] = useState(() => new GridValidator(columns));
  const [errorVersion, setErrorVersion] = useState(0);
  const [checked, setChecked] = useState(false);
  const cellError = useCallback(
    (rowIndex: number, key: string) => {
      if (!checked) return undefined;
      const row = visible[rowIndex];
      return row ? validator.errorAt(row.id, key)?.message : undefined;
    },
    // errorVersion: the validator changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [checked, visible, validator, errorVersion],
  );

  // ---- statistics (over every row) ----
  // Summed once per row-set change (epoch); a cell edit moves its column's sum by the difference (onCommit).
  const hasStatistics = columns.some((c) => c.statistics?.length);
  const sums = useMemo(
    () => (hasStatistics ? statisticSums(store.getRows(), columns) : new Map<string, number>()),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hasStatistics, store, columns, epoch],
  );
  const footer: GridFooterRow[] | undefined = useMemo(() => {
    if (!hasStatistics) return undefined;
    return statisticsRows(sums, store.getRows().length, columns).map((s) => ({
      label: s.label,
      values: Object.fromEntries(Object.entries(s.values).map(([k, v]) => [k, String(v)])),
    }));
    // version: the sums were moved in place by an edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasStatistics, sums, store, columns, version]);

  const byKey = useMemo(() => new Map(shown.map((c) => [c.key, c])), [shown]);

  // ---- edits ----
  const onCommit = useCallback(
    (rowIndex: number, key: string, value: unknown) => {
      const row = store.getRows()[rowIndex];
      if (!row || disabled) return;
      const old = row[key];
      // Every statistics column of the row, before and after: a linked select may clear more than the one cell.
      const before = [...sums.keys()].map((k) => statisticValue(row[k]));
      if (!store.setCell(rowIndex, key, value)) return;
      touch(row);
      [...sums.keys()].forEach((k, i) => sums.set(k, (sums.get(k) ?? 0) - before[i]! + statisticValue(row[k])));
      // A linked select may have cleared other cells of the row: the row's stamp covers them.
      if (checked) {
        // After the edit is drawn: the rule check of a million rows' unique index must not hold the frame.
        setTimeout(() => {
          const changes = validator.afterEdit(store.getRows(), rowIndex, key, old, value);
          if (changes.added.length || changes.cleared.length) setErrorVersion((v) => v + 1);
          if (handlers && validator.rules.byKey.get(key)?.hasHandlers) {
            void validator
              .checkCellAsync(store.getRows(), rowIndex, key, handlers)
              .then(() => setErrorVersion((v) => v + 1));
          }
        }, 0);
      }
    },
    [store, disabled, checked, validator, handlers, sums, touch],
  );

  // ---- cells ----
  const ctx: CellContext = useMemo(
    () => ({
      ...cellContext,
      // Checkbox, switch and radio cells write at once, through the same commit as an editor.
      commitNow: onCommit,
      isRowDisabled: (row) => disabled || store.isRowDisabled(row),
    }),
    [cellContext, disabled, store, onCommit],
  );
  const viewColumns = useMemo(
    () => shown.map((c) => viewColumn(c, columnWidth(c, hasStatistics) ?? c.width ?? 120, ctx)),
    [shown, hasStatistics, ctx],
  );
  const renderers = useMemo(() => cellRenderers(shown, ctx), [shown, ctx]);

  // ---- selection ----
  // Counted per row-set change (epoch), not per cell edit: one pass over a million rows.
  const selectableCount = useMemo(
    () => (rowSelection ? store.getRows().reduce((n, r) => (store.isRowDisabled(r) ? n : n + 1), 0) : 0),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rowSelection, store, epoch],
  );
  // Stable across cell edits (a new object would draw every row again): only a selection change or a row-set
  // change (epoch) makes a new one.
  const [selectionVersion, setSelectionVersion] = useState(0);
  const selection: GridSelection | undefined = useMemo(() => {
    if (!rowSelection) return undefined;
    const count = store.getSelectedIds().length;
    return {
      isSelected: (row) => store.isSelected(store.getRowId(row)),
      isDisabled: (row) => store.isRowDisabled(row),
      toggle: (row, index) => {
        store.toggleSelect(store.getRowId(row), index);
        touch(row);
        setSelectionVersion((v) => v + 1);
      },
      allState: count === 0 ? 'none' : count >= selectableCount ? 'all' : 'some',
      toggleAll: () => {
        store.selectAll(count === 0);
        bumpAll();
      },
    };
    // selectionVersion, epoch: the selection lives in the store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowSelection, store, selectableCount, selectionVersion, epoch]);

  // ---- toolbar ----
  const [settings, setSettings] = useState<AddRowSettings>(() =>
    normaliseAddRowSettings(
      localStore.get<AddRowSettings>(addRowSettingsKey(gridId)) ?? { rows: 1, position: 0 },
      store.getRows().length,
    ),
  );
  const saveSettings = (next: AddRowSettings) => {
    const normal = normaliseAddRowSettings(next, store.getRows().length);
    setSettings(normal);
    localStore.set(addRowSettingsKey(gridId), normal);
  };
  const [throttle] = useState(() => createThrottle());
  const viewApi = useRef<GridViewApi>(null);
  const insertAt = (position: number, count: number) => {
    if (!throttle.tryInsert()) {
      void message.warning(GRID_TEXT.insertTooFast);
      return;
    }
    const added = store.addRows(count, position);
    bumpAll();
    if (checked && added.length) {
      const changes = validator.afterAdd(store.getRows(), added);
      if (changes.added.length || changes.cleared.length) setErrorVersion((v) => v + 1);
    }
    const first = added[0];
    if (first) {
      const index = store.getRows().indexOf(first);
      const firstEditable = viewColumns.findIndex((c) => c.editable);
      if (index >= 0 && firstEditable >= 0) viewApi.current?.showCell(index, viewColumns[firstEditable]!.key);
    }
  };
  const removeIds = async (ids: readonly string[]) => {
    // One pass over the rows (a batch of thousands must not search the list per id).
    const wanted = new Set(ids);
    const removedRows = store.getRows().filter((r) => wanted.has(store.getRowId(r)));
    const existing = removedRows.filter((r) => !store.isNewRow(r)).map((r) => store.getRowId(r));
    if (beforeRemove && existing.length) await beforeRemove(existing);
    store.removeRows(ids);
    bumpAll();
    if (checked) {
      const changes = validator.afterRemove(store.getRows(), removedRows);
      if (changes.added.length || changes.cleared.length) setErrorVersion((v) => v + 1);
    }
  };
  const batchDelete = () => {
    const ids = store.getSelectedIds();
    if (ids.length === 0) return;
    modal.confirm({
      title: GRID_TEXT.deleteConfirm(ids.length),
      okType: 'danger',
      onOk: () => removeIds(ids),
    });
  };

  // The toolbar is memoised and gets stable handlers that call the latest ones: a cell edit must not draw its
  // antd buttons again (they were most of an edit's cost).
  const toolbarActions = useRef<{ add: () => void; settings: (next: AddRowSettings) => void; remove: () => void }>(
    null,
  );
  useLayoutEffect(() => {
    toolbarActions.current = {
      add: () => insertAt(settings.position, settings.rows),
      settings: saveSettings,
      remove: batchDelete,
    };
  });
  const onToolbarAdd = useCallback(() => toolbarActions.current?.add(), []);
  const onToolbarSettings = useCallback((next: AddRowSettings) => toolbarActions.current?.settings(next), []);
  const onToolbarDelete = useCallback(() => toolbarActions.current?.remove(), []);

  // ---- drag-sort column ----
  // Rows draw a plain button; the grid has one menu, opened at the pressed handle (row-sort-menu.tsx).
  const [sortTarget, setSortTarget] = useState<RowSortTarget | null>(null);
  // The menu closes on the press (pointerdown) outside it, before the click: a press on the open menu's own handle
  // must then not open it again. Keyboard clicks are never ignored.
  const sortClosed = useRef<{ anchor: HTMLElement; at: number } | null>(null);
  const openSort = useCallback((target: RowSortTarget, pressed: boolean) => {
    const closed = sortClosed.current;
    sortClosed.current = null;
    if (pressed && closed?.anchor === target.anchor && performance.now() - closed.at < SORT_PRESS_MS) return;
    setSortTarget(target);
  }, []);
  const closeSort = (pressed: boolean) => {
    if (!sortTarget) return;
    sortClosed.current = pressed ? { anchor: sortTarget.anchor, at: performance.now() } : null;
    setSortTarget(null);
    if (sortTarget.anchor.isConnected) sortTarget.anchor.focus();
  };
  const onSortAction = (action: RowSortAction, index: number) => {
    if (action === 'up' || action === 'down') {
      if (store.moveRow(index, action)) bumpAll();
    }
    // Below the row, as JeecgBoot's 插入一行 (insertAt's positions count from 1 and insert before that row).
    else insertAt(index + 2, 1);
  };
  const sortOpenAt = sortTarget?.index ?? -1;
  const dragHandle = useMemo(() => {
    if (!dragSort) return undefined;
    return {
      onMove: (from: number, to: number) => {
        if (store.moveRowTo(from, to)) bumpAll();
      },
      render: (row: GridRow, index: number) => (
        <RowSortButton index={index} rowId={row.id} open={index === sortOpenAt} onOpen={openSort} />
      ),
    };
  }, [dragSort, store, sortOpenAt, openSort]);

  // ---- sub-table popover ----
  const [openSub, setOpenSub] = useState<{ row: GridRow; index: number; anchor: HTMLElement } | null>(null);
  const rowAction = useMemo(() => {
    if (!subTable) return undefined;
    return {
      render: (row: GridRow, index: number) => (
        <button
          type="button"
          className="hg-drag-button"
          aria-label={`展开第 ${index + 1} 行的${subTable.title}`}
          aria-haspopup="dialog"
          onMouseDown={(e) => e.stopPropagation()}
          onClick={(e) => setOpenSub({ row, index, anchor: e.currentTarget })}
        >
          <StaticIcon icon={TableOutlined} />
        </button>
      ),
    };
  }, [subTable]);
  const closeSub = () => {
    const trigger = openSub?.anchor;
    setOpenSub(null);
    trigger?.focus();
  };

  // ---- highlight of reloaded rows ----
  const [flash, setFlash] = useState<ReadonlySet<string>>(EMPTY_SET);
  useEffect(() => {
    if (flash.size === 0) return undefined;
    const t = setTimeout(() => setFlash(EMPTY_SET), GRID_RELOAD_HIGHLIGHT_MS);
    return () => clearTimeout(t);
  }, [flash]);

  // ---- rows other viewers saved (update_vxe_table) ----
  const socket = useGridSocket({
    userId: realtime?.userId ?? '',
    pageId: realtime?.pageId ?? '',
    token: realtime?.token ?? '',
    ...(realtime?.socketKey ? { socketKey: realtime.socketKey } : {}),
    onUpdate: (incoming) => {
      // Saved by someone else: shown as it is now, not an edit of this user's (no undo step, not "updated").
      const applied = store.applyRemote(incoming);
      if (!applied || applied.changed.length === 0) return;
      const { index, row, changed } = applied;
      const list = store.getRows();
      for (const { key, before } of changed) {
        if (!byKey.has(key)) continue;
        if (sums.has(key)) sums.set(key, (sums.get(key) ?? 0) - statisticValue(before) + statisticValue(row[key]));
        if (checked) validator.afterEdit(list, index, key, before, row[key]);
      }
      touch(row);
      setErrorVersion((v) => v + 1);
      setFlash(new Set([store.getRowId(row)]));
    },
  });

  useImperativeHandle(
    apiRef,
    () => ({
      store,
      commit: onCommit,
      getChanges: () => store.getChanges(),
      highlight: (ids) => setFlash(new Set(ids)),
      broadcast: (ids) => {
        const wanted = new Set(ids);
        let sent = true;
        for (const row of store.getRows()) if (wanted.has(store.getRowId(row))) sent = socket.send(row) && sent;
        return sent;
      },
      validate: async () => {
        const result = handlers
          ? await validator.validateAllAsync(store.getRows(), handlers)
          : validator.validateAll(store.getRows());
        setChecked(true);
        setErrorVersion((v) => v + 1);
        const first = result.first;
        if (first) {
          viewApi.current?.showCell(first.row, first.column);
          viewApi.current?.focus();
        }
        return result;
      },
    }),
    [store, validator, handlers, onCommit, socket],
  );

  const firstKey = viewColumns[0]?.key;
  const toggleTree = useCallback(
    (row: GridRow) => {
      if (!loadChildren) return;
      const id = store.getRowId(row);
      if (store.isExpanded(id)) {
        store.collapse(id);
        bumpAll();
        return;
      }
      store.expand(id, loadChildren).then(bumpAll, () => void message.error('加载子节点失败'));
    },

    [loadChildren, store, message],
  );
  const renderValue = useCallback(
    (row: GridRow, column: GridViewColumn, rowIndex: number) => {
      const content = renderers.renderValue(row, column, rowIndex);
      if (!loadChildren || column.key !== firstKey) return content;
      const expanded = store.isExpanded(store.getRowId(row));
      return (
        <>
          {row.hasChildren ? (
            <button
              type="button"
              className="hg-tree-toggle"
              aria-expanded={expanded}
              aria-label={expanded ? '收起' : '展开'}
              onMouseDown={(e) => e.stopPropagation()}
              onClick={() => toggleTree(row)}
            >
              {expanded ? '▾' : '▸'}
            </button>
          ) : (
            <span className="hg-tree-leaf" />
          )}
          {content}
        </>
      );
    },
    [renderers, loadChildren, firstKey, store, toggleTree],
  );

  const height = Math.min(maxHeight, 40 + Math.max(1, visible.length) * rowHeight + (footer?.length ?? 0) * 40 + 2);

  return (
    <div data-testid={props['data-testid']} className="hg-editable-grid">
      {toolbar ? (
        <GridToolbar
          excluded={excludedCodes}
          selectedCount={store.getSelectedIds().length}
          rowCount={visible.length}
          settings={settings}
          onSettings={onToolbarSettings}
          onAdd={onToolbarAdd}
          onBatchDelete={onToolbarDelete}
          disabled={disabled}
        />
      ) : null}
      <GridView
        ref={viewApi}
        rows={visible}
        version={version}
        rowStamp={rowStamp}
        columns={viewColumns}
        label={label}
        rowHeight={rowHeight}
        height={height}
        rowNumbers={rowNumber}
        selection={selection}
        dragHandle={dragHandle}
        rowAction={rowAction}
        footer={footer}
        renderValue={renderValue}
        renderEditor={renderers.renderEditor}
        onClearCell={(rowIndex, key) => {
          const column = byKey.get(key);
          if (column) onCommit(rowIndex, key, emptyCellValue(column));
        }}
        onCommit={onCommit}
        cellError={cellError}
        errorVersion={errorVersion}
        onCopyRange={(r) => rangeToTsv(visible, shown, { top: r.r0, left: r.c0, bottom: r.r1, right: r.c1 })}
        onPasteText={(at, text) => {
          const column = viewColumns[at.col];
          if (!column || disabled) return;
          const result = pasteMatrix(store, { row: at.row, column: column.key }, parseTsv(text));
          if (result.changed) {
            bumpAll();
            if (checked) {
              validator.validateAll(store.getRows());
              setErrorVersion((v) => v + 1);
            }
          }
        }}
        onUndo={() => {
          if (store.undo()) {
            bumpAll();
            if (checked) {
              validator.validateAll(store.getRows());
              setErrorVersion((v) => v + 1);
            }
          }
        }}
        onRedo={() => {
          if (store.redo()) {
            bumpAll();
            if (checked) {
              validator.validateAll(store.getRows());
              setErrorVersion((v) => v + 1);
            }
          }
        }}
        flashRowIds={flash}
        rowDepth={loadChildren ? (_row, index) => store.getDepth(index) : undefined}
      />
      {sortTarget ? (
        <RowSortMenu target={sortTarget} rowCount={visible.length} onAction={onSortAction} onClose={closeSort} />
      ) : null}
      {openSub && subTable ? (
        <SubTablePopover
          title={subTable.title}
          anchor={openSub.anchor.getBoundingClientRect()}
          load={() => subTable.load(openSub.row)}
          onFailed={() => {
            void message.error(GRID_TEXT.subTableFailed);
            closeSub();
          }}
          onClose={closeSub}
        />
      ) : null}
      {pagination ? (
        <Pagination
          style={{ marginTop: 8, textAlign: 'right' }}
          size="small"
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          showSizeChanger
          pageSizeOptions={[10, 20, 30]}
          onChange={pagination.onChange}
        />
      ) : null}
    </div>
  );
}
