/**
 * Streaming .xlsx export with exceljs's WorkbookWriter: rows are committed one by one, a new sheet starts every
 * `rowsPerSheet` rows, and text that a spreadsheet could take for a formula is written as a text-formatted
 * string cell.
 *
 * Formula injection: every string is written as a string cell (never an <f> formula), which Excel and
 * LibreOffice show as text and never evaluate on opening. Strings beginning with = + - @ TAB CR LF or NUL also
 * get the Text number format ('@'), so that editing the cell (F2, Enter) keeps it text instead of turning it
 * into a live formula. We do not prefix an apostrophe: in a file (unlike typing) it would become part of the
 * value, be shown, and come back on re-import as "'=…" instead of the original text.
 */
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { EXCEL_TEXT, ExcelError } from './excel-error.ts';
import { encodeEscapes, type ExcelDate, type ExcelTime } from './values.ts';

export type ExportType = 'string' | 'number' | 'date' | 'datetime' | 'boolean';

export interface ExportColumn {
  key: string;
  /** The Chinese title in the header row. */
  title: string;
  /** How values are written; without it, from the JavaScript type (Date → datetime). */
  type?: ExportType;
  /** Column width in characters; default from the title (non-ASCII counts 2). */
  width?: number;
}

export interface XlsxWriterOptions {
  /** First sheet's name; later ones get '(2)', '(3)' ... Default 'Sheet1'. */
  sheetName?: string;
  /** Data rows per sheet (the header row is repeated on each). Default 100,000. */
  rowsPerSheet?: number;
  /** Refuse to write more rows than this. Default 1,000,000. */
  maxRows?: number;
  /**
   * Instants (Date objects and ISO strings with a zone) are shown at this UTC offset. Default +8:00, Asia/Shanghai,
   * as the wire shows times.
   */
  utcOffsetMinutes?: number;
}

export interface XlsxWriteSummary {
  rows: number;
  sheets: number;
}

export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const TEXT_FORMAT = '@';
const MAX_CELL_CHARS = 32_767;
/** Rows between checks of the zip backlog (see addRow). */
const YIELD_EVERY = 256;
/** Sheet XML waiting for the zip's deflate before addRow waits. */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

/** Text a spreadsheet could read as a formula, or as the start of one when the cell is edited. */
const FORMULA_LIKE = /^[=+\-@\t\r\n\0]/;

export function isFormulaLike(text: string): boolean {
  return FORMULA_LIKE.test(text);
}

type Cell = { value: ExcelJS.CellValue; numFmt?: string };

/** The style of every data row: none, one shared object (see XlsxWriter.styleOf). Never changed. */
const ROW_STYLE: Partial<ExcelJS.Style> = {};

export class XlsxWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet | null = null;
  private readonly allSheets: ExcelJS.Worksheet[] = [];
  private rowsInSheet = 0;
  private rows = 0;
  private sheets = 0;
  private readonly rowsPerSheet: number;
  private readonly maxRows: number;
  private readonly offsetMs: number;
  private readonly baseName: string;
  private done = false;
  /** An error of the output (disk full, client gone): later calls rethrow it instead of waiting on a dead zip. */
  private failure: Error | null = null;
  /** Shared style objects of data cells (styleOf). */
  private readonly styles = new Map<string, Partial<ExcelJS.Style>>();

  private constructor(
    private readonly output: Writable,
    private readonly path: string | null,
    private readonly columns: readonly ExportColumn[],
    options: XlsxWriterOptions,
  ) {
    this.rowsPerSheet = options.rowsPerSheet ?? 100_000;
    this.maxRows = options.maxRows ?? 1_000_000;
    this.offsetMs = (options.utcOffsetMinutes ?? 480) * 60_000;
    this.baseName = sheetName(options.sheetName ?? 'Sheet1');
    output.on('error', (err: Error) => {
      this.failure ??= err;
    });
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useSharedStrings: false,
      useStyles: true,
    });
  }

  /** A writer to a file path (created or replaced; removed again by abort()) or to a writable stream. */
  static create(target: string | Writable, columns: readonly ExportColumn[], options: XlsxWriterOptions = {}) {
    if (columns.length === 0) throw new RangeError('an export needs at least one column');
    return typeof target === 'string'
      ? new XlsxWriter(createWriteStream(target), target, columns, options)
      : new XlsxWriter(target, null, columns, options);
  }

  /**
   * Adds one row (values by column key) and commits it. Await it: exceljs's sheet stream ignores backpressure,
   * so every few hundred rows this waits while more than 4 MB of sheet XML is queued for the zip's deflate.
   */
  async addRow(record: Readonly<Record<string, unknown>>): Promise<void> {
    if (this.done) throw new Error('the export is already finished');
    this.throwIfFailed();
    if (this.rows >= this.maxRows) {
      throw new ExcelError('EXPORT_TOO_MANY_ROWS', EXCEL_TEXT.exportTooManyRows(this.maxRows));
    }
    const sheet = this.sheet === null || this.rowsInSheet >= this.rowsPerSheet ? this.startSheet() : this.sheet;
    const row = sheet.addRow([]);
    // The same for the row's own (empty) style, which exceljs would otherwise render once per row.
    (row as unknown as { style: Partial<ExcelJS.Style> }).style = ROW_STYLE;
    const columns = this.columns;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      const cell = toCell(record[column.key], column.type, this.offsetMs);
      if (cell === null) continue;
      const target = row.getCell(i + 1);
      target.value = cell.value;
      // A shared style object instead of the cell's own copy (see styleOf); never `target.numFmt = …`, which
      // would change the shared object.
      target.style = this.styleOf(cell.numFmt ?? (column.type === 'string' ? TEXT_FORMAT : undefined), target.type);
    }
    row.commit();
    this.rowsInSheet++;
    this.rows++;
    if (this.rows % YIELD_EVERY === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      while ((this.backlog() ?? 0) > MAX_BACKLOG_BYTES) {
        this.throwIfFailed();
        await delay(2);
      }
    }
  }

  /**
   * The style of a data cell: one object per (number format, value type). exceljs renders a cell's style to XML
   * to find its style id (the largest cost of a row when every cell has its own copy of the column's style), but
   * first looks the style object up in a WeakMap: with shared objects that lookup answers. The value type is part
   * of the key because exceljs gives a cell without a number format a default one by its type, and remembers the
   * answer per object.
   */
  private styleOf(numFmt: string | undefined, type: ExcelJS.ValueType): Partial<ExcelJS.Style> {
    const key = `${type}:${numFmt ?? ''}`;
    let style = this.styles.get(key);
    if (style === undefined) {
      style = numFmt === undefined ? {} : { numFmt };
      this.styles.set(key, style);
    }
    return style;
  }

  /**
   * Bytes of committed sheet XML not yet taken by the zip (null if exceljs's internals are not as expected; the
   * tests check they are). exceljs pipes each sheet's StreamBuf into a PassThrough without heeding write().
   */
  backlog(): number | null {
    let total: number | null = null;
    for (const sheet of this.allSheets) {
      const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
      if (!Array.isArray(pipes)) continue;
      for (const pipe of pipes as unknown[]) {
        const length = (pipe as { _writableState?: { length?: unknown } } | null)?._writableState?.length;
        if (typeof length === 'number') total = (total ?? 0) + length;
      }
    }
    return total;
  }

  /** Writes the rest of the workbook and waits until the output has it all. */
  async finish(): Promise<XlsxWriteSummary> {
    if (this.done) throw new Error('the export is already finished');
    this.throwIfFailed();
    const sheet = this.sheet ?? this.startSheet();
    this.done = true;
    sheet.commit();
    await this.workbook.commit();
    await finished(this.output);
    return { rows: this.rows, sheets: this.sheets };
  }

  /** Stops writing; a file created by this writer is removed. */
  async abort(): Promise<void> {
    this.done = true;
    this.output.destroy();
    // A file stream still opening would create the file after an early unlink: wait for it to close.
    await finished(this.output).catch(() => undefined);
    if (this.path !== null) await unlink(this.path).catch(() => undefined);
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure;
  }

  private startSheet(): ExcelJS.Worksheet {
    this.sheet?.commit();
    this.sheets++;
    const suffix = this.sheets === 1 ? '' : `(${this.sheets})`;
    const sheet = this.workbook.addWorksheet(this.baseName.slice(0, 31 - suffix.length) + suffix, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = this.columns.map((c) => ({
      key: c.key,
      width: c.width ?? Math.min(60, Math.max(10, textWidth(c.title) + 4)),
      // Text columns stay text when a cell is edited in Excel (ids, phone numbers, leading zeros).
      style: c.type === 'string' ? { numFmt: TEXT_FORMAT } : {},
    }));
    const header = sheet.addRow([]);
    this.columns.forEach((c, i) => {
      const cell = header.getCell(i + 1);
      cell.value = encodeEscapes(c.title);
      cell.font = { bold: true };
      if (isFormulaLike(c.title)) cell.numFmt = TEXT_FORMAT;
    });
    header.commit();
    this.allSheets.push(sheet);
    this.sheet = sheet;
    this.rowsInSheet = 0;
    return sheet;
  }
}

/** Writes all rows and finishes; on failure a file target is removed and the error rethrown. */
export async function writeXlsx(
  target: string | Writable,
  columns: readonly ExportColumn[],
  rows: Iterable<Readonly<Record<string, unknown>>> | AsyncIterable<Readonly<Record<string, unknown>>>,
  options: XlsxWriterOptions = {},
): Promise<XlsxWriteSummary> {
  const writer = XlsxWriter.create(target, columns, options);
  try {
    for await (const row of rows) await writer.addRow(row);
    return await writer.finish();
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ . */
function sheetName(name: string): string {
  const clean = name
    .replace(/[[\]:*?/\\]/g, '_')
    .trim()
    .slice(0, 31);
  return clean === '' ? 'Sheet1' : clean;
}

function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ch.charCodeAt(0) > 0xff ? 2 : 1;
  return width;
}

function toCell(value: unknown, type: ExportType | undefined, offsetMs: number): Cell | null {
  if (value === null || value === undefined) return null;
  // Values as the reader returns them (an error file, a re-export): wall-clock dates and times.
  if (isTagged<ExcelDate>(value, 'date')) return dateCell(value.date, value.hasTime ? 'datetime' : 'date');
  if (isTagged<ExcelTime>(value, 'time')) {
    return { value: value.seconds / 86_400, numFmt: value.elapsed ? '[h]:mm:ss' : 'hh:mm:ss' };
  }
  switch (type) {
    case 'date':
    case 'datetime': {
      const wall = wallClock(value, offsetMs);
      if (wall === null) return textCell(value, offsetMs);
      return dateCell(type === 'date' ? new Date(Math.floor(wall.getTime() / 86_400_000) * 86_400_000) : wall, type);
    }
    case 'number': {
      const n = toNumber(value);
      return n === null ? textCell(value, offsetMs) : { value: n };
    }
    case 'boolean':
      return typeof value === 'boolean' ? { value } : textCell(value, offsetMs);
    case 'string':
      return textCell(value, offsetMs);
    case undefined:
      if (typeof value === 'number') return Number.isFinite(value) ? { value } : null;
      if (typeof value === 'boolean') return { value };
      if (value instanceof Date) {
        const wall = wallClock(value, offsetMs);
        return wall === null ? null : dateCell(wall, 'datetime');
      }
      return textCell(value, offsetMs);
  }
}

function isTagged<T extends { kind: string }>(value: unknown, kind: T['kind']): value is T {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === kind;
}

/** Dates before 1900-03-01 are written as text: Excel's phantom 1900-02-29 would shift them by a day. */
const FIRST_SAFE_DATE = Date.UTC(1900, 2, 1);

function dateCell(wall: Date, type: 'date' | 'datetime'): Cell {
  if (wall.getTime() < FIRST_SAFE_DATE) return { value: formatWall(wall, type === 'datetime') };
  return { value: wall, numFmt: type === 'date' ? DATE_FORMAT : DATETIME_FORMAT };
}

function textCell(value: unknown, offsetMs: number): Cell | null {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Date) {
    const wall = wallClock(value, offsetMs);
    if (wall === null) return null;
    text = formatWall(wall, true);
  } else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    text = String(value);
  } else text = JSON.stringify(value) ?? '';
  if (text === '') return null;
  if (text.length > MAX_CELL_CHARS) text = text.slice(0, MAX_CELL_CHARS);
  const cell: Cell = { value: encodeEscapes(text) };
  if (isFormulaLike(text)) cell.numFmt = TEXT_FORMAT;
  return cell;
}

/** Numbers, and numeric strings (PostgreSQL numeric arrives as text) that survive as a double. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    const digits = value.replace(/[-.]/g, '').replace(/^0+/, '');
    return digits.length <= 15 ? Number(value) : null;
  }
  return null;
}

const WALL_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The wall-clock reading to show, as a Date whose UTC fields carry it: Date objects and ISO strings with a zone
 * are instants (shown at the offset); 'YYYY-MM-DD' and 'YYYY-MM-DD HH:mm:ss' are already wall-clock readings.
 */
function wallClock(value: unknown, offsetMs: number): Date | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : new Date(value.getTime() + offsetMs);
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = WALL_DATE.exec(text);
  if (m) {
    const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : new Date(ms + offsetMs);
  }
  return null;
}

function formatWall(wall: Date, withTime: boolean): string {
  const iso = wall.toISOString();
  return withTime ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : iso.slice(0, 10);
}
