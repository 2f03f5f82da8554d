/**
 * The editable grid's numbers and texts (spec widgets §2.2, §5.2, §9): sizes, timings and the toolbar's messages.
 * Used by the web grid (apps/web/src/widgets/editable-grid) and by ./cell-values.ts for column widths.
 */
import type { GridCellType, GridColumn } from './types.ts';

/** §2.2: row height and the default maximum height of the scroll box, in px. */
export const GRID_ROW_HEIGHT = 61;
export const GRID_DEFAULT_MAX_HEIGHT = 400;

/** §9: a second insert click within this many ms is refused with GRID_TEXT.insertTooFast. */
export const GRID_INSERT_THROTTLE_MS = 1500;
/** §9: how long reloaded rows stay highlighted. */
export const GRID_RELOAD_HIGHLIGHT_MS = 1400;

/** §9: the fixed columns' widths. */
export const GRID_ROW_NUMBER_WIDTH = 60;
export const GRID_CHECKBOX_WIDTH = 40;
/** The checkbox column is wider when the footer shows statistics (its cell holds the 合计/平均 label). */
export const GRID_CHECKBOX_WIDTH_WITH_STATISTICS = 60;

/** §9: the minimum width of a column of these types, in px; other types have none. */
export const GRID_MIN_WIDTHS: Readonly<Partial<Record<GridCellType, number>>> = {
  datetime: 190,
  sel_user: 190,
  sel_depart: 190,
  date: 135,
};

/** §2.2: input-pop and textarea cells' pop-up size and side. */
export const GRID_INPUT_POP = { width: 150, height: 200, position: 'right' } as const;

/** §2.2: the sub-table pop-over opens downward when more than this many px remain below. */
export const GRID_SUB_TABLE_ROOM_BELOW = 350;

/** §2.2: add-row settings bounds (rows ≥ 1, default 1; position 0..row count, 0 = bottom, default 0). */
export const GRID_ADD_ROWS = { minRows: 1, defaultRows: 1, minPosition: 0, defaultPosition: 0 } as const;

/** §2.2 drag sort: the order field's default key; orders are renumbered from 1. */
export const GRID_ORDER_KEY = 'orderNum';
export const GRID_ORDER_START = 1;

/** The grid's user-facing texts, exactly as the spec writes them. */
export const GRID_TEXT = {
  deleteConfirm: (count: number): string => `确定要删除这 ${count} 项吗?`,
  insertTooFast: '你点击的太快了，请慢点点击!',
  subTableFailed: '打开子表失败',
  sum: '合计',
  average: '平均',
  /** §2.2 switch in query mode. */
  switchOn: '是',
  switchOff: '否',
} as const;

/** The grid's own fixed columns. */
export type GridFixedColumn = 'rowNumber' | 'checkbox';

/**
 * A column's width in px. Fixed columns: row number 60; checkbox 40, or 60 when the footer shows statistics. A data
 * column: its own width raised to its type's §9 minimum; without a width, the minimum, or undefined when its type
 * has none (the layout shares the room).
 */
export function columnWidth(
  column: Pick<GridColumn, 'type' | 'width'> | GridFixedColumn,
  hasStatistics = false,
): number | undefined {
  if (column === 'rowNumber') return GRID_ROW_NUMBER_WIDTH;
  if (column === 'checkbox') return hasStatistics ? GRID_CHECKBOX_WIDTH_WITH_STATISTICS : GRID_CHECKBOX_WIDTH;
  const min = GRID_MIN_WIDTHS[column.type];
  if (column.width === undefined) return min;
  return min !== undefined && column.width < min ? min : column.width;
}
