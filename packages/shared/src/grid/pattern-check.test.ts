/**
 * The pattern checks answer exactly what their expressions answer on the value's text: the direct checks of `*`,
 * `z`, `n` and `money` over edge cases and random values, and the remembered answers over repeating values.
 */
import { describe, expect, it } from 'vitest';
import { GRID_PRESETS, type PresetName } from '../patterns.ts';
import { comparedText, hasNonSpace, MEMO_LIMIT, PatternCheck } from './pattern-check.ts';

/** mulberry32: the same values every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  0.01,
  0.1,
  0.29,
  1.005,
  12.345,
  12.34,
  -12.34,
  99.99,
  100.001,
  1e-6,
  1e-7,
  -1e-7,
  9.99e-7,
  0.000001,
  123456789.12,
  123456789.123,
  1e12 + 0.01,
  9999999999999.99,
  1e13,
  1e13 + 0.5,
  1e15,
  2 ** 53,
  2 ** 53 + 2,
  1e20,
  1e21,
  -1e21,
  1.5e300,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  Infinity,
  -Infinity,
  NaN,
];

const EDGE_TEXTS = [
  'x',
  ' x',
  'x ',
  '  ',
  '\t',
  '\n\r',
  '\u00a0',
  '\u3000',
  '\u3000中',
  '\ufeff',
  '\u2028\u2029',
  '\u200b',
  '\u180e',
  '\u1680',
  '\u2000\u200a',
  '\u202f\u205f',
  '中文',
  '-1',
  '1.50',
  '01',
  '1e5',
  'NaN',
];

function randomNumbers(count: number): number[] {
  const r = random(20261126);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const scale = 10 ** Math.floor(r() * 24 - 8);
    const sign = r() < 0.3 ? -1 : 1;
    const kind = r();
    if (kind < 0.3) out.push((sign * Math.round(r() * 1e6)) / 100);
    else if (kind < 0.5) out.push(sign * Math.floor(r() * scale));
    else out.push(sign * r() * scale);
  }
  return out;
}

describe('direct checks answer as their expressions', () => {
  const presets: PresetName[] = ['*', 'z', 'n', 'money'];
  const values: unknown[] = [...EDGE_NUMBERS, ...randomNumbers(20_000), ...EDGE_TEXTS];

  it.each(presets)('%s over edge cases and 20,000 random numbers', (preset) => {
    const re = GRID_PRESETS[preset].pattern;
    const check = new PatternCheck(re, preset);
    const wrong = values.filter((v) => check.test(v) !== re.test(comparedText(v)));
    expect(wrong).toEqual([]);
  });

  it('every preset, with its check made for it, agrees on texts, numbers, lists and booleans', () => {
    const mixed: unknown[] = [...values, ['a', 'b'], [1, 2], true, false, 'abc@d.cn', 'http://a.cn', '13800138000'];
    for (const [name, preset] of Object.entries(GRID_PRESETS)) {
      const check = new PatternCheck(preset.pattern, name as PresetName);
      const wrong = mixed.filter((v) => check.test(v) !== preset.pattern.test(comparedText(v)));
      expect([name, wrong]).toEqual([name, []]);
    }
  });

  it('hasNonSpace is /\\S/ for every UTF-16 code unit', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const text = String.fromCharCode(c);
      if (hasNonSpace(text) !== /\S/.test(text)) throw new Error(`differs at U+${c.toString(16)}`);
    }
    expect(hasNonSpace('  \u3000a')).toBe(true);
    expect(hasNonSpace(' \u3000\t')).toBe(false);
  });
});

describe('remembered answers', () => {
  it('repeat the expression’s answer for texts and numbers, and keep 1 and "1" apart only where the text does', () => {
    const re = /^\d{4}-\d{2}-\d{2}$/;
    const check = new PatternCheck(re);
    const values = ['2026-01-02', '2026-1-2', 20260102, '2026-01-02', 20260102, '2026-1-2'];
    for (let round = 0; round < 3; round++) for (const v of values) expect(check.test(v)).toBe(re.test(String(v)));
    const digits = new PatternCheck(/^1$/);
    expect([digits.test(1), digits.test('1'), digits.test(1), digits.test('1 ')]).toEqual([true, true, true, false]);
  });

  it('stays right once full, whether the values repeat or not', () => {
    const re = /7/;
    const distinct = new PatternCheck(re);
    for (let i = 0; i < MEMO_LIMIT * 3; i++) expect(distinct.test(`v${i}`)).toBe(re.test(`v${i}`));
    const repeating = new PatternCheck(re);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MEMO_LIMIT + 100; i++) expect(repeating.test(i)).toBe(re.test(String(i)));
    }
  });

  it('does not remember long texts or lists, and answers them right', () => {
    const re = /^a+$/;
    const check = new PatternCheck(re);
    const long = 'a'.repeat(10_000);
    expect([check.test(long), check.test(`${long}b`), check.test(['a', 'a']), check.test(['aa'])]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});
