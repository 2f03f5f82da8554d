/**
 * Date range picker (spec widgets §2.6, §4, §5.5, §9): antd's RangePicker with a value of two strings in
 * YYYY-MM-DD (or YYYY-MM-DD HH:mm:ss with `showTime`). Without a value it shows, and emits once, the default
 * range: one month back to today 23:59:59. Clearing is refused unless `allowClear` ('必须选择一个时间范围', back
 * to the default); a range longer than `disabledMonthNum` months (default 1) is refused with
 * '最多只能选择N个月的范围' and reset to the default. The clear icon is always shown so that the refusal is
 * reachable and explained rather than the icon silently missing.
 */
import { useEffect, useRef } from 'react';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useFeedback } from '../../lib/feedback.ts';
import {
  DATE_FORMAT,
  DATETIME_FORMAT,
  defaultRange,
  formatRange,
  isTooLong,
  parseRange,
  RANGE_TEXT,
} from './range-rules.ts';

export type RangeValue = [string, string];

export interface RangePickerProps {
  /** Two strings in the picker's format; undefined → the default range; null → cleared (with allowClear). */
  value?: RangeValue | null;
  onChange?: (value: RangeValue | null) => void;
  /** Whether an empty range is allowed (default false). */
  allowClear?: boolean;
  /** The longest range in months (default 1). */
  disabledMonthNum?: number;
  /** Pick times too: YYYY-MM-DD HH:mm:ss. */
  showTime?: boolean;
  disabled?: boolean;
  /** Ids of the two inputs (a form label's htmlFor points at the start one). */
  id?: { start?: string; end?: string };
  /** Placeholders, which also name the two inputs (default 开始日期 / 结束日期). */
  placeholder?: [string, string];
}

export function RangePicker({
  value,
  onChange,
  allowClear = false,
  disabledMonthNum = 1,
  showTime = false,
  disabled,
  id,
  placeholder = [RANGE_TEXT.start, RANGE_TEXT.end],
}: RangePickerProps) {
  const { message } = useFeedback();
  const emittedDefault = useRef(false);

  // No value yet: the default range is the value; emit it once so a form holds what the user sees.
  useEffect(() => {
    if (value !== undefined || emittedDefault.current) return;
    emittedDefault.current = true;
    onChange?.(formatRange(defaultRange(), showTime));
  }, [value, onChange, showTime]);

  const shown: [Dayjs, Dayjs] | null = value === null ? null : (parseRange(value) ?? defaultRange());

  const resetToDefault = () => onChange?.(formatRange(defaultRange(), showTime));

  const change = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = dates ?? [null, null];
    if (!start || !end) {
      if (allowClear) {
        onChange?.(null);
        return;
      }
      void message.warning(RANGE_TEXT.required);
      resetToDefault();
      return;
    }
    if (isTooLong(start, end, disabledMonthNum)) {
      void message.warning(RANGE_TEXT.tooLong(disabledMonthNum));
      resetToDefault();
      return;
    }
    // Without times the range covers whole days: its end is the end of the last day.
    onChange?.(formatRange([showTime ? start : start.startOf('day'), showTime ? end : end.endOf('day')], showTime));
  };

  return (
    <DatePicker.RangePicker
      id={id}
      value={shown}
      onChange={change}
      allowClear
      showTime={showTime ? { format: 'HH:mm:ss' } : false}
      format={showTime ? DATETIME_FORMAT : DATE_FORMAT}
      disabled={disabled}
      placeholder={placeholder}
      style={{ maxWidth: '100%' }}
    />
  );
}
