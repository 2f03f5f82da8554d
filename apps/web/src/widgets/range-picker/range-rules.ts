/**
 * The range picker's rules (spec widgets §4, §5.5, §9), pure so that they are tested without a calendar: the
 * default range is one month back (from the start of that day) to today 23:59:59; a range is too long when its
 * last day is past its first day plus N months. Counted in calendar days, so the default range (exactly one month
 * of days) is allowed and one day more is not — "under N months" with the default itself inside.
 */
import dayjs, { type Dayjs } from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const RANGE_TEXT = {
  required: '必须选择一个时间范围',
  tooLong: (months: number) => `最多只能选择${months}个月的范围`,
  start: '开始日期',
  end: '结束日期',
} as const;

export function defaultRange(now: Dayjs = dayjs(), months = 1): [Dayjs, Dayjs] {
  return [now.subtract(months, 'month').startOf('day'), now.endOf('day')];
}

/** Whether [start, end] spans more than `months` months (by calendar day). */
export function isTooLong(start: Dayjs, end: Dayjs, months: number): boolean {
  return end.startOf('day').isAfter(start.startOf('day').add(months, 'month'));
}

export function formatRange(range: [Dayjs, Dayjs], showTime: boolean): [string, string] {
  const f = showTime ? DATETIME_FORMAT : DATE_FORMAT;
  return [range[0].format(f), range[1].format(f)];
}

/** A value pair in the picker's format → days; null when either side is missing or not a date. */
export function parseRange(value: readonly [string, string] | null | undefined): [Dayjs, Dayjs] | null {
  if (!value?.[0] || !value[1]) return null;
  const a = dayjs(value[0]);
  const b = dayjs(value[1]);
  return a.isValid() && b.isValid() ? [a, b] : null;
}
