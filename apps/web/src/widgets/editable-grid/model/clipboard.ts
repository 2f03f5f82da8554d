/**
 * Copy and paste of cell ranges (issue 13, keyboard): a range as tab-separated text the way spreadsheets write it,
 * the clipboard text of Excel, WPS and Google Sheets read back into a matrix, and a matrix pasted into the grid as
 * ONE undo step. Used by the grid's keyboard handling (Ctrl+C / Ctrl+V).
 *
 * Paste rules: the matrix lands from the `at` cell rightwards over the displayed columns (hidden columns are not
 * displayed, so they are passed over); cells falling on read-only or disabled columns or on disabled rows are left
 * as they are; what falls beyond the last row or the last column is dropped (clipped), like most grids: a paste
 * never adds rows, so a stray million-line clipboard cannot grow the grid.
 */
import type { GridCellType, GridColumn } from '@houtai/shared/grid/types';
import type { CellWrite, GridStore } from './grid-store.ts';
import { emptyCellValue, SWITCH_DEFAULT_VALUES } from './cell-values.ts';

/** A rectangle of cells, inclusive: row indices into the rows, column indices into the columns given. */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Cell types that never take pasted text: display-only cells and cells whose value is not text (files). */
export const PASTE_SKIPPED_TYPES: ReadonlySet<GridCellType> = new Set<GridCellType>([
  'hidden',
  'normal',
  'slot',
  'progress',
  'upload',
  'file',
  'image',
]);

/** A cell value as text: arrays comma-joined (list_multi), objects as JSON, nothing as ''. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(cellText).join(',');
  return JSON.stringify(value);
}

/** Quotes a cell the way spreadsheets do when it holds a tab, a line break or a double quote. */
export function quoteTsvCell(text: string): string {
  return /[\t\n\r"]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The range as TSV: cells joined by tabs, rows by \n, no trailing line break. Out-of-range cells are ''. */
export function rangeToTsv(
  rows: readonly Readonly<Record<string, unknown>>[],
  columns: readonly GridColumn[],
  range: CellRange,
): string {
  const top = Math.max(0, Math.min(range.top, range.bottom));
  const bottom = Math.min(rows.length - 1, Math.max(range.top, range.bottom));
  const left = Math.max(0, Math.min(range.left, range.right));
  const right = Math.min(columns.length - 1, Math.max(range.left, range.right));
  const lines: string[] = [];
  for (let r = top; r <= bottom; r += 1) {
    const row = rows[r];
    const cells: string[] = [];
    for (let c = left; c <= right; c += 1) {
      const column = columns[c];
      cells.push(quoteTsvCell(row && column ? cellText(row[column.key]) : ''));
    }
    lines.push(cells.join('\t'));
  }
  return lines.join('\n');
}

/**
 * Reads clipboard TSV into rows of cells. Accepts \r\n, \n or \r line breaks; a cell that starts with a double quote
 * is quoted (tabs and line breaks inside it are text, "" is one quote, and text after the closing quote is kept as
 * spreadsheets do); a quote elsewhere is text. One trailing line break (Excel and WPS add it) makes no extra row.
 * Empty text is no rows. Rows keep their own lengths (ragged clipboards are possible).
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  if (text === '') return rows;
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let cellStart = true;
  const n = text.length;
  for (let i = 0; i < n; i += 1) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else cell += ch;
      continue;
    }
    if (ch === '"' && cellStart) {
      quoted = true;
      cellStart = false;
      continue;
    }
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      cellStart = true;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      cellStart = true;
      continue;
    }
    cell += ch;
    cellStart = false;
  }
  // The text ended inside a row (no trailing line break), or in an unterminated quote: keep what was read.
  if (!cellStart || row.length > 0 || quoted) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Whether pasted text may be written into the column at all. */
export function isPasteTarget(column: GridColumn): boolean {
  return column.disabled !== true && !PASTE_SKIPPED_TYPES.has(column.type);
}

const TRUE_TEXTS = new Set(['true', '1', 'y', 'yes', '是']);

/**
 * Pasted text as the column's value: a checkbox takes true for true/1/Y/yes/是 (any case), else false; a switch, and
 * a checkbox_meta with a customValue pair, take their "on" value for the on value itself or those texts, else their
 * "off" value; every other cell takes the text as it is.
 */
export function pastedValue(column: GridColumn, text: string): unknown {
  const trimmed = text.trim();
  if (column.type === 'checkbox') return TRUE_TEXTS.has(trimmed.toLowerCase());
  if (column.type === 'switch' || (column.type === 'checkbox_meta' && column.customValue)) {
    const on = column.customValue?.[0] ?? SWITCH_DEFAULT_VALUES[0];
    return trimmed === on || TRUE_TEXTS.has(trimmed.toLowerCase()) ? on : emptyCellValue(column);
  }
  return text;
}

export interface PasteResult {
  /** Cells changed, linked selects cleared by the paste included (0: nothing changed, no undo step). */
  changed: number;
  /** The range covered (visible row indices, displayed column indices), after clipping; undefined if none. */
  range?: CellRange;
}

/**
 * Pastes `matrix` with its top-left cell at `at` (a visible row index and a column key) as one undo step. See the
 * module comment for what is skipped and clipped.
 */
export function pasteMatrix(
  store: GridStore,
  at: { row: number; column: string },
  matrix: readonly (readonly string[])[],
): PasteResult {
  const rows = store.getRows();
  const displayed = store.getColumns().filter((c) => c.type !== 'hidden');
  const left = displayed.findIndex((c) => c.key === at.column);
  if (left < 0 || at.row < 0 || at.row >= rows.length || matrix.length === 0) return { changed: 0 };
  const bottom = Math.min(rows.length - 1, at.row + matrix.length - 1);
  let width = 0;
  for (let r = at.row; r <= bottom; r += 1) width = Math.max(width, matrix[r - at.row]?.length ?? 0);
  if (width === 0) return { changed: 0 };
  const right = Math.min(displayed.length - 1, left + width - 1);
  const writes: CellWrite[] = [];
  for (let r = at.row; r <= bottom; r += 1) {
    const row = rows[r];
    const line = matrix[r - at.row];
    if (!row || !line || store.isRowDisabled(row)) continue;
    for (let c = left; c <= right; c += 1) {
      const column = displayed[c];
      const text = line[c - left];
      if (!column || text === undefined || !isPasteTarget(column)) continue;
      writes.push({ rowIndex: r, key: column.key, value: pastedValue(column, text) });
    }
  }
  return { changed: store.setCells(writes), range: { top: at.row, left, bottom, right } };
}
