/**
 * The cron builders' state (spec §2.3, §3 "Cron state", §4 cron editor rules, §5.5 bounds), without React: each of
 * the seven fields is a mode plus the numbers of every mode (switching modes keeps what was typed), turned into
 * the field's text and parsed back from it. A text the controls cannot show (a mixed list, LW, 5L on the day …)
 * is kept as mode 'custom' with its text, so an expression always round-trips unchanged.
 * Weekdays are Quartz numbers (1 = 周日 … 7 = 周六), as the engine reads them; the builders list 周一 first.
 */
import type { CronFieldName } from './parse.ts';
import { CRON_FIELDS } from './parse.ts';

export type CronMode =
  /** '*' */
  | 'every'
  /** '?' (day and week only) */
  | 'unset'
  /** 'a-b' */
  | 'range'
  /** 'a/b' */
  | 'loop'
  /** 'a,b,c' */
  | 'specify'
  /** day 'nW' */
  | 'workday'
  /** day 'L' */
  | 'lastDay'
  /** week 'd#n' */
  | 'nth'
  /** week 'dL' */
  | 'lastWeekday'
  /** any other text, kept as typed */
  | 'custom';

export interface CronFieldState {
  mode: CronMode;
  rangeStart: number;
  rangeEnd: number;
  loopStart: number;
  loopInterval: number;
  specific: number[];
  /** day: nW */
  workday: number;
  /** week: the weekday of d#n and dL */
  weekday: number;
  /** week: n of d#n */
  nth: number;
  /** mode 'custom' */
  text: string;
}

export type CronBuilderState = Record<CronFieldName, CronFieldState>;

export interface CronFieldBounds {
  min: number;
  max: number;
  /** Largest loop interval. */
  maxInterval: number;
  /** Modes the field's tab offers, in order. */
  modes: CronMode[];
}

/** §5.5 bounds of the builders (years 2019-2119; the minute interval capped at 59, as Quartz requires). */
export const BUILDER_BOUNDS: Record<CronFieldName, CronFieldBounds> = {
  second: { min: 0, max: 59, maxInterval: 59, modes: ['every', 'range', 'loop', 'specify'] },
  minute: { min: 0, max: 59, maxInterval: 59, modes: ['every', 'range', 'loop', 'specify'] },
  hour: { min: 0, max: 23, maxInterval: 23, modes: ['every', 'range', 'loop', 'specify'] },
  day: {
    min: 1,
    max: 31,
    maxInterval: 31,
    modes: ['unset', 'every', 'range', 'loop', 'workday', 'lastDay', 'specify'],
  },
  month: { min: 1, max: 12, maxInterval: 12, modes: ['every', 'range', 'loop', 'specify'] },
  week: {
    min: 1,
    max: 7,
    maxInterval: 7,
    modes: ['unset', 'every', 'range', 'loop', 'nth', 'lastWeekday', 'specify'],
  },
  year: { min: 2019, max: 2119, maxInterval: 99, modes: ['every', 'range', 'loop', 'specify'] },
};

/** Quartz weekday → label; the builders list them Monday first. */
export const WEEKDAY_LABELS: Record<number, string> = {
  1: '周日',
  2: '周一',
  3: '周二',
  4: '周三',
  5: '周四',
  6: '周五',
  7: '周六',
};
export const WEEKDAYS_MONDAY_FIRST = [2, 3, 4, 5, 6, 7, 1];

function defaultField(f: CronFieldName, currentYear: number): CronFieldState {
  const b = BUILDER_BOUNDS[f];
  const base: CronFieldState = {
    mode: f === 'week' ? 'unset' : 'every',
    rangeStart: b.min,
    rangeEnd: b.max,
    loopStart: b.min,
    loopInterval: 1,
    specific: [],
    workday: 1,
    weekday: 2,
    nth: 1,
    text: '',
  };
  if (f === 'week') return { ...base, rangeStart: 2, rangeEnd: 6, loopStart: 2 };
  if (f === 'year') {
    const start = Math.min(Math.max(currentYear, b.min), b.max);
    return { ...base, rangeStart: start, rangeEnd: Math.min(start + 100, b.max), loopStart: start };
  }
  return base;
}

/** Defaults (§4): second *, minute *, hour *, day *, month *, week ?, year *. */
export function defaultBuilderState(currentYear = new Date().getFullYear()): CronBuilderState {
  const s = {} as CronBuilderState;
  for (const f of CRON_FIELDS) s[f] = defaultField(f, currentYear);
  return s;
}

/** The text of one field. */
export function fieldText(f: CronFieldName, s: CronFieldState): string {
  switch (s.mode) {
    case 'every':
      return '*';
    case 'unset':
      return '?';
    case 'range':
      return `${s.rangeStart}-${s.rangeEnd}`;
    case 'loop':
      return `${s.loopStart}/${s.loopInterval}`;
    case 'specify': {
      const list = [...new Set(s.specific)].sort((a, b) => a - b);
      return list.length ? list.join(',') : String(BUILDER_BOUNDS[f].min);
    }
    case 'workday':
      return `${s.workday}W`;
    case 'lastDay':
      return 'L';
    case 'nth':
      return `${s.weekday}#${s.nth}`;
    case 'lastWeekday':
      return `${s.weekday}L`;
    case 'custom':
      return s.text.trim() || '*';
  }
}

/** The seven-field expression of a state. */
export function builderExpression(state: CronBuilderState): string {
  return CRON_FIELDS.map((f) => fieldText(f, state[f])).join(' ');
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Names to numbers (JAN → 1, MON → 2), so 'MON-FRI' reads back as a range. */
function numbered(f: CronFieldName, text: string): string {
  if (f !== 'month' && f !== 'week') return text;
  const names = f === 'month' ? MONTHS : DAYS;
  return text.toUpperCase().replace(/[A-Z]{3}/g, (n) => (names.includes(n) ? String(names.indexOf(n) + 1) : n));
}

/**
 * The state of one field read from its text, keeping `prev`'s numbers for the modes it does not use. A text the
 * controls cannot show exactly becomes 'custom'.
 */
export function fieldFromText(f: CronFieldName, text: string, prev: CronFieldState): CronFieldState {
  const raw = text.trim();
  const t = numbered(f, raw);
  const b = BUILDER_BOUNDS[f];
  const inBounds = (...ns: number[]) => ns.every((n) => Number.isInteger(n) && n >= b.min && n <= b.max);
  let m: RegExpExecArray | null;
  let next: CronFieldState | null = null;
  if (t === '*') next = { ...prev, mode: 'every' };
  else if (t === '?' && (f === 'day' || f === 'week')) next = { ...prev, mode: 'unset' };
  else if ((m = /^(\d+)-(\d+)$/.exec(t)) && inBounds(Number(m[1]), Number(m[2])))
    next = { ...prev, mode: 'range', rangeStart: Number(m[1]), rangeEnd: Number(m[2]) };
  else if ((m = /^(\d+|\*)\/(\d+)$/.exec(t))) {
    const start = m[1] === '*' ? b.min : Number(m[1]);
    const interval = Number(m[2]);
    if (inBounds(start) && interval >= 1 && interval <= b.maxInterval && m[1] !== '*')
      next = { ...prev, mode: 'loop', loopStart: start, loopInterval: interval };
  } else if (/^\d+(,\d+)*$/.test(t)) {
    const list = t.split(',').map(Number);
    if (inBounds(...list)) next = { ...prev, mode: 'specify', specific: list };
  } else if (f === 'day' && t === 'L') next = { ...prev, mode: 'lastDay' };
  else if (f === 'day' && (m = /^(\d+)W$/.exec(t)) && inBounds(Number(m[1])))
    next = { ...prev, mode: 'workday', workday: Number(m[1]) };
  else if (
    f === 'week' &&
    (m = /^(\d)#(\d)$/.exec(t)) &&
    inBounds(Number(m[1])) &&
    Number(m[2]) >= 1 &&
    Number(m[2]) <= 5
  )
    next = { ...prev, mode: 'nth', weekday: Number(m[1]), nth: Number(m[2]) };
  else if (f === 'week' && (m = /^(\d)L$/.exec(t)) && inBounds(Number(m[1])))
    next = { ...prev, mode: 'lastWeekday', weekday: Number(m[1]) };
  // Only when the controls give back what was typed (names aside): '05' or '1,1' stay custom while typing.
  if (next && fieldText(f, next) === t) return next;
  return { ...prev, mode: 'custom', text: raw };
}

/** The state of an expression (missing trailing fields as the engine defaults them). */
export function builderStateFrom(expression: string, currentYear = new Date().getFullYear()): CronBuilderState {
  const parts = expression.trim().split(/\s+/).filter(Boolean);
  const defaults = defaultBuilderState(currentYear);
  const s = {} as CronBuilderState;
  CRON_FIELDS.forEach((f, i) => {
    const text = parts[i];
    s[f] = text === undefined ? defaults[f] : fieldFromText(f, text, defaults[f]);
  });
  return s;
}

/** Is the field's value a concrete choice (not '*' and not '?')? */
const concrete = (f: CronFieldName, s: CronBuilderState) => !['*', '?'].includes(fieldText(f, s[f]));

const setText = (s: CronBuilderState, f: CronFieldName, text: string): CronBuilderState => ({
  ...s,
  [f]: fieldFromText(f, text, s[f]),
});

/**
 * A field changed in the week variant: the §4 rules, applied in a chain as each automatic change is itself a change
 * (month → day 1 → hour 0 → minute 0 → second 0):
 * - minute, hour, day or week made concrete while the next finer unit is '*': that unit becomes 0;
 * - day set (not '?'): week becomes '?'; week set: day becomes '?' (and the day tab is disabled); week back to
 *   '?' with day '?': day becomes '*' — so the two are never both given, as Quartz requires;
 * - month changed with day '?' and week '*': week becomes 1; with week '?' and day '*': day becomes 1;
 * - year made concrete while month is '*': month becomes 1.
 */
export function changeField(
  state: CronBuilderState,
  field: CronFieldName,
  next: CronFieldState,
  coupled = true,
): CronBuilderState {
  const before = fieldText(field, state[field]);
  let s: CronBuilderState = { ...state, [field]: next };
  const after = fieldText(field, next);
  if (!coupled || before === after) return s;
  const follow = (f: CronFieldName, text: string) => {
    s = changeField(s, f, fieldFromText(f, text, s[f]), true);
  };
  const finer: Partial<Record<CronFieldName, CronFieldName>> = {
    minute: 'second',
    hour: 'minute',
    day: 'hour',
    week: 'hour',
  };
  const lower = finer[field];
  const day = () => fieldText('day', s.day);
  const week = () => fieldText('week', s.week);
  if (field === 'day' && day() !== '?' && week() !== '?') s = setText(s, 'week', '?');
  if (field === 'week') {
    if (week() !== '?' && day() !== '?') s = setText(s, 'day', '?');
    if (week() === '?' && day() === '?') s = setText(s, 'day', '*');
  }
  if (lower && concrete(field, s) && fieldText(lower, s[lower]) === '*') follow(lower, '0');
  if (field === 'month') {
    if (day() === '?' && week() === '*') follow('week', '1');
    else if (week() === '?' && day() === '*') follow('day', '1');
  }
  if (field === 'year' && concrete('year', s) && fieldText('month', s.month) === '*') follow('month', '1');
  return s;
}

/** In the week variant the day tab is disabled while the week is set. */
export function dayDisabled(state: CronBuilderState): boolean {
  return fieldText('week', state.week) !== '?';
}
