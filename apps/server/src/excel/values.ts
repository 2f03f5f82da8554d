/** The values the reader hands to an import: plain where possible, tagged objects for dates, times and errors. */

/**
 * A date or date-time as Excel shows it. Excel has no time zones, so `date` carries the wall-clock reading in
 * its UTC fields (2024-05-01 08:00 is `Date.UTC(2024, 4, 1, 8)`), rounded to the second.
 */
export interface ExcelDate {
  kind: 'date';
  date: Date;
  /** The cell's format shows a time of day. */
  hasTime: boolean;
  /** 'YYYY-MM-DD', or 'YYYY-MM-DD HH:mm:ss' when `hasTime`. */
  text: string;
}

/** A time of day ('h:mm', 'hh:mm:ss') or an elapsed duration ('[h]:mm:ss'), never a Date near 1899-12-31. */
export interface ExcelTime {
  kind: 'time';
  /** Seconds into the day for a time of day; total seconds for a duration (may pass 24 hours). */
  seconds: number;
  elapsed: boolean;
  /** 'HH:mm:ss' for a time of day; 'H:mm:ss' with as many hours as it takes for a duration ('36:00:00'). */
  text: string;
}

export type CellErrorCode =
  'ERROR_VALUE' | 'NO_CACHED_VALUE' | 'INVALID_DATE' | 'BAD_NUMBER' | 'BAD_SHARED_STRING' | 'TEXT_TOO_LONG';

/** A cell the import cannot take at face value; its row should be reported, never imported silently empty. */
export interface ExcelCellError {
  kind: 'error';
  code: CellErrorCode;
  /** Excel's own error text when the cell held one ('#VALUE!', '#N/A' ...). */
  excel?: string;
  message: string;
}

export type ExcelValue = string | number | boolean | ExcelDate | ExcelTime | ExcelCellError | null;

export interface ExcelRowIssue {
  /** 1-based column number. */
  column: number;
  /** 'B6'. */
  ref: string;
  message: string;
}

export interface ExcelRow {
  sheetName: string;
  /** 1-based, as Excel shows it (empty rows in between are skipped, not renumbered). */
  rowNumber: number;
  /** Index 0 is column A; trailing empty cells are dropped, gaps are null. */
  values: ExcelValue[];
  /** The cells of this row that hold an ExcelCellError, with their messages. */
  issues: ExcelRowIssue[];
}

export function isCellError(value: ExcelValue | undefined): value is ExcelCellError {
  return typeof value === 'object' && value !== null && value.kind === 'error';
}

export function cellError(code: CellErrorCode, message: string, excel?: string): ExcelCellError {
  return excel === undefined ? { kind: 'error', code, message } : { kind: 'error', code, message, excel };
}

/** 'A' for 1, 'AA' for 27. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** The column number of a cell reference ('B6' → 2), or 0 when it has no letters. */
export function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else if (c === 36)
      continue; // '$'
    else break;
  }
  return col;
}

const ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/**
 * Decodes SpreadsheetML's `_xHHHH_` escapes (ST_Xstring): '_x000D_' is a carriage return, and '_x005F_' escapes
 * the underscore so that '_x005F_x000D_' reads back as the literal text '_x000D_'.
 */
export function decodeEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(ESCAPE, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Characters XML 1.0 cannot carry, plus CR (which XML parsers turn into LF). */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\x00-\x08\x0B\x0C\x0D\x0E-\x1F\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/g;
// eslint-disable-next-line no-control-regex
const MAY_NEED_ESCAPE = /[\x00-\x08\x0B\x0C\x0D\x0E-\x1F\uFFFE\uFFFF_]/;

/** The inverse of decodeEscapes, as Excel writes it: what Excel and our reader both read back unchanged. */
export function encodeEscapes(text: string): string {
  // Most text has none of these characters: one scan of a character class answers that.
  if (!MAY_NEED_ESCAPE.test(text)) return text;
  return text.replace(NEEDS_ESCAPE, (m) =>
    m.length === 1 ? `_x${m.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_` : `_x005F${m}`,
  );
}
