/**
 * Quartz cron expressions: second minute hour day-of-month month day-of-week [year]. Missing trailing fields
 * default to '*' ('?' for day-of-week). Every Quartz form: lists, ranges (wrapping, e.g. FRI-MON, 22-2),
 * steps (a/b, * /b, a-b/c), L, LW, L-n, L-nW, LW-n, nW, dL, d#n, '?', names JAN-DEC and SUN-SAT.
 * Day-of-week follows Quartz (1 = SUN ... 7 = SAT), as the Quartz vectors require. One Chinese message
 * per problem, naming the field.
 */

export type CronFieldName = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

export const CRON_FIELDS: readonly CronFieldName[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

export const CRON_FIELD_LABELS: Record<CronFieldName, string> = {
  second: '秒',
  minute: '分钟',
  hour: '小时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/** Value bounds of each field; years as far as the search looks. */
export const CRON_BOUNDS: Record<CronFieldName, { min: number; max: number; maxStep: number }> = {
  second: { min: 0, max: 59, maxStep: 59 },
  minute: { min: 0, max: 59, maxStep: 59 },
  hour: { min: 0, max: 23, maxStep: 23 },
  day: { min: 1, max: 31, maxStep: 31 },
  month: { min: 1, max: 12, maxStep: 12 },
  week: { min: 1, max: 7, maxStep: 7 },
  year: { min: 1970, max: 2199, maxStep: 99 },
};

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Day-of-month: plain days plus the month-relative forms, resolved per month by the schedule. */
export interface DaySpec {
  /** days[d] for 1..31 */
  days: boolean[];
  /** n of each L-n (L = 0). */
  fromLast: number[];
  /** n of each L-nW (LW = 0): the weekday nearest to the (last - n)th. */
  fromLastWeekday: number[];
  /** n of each LW-n (Quartz.NET): the last weekday minus n days. */
  lastWeekdayMinus: number[];
  /** d of each dW: the weekday nearest to d without leaving the month. */
  nearestWeekday: number[];
}

/** Day-of-week, Quartz numbering 1 = SUN ... 7 = SAT. */
export interface WeekSpec {
  /** days[d] for 1..7 */
  days: boolean[];
  /** dL: the last such weekday of the month. */
  last: number | null;
  /** d#n: the nth such weekday of the month. */
  nth: { weekday: number; n: number } | null;
}

export interface Cron {
  /** The seven normalised fields joined by spaces. */
  expression: string;
  fields: Record<CronFieldName, string>;
  second: boolean[];
  minute: boolean[];
  hour: boolean[];
  /** null = '?' */
  day: DaySpec | null;
  /** month[m] for 1..12 */
  month: boolean[];
  /** null = '?' */
  week: WeekSpec | null;
  /** Sorted allowed years, or null for every year. */
  years: number[] | null;
}

export type ParseResult = { ok: true; cron: Cron } | { ok: false; message: string; field?: CronFieldName };

class CronError extends Error {
  constructor(
    message: string,
    readonly field?: CronFieldName,
  ) {
    super(message);
  }
}

const rangeMessage = (f: CronFieldName) =>
  `${CRON_FIELD_LABELS[f]}的取值范围为${CRON_BOUNDS[f].min}-${CRON_BOUNDS[f].max}`;

function fail(f: CronFieldName, message: string): never {
  throw new CronError(message, f);
}

function invalid(f: CronFieldName, token: string): never {
  fail(f, `${CRON_FIELD_LABELS[f]}包含无效的值：${token}`);
}

/** One value of a field: a number or (month, week) a name. */
function value(f: CronFieldName, token: string): number {
  let n: number;
  if (/^\d+$/.test(token)) n = Number(token);
  else if (f === 'month' && MONTH_NAMES.includes(token.toUpperCase())) n = MONTH_NAMES.indexOf(token.toUpperCase()) + 1;
  else if (f === 'week' && WEEK_NAMES.includes(token.toUpperCase())) n = WEEK_NAMES.indexOf(token.toUpperCase()) + 1;
  else invalid(f, token);
  const { min, max } = CRON_BOUNDS[f];
  if (n < min || n > max) fail(f, rangeMessage(f));
  return n;
}

function step(f: CronFieldName, token: string): number {
  if (!/^\d+$/.test(token)) invalid(f, `/${token}`);
  const n = Number(token);
  if (n < 1 || n > CRON_BOUNDS[f].maxStep) fail(f, `${CRON_FIELD_LABELS[f]}的间隔范围为1-${CRON_BOUNDS[f].maxStep}`);
  return n;
}

/** Marks a, a-b, a/n, a-b/n, *, * /n in `flags` (indexes are the field's own values). */
function markRange(f: CronFieldName, item: string, flags: boolean[]): void {
  const { min, max } = CRON_BOUNDS[f];
  const [body = '', stepText, extra] = item.split('/');
  if (extra !== undefined) invalid(f, item);
  const inc = stepText === undefined ? 1 : step(f, stepText);
  let start: number;
  let end: number;
  if (body === '*' || body === '') {
    if (body === '' && stepText === undefined) invalid(f, item);
    start = min;
    end = max;
  } else {
    const dash = body.indexOf('-');
    if (dash >= 0) {
      start = value(f, body.slice(0, dash));
      end = value(f, body.slice(dash + 1));
    } else {
      start = value(f, body);
      end = stepText === undefined ? start : max;
    }
  }
  if (f === 'year') {
    if (start > end) fail(f, '年的范围起始值不能大于结束值');
    for (let v = start; v <= end; v += inc) flags[v - min] = true;
    return;
  }
  const size = max - min + 1;
  const span = (end - start + size) % size;
  for (let k = 0; k <= span; k += inc) flags[min + ((start - min + k) % size)] = true;
}

function simpleField(f: CronFieldName, text: string): boolean[] {
  const flags: boolean[] = [];
  for (const item of text.split(',')) {
    if (item === '?') fail(f, `只有日和周可以使用?`);
    markRange(f, item, flags);
  }
  return flags;
}

const L_OFFSET_MAX = 30;

function lastOffset(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > L_OFFSET_MAX) fail('day', `日的L-n中n的取值范围为0-${L_OFFSET_MAX}`);
  return n;
}

function dayField(text: string): DaySpec {
  const spec: DaySpec = { days: [], fromLast: [], fromLastWeekday: [], lastWeekdayMinus: [], nearestWeekday: [] };
  for (const raw of text.split(',')) {
    const item = raw.toUpperCase();
    let m: RegExpExecArray | null;
    if (item === '?') fail('day', '?不能与其他日的值同时使用');
    else if (item === 'L') spec.fromLast.push(0);
    else if ((m = /^L-(\d*)$/.exec(item))) spec.fromLast.push(lastOffset(m[1]!));
    else if (item === 'LW') spec.fromLastWeekday.push(0);
    else if ((m = /^L-(\d*)W$/.exec(item))) spec.fromLastWeekday.push(lastOffset(m[1]!));
    else if ((m = /^LW-(\d*)$/.exec(item))) spec.lastWeekdayMinus.push(lastOffset(m[1]!));
    else if ((m = /^(\d+)W$/.exec(item))) {
      const d = Number(m[1]);
      if (d < 1 || d > 31) fail('day', 'W前的日取值范围为1-31');
      spec.nearestWeekday.push(d);
    } else markRange('day', raw, spec.days);
  }
  return spec;
}

function weekField(text: string): WeekSpec {
  const spec: WeekSpec = { days: [], last: null, nth: null };
  const items = text.split(',');
  for (const raw of items) {
    const item = raw.toUpperCase();
    let m: RegExpExecArray | null;
    const special = item === 'L' || /L$/.test(item) || item.includes('#');
    if (special && items.length > 1) fail('week', '周的L或#不能与其他值同时使用');
    if (item === '?') fail('week', '?不能与其他周的值同时使用');
    else if (item === 'L') spec.days[7] = true;
    else if ((m = /^([A-Z0-9]+)L$/.exec(item))) spec.last = value('week', m[1]!);
    else if ((m = /^([A-Z0-9]+)#(\d*)$/.exec(item))) {
      const weekday = value('week', m[1]!);
      const n = Number(m[2]);
      if (!/^\d+$/.test(m[2]!) || n < 1 || n > 5) fail('week', '周的第几个(#)取值范围为1-5');
      spec.nth = { weekday, n };
    } else markRange('week', raw, spec.days);
  }
  return spec;
}

function yearField(text: string): number[] | null {
  if (text === '*') return null;
  const flags = simpleField('year', text);
  const years: number[] = [];
  flags.forEach((on, i) => on && years.push(i + CRON_BOUNDS.year.min));
  return years;
}

/** Parses and validates an expression; the message names the field at fault. */
export function parseCron(expression: string): ParseResult {
  try {
    return { ok: true, cron: parseOrThrow(expression) };
  } catch (err) {
    if (err instanceof CronError)
      return { ok: false, message: err.message, ...(err.field ? { field: err.field } : {}) };
    throw err;
  }
}

/** The validation message of an expression, or null when it is valid. */
export function validateCron(expression: string): string | null {
  const r = parseCron(expression);
  return r.ok ? null : r.message;
}

function parseOrThrow(expression: string): Cron {
  const parts = expression.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) throw new CronError('Cron表达式不能为空');
  if (parts.length > 7) throw new CronError('Cron表达式最多7个字段：秒 分钟 小时 日 月 周 年');
  const defaults = ['*', '*', '*', '*', '*', '?', '*'];
  const text = {} as Record<CronFieldName, string>;
  CRON_FIELDS.forEach((f, i) => {
    text[f] = parts[i] ?? defaults[i]!;
  });
  const second = simpleField('second', text.second);
  const minute = simpleField('minute', text.minute);
  const hour = simpleField('hour', text.hour);
  const day = text.day === '?' ? null : dayField(text.day);
  const month = simpleField('month', text.month);
  const week = text.week === '?' ? null : weekField(text.week);
  if (day && week) throw new CronError('日和周不能同时指定，其中一个必须为?', 'week');
  if (!day && !week) throw new CronError('日和周不能同时为?', 'week');
  const years = yearField(text.year);
  return {
    expression: CRON_FIELDS.map((f) => text[f]).join(' '),
    fields: text,
    second,
    minute,
    hour,
    day,
    month,
    week,
    years,
  };
}
