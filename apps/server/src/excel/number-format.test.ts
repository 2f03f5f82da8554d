import { describe, expect, it } from 'vitest';
import { classifyFormat, formatKind, isoToValue, serialToDate, serialToTime } from './number-format.ts';
import { decodeEscapes, encodeEscapes } from './values.ts';

describe('number formats', () => {
  it.each([
    ['General', 'number'],
    ['0.00', 'number'],
    ['#,##0.00_);[Red](#,##0.00)', 'number'],
    ['0.00E+00', 'number'],
    ['@', 'number'],
    ['"￥"#,##0.00', 'number'],
    ['yyyy-mm-dd', 'date'],
    ['yyyy-mm-dd;@', 'date'],
    ['yyyy/m/d;@', 'date'],
    ['yyyy"年"m"月"d"日"', 'date'],
    ['[DBNum1][$-804]yyyy"年"m"月"d"日"', 'date'],
    ['mmm', 'date'],
    ['dd-MMM-yyyy', 'date'],
    ['yyyy-mm-dd hh:mm:ss', 'datetime'],
    ['m/d/yy h:mm', 'datetime'],
    ['h:mm AM/PM', 'time'],
    ['上午/下午h"时"mm"分"', 'time'],
    ['mm:ss', 'time'],
    ['[h]:mm:ss', 'elapsed'],
    ['[hh]:mm:ss', 'elapsed'],
    ['[mm]:ss', 'elapsed'],
    ['[Red]0.00', 'number'],
    ['"day"0', 'number'],
  ])('%s is %s', (code, kind) => {
    expect(classifyFormat(code)).toBe(kind);
  });

  it('built-in ids without a code, including the zh-CN ones', () => {
    expect([14, 22, 18, 46, 31, 32, 57, 58, 0, 2, 49].map((id) => formatKind(id, undefined))).toEqual([
      'date',
      'datetime',
      'time',
      'elapsed',
      'date',
      'time',
      'date',
      'date',
      'number',
      'number',
      'number',
    ]);
    expect(formatKind(14, '0.00')).toBe('number');
  });
});

describe('serials', () => {
  it('1900 system: 1 → 1900-01-01, 59 → 1900-02-28, 60 refused, 61 → 1900-03-01, 0 refused', () => {
    expect(serialToDate(1, false, false)).toMatchObject({ text: '1900-01-01' });
    expect(serialToDate(59, false, false)).toMatchObject({ text: '1900-02-28' });
    expect(serialToDate(60, false, false)).toMatchObject({ kind: 'error', code: 'INVALID_DATE' });
    expect(serialToDate(61, false, false)).toMatchObject({ text: '1900-03-01' });
    expect(serialToDate(0, false, false)).toMatchObject({ kind: 'error' });
    expect(serialToDate(-1, false, false)).toMatchObject({ kind: 'error' });
    expect(serialToDate(2958466, false, false)).toMatchObject({ kind: 'error' });
    expect(serialToDate(45658.99998, true, false)).toMatchObject({ text: '2025-01-01 23:59:58' });
    expect(serialToDate(45658.999999, true, false)).toMatchObject({ text: '2025-01-02 00:00:00' });
  });

  it('1904 system: 0 → 1904-01-01, no phantom day', () => {
    expect(serialToDate(0, false, true)).toMatchObject({ text: '1904-01-01' });
    expect(serialToDate(60, false, true)).toMatchObject({ text: '1904-03-01' });
  });

  it('times of day wrap at midnight, durations do not', () => {
    expect(serialToTime(1.5, false)).toMatchObject({ text: '12:00:00', seconds: 43_200 });
    expect(serialToTime(1.5, true)).toMatchObject({ text: '36:00:00', seconds: 129_600 });
    expect(serialToTime(-0.5, false)).toMatchObject({ kind: 'error' });
  });

  it('ISO text', () => {
    expect(isoToValue('2014-02-14T08:27:48.765Z', 'date')).toMatchObject({ text: '2014-02-14' });
    expect(isoToValue('2014-02-14T08:27:48.765Z', 'number')).toMatchObject({ text: '2014-02-14 08:27:49' });
    expect(isoToValue('2014-02-14', 'number')).toMatchObject({ text: '2014-02-14', hasTime: false });
    expect(isoToValue('2014-13-01', 'date')).toMatchObject({ kind: 'error' });
  });
});

describe('_xHHHH_ escapes', () => {
  it('decode and encode are inverse, and literal escapes survive', () => {
    for (const text of ['a\rb', 'tab\there', '_x000D_ literal', '\u0001\u001f', 'plain 中文', '__x0041__']) {
      expect(decodeEscapes(encodeEscapes(text))).toBe(text);
    }
    expect(encodeEscapes('a\rb')).toBe('a_x000D_b');
    expect(encodeEscapes('_x000D_')).toBe('_x005F_x000D_');
    expect(decodeEscapes('_x005F_x000D_')).toBe('_x000D_');
  });
});
