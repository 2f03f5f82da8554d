/** The builders' state: defaults, expression ↔ controls round trips, and the §4 coupling rules of the week variant. */
import { describe, expect, it } from 'vitest';
import {
  builderExpression,
  builderStateFrom,
  changeField,
  dayDisabled,
  defaultBuilderState,
  fieldFromText,
  type CronBuilderState,
} from './builder.ts';
import type { CronFieldName } from './parse.ts';
import { parseCron } from './parse.ts';

const set = (s: CronBuilderState, f: CronFieldName, text: string, coupled = true) =>
  changeField(s, f, fieldFromText(f, text, s[f]), coupled);

describe('defaults', () => {
  it('second *, minute *, hour *, day *, month *, week ?, year *', () => {
    expect(builderExpression(defaultBuilderState(2026))).toBe('* * * * * ? *');
  });

  it('seconds: range 0-59, loop from 0 every 1; years from this year to +100', () => {
    const s = defaultBuilderState(2026);
    expect(s.second).toMatchObject({ rangeStart: 0, rangeEnd: 59, loopStart: 0, loopInterval: 1 });
    expect(s.year).toMatchObject({ rangeStart: 2026, rangeEnd: 2119, loopStart: 2026 });
    expect(builderExpression({ ...s, second: { ...s.second, mode: 'range' } })).toBe('0-59 * * * * ? *');
    expect(builderExpression({ ...s, second: { ...s.second, mode: 'loop' } })).toBe('0/1 * * * * ? *');
  });
});

describe('parse back', () => {
  it.each([
    ['0 15 10 * * ? *', { second: 'specify', minute: 'specify', hour: 'specify', day: 'every', week: 'unset' }],
    ['5-40 0/15 8-18 ? * 2#3 2027', { second: 'range', minute: 'loop', day: 'unset', week: 'nth', year: 'specify' }],
    ['0 0 12 15W 1,6 ? 2026-2030', { day: 'workday', month: 'specify', year: 'range' }],
    ['0 0 12 L * ?', { day: 'lastDay' }],
    ['0 0 12 ? * 6L', { week: 'lastWeekday' }],
    ['0 0 12 LW * ?', { day: 'custom' }],
    ['0 0 12 1-5,10 * ?', { day: 'custom' }],
  ])('%s', (expr, modes) => {
    const s = builderStateFrom(expr, 2026);
    for (const [f, mode] of Object.entries(modes)) expect(s[f as CronFieldName].mode, f).toBe(mode);
    expect(builderExpression(s)).toBe(expr.split(' ').length === 6 ? `${expr} *` : expr);
  });

  it('reads names as numbers: MON-FRI is the range 2-6, JAN-MAR 1-3', () => {
    const s = builderStateFrom('0 0 9 ? JAN-MAR MON-FRI');
    expect(s.week).toMatchObject({ mode: 'range', rangeStart: 2, rangeEnd: 6 });
    expect(s.month).toMatchObject({ mode: 'range', rangeStart: 1, rangeEnd: 3 });
    expect(builderExpression(s)).toBe('0 0 9 ? 1-3 2-6 *');
  });

  it('keeps a half-typed or out-of-range text as custom, unchanged', () => {
    const s = defaultBuilderState(2026);
    expect(fieldFromText('minute', '05', s.minute)).toMatchObject({ mode: 'custom', text: '05' });
    expect(fieldFromText('minute', '1,', s.minute)).toMatchObject({ mode: 'custom', text: '1,' });
    expect(fieldFromText('hour', '24', s.hour)).toMatchObject({ mode: 'custom', text: '24' });
    expect(fieldFromText('second', '*/5', s.second)).toMatchObject({ mode: 'custom', text: '*/5' });
  });

  it('switching modes keeps the numbers of the others', () => {
    const s = builderStateFrom('0 10-20 * * * ?', 2026);
    const loop = { ...s.minute, mode: 'loop' as const };
    expect(builderExpression({ ...s, minute: loop })).toBe('0 0/1 * * * ? *');
    expect(builderExpression({ ...s, minute: { ...loop, mode: 'range' } })).toBe('0 10-20 * * * ? *');
  });
});

describe('coupling rules (week variant, §4)', () => {
  const start = () => defaultBuilderState(2026);

  it('minute made concrete sets second 0 when it is *', () => {
    expect(builderExpression(set(start(), 'minute', '5'))).toBe('0 5 * * * ? *');
    expect(builderExpression(set(builderStateFrom('7 * * * * ?', 2026), 'minute', '5'))).toBe('7 5 * * * ? *');
  });

  it('hour sets minute 0 (and so second 0)', () => {
    expect(builderExpression(set(start(), 'hour', '10'))).toBe('0 0 10 * * ? *');
  });

  it('day sets hour 0 when it is *', () => {
    expect(builderExpression(set(start(), 'day', '15'))).toBe('0 0 0 15 * ? *');
    expect(builderExpression(set(builderStateFrom('0 30 9 * * ?', 2026), 'day', 'L'))).toBe('0 30 9 L * ? *');
  });

  it('week set makes day ? (disabled) and sets hour 0; week back to ? gives day *', () => {
    const s = set(start(), 'week', '2');
    expect(builderExpression(s)).toBe('0 0 0 ? * 2 *');
    expect(dayDisabled(s)).toBe(true);
    const back = set(s, 'week', '?');
    expect(builderExpression(back)).toBe('0 0 0 * * ? *');
    expect(dayDisabled(back)).toBe(false);
  });

  it('day set makes week ?', () => {
    const s = set(set(start(), 'week', '*'), 'week', '?');
    expect(builderExpression(set(builderStateFrom('0 0 0 ? * 2', 2026), 'day', '3'))).toBe('0 0 0 3 * ? *');
    expect(builderExpression(s)).toBe('* * * * * ? *');
  });

  it('month change with day ? and week * sets week 1; with week ? and day * sets day 1', () => {
    expect(builderExpression(set(builderStateFrom('0 0 0 ? * *', 2026), 'month', '3'))).toBe('0 0 0 ? 3 1 *');
    expect(builderExpression(set(start(), 'month', '3'))).toBe('0 0 0 1 3 ? *');
  });

  it('year set while month is * sets month 1 (and through it day 1)', () => {
    expect(builderExpression(set(start(), 'year', '2027'))).toBe('0 0 0 1 1 ? 2027');
    expect(builderExpression(set(builderStateFrom('0 0 0 1 6 ?', 2026), 'year', '2027'))).toBe('0 0 0 1 6 ? 2027');
  });

  it('without coupling (the other variants) only the field changes', () => {
    expect(builderExpression(set(start(), 'hour', '10', false))).toBe('* * 10 * * ? *');
  });

  it('every coupled result is a valid Quartz expression', () => {
    let s = start();
    for (const [f, t] of [
      ['minute', '5'],
      ['week', '6L'],
      ['month', '1-6'],
      ['week', '?'],
      ['day', '10W'],
      ['year', '2030/2'],
    ] as [CronFieldName, string][]) {
      s = set(s, f, t);
      expect(parseCron(builderExpression(s)).ok, builderExpression(s)).toBe(true);
    }
  });
});
