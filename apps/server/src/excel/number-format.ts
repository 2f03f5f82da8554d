/**
 * Number formats and Excel's date serials: which formats show a date, a time or a duration, and the day a
 * serial stands for in the 1900 system (with Lotus's phantom 1900-02-29) or the 1904 system.
 */
import { CELL_TEXT } from './excel-error.ts';
import { cellError, type ExcelCellError, type ExcelDate, type ExcelTime } from './values.ts';

export type FormatKind = 'number' | 'date' | 'datetime' | 'time' | 'elapsed';

/**
 * Built-in format ids that are dates or times (ECMA-376 §18.8.30), including the zh-CN ids 27–36 and 50–58
 * that Chinese Excel and WPS write without a formatCode (31 is 'yyyy"年"m"月"d"日"', 32 'h"时"mm"分"' ...).
 */
const BUILTIN_KINDS: ReadonlyMap<number, FormatKind> = new Map<number, FormatKind>([
  [14, 'date'],
  [15, 'date'],
  [16, 'date'],
  [17, 'date'],
  [18, 'time'],
  [19, 'time'],
  [20, 'time'],
  [21, 'time'],
  [22, 'datetime'],
  [27, 'date'],
  [28, 'date'],
  [29, 'date'],
  [30, 'date'],
  [31, 'date'],
  [32, 'time'],
  [33, 'time'],
  [34, 'time'],
  [35, 'time'],
  [36, 'date'],
  [45, 'time'],
  [46, 'elapsed'],
  [47, 'time'],
  [50, 'date'],
  [51, 'date'],
  [52, 'date'],
  [53, 'date'],
  [54, 'date'],
  [55, 'time'],
  [56, 'time'],
  [57, 'date'],
  [58, 'date'],
]);

/** The kind of a cell style's number format: a custom formatCode wins over the built-in meaning of its id. */
export function formatKind(numFmtId: number, formatCode: string | undefined): FormatKind {
  if (formatCode !== undefined) return classifyFormat(formatCode);
  return BUILTIN_KINDS.get(numFmtId) ?? 'number';
}

/**
 * Classifies a format code by the first section (the one positive numbers use): quoted text, escaped
 * characters, fills, paddings and [colour]/[condition]/[$-locale] brackets are not codes; [h], [mm] and [ss]
 * make it a duration.
 */
export function classifyFormat(code: string): FormatKind {
  const section = firstSection(code);
  if (/^\s*general\s*$/i.test(section)) return 'number';
  const elapsed = /\[(h+|m+|s+)\]/i.test(section);
  const bare = section
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/general/gi, '');
  const ampm = /AM\/PM|A\/P|上午\/下午/i.test(bare);
  const codes = bare.replace(/AM\/PM|A\/P|上午\/下午/gi, '').replace(/[eE][+-]/g, '');
  const hasDate = /[yYdDeEbBgG]/.test(codes);
  const hasTime = ampm || /[hHsS]/.test(codes);
  const hasM = /[mM]/.test(codes);
  if (elapsed) return 'elapsed';
  if (hasDate) return hasTime ? 'datetime' : 'date';
  if (hasTime) return 'time';
  if (hasM) return 'date'; // 'mmm', 'mmmm': a month name
  return 'number';
}

function firstSection(code: string): string {
  let inQuote = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '"') inQuote = !inQuote;
    else if (c === '\\') i++;
    else if (c === ';' && !inQuote) return code.slice(0, i);
  }
  return code;
}

const DAY_MS = 86_400_000;
/** 1899-12-31: serial 1 is 1900-01-01 up to the phantom 1900-02-29 (serial 60). */
const EPOCH_1900_EARLY = Date.UTC(1899, 11, 31);
/** 1899-12-30: from serial 61 (1900-03-01) on. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
/** 1904-01-01 is serial 0 in the 1904 system (Mac Excel, LibreOffice's date1904="true"). */
const EPOCH_1904 = Date.UTC(1904, 0, 1);
/** 9999-12-31, Excel's last day. */
const LAST_DAY_MS = Date.UTC(9999, 11, 31);

/** A serial shown with a date format; 1900-system serials 1–59 land on the day Excel shows, 60 is refused. */
export function serialToDate(serial: number, hasTime: boolean, date1904: boolean): ExcelDate | ExcelCellError {
  if (!Number.isFinite(serial) || serial < 0) return cellError('INVALID_DATE', CELL_TEXT.invalidDate);
  const totalSeconds = Math.round(serial * 86_400);
  const days = Math.floor(totalSeconds / 86_400);
  const seconds = totalSeconds - days * 86_400;
  let dayMs: number;
  if (date1904) {
    dayMs = EPOCH_1904 + days * DAY_MS;
  } else {
    if (days === 60) return cellError('INVALID_DATE', CELL_TEXT.phantomDate);
    // Serial 0 is Excel's '1900-01-00', not a day.
    if (days === 0) return cellError('INVALID_DATE', CELL_TEXT.invalidDate);
    dayMs = (days < 60 ? EPOCH_1900_EARLY : EPOCH_1900) + days * DAY_MS;
  }
  if (dayMs > LAST_DAY_MS) return cellError('INVALID_DATE', CELL_TEXT.invalidDate);
  return makeDate(new Date(dayMs + seconds * 1000), hasTime);
}

/** A serial shown with a time format: the time of day, or for '[h]:mm:ss' the whole elapsed time. */
export function serialToTime(serial: number, elapsed: boolean): ExcelTime | ExcelCellError {
  if (!Number.isFinite(serial) || serial < 0) return cellError('INVALID_DATE', CELL_TEXT.invalidTime);
  const total = Math.round(serial * 86_400);
  return makeTime(elapsed ? total : total % 86_400, elapsed);
}

export function makeDate(date: Date, hasTime: boolean): ExcelDate {
  const iso = date.toISOString();
  return { kind: 'date', date, hasTime, text: hasTime ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : iso.slice(0, 10) };
}

export function makeTime(seconds: number, elapsed: boolean): ExcelTime {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const hh = elapsed ? String(h) : String(h).padStart(2, '0');
  return {
    kind: 'time',
    seconds,
    elapsed,
    text: `${hh}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`,
  };
}

const ISO =
  /^\s*(?:(\d{4})-(\d{2})-(\d{2}))?(?:[T ]?(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(?:Z|[+-]\d{2}:?\d{2})?\s*$/;

/**
 * A `t="d"` cell: ISO 8601 text. The wall-clock reading is taken as written (a zone suffix is ignored, as Excel
 * has no zones); a time alone, or a time-formatted cell, becomes a time of day.
 */
export function isoToValue(text: string, kind: FormatKind): ExcelDate | ExcelTime | ExcelCellError {
  const m = ISO.exec(text);
  const bad = cellError('INVALID_DATE', CELL_TEXT.badIsoDate(text));
  if (!m || (m[1] === undefined && m[4] === undefined)) return bad;
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const fraction = m[7] === undefined ? 0 : Number(`0.${m[7]}`);
  if (hour > 23 || minute > 59 || second > 59) return bad;
  const daySeconds = Math.round(hour * 3600 + minute * 60 + second + fraction);
  if (m[1] === undefined || kind === 'time' || kind === 'elapsed') return makeTime(daySeconds % 86_400, false);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dayMs = Date.UTC(year, month - 1, day);
  const check = new Date(dayMs);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return bad;
  const hasTime = kind === 'datetime' || (kind === 'number' && daySeconds !== 0);
  return makeDate(new Date(dayMs + daySeconds * 1000), hasTime);
}
