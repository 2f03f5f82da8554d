/** The advanced query's shared rules: decoding and limits, the wire encoding, empty rows, the dictionary reduction, and the filter text box. */
import { describe, expect, it } from 'vitest';
import {
  decodeSuperQuery,
  encodeSuperQuery,
  formatFilterText,
  isEmptyCondition,
  parseFilterText,
  reduceForRule,
  SUPER_QUERY_LIMITS,
  SUPER_QUERY_TEXT,
} from './super-query.ts';

const fail = (params: string | undefined, matchType?: string) => {
  const r = decodeSuperQuery(params, matchType);
  if (r.ok) throw new Error('expected a refusal');
  return r.message;
};

describe('decodeSuperQuery', () => {
  it('round-trips what encodeSuperQuery sends, URI-encoded or plain', () => {
    const records = [
      { field: 'title', rule: 'like' as const, val: '50% 折扣 & "引号"' },
      { field: 'priority', rule: 'in' as const, val: 'H,M' },
    ];
    const { superQueryParams, superQueryMatchType } = encodeSuperQuery(records, 'or');
    expect(superQueryParams).toMatch(/^%5B/);
    const r = decodeSuperQuery(superQueryParams, superQueryMatchType);
    expect(r).toEqual({ ok: true, conditions: records, matchType: 'or' });
    expect(decodeSuperQuery(JSON.stringify(records), undefined)).toEqual({
      ok: true,
      conditions: records,
      matchType: 'and',
    });
  });

  it('defaults: no params → no condition; missing rule → eq; numbers and arrays become text', () => {
    expect(decodeSuperQuery(undefined, undefined)).toEqual({ ok: true, conditions: [], matchType: 'and' });
    const r = decodeSuperQuery(
      JSON.stringify([
        { field: 'a', val: 3 },
        { field: 'b', rule: 'in', val: ['x', 2] },
      ]),
      'AND',
    );
    expect(r).toEqual({
      ok: true,
      matchType: 'and',
      conditions: [
        { field: 'a', rule: 'eq', val: '3' },
        { field: 'b', rule: 'in', val: 'x,2' },
      ],
    });
  });

  it('encodes nothing without conditions', () => {
    expect(encodeSuperQuery([], 'and')).toEqual({});
  });

  it('refuses malformed text, bad rules, fields and match types with Chinese messages', () => {
    expect(fail('not json')).toBe(SUPER_QUERY_TEXT.malformed);
    expect(fail('%E0%A4%A')).toBe(SUPER_QUERY_TEXT.malformed);
    expect(fail('{"field":"a"}')).toBe(SUPER_QUERY_TEXT.malformed);
    expect(fail(JSON.stringify([{ field: 'a', rule: "eq' or 1=1", val: 'x' }]))).toBe(SUPER_QUERY_TEXT.ruleInvalid);
    expect(fail(JSON.stringify([{ field: 'a;drop table x', val: 'x' }]))).toBe(SUPER_QUERY_TEXT.fieldInvalid);
    expect(fail(JSON.stringify([{ field: 'a', val: { $gt: 1 } }]))).toBe(SUPER_QUERY_TEXT.valueInvalid);
    expect(fail('[]', 'and 1=1')).toBe(SUPER_QUERY_TEXT.matchTypeInvalid);
  });

  it('refuses nested groups at any depth', () => {
    expect(fail(JSON.stringify([[{ field: 'a', val: 'x' }]]))).toBe(SUPER_QUERY_TEXT.malformed);
    const deep = '['.repeat(1000) + ']'.repeat(1000);
    expect(fail(deep)).toBe(SUPER_QUERY_TEXT.malformed);
  });

  it('enforces the limits', () => {
    const many = Array.from({ length: SUPER_QUERY_LIMITS.conditions + 1 }, () => ({ field: 'a', val: 'x' }));
    expect(fail(JSON.stringify(many))).toBe(SUPER_QUERY_TEXT.tooMany);
    expect(fail(JSON.stringify([{ field: 'a', val: 'x'.repeat(SUPER_QUERY_LIMITS.value + 1) }]))).toBe(
      SUPER_QUERY_TEXT.valueTooLong,
    );
    expect(fail('['.padEnd(SUPER_QUERY_LIMITS.encoded + 1, ' '))).toBe(SUPER_QUERY_TEXT.tooLong);
  });
});

describe('builder rules', () => {
  it('a row lacking field, rule or value is empty', () => {
    expect(isEmptyCondition({ field: 'a', rule: 'eq', val: 'x' })).toBe(false);
    expect(isEmptyCondition({ field: 'a', rule: 'eq', val: 0 })).toBe(false);
    expect(isEmptyCondition({ field: '', rule: 'eq', val: 'x' })).toBe(true);
    expect(isEmptyCondition({ field: 'a', rule: '', val: 'x' })).toBe(true);
    expect(isEmptyCondition({ field: 'a', rule: 'eq', val: '  ' })).toBe(true);
    expect(isEmptyCondition({ field: 'a', rule: 'in', val: [] })).toBe(true);
  });

  it('reduces a dictionary value to its first item unless the rule is in', () => {
    expect(reduceForRule(['H', 'M'], 'eq')).toBe('H');
    expect(reduceForRule('H,M', 'ne')).toBe('H');
    expect(reduceForRule('H,M', 'in')).toBe('H,M');
    expect(reduceForRule(['H', 'M'], 'in')).toEqual(['H', 'M']);
    expect(reduceForRule([], 'eq')).toBe('');
  });
});

describe('filter text box', () => {
  it.each([
    ['*打印*', 'like', '打印'],
    ['打印*', 'right_like', '打印'],
    ['*打印', 'left_like', '打印'],
    ['!打印', 'ne', '打印'],
    ['>=2024-01-01', 'ge', '2024-01-01'],
    ['<=5', 'le', '5'],
    ['>5', 'gt', '5'],
    ['<5', 'lt', '5'],
    ['打印', 'eq', '打印'],
  ] as const)('%s → %s %s', (text, rule, value) => {
    expect(parseFilterText(text)).toEqual({ rule, value });
    expect(parseFilterText(formatFilterText(rule, value))).toEqual({ rule, value });
  });

  it('takes a default rule, and blank text or a bare operator means no filter', () => {
    expect(parseFilterText('打印', 'like')).toEqual({ rule: 'like', value: '打印' });
    for (const t of ['', '  ', '*', '**', '!', '>=', undefined, null]) expect(parseFilterText(t)).toBeNull();
  });
});
