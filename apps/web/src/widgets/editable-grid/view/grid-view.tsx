/**
 * The editable grid's view (issue 13): draws only the rows and columns in sight (windowing.ts), with pinned
 * columns (row number, selection, drag handle, and data columns marked `fixed`), a sticky header and an optional
 * sticky footer (statistics); keeps the active cell and a cell range, edits in place, and speaks the ARIA grid
 * pattern (role grid/row/gridcell/columnheader with row and column indexes, the active cell as
 * aria-activedescendant). It holds no data model: rows come in by reference with a `version` that changes on every
 * change, and everything that changes data goes out through callbacks (onCommit, onPasteText, onUndo …) to the
 * widget that owns the model (editable-grid.tsx).
 *
 * Keyboard: arrows move (Shift extends the range), Tab/Shift+Tab move sideways, Home/End, PageUp/PageDown, Enter or
 * F2 edits (typing a character edits starting from it), in the editor Enter commits and moves down, Tab commits and
 * moves sideways, Escape cancels; Ctrl+C/Ctrl+V copy and paste the range as tab-separated text (a spreadsheet's),
 * Ctrl+Z/Ctrl+Y undo and redo; Space toggles the row's selection.
 */
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { theme } from 'antd';
import type { GridRow } from '@houtai/shared/grid/types';
import { cellText } from '../model/clipboard.ts';
import { columnOffsets, columnWindow, rowWindow, scrollTopToShowRow, virtualTop } from './windowing.ts';
import './editable-grid.css';

export interface GridViewColumn {
  key: string;
  title: string;
  width: number;
  /** Pinned to the left edge (after the row number, selection and drag columns). */
  fixed?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Editable in place (false: read-only cells still take part in the range and copy). */
  editable?: boolean;
}

/** A rectangle of cells: row indexes into `rows`, column indexes into the drawn order (pinned columns first). */
export interface GridRange {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export interface GridCellRef {
  row: number;
  col: number;
}

export interface GridEditorProps {
  row: GridRow;
  rowIndex: number;
  column: GridViewColumn;
  /** The text typed to start editing (replaces the value), or null when editing started from the value. */
  initialText: string | null;
  commit: (value: unknown, move?: 'down' | 'right' | 'left' | 'none') => void;
  cancel: () => void;
}

export interface GridSelection {
  isSelected: (row: GridRow) => boolean;
  isDisabled: (row: GridRow) => boolean;
  toggle: (row: GridRow, index: number) => void;
  /** The header checkbox: none, some or all of the selectable rows selected. */
  allState: 'none' | 'some' | 'all';
  toggleAll: () => void;
}

export interface GridFooterRow {
  label: string;
  /** Text per column key. */
  values: Readonly<Record<string, string>>;
}

export interface GridViewProps {
  rows: readonly GridRow[];
  /** Changes whenever anything in `rows` changed (the model's version). */
  version: number;
  /**
   * A number that changes when that row changed (rows are edited in place): only such rows are drawn again after
   * an edit. Without it every drawn row is drawn again on every version.
   */
  rowStamp?: (row: GridRow) => number;
  columns: readonly GridViewColumn[];
  /** Accessible name of the grid. */
  label: string;
  rowHeight?: number;
  headerHeight?: number;
  /** Height of the whole grid (header, rows, footer), default 400. */
  height?: number;
  width?: number | string;
  rowNumbers?: boolean;
  selection?: GridSelection;
  /**
   * The drag-sort column: its content per row (e.g. a menu of 上移 / 下移 / 插入一行), and `onMove` when a row is
   * dragged by it onto another row (the row takes that row's place).
   */
  dragHandle?: { render: (row: GridRow, index: number) => ReactNode; onMove?: (from: number, to: number) => void };
  /** A pinned column of one control per row (the sub-table button): its content per row. */
  rowAction?: { render: (row: GridRow, index: number) => ReactNode };
  footer?: readonly GridFooterRow[];
  /** What a cell shows; default the value as text. */
  renderValue?: (row: GridRow, column: GridViewColumn, rowIndex: number) => ReactNode;
  /** The in-place editor of a cell; default a text input. */
  renderEditor?: (props: GridEditorProps) => ReactNode;
  onCommit: (rowIndex: number, key: string, value: unknown) => void;
  /** Delete / Backspace on an editable cell; default: commits ''. (The owner knows each type's empty value.) */
  onClearCell?: (rowIndex: number, key: string) => void;
  /** The first rule failure of a cell, if any (marks the cell, shown as its tooltip when active). */
  cellError?: (rowIndex: number, key: string) => string | undefined;
  /** Changes when cell errors changed. */
  errorVersion?: number;
  onCopyRange?: (range: GridRange) => string;
  onPasteText?: (at: GridCellRef, text: string) => void;
  onUndo?: () => void;
  onRedo?: () => void;
  /** Rows drawn with the 1.4 s reload highlight. */
  flashRowIds?: ReadonlySet<string>;
  /** Tree-table: the row's depth (indents the first column). */
  rowDepth?: (row: GridRow, index: number) => number;
  emptyText?: string;
  /** Extra attributes for tests and the benchmark page. */
  'data-testid'?: string;
}

export interface GridViewApi {
  /** Scrolls a cell into view and makes it the active cell. */
  showCell: (rowIndex: number, key: string) => void;
  focus: () => void;
  scrollElement: () => HTMLDivElement | null;
  /** Scroll positions for a grid whose content is taller than the browser allows (windowing.ts). */
  scrollTo: (top: number) => void;
  maxScrollTop: () => number;
}

const ROW_NUMBER_WIDTH = 60;
const CHECKBOX_WIDTH = 40;
const CHECKBOX_WIDTH_WITH_FOOTER = 60;
const DRAG_WIDTH = 40;
const ROW_OVERSCAN = 3;
/** Rows per block of the row layer's base (see rowBase): small enough that row offsets stay small numbers. */
const ROW_BLOCK = 1024;
const COLUMN_OVERSCAN = 1;

function defaultValueText(row: GridRow, column: GridViewColumn): ReactNode {
  return cellText(row[column.key]);
}

function TextEditor({ row, column, initialText, commit, cancel }: GridEditorProps) {
  const [text, setText] = useState(() => initialText ?? cellText(row[column.key]));
  const done = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  // Focus follows the keyboard into the editor it opened (and back to the grid when it closes).
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    if (initialText === null) el.select();
  }, [initialText]);
  const finish = (move: 'down' | 'right' | 'left' | 'none') => {
    if (done.current) return;
    done.current = true;
    commit(text, move);
  };
  return (
    <input
      ref={input}
      className="hg-editor"
      aria-label={column.title}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => finish('none')}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          finish('down');
        } else if (e.key === 'Tab') {
          e.preventDefault();
          finish(e.shiftKey ? 'left' : 'right');
        } else if (e.key === 'Escape') {
          e.preventDefault();
          done.current = true;
          cancel();
        }
        e.stopPropagation();
      }}
    />
  );
}

/** Whether the focused element inside the grid answers this key itself (a button's Enter/Space, a checkbox's Space). */
function controlKeepsKey(target: EventTarget, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLButtonElement) return key === 'Enter' || key === ' ';
  return target instanceof HTMLInputElement && target.type === 'checkbox' && key === ' ';
}

interface Lead {
  key: string;
  width: number;
  kind: 'number' | 'check' | 'drag' | 'action';
}

interface RowProps {
  index: number;
  row: GridRow;
  version: number;
  errorVersion: number;
  y: number;
  height: number;
  totalWidth: number;
  leads: readonly Lead[];
  leadLefts: readonly number[];
  fixedColumns: readonly GridViewColumn[];
  fixedLefts: readonly number[];
  scrolling: readonly GridViewColumn[];
  scrollOffsets: readonly number[];
  colStart: number;
  colEnd: number;
  /** Drawn index of the active column when this row holds the active cell, else -1. */
  activeCol: number;
  rangeCols: readonly [number, number] | null;
  editingCol: number;
  selected: boolean;
  disabled: boolean;
  flash: boolean;
  depth: number;
  idBase: string;
  view: RowViewProps;
}

/** What every row shares (stable while scrolling). */
interface RowViewProps {
  renderValue: (row: GridRow, column: GridViewColumn, rowIndex: number) => ReactNode;
  renderEditor: (props: GridEditorProps) => ReactNode;
  cellError?: (rowIndex: number, key: string) => string | undefined;
  selection?: GridSelection;
  dragHandle?: GridViewProps['dragHandle'];
  rowAction?: GridViewProps['rowAction'];
  onCellDown: (row: number, col: number, extend: boolean) => void;
  onCellEnter: (row: number, col: number) => void;
  onCellDouble: (row: number, col: number) => void;
  commitEdit: (rowIndex: number, col: number, value: unknown, move: 'down' | 'right' | 'left' | 'none') => void;
  cancelEdit: () => void;
  initialText: string | null;
  fixedCount: number;
}

const GridRowView = memo(function GridRowView(p: RowProps) {
  const { index, row, view, fixedColumns, scrolling, leads } = p;
  const cells: ReactNode[] = [];
  const lastFixed = leads.length + fixedColumns.length - 1;
  leads.forEach((lead, i) => {
    const style: CSSProperties = { width: lead.width, left: p.leadLefts[i] };
    const cls = `hg-cell hg-fixed hg-center${i === lastFixed ? ' hg-fixed-last' : ''}`;
    if (lead.kind === 'number') {
      cells.push(
        <div key={lead.key} className={`${cls} hg-rownum`} style={style} role="rowheader">
          {index + 1}
        </div>,
      );
    } else if (lead.kind === 'action') {
      cells.push(
        <div key={lead.key} className={cls} style={style} role="gridcell">
          {view.rowAction?.render(row, index)}
        </div>,
      );
    } else if (lead.kind === 'check') {
      const sel = view.selection!;
      cells.push(
        <div key={lead.key} className={cls} style={style} role="gridcell">
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={`选择第 ${index + 1} 行`}
            checked={p.selected}
            disabled={p.disabled}
            onChange={() => sel.toggle(row, index)}
          />
        </div>,
      );
    } else {
      cells.push(
        <div
          key={lead.key}
          className={`${cls} hg-drag`}
          style={style}
          role="gridcell"
          tabIndex={-1}
          draggable={!!view.dragHandle?.onMove}
          onDragStart={(e) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('application/x-houtai-grid-row', String(index));
          }}
        >
          {view.dragHandle?.render(row, index)}
        </div>,
      );
    }
  });
  const drawCell = (column: GridViewColumn, col: number, style: CSSProperties, extra: string) => {
    const active = p.activeCol === col;
    const inRange = p.rangeCols !== null && col >= p.rangeCols[0] && col <= p.rangeCols[1] && !active;
    const editing = p.editingCol === col;
    const error = view.cellError?.(index, column.key);
    let cls = `hg-cell${extra}`;
    if (column.align === 'right') cls += ' hg-num';
    else if (column.align === 'center') cls += ' hg-center';
    if (active) cls += ' hg-active';
    if (inRange) cls += ' hg-in-range';
    if (error) cls += ' hg-invalid';
    if (editing) cls += ' hg-cell-editing';
    const depthPad = col === 0 && p.depth > 0 ? { paddingLeft: 8 + p.depth * 16 } : null;
    const content = editing ? null : view.renderValue(row, column, index);
    // Text is laid out as a block line (cheaper than a flex box per cell while scrolling); other content is centred
    // by flex and keyed by the row, so a recycled row element (see the rows' keys) never hands a cell's component
    // state to another row.
    const plain = typeof content === 'string' || typeof content === 'number';
    if (plain) cls += ' hg-plain';
    cells.push(
      <div
        key={column.key}
        // Only the active cell needs its id (the grid's aria-activedescendant): fewer attributes per drawn cell.
        id={active ? `${p.idBase}-r${index}-c${col}` : undefined}
        className={cls}
        style={depthPad ? { ...style, ...depthPad } : style}
        role="gridcell"
        tabIndex={-1}
        aria-colindex={leads.length + col + 1}
        aria-invalid={error ? true : undefined}
        title={error}
        aria-readonly={column.editable ? undefined : true}
        data-cell={`${index}:${column.key}`}
        onMouseDown={(e) => {
          if (e.button === 0 && !editing) view.onCellDown(index, col, e.shiftKey);
        }}
        onMouseEnter={(e) => {
          if (e.buttons === 1) view.onCellEnter(index, col);
        }}
        onDoubleClick={() => view.onCellDouble(index, col)}
      >
        {editing ? (
          view.renderEditor({
            row,
            rowIndex: index,
            column,
            initialText: view.initialText,
            commit: (value, move = 'none') => view.commitEdit(index, col, value, move),
            cancel: view.cancelEdit,
          })
        ) : (
          <span key={plain ? 'text' : String(row.id)} className="hg-text">
            {content}
          </span>
        )}
      </div>,
    );
  };
  fixedColumns.forEach((column, i) => {
    const li = leads.length + i;
    drawCell(
      column,
      i,
      { width: column.width, left: p.fixedLefts[i] },
      ` hg-fixed${li === lastFixed ? ' hg-fixed-last' : ''}`,
    );
  });
  if (p.colStart > 0) cells.push(<div key="pad" style={{ width: p.scrollOffsets[p.colStart], flex: 'none' }} />);
  for (let c = p.colStart; c < p.colEnd; c++) {
    const column = scrolling[c]!;
    drawCell(column, view.fixedCount + c, { width: column.width }, '');
  }
  let cls = 'hg-row';
  if (p.selected) cls += ' hg-row-selected';
  if (p.disabled) cls += ' hg-row-disabled';
  if (p.flash) cls += ' hg-row-flash';
  return (
    <div
      className={cls}
      role="row"
      tabIndex={-1}
      onDragOver={
        view.dragHandle?.onMove
          ? (e) => {
              if (e.dataTransfer.types.includes('application/x-houtai-grid-row')) e.preventDefault();
            }
          : undefined
      }
      onDrop={
        view.dragHandle?.onMove
          ? (e) => {
              const from = Number(e.dataTransfer.getData('application/x-houtai-grid-row'));
              if (!Number.isInteger(from) || from === index) return;
              e.preventDefault();
              view.dragHandle?.onMove?.(from, index);
            }
          : undefined
      }
      aria-rowindex={index + 2}
      aria-selected={view.selection ? p.selected : undefined}
      aria-disabled={p.disabled || undefined}
      style={{ transform: `translateY(${p.y}px)`, width: p.totalWidth, height: p.height }}
    >
      {cells}
    </div>
  );
});

/** Moves a scroll position (outside the component: the element is React state there). */
function scrollElement(el: HTMLElement, to: { top?: number; left?: number }): void {
  if (to.top !== undefined) el.scrollTop = to.top;
  if (to.left !== undefined) el.scrollLeft = to.left;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * The grid's colours from the antd theme, as CSS variables. Read in this wrapper, which draws again only when the
 * grid's owner does: the view below draws on every scroll frame, and antd's token hook costs about a millisecond.
 */
export const GridView = forwardRef<GridViewApi, GridViewProps>(function GridView(props, ref) {
  const { token } = theme.useToken();
  const colours = useMemo(
    () =>
      ({
        '--hg-border': token.colorBorderSecondary,
        '--hg-line': token.colorSplit,
        '--hg-bg': token.colorBgContainer,
        '--hg-head-bg': token.colorFillAlter,
        '--hg-text': token.colorText,
        '--hg-muted': token.colorTextTertiary,
        '--hg-disabled': token.colorTextDisabled,
        '--hg-primary': token.colorPrimary,
        '--hg-focus': token.colorPrimaryBorder,
        '--hg-selected-bg': token.colorPrimaryBg,
        '--hg-range-bg': token.colorPrimaryBgHover,
        '--hg-flash': token.colorWarningBg,
        '--hg-error': token.colorError,
        '--hg-error-text': token.colorErrorText,
        '--hg-shadow': token.colorFillSecondary,
      }) as CSSProperties,
    [token],
  );
  return <GridViewBody {...props} colours={colours} ref={ref} />;
});

const GridViewBody = forwardRef<GridViewApi, GridViewProps & { colours: CSSProperties }>(
  function GridViewBody(props, ref) {
    const {
      rows,
      version,
      rowStamp,
      columns,
      label,
      rowHeight = 61,
      headerHeight = 40,
      height = 400,
      width = '100%',
      rowNumbers = false,
      selection,
      dragHandle,
      rowAction,
      footer,
      onCommit,
      onClearCell,
      cellError,
      errorVersion = 0,
      onCopyRange,
      onPasteText,
      onUndo,
      onRedo,
      flashRowIds,
      rowDepth,
      emptyText = '暂无数据',
    } = props;
    const idBase = useId().replace(/:/g, '');
    // The scroll element as state (a callback ref): handlers and effects read it, render does not.
    const [gridEl, setGridEl] = useState<HTMLDivElement | null>(null);
    const [scroll, setScroll] = useState({ top: 0, left: 0 });
    const [size, setSize] = useState({ width: 1000, height });
    const [activeState, setActive] = useState<GridCellRef | null>(null);
    const [anchorState, setAnchor] = useState<GridCellRef | null>(null);
    const [editingState, setEditing] = useState<{ cell: GridCellRef; initialText: string | null } | null>(null);

    // ---- columns: the leading columns, the pinned data columns, the scrolling ones ----
    const leads = useMemo<Lead[]>(() => {
      const out: Lead[] = [];
      if (rowNumbers) out.push({ key: '__num', width: ROW_NUMBER_WIDTH, kind: 'number' });
      if (selection)
        out.push({
          key: '__check',
          width: footer?.length ? CHECKBOX_WIDTH_WITH_FOOTER : CHECKBOX_WIDTH,
          kind: 'check',
        });
      if (dragHandle) out.push({ key: '__drag', width: DRAG_WIDTH, kind: 'drag' });
      if (rowAction) out.push({ key: '__action', width: DRAG_WIDTH, kind: 'action' });
      return out;
    }, [rowNumbers, selection, dragHandle, rowAction, footer?.length]);
    const fixedColumns = useMemo(() => columns.filter((c) => c.fixed), [columns]);
    const scrolling = useMemo(() => columns.filter((c) => !c.fixed), [columns]);
    const drawn = useMemo(() => [...fixedColumns, ...scrolling], [fixedColumns, scrolling]);
    const leadLefts = useMemo(() => columnOffsets(leads.map((l) => l.width)), [leads]);
    const leadWidth = leadLefts[leads.length]!;
    const fixedLefts = useMemo(
      () => columnOffsets(fixedColumns.map((c) => c.width)).map((x) => x + leadWidth),
      [fixedColumns, leadWidth],
    );
    const fixedWidth = fixedLefts[fixedColumns.length]!;
    const scrollOffsets = useMemo(() => columnOffsets(scrolling.map((c) => c.width)), [scrolling]);
    const totalWidth = fixedWidth + scrollOffsets[scrolling.length]!;

    const footerHeight = (footer?.length ?? 0) * headerHeight;
    const bodyViewport = Math.max(rowHeight, size.height - headerHeight - footerHeight);
    const win = rowWindow({
      scrollTop: scroll.top,
      viewport: bodyViewport,
      rowHeight,
      count: rows.length,
      overscan: ROW_OVERSCAN,
    });
    const cols = columnWindow(scrollOffsets, scroll.left, Math.max(0, size.width - fixedWidth), COLUMN_OVERSCAN);

    // ---- size and scroll ----
    useLayoutEffect(() => {
      const el = gridEl;
      if (!el) return undefined;
      const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
      const ro = new ResizeObserver(measure);
      ro.observe(el);
      measure();
      return () => ro.disconnect();
    }, [gridEl]);
    const onScroll = useCallback(() => {
      if (gridEl) setScroll({ top: gridEl.scrollTop, left: gridEl.scrollLeft });
    }, [gridEl]);

    const rowCount = rows.length;
    const colCount = drawn.length;
    // Cells of rows or columns that went away are no longer active, in range or being edited.
    const inGrid = (c: GridCellRef | null | undefined) => !!c && c.row < rowCount && c.col < colCount;
    const active = inGrid(activeState) ? activeState : null;
    const anchor = inGrid(anchorState) ? anchorState : null;
    const editing = editingState && inGrid(editingState.cell) ? editingState : null;

    const showCell = useCallback(
      (cell: GridCellRef) => {
        const el = gridEl;
        if (!el) return;
        const top = scrollTopToShowRow(cell.row, el.scrollTop, bodyViewport, rowCount, rowHeight);
        if (top !== null) scrollElement(el, { top });
        if (cell.col >= fixedColumns.length) {
          const c = cell.col - fixedColumns.length;
          const left = scrollOffsets[c]!;
          const right = scrollOffsets[c + 1]!;
          const view = el.clientWidth - fixedWidth;
          if (left < el.scrollLeft) scrollElement(el, { left });
          else if (right > el.scrollLeft + view) scrollElement(el, { left: right - view });
        }
      },
      [gridEl, bodyViewport, rowCount, rowHeight, fixedColumns.length, scrollOffsets, fixedWidth],
    );

    const moveTo = useCallback(
      (cell: GridCellRef, extend: boolean) => {
        const next = { row: clamp(cell.row, 0, rowCount - 1), col: clamp(cell.col, 0, colCount - 1) };
        if (extend) setAnchor((a) => a ?? active ?? next);
        else setAnchor(next);
        setActive(next);
        showCell(next);
      },
      [rowCount, colCount, showCell, active],
    );

    useImperativeHandle(
      ref,
      () => ({
        showCell: (rowIndex, key) => {
          const col = drawn.findIndex((c) => c.key === key);
          if (col < 0 || rowIndex < 0 || rowIndex >= rowCount) return;
          moveTo({ row: rowIndex, col }, false);
        },
        focus: () => gridEl?.focus(),
        scrollElement: () => gridEl,
        scrollTo: (top) => {
          if (gridEl) scrollElement(gridEl, { top });
        },
        maxScrollTop: () => (gridEl ? gridEl.scrollHeight - gridEl.clientHeight : 0),
      }),
      [gridEl, drawn, rowCount, moveTo],
    );

    const range: GridRange | null = useMemo(() => {
      if (!active) return null;
      const a = anchor ?? active;
      return {
        r0: Math.min(a.row, active.row),
        r1: Math.max(a.row, active.row),
        c0: Math.min(a.col, active.col),
        c1: Math.max(a.col, active.col),
      };
    }, [active, anchor]);

    const startEdit = useCallback(
      (cell: GridCellRef, initialText: string | null) => {
        const column = drawn[cell.col];
        const row = rows[cell.row];
        if (!column?.editable || !row || selection?.isDisabled(row)) return;
        setActive(cell);
        setAnchor(cell);
        setEditing({ cell, initialText });
      },
      [drawn, rows, selection],
    );

    const commitEdit = useCallback(
      (rowIndex: number, col: number, value: unknown, move: 'down' | 'right' | 'left' | 'none') => {
        const column = drawn[col];
        setEditing(null);
        if (column) onCommit(rowIndex, column.key, value);
        if (move === 'down') moveTo({ row: rowIndex + 1, col }, false);
        else if (move === 'right') moveTo({ row: rowIndex, col: col + 1 }, false);
        else if (move === 'left') moveTo({ row: rowIndex, col: col - 1 }, false);
        if (move !== 'none') gridEl?.focus();
      },
      [gridEl, drawn, onCommit, moveTo],
    );
    const cancelEdit = useCallback(() => {
      setEditing(null);
      gridEl?.focus();
    }, [gridEl]);

    const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
      if (editing || rowCount === 0 || colCount === 0) return;
      // A button in a row (sort handle, tree toggle, sub-table) or a row's checkbox keeps its own Enter / Space.
      if (controlKeepsKey(e.target, e.key)) return;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && (e.key === 'z' || e.key === 'Z') && !e.shiftKey) {
        e.preventDefault();
        onUndo?.();
        return;
      }
      if (mod && (e.key === 'y' || e.key === 'Y' || ((e.key === 'z' || e.key === 'Z') && e.shiftKey))) {
        e.preventDefault();
        onRedo?.();
        return;
      }
      const cur = active ?? { row: 0, col: 0 };
      const page = Math.max(1, Math.floor(bodyViewport / rowHeight) - 1);
      const moves: Record<string, GridCellRef> = {
        ArrowUp: { row: cur.row - 1, col: cur.col },
        ArrowDown: { row: cur.row + 1, col: cur.col },
        ArrowLeft: { row: cur.row, col: cur.col - 1 },
        ArrowRight: { row: cur.row, col: cur.col + 1 },
        PageUp: { row: cur.row - page, col: cur.col },
        PageDown: { row: cur.row + page, col: cur.col },
        Home: mod ? { row: 0, col: 0 } : { row: cur.row, col: 0 },
        End: mod ? { row: rowCount - 1, col: colCount - 1 } : { row: cur.row, col: colCount - 1 },
      };
      const target = moves[e.key];
      if (target) {
        e.preventDefault();
        moveTo(target, e.shiftKey && e.key.startsWith('Arrow'));
        return;
      }
      if (e.key === 'Tab') {
        const next = e.shiftKey ? cur.col - 1 : cur.col + 1;
        // Leaves the grid at its edges, like any widget in the page's tab order.
        if (!active || next < 0 || next >= colCount) return;
        e.preventDefault();
        moveTo({ row: cur.row, col: next }, false);
        return;
      }
      if (!active) return;
      if (e.key === 'Enter' || e.key === 'F2') {
        e.preventDefault();
        startEdit(active, null);
        return;
      }
      if (e.key === ' ' && selection) {
        e.preventDefault();
        const row = rows[active.row];
        if (row && !selection.isDisabled(row)) selection.toggle(row, active.row);
        return;
      }
      if (e.key === 'Delete' || e.key === 'Backspace') {
        const column = drawn[active.col];
        if (column?.editable) {
          e.preventDefault();
          if (onClearCell) onClearCell(active.row, column.key);
          else onCommit(active.row, column.key, '');
        }
        return;
      }
      if (e.key.length === 1 && !mod && !e.altKey) {
        e.preventDefault();
        startEdit(active, e.key);
      }
    };

    const onCopy = (e: ClipboardEvent<HTMLDivElement>) => {
      if (editing || !range || !onCopyRange) return;
      e.preventDefault();
      e.clipboardData.setData('text/plain', onCopyRange(range));
    };
    const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
      if (editing || !range || !onPasteText) return;
      e.preventDefault();
      onPasteText({ row: range.r0, col: range.c0 }, e.clipboardData.getData('text/plain'));
    };

    const view: RowViewProps = useMemo(
      () => ({
        renderValue: props.renderValue ?? defaultValueText,
        renderEditor: props.renderEditor ?? ((p: GridEditorProps) => <TextEditor {...p} />),
        cellError,
        selection,
        dragHandle,
        rowAction,
        onCellDown: (row, col, extend) => {
          if (extend && active) setActive({ row, col });
          else {
            setActive({ row, col });
            setAnchor({ row, col });
          }
          gridEl?.focus({ preventScroll: true });
        },
        onCellEnter: (row, col) => setActive({ row, col }),
        onCellDouble: (row, col) => startEdit({ row, col }, null),
        commitEdit,
        cancelEdit,
        initialText: editing?.initialText ?? null,
        fixedCount: fixedColumns.length,
      }),
      [
        gridEl,
        props.renderValue,
        props.renderEditor,
        cellError,
        selection,
        dragHandle,
        rowAction,
        active,
        startEdit,
        commitEdit,
        cancelEdit,
        editing?.initialText,
        fixedColumns.length,
      ],
    );

    const cssVars = {
      ...props.colours,
      '--hg-row-height': `${rowHeight}px`,
      width,
      height,
    } as CSSProperties;

    const activeRendered = active && active.row >= win.start && active.row < win.end;
    const activeError =
      active && activeRendered && !editing && cellError
        ? cellError(active.row, drawn[active.col]?.key ?? '')
        : undefined;

    // Rows are placed inside one layer at their distance from a base row that changes once per ROW_BLOCK rows; the
    // layer alone follows the scroll position (scaled past 15M px, so it moves on every scroll event): drawn rows
    // keep their place, props and pixels, and only the rows scrolled in are drawn.
    const rowBase = win.start - (win.start % ROW_BLOCK);
    const rowLayerTop = headerHeight + win.top(rowBase);
    // More than the window can ever hold (see rowWindow), so consecutive rows never share a slot.
    const rowSlots = Math.ceil(bodyViewport / rowHeight) + 2 + 2 * ROW_OVERSCAN;
    const bodyRows: ReactNode[] = [];
    for (let i = win.start; i < win.end; i++) {
      const row = rows[i]!;
      const inRange =
        range !== null && i >= range.r0 && i <= range.r1 && (range.r0 !== range.r1 || range.c0 !== range.c1);
      bodyRows.push(
        <GridRowView
          // Keyed by slot, not by index: a row scrolled in takes over the elements of one scrolled out (its cells are
          // updated in place) instead of a removal and a creation of every cell per frame.
          key={i % rowSlots}
          index={i}
          row={row}
          version={rowStamp ? rowStamp(row) : version}
          errorVersion={errorVersion}
          y={(i - rowBase) * rowHeight}
          height={rowHeight}
          totalWidth={totalWidth}
          leads={leads}
          leadLefts={leadLefts}
          fixedColumns={fixedColumns}
          fixedLefts={fixedLefts}
          scrolling={scrolling}
          scrollOffsets={scrollOffsets}
          colStart={cols.start}
          colEnd={cols.end}
          activeCol={active?.row === i ? active.col : -1}
          rangeCols={inRange ? [range.c0, range.c1] : null}
          editingCol={editing?.cell.row === i ? editing.cell.col : -1}
          selected={selection ? selection.isSelected(row) : false}
          disabled={selection ? selection.isDisabled(row) : false}
          flash={flashRowIds ? flashRowIds.has(row.id) : false}
          depth={rowDepth ? rowDepth(row, i) : 0}
          idBase={idBase}
          view={view}
        />,
      );
    }

    const headCells: ReactNode[] = [];
    const lastFixed = leads.length + fixedColumns.length - 1;
    leads.forEach((lead, i) => {
      const cls = `hg-cell hg-fixed hg-center${i === lastFixed ? ' hg-fixed-last' : ''}`;
      headCells.push(
        <div
          key={lead.key}
          className={cls}
          style={{ width: lead.width, left: leadLefts[i] }}
          role="columnheader"
          aria-colindex={i + 1}
        >
          {lead.kind === 'number' ? '#' : null}
          {lead.kind === 'check' && selection ? (
            <input
              type="checkbox"
              aria-label="全选"
              checked={selection.allState === 'all'}
              ref={(el) => {
                if (el) el.indeterminate = selection.allState === 'some';
              }}
              onChange={selection.toggleAll}
            />
          ) : null}
        </div>,
      );
    });
    const headCell = (column: GridViewColumn, col: number, style: CSSProperties, extra: string) =>
      headCells.push(
        <div
          key={column.key}
          className={`hg-cell${extra}${column.align === 'right' ? ' hg-num' : ''}`}
          style={style}
          role="columnheader"
          aria-colindex={leads.length + col + 1}
          title={column.title}
        >
          <span className="hg-text">{column.title}</span>
        </div>,
      );
    fixedColumns.forEach((c, i) =>
      headCell(
        c,
        i,
        { width: c.width, left: fixedLefts[i] },
        ` hg-fixed${leads.length + i === lastFixed ? ' hg-fixed-last' : ''}`,
      ),
    );
    if (cols.start > 0) headCells.push(<div key="pad" style={{ width: scrollOffsets[cols.start], flex: 'none' }} />);
    for (let c = cols.start; c < cols.end; c++)
      headCell(scrolling[c]!, fixedColumns.length + c, { width: scrolling[c]!.width }, '');

    const footRows = (footer ?? []).map((f, fi) => {
      const cells: ReactNode[] = [];
      if (leads.length) {
        cells.push(
          <div
            key="__label"
            className="hg-cell hg-fixed hg-center"
            style={{ width: leadWidth, left: 0 }}
            role="rowheader"
          >
            {f.label}
          </div>,
        );
      }
      fixedColumns.forEach((c, i) =>
        cells.push(
          <div
            key={c.key}
            className={`hg-cell hg-fixed${c.align === 'right' ? ' hg-num' : ''}`}
            style={{ width: c.width, left: fixedLefts[i] }}
            role="gridcell"
          >
            {!leads.length && i === 0 ? f.label : (f.values[c.key] ?? '')}
          </div>,
        ),
      );
      if (cols.start > 0) cells.push(<div key="pad" style={{ width: scrollOffsets[cols.start], flex: 'none' }} />);
      for (let c = cols.start; c < cols.end; c++) {
        const column = scrolling[c]!;
        cells.push(
          <div
            key={column.key}
            className={`hg-cell${column.align === 'right' ? ' hg-num' : ''}`}
            style={{ width: column.width }}
            role="gridcell"
          >
            {f.values[column.key] ?? ''}
          </div>,
        );
      }
      return (
        <div
          key={fi}
          className="hg-foot"
          role="row"
          aria-rowindex={rowCount + 2 + fi}
          style={{ height: headerHeight, width: totalWidth, bottom: (footer!.length - 1 - fi) * headerHeight }}
        >
          {cells}
        </div>
      );
    });

    return (
      <div
        ref={setGridEl}
        className="hg-grid"
        style={cssVars}
        role="grid"
        aria-label={label}
        aria-rowcount={rowCount + 1 + (footer?.length ?? 0)}
        aria-colcount={leads.length + drawn.length}
        aria-multiselectable={selection ? true : undefined}
        aria-activedescendant={activeRendered && !editing ? `${idBase}-r${active.row}-c${active.col}` : undefined}
        aria-describedby={activeError ? `${idBase}-error` : undefined}
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        onCopy={onCopy}
        onPaste={onPaste}
        onFocus={() => {
          // Functional updates: a cell made active in the same batch (showCell, then focus) wins over the default.
          if (rowCount > 0 && colCount > 0) {
            setActive((a) => a ?? { row: 0, col: 0 });
            setAnchor((a) => a ?? { row: 0, col: 0 });
          }
        }}
        data-testid={props['data-testid']}
        data-grid-scroll=""
      >
        <div className="hg-sizer" style={{ width: totalWidth }}>
          <div className="hg-head" role="row" aria-rowindex={1} style={{ height: headerHeight, width: totalWidth }}>
            {headCells}
          </div>
          {/* In flow after the header: the rows' height, then the footer, which sticks to the bottom edge. */}
          <div style={{ height: win.scrollHeight }} />
          {footRows}
          <div
            className="hg-rows"
            role="rowgroup"
            style={{ transform: `translateY(${rowLayerTop}px)`, width: totalWidth }}
          >
            {bodyRows}
          </div>
          {activeError && active ? (
            // The active cell's rule failure, under the cell (the cell is marked; the mouse gets its title).
            <div
              id={`${idBase}-error`}
              role="tooltip"
              className="hg-error-tip"
              style={{
                transform: `translate(${
                  active.col < fixedColumns.length
                    ? scroll.left + fixedLefts[active.col]!
                    : fixedWidth + scrollOffsets[active.col - fixedColumns.length]!
                }px, ${headerHeight + win.top(active.row) + rowHeight}px)`,
              }}
            >
              {activeError}
            </div>
          ) : null}
          {rowCount === 0 ? (
            <div className="hg-empty" style={{ width: size.width, transform: `translateY(${headerHeight}px)` }}>
              {emptyText}
            </div>
          ) : null}
        </div>
      </div>
    );
  },
);

/** For the benchmark and tests: the scrolled position a scrollTop stands for. */
export { virtualTop };
