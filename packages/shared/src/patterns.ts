/**
 * The shared pattern catalogue (spec widgets §5.3) and the grid column presets (§5.2) as one rule set: data the
 * browser shows and the server applies alike, through `checkPattern`. The catalogue's rules and messages live in
 * validation.ts (the login and profile forms import them from there); this file names them, adds the grid presets
 * and the length/selection rules, and gives the one checker. A rule's pattern is skipped on an empty value unless
 * the rule is required (spec §5.2: "skipped when empty").
 */
import {
  CATALOGUE,
  EMAIL,
  MOBILE,
  MOBILE_GRID,
  MOBILE_REQUIRED,
  USERNAME_CHARS,
  USERNAME_LENGTH,
  USERNAME_REQUIRED,
  maxLengthMessage,
  maxSelectMessage,
  minLengthMessage,
  minSelectMessage,
} from './validation.ts';

export interface PatternRule {
  /** What the rule accepts, in Chinese (the gallery and designers show it). */
  readonly title: string;
  /** Pattern a non-empty value must match. */
  readonly pattern: RegExp;
  /** Message when the pattern fails. */
  readonly message: string;
  /** When set, an empty value fails with this message; otherwise an empty value passes. */
  readonly required?: string;
  /** Length bounds checked after the pattern (the username rule). */
  readonly length?: { readonly min: number; readonly max: number; readonly message: string };
}

/** §5.3, in the spec's order. */
export const CATALOGUE_RULES = {
  mobile: {
    title: '手机号（必填，1开头，第二位3/4/5/7/8）',
    pattern: MOBILE.pattern,
    message: MOBILE.message,
    required: MOBILE_REQUIRED,
  },
  username: {
    title: '用户名（必填，字母数字下划线，4到18位）',
    pattern: USERNAME_CHARS.pattern,
    message: USERNAME_CHARS.message,
    required: USERNAME_REQUIRED,
    length: USERNAME_LENGTH,
  },
  email: { title: '邮箱（选填）', ...EMAIL },
  naturalNumber: { title: '自然数', ...CATALOGUE.naturalNumber },
  english: { title: '英文字符', ...CATALOGUE.english },
  landline: { title: '座机号', ...CATALOGUE.landline },
  bankCard: { title: '银行卡号（10到20位数字）', ...CATALOGUE.bankCard },
  idNumber: { title: '证件号码（50位以内字母数字）', ...CATALOGUE.idNumber },
  idCard: { title: '身份证号码（15或18位）', ...CATALOGUE.idCard },
  qq: { title: 'QQ号码（5到12位）', ...CATALOGUE.qq },
  url: { title: '网址（http或https开头）', ...CATALOGUE.url },
  alnum20: { title: '20位以内的英文字符和数字', ...CATALOGUE.alnum20 },
  zhEnSpace: { title: '2到100位的中英文字符和空格', ...CATALOGUE.zhEnSpace },
  digitsAndNewlines: { title: '数字和换行符', ...CATALOGUE.digitsAndNewlines },
  max255: { title: '255位以内的字符', ...CATALOGUE.max255 },
} as const satisfies Record<string, PatternRule>;

/**
 * §5.2 grid column presets, named as the JeecgBoot grid names them. The spec gives no messages for them; each
 * says what is expected ('请输入…'); url, e and m reuse the catalogue's rules and messages (m with its wider
 * second digit 3-9).
 */
export const GRID_PRESETS = {
  'n6-16': { title: '6到16位数字', pattern: /^\d{6,16}$/, message: '请输入6到16位数字' },
  '*6-16': { title: '6到16位任意字符', pattern: /^[\s\S]{6,16}$/, message: '请输入6到16位任意字符' },
  's6-18': { title: '6到18位字母', pattern: /^[A-Za-z]{6,18}$/, message: '请输入6到18位字母' },
  url: { title: '网址', ...CATALOGUE.url },
  e: { title: '电子邮件', pattern: EMAIL.pattern, message: EMAIL.message },
  m: { title: '手机号码', pattern: MOBILE_GRID.pattern, message: MOBILE_GRID.message },
  p: { title: '邮政编码', pattern: /^[1-9]\d{5}$/, message: '请输入正确的邮政编码' },
  s: { title: '字母', pattern: /^[A-Za-z]+$/, message: '请输入字母' },
  n: { title: '数字', pattern: /^-?\d+(?:\.\d+)?$/, message: '请输入数字' },
  z: { title: '整数', pattern: /^-?\d+$/, message: '请输入整数' },
  '*': { title: '非空', pattern: /\S/, message: '该项不能为空', required: '该项不能为空' },
  money: {
    title: '金额（最多两位小数）',
    pattern: /^-?(?:0|[1-9]\d*)(?:\.\d{1,2})?$/,
    message: '请输入正确的金额（最多两位小数）',
  },
} as const satisfies Record<string, PatternRule>;

export type CatalogueName = keyof typeof CATALOGUE_RULES;
export type PresetName = keyof typeof GRID_PRESETS;
export type PatternName = CatalogueName | PresetName;

/** Every named rule. The one name both sets use, `url`, is the same rule (http or https) in both. */
export const PATTERNS: Readonly<Record<PatternName, PatternRule>> = { ...GRID_PRESETS, ...CATALOGUE_RULES };

export function isPatternName(name: string): name is PatternName {
  return Object.hasOwn(PATTERNS, name);
}

/** The message of a custom regular expression that has none. */
export const CUSTOM_PATTERN_MESSAGE = '输入格式不正确';

const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '';

/** Applies one rule to a value: null when it passes, else its Chinese message. */
export function applyRule(rule: PatternRule, value: string | number | null | undefined): string | null {
  if (isEmpty(value)) return rule.required ?? null;
  const text = String(value);
  if (!rule.pattern.test(text)) return rule.message;
  if (rule.length) {
    const n = [...text].length;
    if (n < rule.length.min || n > rule.length.max) return rule.length.message;
  }
  return null;
}

/**
 * Checks a value against a named rule (catalogue or grid preset) or a custom regular expression (with its own
 * message, else '输入格式不正确'). An unknown name is a programming error and throws.
 */
export function checkPattern(
  rule: PatternName | RegExp,
  value: string | number | null | undefined,
  message: string = CUSTOM_PATTERN_MESSAGE,
): string | null {
  if (rule instanceof RegExp) {
    // A global or sticky expression keeps state between test() calls; test a fresh copy.
    const re = rule.global || rule.sticky ? new RegExp(rule.source, rule.flags.replace(/[gy]/g, '')) : rule;
    return applyRule({ title: '', pattern: re, message }, value);
  }
  if (!isPatternName(rule)) throw new Error(`unknown pattern ${String(rule)}`);
  return applyRule(PATTERNS[rule], value);
}

/** Min/max length in characters (code points): '最小长度N位字符' / '最大长度N位字符'. Empty passes. */
export function checkLength(value: string | null | undefined, bounds: { min?: number; max?: number }): string | null {
  if (isEmpty(value)) return null;
  const n = [...String(value)].length;
  if (bounds.min !== undefined && n < bounds.min) return minLengthMessage(bounds.min);
  if (bounds.max !== undefined && n > bounds.max) return maxLengthMessage(bounds.max);
  return null;
}

/** Checkbox group bounds: '最少选择N项' / '最多选择N项'. A comma-joined string counts its non-empty items. */
export function checkSelection(
  value: readonly unknown[] | string | null | undefined,
  bounds: { min?: number; max?: number },
): string | null {
  const n = Array.isArray(value)
    ? value.length
    : typeof value === 'string'
      ? value.split(',').filter((s) => s !== '').length
      : 0;
  if (bounds.min !== undefined && n < bounds.min) return minSelectMessage(bounds.min);
  if (bounds.max !== undefined && n > bounds.max) return maxSelectMessage(bounds.max);
  return null;
}

export { maxLengthMessage, maxSelectMessage, minLengthMessage, minSelectMessage };
