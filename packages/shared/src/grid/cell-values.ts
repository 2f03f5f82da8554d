/**
 * The editable grid's per-type value rules (spec widgets §2.2, §4, §5.2, §9) as small pure functions: number typing
 * and blur, tag cells, list_multi, checkbox_meta, switch, progress, placeholders and the date/time formats. Used by
 * the web grid's cells (apps/web/src/widgets/editable-grid) and by the server when it reads grid values on save and
 * import.
 */
import { GRID_TEXT } from './constants.ts';
import type { GridColumn, GridOption } from './types.ts';

// ---------------------------------------------------------------------------------------------------------------
// inputNumber (§5.2)

/** A number being typed: an optional leading '-', digits and at most one decimal point ('' and '-' included). */
const PARTIAL_NUMBER = /^-?\d*\.?\d*$/;

/** Whether the text is a number being typed (see PARTIAL_NUMBER). */
export function isPartialNumber(text: string): boolean {
  return PARTIAL_NUMBER.test(text);
}

/** Typing in a number cell: the new text when it is still a number being typed, else the previous text (reverts). */
export function acceptNumberInput(previous: string, next: string): string {
  return PARTIAL_NUMBER.test(next) ? next : previous;
}

/** Leaving a number cell: the text as a float, or '' when it holds none ('', '-', '.'). */
export function numberOnBlur(text: string | number | null | undefined): number | '' {
  if (typeof text === 'number') return Number.isFinite(text) ? text : '';
  if (text === null || text === undefined) return '';
  const trimmed = text.trim();
  if (!PARTIAL_NUMBER.test(trimmed)) return '';
  const n = Number.parseFloat(trimmed);
  return Number.isNaN(n) ? '' : n;
}

// ---------------------------------------------------------------------------------------------------------------
// tag cells (§4)

/**
 * Tag cells: typed ';' are stripped and a ';' is put after every two characters (not after the last pair, so that
 * deleting stays possible): 'abcde' → 'ab;cd;e'. Characters are code points (a Chinese character or an emoji is one).
 */
export function formatTagInput(text: string): string {
  const chars = Array.from(text.replaceAll(';', ''));
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    if (i > 0 && i % 2 === 0) out += ';';
    out += chars[i] as string;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// list_multi (§2.2: comma-joined)

/** A list_multi value as the comma-joined string the row stores; empty → ''. */
export function joinMulti(values: readonly unknown[] | string | null | undefined): string {
  if (values === null || values === undefined) return '';
  if (typeof values === 'string') return values;
  return values
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String)
    .join(',');
}

/** A stored list_multi value as the array the select shows; empty → []. Empty items are dropped. */
export function splitMulti(value: string | readonly unknown[] | null | undefined): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value !== 'string') return value.filter((v) => v !== null && v !== undefined && v !== '').map(String);
  return value.split(',').filter((s) => s !== '');
}

// ---------------------------------------------------------------------------------------------------------------
// checkbox and checkbox_meta (§2.2, §3 customValue)

/** A checkbox cell's stored value for checked / unchecked. */
export type CheckboxValue = string | boolean;

/**
 * The [checked, unchecked] values of a checkbox cell: the column's customValue pair, else true/false (the spec
 * gives checkbox_meta no default pair; the Y/N default of §9 is the switch's).
 */
export function checkboxValues(column: Pick<GridColumn, 'customValue'>): readonly [CheckboxValue, CheckboxValue] {
  return column.customValue ?? [true, false];
}

/** Whether a stored value shows as checked: it equals the checked value (any other value is unchecked). */
export function isCheckboxChecked(value: unknown, column: Pick<GridColumn, 'customValue'>): boolean {
  return value === checkboxValues(column)[0];
}

/** The value a checkbox cell stores when it is (un)checked. */
export function checkboxValue(checked: boolean, column: Pick<GridColumn, 'customValue'>): CheckboxValue {
  const [on, off] = checkboxValues(column);
  return checked ? on : off;
}

/** A new row's value of a checkbox cell: checked when the column says defaultChecked. */
export function checkboxDefault(column: Pick<GridColumn, 'customValue' | 'defaultChecked'>): CheckboxValue {
  return checkboxValue(column.defaultChecked === true, column);
}

// ---------------------------------------------------------------------------------------------------------------
// switch (§2.2, §9)

/** §9: the switch's default [on, off] values. */
export const SWITCH_DEFAULT_VALUES = ['Y', 'N'] as const;

/** The [on, off] values of a switch: the column's customValue pair, else ['Y', 'N']. */
export function switchValues(column: Pick<GridColumn, 'customValue'>): readonly [string, string] {
  return column.customValue ?? SWITCH_DEFAULT_VALUES;
}

/** Whether a switch shows as on: only the first value is on; anything else, empty included, is off. */
export function isSwitchOn(value: unknown, column: Pick<GridColumn, 'customValue'>): boolean {
  return value === switchValues(column)[0];
}

/** The value a switch emits: on → the first value, off → the second. */
export function switchValue(on: boolean, column: Pick<GridColumn, 'customValue'>): string {
  const [onValue, offValue] = switchValues(column);
  return on ? onValue : offValue;
}

/** The value a switch holds for a stored value: an empty (or unknown) value is off and becomes the second value. */
export function normaliseSwitch(value: unknown, column: Pick<GridColumn, 'customValue'>): string {
  return switchValue(isSwitchOn(value, column), column);
}

/** In query mode the switch is a dropdown: 是 (on value) and 否 (off value). */
export function switchQueryOptions(column: Pick<GridColumn, 'customValue'>): GridOption[] {
  const [on, off] = switchValues(column);
  return [
    { value: on, text: GRID_TEXT.switchOn },
    { value: off, text: GRID_TEXT.switchOff },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// progress (§2.2)

/** A progress cell's number: a number as it is, anything else parsed as a float, 0 when that fails. */
export function progressValue(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

/** A progress cell's text: the number as a percent ('42%'). */
export function progressText(value: unknown): string {
  return `${progressValue(value)}%`;
}

// ---------------------------------------------------------------------------------------------------------------
// placeholders (§3)

/** A column's placeholder with ${title}, ${key} and ${defaultValue} filled in (a missing default is ''). */
export function fillPlaceholder(template: string, column: Pick<GridColumn, 'title' | 'key' | 'defaultValue'>): string {
  const dv = column.defaultValue;
  let defaultText: string;
  if (dv === undefined || dv === null) defaultText = '';
  else if (typeof dv === 'string') defaultText = dv;
  else if (typeof dv === 'number' || typeof dv === 'boolean' || typeof dv === 'bigint') defaultText = String(dv);
  else if (Array.isArray(dv)) defaultText = joinMulti(dv);
  else defaultText = JSON.stringify(dv);
  return template
    .replaceAll('${title}', column.title)
    .replaceAll('${key}', column.key)
    .replaceAll('${defaultValue}', defaultText);
}

// ---------------------------------------------------------------------------------------------------------------
// date, datetime, time (§9 formats)

/** §9: the formats the pickers show and the rows store. */
export const GRID_DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  time: 'HH:mm:ss',
} as const;
export type GridTemporalType = keyof typeof GRID_DATE_FORMATS;

const DATE_STRICT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_STRICT = /^(\d{2}):(\d{2}):(\d{2})$/;
const DATETIME_STRICT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;
/** Lenient input: 2024-1-5, 2024/01/05, 2024.1.5. */
const DATE_LOOSE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
/** Lenient input: 9:05, 09:05:07. */
const TIME_LOOSE = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] as number;
  return d <= days;
}

const isRealTime = (h: number, m: number, s: number): boolean => h <= 23 && m <= 59 && s <= 59;

/** Whether the text is a real date written YYYY-MM-DD. */
export function isDateText(text: string): boolean {
  const m = DATE_STRICT.exec(text);
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Whether the text is a real time written HH:mm:ss. */
export function isTimeText(text: string): boolean {
  const m = TIME_STRICT.exec(text);
  return m !== null && isRealTime(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Whether the text is a real date and time written YYYY-MM-DD HH:mm:ss. */
export function isDateTimeText(text: string): boolean {
  const m = DATETIME_STRICT.exec(text);
  return m !== null && isDateText(m[1] as string) && isTimeText(m[2] as string);
}

/** A date typed or imported loosely (2024-1-5, 2024/01/05, 2024.1.5) as YYYY-MM-DD; null when it is no real date. */
export function normaliseDate(text: string): string | null {
  const m = DATE_LOOSE.exec(text.trim());
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return isRealDate(y, mo, d) ? `${m[1]}-${pad2(mo)}-${pad2(d)}` : null;
}

/** A time typed loosely (9:05, 09:05:07) as HH:mm:ss (missing seconds are :00); null when it is no real time. */
export function normaliseTime(text: string): string | null {
  const m = TIME_LOOSE.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  const s = m[3] === undefined ? 0 : Number(m[3]);
  return isRealTime(h, mi, s) ? `${pad2(h)}:${pad2(mi)}:${pad2(s)}` : null;
}

/**
 * A date and time typed loosely (a date as normaliseDate, then a space or 'T' and a time as normaliseTime; a date
 * alone is midnight) as YYYY-MM-DD HH:mm:ss; null when either part is not real.
 */
export function normaliseDateTime(text: string): string | null {
  const trimmed = text.trim();
  const at = trimmed.search(/[ T]/);
  const date = normaliseDate(at < 0 ? trimmed : trimmed.slice(0, at));
  if (date === null) return null;
  if (at < 0) return `${date} 00:00:00`;
  const time = normaliseTime(trimmed.slice(at + 1));
  return time === null ? null : `${date} ${time}`;
}

/** A date, datetime or time cell's value in its §9 format; '' stays '' (empty), null when the text is not real. */
export function normaliseTemporal(type: GridTemporalType, text: string): string | null {
  if (text.trim() === '') return '';
  if (type === 'date') return normaliseDate(text);
  if (type === 'time') return normaliseTime(text);
  return normaliseDateTime(text);
}
