/**
 * One tab of the cron builders: the modes of one field as radios, each followed by its own numbers; only the
 * selected mode's numbers are enabled (§2.3). Bounds and defaults come from the shared builder state
 * (BUILDER_BOUNDS, §5.5). Weekdays are listed 周一 first and stored as Quartz numbers (1 = 周日).
 */
import { Checkbox, InputNumber, Radio, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import {
  BUILDER_BOUNDS,
  WEEKDAY_LABELS,
  WEEKDAYS_MONDAY_FIRST,
  type CronFieldState,
  type CronMode,
} from '@houtai/shared/cron/builder';
import { CRON_FIELD_LABELS, type CronFieldName } from '@houtai/shared/cron/parse';

export interface CronFieldEditorProps {
  field: CronFieldName;
  value: CronFieldState;
  onChange: (next: CronFieldState) => void;
  /** The whole tab off (the day while a week is set, in the week variant). */
  disabled?: boolean;
}

const UNIT: Record<CronFieldName, string> = {
  second: '秒',
  minute: '分钟',
  hour: '时',
  day: '日',
  month: '月',
  week: '',
  year: '年',
};

const EVERY: Record<CronFieldName, string> = {
  second: '每秒',
  minute: '每分钟',
  hour: '每小时',
  day: '每日',
  month: '每月',
  week: '每天',
  year: '每年',
};

const WEEK_OPTIONS = WEEKDAYS_MONDAY_FIRST.map((d) => ({ value: d, label: WEEKDAY_LABELS[d] }));

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export function CronFieldEditor({ field, value, onChange, disabled = false }: CronFieldEditorProps) {
  const b = BUILDER_BOUNDS[field];
  const label = CRON_FIELD_LABELS[field];
  const unit = UNIT[field];
  const set = (patch: Partial<CronFieldState>) => onChange({ ...value, ...patch });
  const off = (mode: CronMode) => disabled || value.mode !== mode;

  /** A number of the field (a weekday picker for the week). */
  const numberInput = (mode: CronMode, aria: string, v: number, key: keyof CronFieldState, min = b.min, max = b.max) =>
    field === 'week' && min === b.min ? (
      <Select
        aria-label={aria}
        size="small"
        style={{ width: 88 }}
        disabled={off(mode)}
        value={v}
        options={WEEK_OPTIONS}
        onChange={(n: number) => set({ [key]: n })}
      />
    ) : (
      <InputNumber
        aria-label={aria}
        size="small"
        style={{ width: field === 'year' ? 88 : 68 }}
        disabled={off(mode)}
        min={min}
        max={max}
        precision={0}
        value={v}
        onChange={(n) => {
          if (typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max) set({ [key]: n });
        }}
      />
    );

  /** What follows each mode's radio: its numbers, enabled only while it is selected. */
  const after: Partial<Record<CronMode, ReactNode>> = {
    range: (
      <>
        从 {numberInput('range', `${label}周期起始`, value.rangeStart, 'rangeStart')} 到{' '}
        {numberInput('range', `${label}周期结束`, value.rangeEnd, 'rangeEnd')} {unit}
      </>
    ),
    loop: (
      <>
        从 {numberInput('loop', `${label}循环起始`, value.loopStart, 'loopStart')} {unit}开始，每{' '}
        {numberInput('loop', `${label}循环间隔`, value.loopInterval, 'loopInterval', 1, b.maxInterval)}{' '}
        {field === 'week' ? '天' : unit}执行一次
      </>
    ),
    workday: <>每月 {numberInput('workday', '工作日的日期', value.workday, 'workday')} 号最近的那个工作日</>,
    nth: (
      <>
        本月第 {numberInput('nth', '第几周', value.nth, 'nth', 1, 5)} 周的{' '}
        {numberInput('nth', '第几周的星期', value.weekday, 'weekday')}
      </>
    ),
    lastWeekday: <>{numberInput('lastWeekday', '本月最后一个星期', value.weekday, 'weekday')}</>,
    custom: <Typography.Text code>{value.mode === 'custom' ? value.text : ''}</Typography.Text>,
  };

  const specifyOptions =
    field === 'week'
      ? WEEK_OPTIONS
      : Array.from({ length: b.max - b.min + 1 }, (_, i) => ({
          value: b.min + i,
          label: field === 'second' || field === 'minute' ? pad(b.min + i) : String(b.min + i),
        }));

  return (
    <Radio.Group
      className="cron-field-editor"
      value={value.mode}
      disabled={disabled}
      onChange={(e) => set({ mode: e.target.value as CronMode })}
      aria-label={`${label}的设置方式`}
      data-testid={`cron-field-${field}`}
    >
      {[...b.modes, ...(value.mode === 'custom' ? (['custom'] as CronMode[]) : [])].map((mode) => (
        <div className="cron-field-editor__row" key={mode}>
          <Radio value={mode}>{mode === 'every' ? EVERY[field] : MODE_NAMES[mode]}</Radio>
          {after[mode] && <span className="cron-field-editor__after">{after[mode]}</span>}
          {mode === 'specify' &&
            (field === 'year' ? (
              <Select
                mode="multiple"
                aria-label="指定年份"
                style={{ minWidth: 240 }}
                disabled={off('specify')}
                value={value.specific}
                options={specifyOptions}
                onChange={(v: number[]) => set({ specific: v })}
              />
            ) : (
              <Checkbox.Group
                className="cron-field-editor__grid"
                disabled={off('specify')}
                value={value.specific}
                options={specifyOptions}
                onChange={(v) => set({ specific: v })}
              />
            ))}
        </div>
      ))}
    </Radio.Group>
  );
}

const MODE_NAMES: Record<CronMode, string> = {
  every: '每',
  unset: '不指定',
  range: '周期',
  loop: '循环',
  specify: '指定',
  workday: '工作日',
  lastDay: '本月最后一天',
  nth: '第几周',
  lastWeekday: '本月最后一个',
  custom: '自定义',
};
