import { describe, expect, it } from 'vitest';
import {
  acceptNumberInput,
  checkboxDefault,
  checkboxValue,
  checkboxValues,
  fillPlaceholder,
  formatTagInput,
  isCheckboxChecked,
  isDateText,
  isDateTimeText,
  isPartialNumber,
  isSwitchOn,
  isTimeText,
  joinMulti,
  normaliseDate,
  normaliseDateTime,
  normaliseSwitch,
  normaliseTemporal,
  normaliseTime,
  numberOnBlur,
  progressText,
  progressValue,
  splitMulti,
  switchQueryOptions,
  switchValue,
  switchValues,
} from './cell-values.ts';

describe('inputNumber typing', () => {
  it.each(['', '-', '0', '12', '-12', '1.', '1.5', '-0.25', '.5', '-.'])('keeps the partial number %j', (next) => {
    expect(acceptNumberInput('7', next)).toBe(next);
    expect(isPartialNumber(next)).toBe(true);
  });
  it.each(['1a', '1.2.3', '--1', '1-', '+1', '1e5', ' 1', '1,000', '１'])('reverts %j to the previous text', (next) => {
    expect(acceptNumberInput('7', next)).toBe('7');
  });
});

describe('inputNumber blur', () => {
  it('becomes a float', () => {
    expect(numberOnBlur('12')).toBe(12);
    expect(numberOnBlur('-1.5')).toBe(-1.5);
    expect(numberOnBlur('1.')).toBe(1);
    expect(numberOnBlur('.5')).toBe(0.5);
    expect(numberOnBlur(' 3 ')).toBe(3);
    expect(numberOnBlur(4)).toBe(4);
  });
  it('becomes empty when it holds no number', () => {
    for (const t of ['', '-', '.', '-.', 'abc', '1a', null, undefined, Number.NaN]) expect(numberOnBlur(t)).toBe('');
  });
});

describe('tag cells', () => {
  it('puts a ; after every two characters', () => {
    expect(formatTagInput('')).toBe('');
    expect(formatTagInput('a')).toBe('a');
    expect(formatTagInput('ab')).toBe('ab');
    expect(formatTagInput('abc')).toBe('ab;c');
    expect(formatTagInput('abcde')).toBe('ab;cd;e');
  });
  it('strips typed ; and re-inserts its own', () => {
    expect(formatTagInput('a;b;c')).toBe('ab;c');
    expect(formatTagInput(';;;')).toBe('');
    expect(formatTagInput('ab;cd;e')).toBe('ab;cd;e');
  });
  it('counts a Chinese character or an emoji as one character', () => {
    expect(formatTagInput('红色蓝色')).toBe('红色;蓝色');
    expect(formatTagInput('😀😀😀')).toBe('😀😀;😀');
  });
});

describe('list_multi', () => {
  it('joins with commas; empty is ""', () => {
    expect(joinMulti(['a', 'b', 'c'])).toBe('a,b,c');
    expect(joinMulti([])).toBe('');
    expect(joinMulti(null)).toBe('');
    expect(joinMulti(undefined)).toBe('');
    expect(joinMulti([1, '', null, 2])).toBe('1,2');
    expect(joinMulti('a,b')).toBe('a,b');
  });
  it('splits on commas; empty is []', () => {
    expect(splitMulti('a,b,c')).toEqual(['a', 'b', 'c']);
    expect(splitMulti('')).toEqual([]);
    expect(splitMulti(null)).toEqual([]);
    expect(splitMulti(undefined)).toEqual([]);
    expect(splitMulti('a,,b,')).toEqual(['a', 'b']);
    expect(splitMulti(['a', 1])).toEqual(['a', '1']);
  });
  it('round-trips', () => {
    expect(splitMulti(joinMulti(['x', 'y']))).toEqual(['x', 'y']);
    expect(joinMulti(splitMulti('x,y'))).toBe('x,y');
  });
});

describe('checkbox and checkbox_meta', () => {
  const meta = { customValue: ['1', '0'] as const };
  it('uses the customValue pair', () => {
    expect(checkboxValues(meta)).toEqual(['1', '0']);
    expect(checkboxValue(true, meta)).toBe('1');
    expect(checkboxValue(false, meta)).toBe('0');
    expect(isCheckboxChecked('1', meta)).toBe(true);
    expect(isCheckboxChecked('0', meta)).toBe(false);
    expect(isCheckboxChecked(true, meta)).toBe(false);
  });
  it('without a pair stores true / false', () => {
    expect(checkboxValues({})).toEqual([true, false]);
    expect(checkboxValue(true, {})).toBe(true);
    expect(checkboxValue(false, {})).toBe(false);
    expect(isCheckboxChecked(true, {})).toBe(true);
    expect(isCheckboxChecked('Y', {})).toBe(false);
  });
  it('a new row is checked when the column says defaultChecked', () => {
    expect(checkboxDefault({ ...meta, defaultChecked: true })).toBe('1');
    expect(checkboxDefault(meta)).toBe('0');
    expect(checkboxDefault({ defaultChecked: true })).toBe(true);
  });
});

describe('switch', () => {
  it('defaults to Y (on) and N (off)', () => {
    expect(switchValues({})).toEqual(['Y', 'N']);
    expect(switchValue(true, {})).toBe('Y');
    expect(switchValue(false, {})).toBe('N');
    expect(isSwitchOn('Y', {})).toBe(true);
    expect(isSwitchOn('N', {})).toBe(false);
  });
  it('uses the column’s pair: the first is on, the second off', () => {
    const c = { customValue: ['open', 'closed'] as const };
    expect(switchValue(true, c)).toBe('open');
    expect(switchValue(false, c)).toBe('closed');
    expect(isSwitchOn('open', c)).toBe(true);
  });
  it('shows an empty value as off and emits the second value', () => {
    for (const empty of ['', null, undefined]) {
      expect(isSwitchOn(empty, {})).toBe(false);
      expect(normaliseSwitch(empty, {})).toBe('N');
    }
    expect(normaliseSwitch('Y', {})).toBe('Y');
  });
  it('in query mode offers 是 and 否', () => {
    expect(switchQueryOptions({})).toEqual([
      { value: 'Y', text: '是' },
      { value: 'N', text: '否' },
    ]);
    expect(switchQueryOptions({ customValue: ['1', '0'] }).map((o) => o.value)).toEqual(['1', '0']);
  });
});

describe('progress', () => {
  it('keeps numbers and parses text', () => {
    expect(progressValue(42)).toBe(42);
    expect(progressValue('37.5')).toBe(37.5);
    expect(progressValue('80%')).toBe(80);
  });
  it('is 0 when it cannot be a number', () => {
    for (const v of ['abc', '', null, undefined, {}, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(progressValue(v)).toBe(0);
    }
  });
  it('shows a percent', () => {
    expect(progressText(42)).toBe('42%');
    expect(progressText('x')).toBe('0%');
  });
});

describe('placeholders', () => {
  it('fills ${title}, ${key} and ${defaultValue}', () => {
    expect(
      fillPlaceholder('请输入${title}（${key}），默认${defaultValue}', { title: '名称', key: 'name', defaultValue: 5 }),
    ).toBe('请输入名称（name），默认5');
  });
  it('a missing default is empty and every occurrence is replaced', () => {
    expect(fillPlaceholder('${title}/${title}/${defaultValue}', { title: 'A', key: 'a' })).toBe('A/A/');
    expect(fillPlaceholder('${defaultValue}', { title: 'A', key: 'a', defaultValue: ['x', 'y'] })).toBe('x,y');
  });
  it('leaves other text as it is', () => {
    expect(fillPlaceholder('${other} 请选择', { title: 'A', key: 'a' })).toBe('${other} 请选择');
  });
});

describe('date, datetime and time formats', () => {
  it('checks strict YYYY-MM-DD with real calendar days', () => {
    expect(isDateText('2024-02-29')).toBe(true);
    expect(isDateText('2023-02-29')).toBe(false);
    expect(isDateText('1900-02-29')).toBe(false);
    expect(isDateText('2000-02-29')).toBe(true);
    expect(isDateText('2024-04-31')).toBe(false);
    expect(isDateText('2024-13-01')).toBe(false);
    expect(isDateText('2024-1-05')).toBe(false);
  });
  it('checks strict HH:mm:ss', () => {
    expect(isTimeText('23:59:59')).toBe(true);
    expect(isTimeText('00:00:00')).toBe(true);
    expect(isTimeText('24:00:00')).toBe(false);
    expect(isTimeText('12:60:00')).toBe(false);
    expect(isTimeText('9:00:00')).toBe(false);
  });
  it('checks strict YYYY-MM-DD HH:mm:ss', () => {
    expect(isDateTimeText('2024-02-29 08:30:00')).toBe(true);
    expect(isDateTimeText('2024-02-30 08:30:00')).toBe(false);
    expect(isDateTimeText('2024-02-29T08:30:00')).toBe(false);
    expect(isDateTimeText('2024-02-29 08:30')).toBe(false);
  });
  it('normalises loose dates', () => {
    expect(normaliseDate('2024-1-5')).toBe('2024-01-05');
    expect(normaliseDate('2024/01/05')).toBe('2024-01-05');
    expect(normaliseDate(' 2024.12.31 ')).toBe('2024-12-31');
    expect(normaliseDate('2024-2-30')).toBeNull();
    expect(normaliseDate('24-1-5')).toBeNull();
  });
  it('normalises loose times', () => {
    expect(normaliseTime('9:05')).toBe('09:05:00');
    expect(normaliseTime('09:05:07')).toBe('09:05:07');
    expect(normaliseTime('25:00')).toBeNull();
    expect(normaliseTime('9')).toBeNull();
  });
  it('normalises loose date-times', () => {
    expect(normaliseDateTime('2024-1-5 9:05')).toBe('2024-01-05 09:05:00');
    expect(normaliseDateTime('2024-01-05T09:05:07')).toBe('2024-01-05 09:05:07');
    expect(normaliseDateTime('2024-01-05')).toBe('2024-01-05 00:00:00');
    expect(normaliseDateTime('2024-01-05 99:00')).toBeNull();
    expect(normaliseDateTime('x 09:00')).toBeNull();
  });
  it('normaliseTemporal dispatches by cell type and keeps empty', () => {
    expect(normaliseTemporal('date', '2024/1/2')).toBe('2024-01-02');
    expect(normaliseTemporal('time', '1:2:3')).toBe('01:02:03');
    expect(normaliseTemporal('datetime', '2024/1/2 1:2:3')).toBe('2024-01-02 01:02:03');
    expect(normaliseTemporal('date', '  ')).toBe('');
    expect(normaliseTemporal('date', 'nope')).toBeNull();
  });
});
