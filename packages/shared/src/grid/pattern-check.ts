/**
 * One pattern rule of a grid column, run over a whole column: answers exactly what `re.test(comparedText(value))`
 * answers (the expression stays the definition), at a fraction of its cost on large grids. A regular expression
 * call costs 50-150 ns in V8 — most of a 100,000 × 20 validation — so:
 * - the presets a column most often carries get a direct check where it is exact (see `direct`): `*` as a scan of
 *   the text, and `z`, `n` and `money` on number values from the number itself (no text made);
 * - other values are remembered per check (values repeat in a column: statuses, dates, dictionary codes), keyed
 *   by the value itself, up to MEMO_LIMIT entries; a check whose values keep missing stops looking.
 * The direct checks are tested against their expressions over edge cases and random values (pattern-check.test).
 */
import type { PresetName } from '../patterns.ts';

/** Values remembered per check at most. */
export const MEMO_LIMIT = 8192;
/** Longer texts are not remembered (no large strings held, no long comparisons). */
const MEMO_MAX_LENGTH = 128;

/** The text a pattern tests: strings as they are, arrays comma-joined (list_multi), anything else through String(). */
export function comparedText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** ECMAScript's \s: the characters /\S/ does not match. */
export function isSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** /\S/.test(text) without the expression. */
export function hasNonSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) return true;
  return false;
}

/** Whether String(n) of a finite number is written without an exponent (what every digit pattern needs). */
function plainNumber(n: number): boolean {
  const a = n < 0 ? -n : n;
  return a === 0 || (a >= 1e-6 && a < 1e21);
}

/** How a check answers: by its expression, or directly for one of these presets (a switch, no call per cell). */
const BY_EXPRESSION = 0;
export const NON_SPACE = 1;
const INTEGER = 2;
const NUMBER = 3;
const MONEY = 4;
const DIRECT_MODE: Partial<Record<PresetName, number>> = { '*': NON_SPACE, z: INTEGER, n: NUMBER, money: MONEY };

/**
 * The direct answer of a preset, or undefined when the value needs the expression:
 * - `*` /\S/ on a string: a scan for a non-space character;
 * - `z` /^-?\d+$/ on a number: an integer written without an exponent;
 * - `n` /^-?\d+(?:\.\d+)?$/ on a number: any finite number written without an exponent;
 * - `money` /^-?(?:0|[1-9]\d*)(?:\.\d{1,2})?$/ on a number: no exponent and at most two decimals. A double whose
 *   shortest form has at most two decimals is the double nearest to k/100, and only such a double survives the
 *   round trip below (exact while k stays an exact integer: |n| < 1e13 keeps it far from 2^53).
 */
function direct(mode: number, v: unknown): boolean | undefined {
  if (mode === NON_SPACE) return typeof v === 'string' ? hasNonSpace(v) : undefined;
  if (typeof v !== 'number') return undefined;
  if (mode === INTEGER) return Number.isInteger(v) && plainNumber(v);
  if (mode === NUMBER) return Number.isFinite(v) && plainNumber(v);
  if (!Number.isFinite(v)) return false;
  if ((v < 0 ? -v : v) >= 1e13) return undefined;
  return Math.round(v * 100) / 100 === v;
}

export class PatternCheck {
  /** BY_EXPRESSION, or the preset answered directly (NON_SPACE …). */
  readonly mode: number;
  private memo: Map<unknown, boolean> | null = new Map();
  private hits = 0;

  constructor(
    /** The expression: the definition of the check. Never global or sticky (test() would keep state). */
    readonly re: RegExp,
    preset?: PresetName,
  ) {
    this.mode = (preset === undefined ? undefined : DIRECT_MODE[preset]) ?? BY_EXPRESSION;
  }

  /** re.test(comparedText(value)), for a value that is not empty. */
  test(value: unknown): boolean {
    if (this.mode !== BY_EXPRESSION) {
      const answer = direct(this.mode, value);
      if (answer !== undefined) return answer;
    }
    const memo = this.memo;
    if (
      memo === null ||
      !(typeof value === 'number' || (typeof value === 'string' && value.length <= MEMO_MAX_LENGTH))
    ) {
      return this.re.test(comparedText(value));
    }
    const known = memo.get(value);
    if (known !== undefined) {
      this.hits++;
      return known;
    }
    const answer = this.re.test(comparedText(value));
    if (memo.size < MEMO_LIMIT) memo.set(value, answer);
    // Full, and most values were new: the column's values do not repeat, so looking them up only costs.
    else if (this.hits < MEMO_LIMIT) this.memo = null;
    return answer;
  }
}
