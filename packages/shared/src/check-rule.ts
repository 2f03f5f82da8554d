/**
 * 编码校验规则 (check rules, contract §2.6): ONE pure evaluator that the server's /sys/checkRule/checkByCode and the
 * rule editor's 测试 box both run, and the safety checks every stored pattern passes first.
 *
 * A rule is a list of segments {digits, pattern, message}: digits '*' checks the whole value, N the next N
 * characters (consumed left to right, counted in code points). A pattern must match its whole text (Java's
 * Pattern.matches). A blank value passes, as in JeecgBoot.
 *
 * Safety: patterns are admin-authored, but a bad one must not hang a server that evaluates it on every keystroke of
 * a form. So a pattern is bounded in length, must compile as a JavaScript RegExp, and may not hold constructs that
 * backtrack exponentially: a quantified group whose body is itself quantified or holds an alternation ((a+)+,
 * (a|aa)*, (\d{2})*…), nor back-references. The value evaluated is capped as well.
 */

export const CHECK_RULE_LIMITS = {
  /** Segments of one rule. */
  segmentsMax: 50,
  patternMax: 500,
  messageMax: 200,
  /** digits: '*' or 1..DIGITS_MAX. */
  digitsMax: 9999,
  /** Characters of a value the evaluator accepts (checkByCode and the 测试 box). */
  valueMax: 1000,
  /** The rule JSON text as stored. */
  jsonMax: 40_000,
} as const;

export const CHECK_RULE_TEXT = {
  passed: '通过',
  unknown: '该编码不存在',
  invalid: '校验规则配置有误，请联系管理员',
  valueTooLong: `校验的值最多 ${CHECK_RULE_LIMITS.valueMax} 个字符`,
  segmentsRequired: '请至少添加一条规则',
  segmentsTooMany: `规则最多 ${CHECK_RULE_LIMITS.segmentsMax} 条`,
  jsonInvalid: '规则内容须为 [{"digits","pattern","message"}] 格式的 JSON 数组',
  digitsInvalid: `位数须为 * 或 1 到 ${CHECK_RULE_LIMITS.digitsMax} 的整数`,
  patternRequired: '请输入规则（正则表达式）',
  patternTooLong: `规则最多 ${CHECK_RULE_LIMITS.patternMax} 个字符`,
  patternSyntax: '规则不是有效的正则表达式',
  patternNested: '规则含有嵌套的重复（如 (a+)+），可能导致校验卡死，请改写',
  patternBackReference: '规则不能使用反向引用（如 \\1）',
  messageTooLong: `提示最多 ${CHECK_RULE_LIMITS.messageMax} 个字符`,
} as const;

export interface CheckSegment {
  digits: string;
  pattern: string;
  message: string;
}

export interface CheckSegmentFailure extends CheckSegment {
  checkValue: string;
  passed: false;
  beginIndex?: number;
  endIndex?: number;
}

/** Why `digits` is refused, or null. */
export function digitsProblem(digits: unknown): string | null {
  const d = typeof digits === 'number' ? String(digits) : digits;
  if (typeof d !== 'string') return CHECK_RULE_TEXT.digitsInvalid;
  const t = d.trim();
  if (t === '*') return null;
  if (!/^\d{1,4}$/.test(t) || Number(t) < 1 || Number(t) > CHECK_RULE_LIMITS.digitsMax) {
    return CHECK_RULE_TEXT.digitsInvalid;
  }
  return null;
}

/** The pattern's RegExp (whole-text match), or null when it does not compile. */
export function compileCheckPattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    try {
      return new RegExp(`^(?:${pattern})$`);
    } catch {
      return null;
    }
  }
}

interface Group {
  /** The group's body holds a quantifier or an alternation of its own level or deeper. */
  risky: boolean;
}

/**
 * Finds quantified groups whose body repeats or alternates — the shapes of catastrophic backtracking — and
 * back-references. A scan over the pattern's text that understands escapes and character classes; it may refuse a
 * harmless pattern (e.g. (ab|cd)+), never let (a+)+ through.
 */
function structureProblem(pattern: string): string | null {
  const stack: Group[] = [];
  let i = 0;
  /** What the last atom was: a group that was risky, or a plain atom. */
  let lastGroupRisky = false;
  let lastWasGroup = false;
  const markQuantifier = () => {
    const top = stack.at(-1);
    if (top) top.risky = true;
  };
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return CHECK_RULE_TEXT.patternBackReference;
      i += 2;
      lastWasGroup = false;
      continue;
    }
    if (c === '[') {
      // A character class: one atom; skip to its closing bracket (escapes inside honoured).
      i += 1;
      if (pattern[i] === '^') i += 1;
      if (pattern[i] === ']') i += 1;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i += 1;
      lastWasGroup = false;
      continue;
    }
    if (c === '(') {
      stack.push({ risky: false });
      i += 1;
      // (?:, (?=, (?!, (?<=, (?<!, (?<name>
      if (pattern[i] === '?') {
        i += 1;
        if (pattern[i] === '<' && pattern[i + 1] !== '=' && pattern[i + 1] !== '!') {
          while (i < pattern.length && pattern[i] !== '>') i += 1;
        }
        i += 1;
      }
      lastWasGroup = false;
      continue;
    }
    if (c === ')') {
      const g = stack.pop();
      lastGroupRisky = g?.risky ?? false;
      // A repeat inside makes the enclosing group's body repeat too.
      if (lastGroupRisky) markQuantifier();
      lastWasGroup = true;
      i += 1;
      continue;
    }
    if (c === '|') {
      markQuantifier();
      lastWasGroup = false;
      i += 1;
      continue;
    }
    const quantifier = /^(?:[*+?]|\{\d+(?:,\d*)?\})/.exec(pattern.slice(i));
    if (quantifier) {
      const q = quantifier[0];
      // ? and {n} / {0,1} repeat at most once or a fixed number of times; only unbounded or ranged repeats multiply.
      const repeats = q === '*' || q === '+' || (/,/.test(q) && !/^\{\d+,1\}$/.test(q) && !/^\{0,1\}$/.test(q));
      const fixedCount = /^\{\d+\}$/.test(q) && q !== '{1}' && q !== '{0}';
      if (lastWasGroup && lastGroupRisky && (repeats || fixedCount)) return CHECK_RULE_TEXT.patternNested;
      if (repeats || fixedCount) markQuantifier();
      i += q.length;
      // A lazy or possessive marker after the quantifier.
      if (pattern[i] === '?' || pattern[i] === '+') i += 1;
      // The quantified group counts as repeating for its parent.
      lastWasGroup = false;
      continue;
    }
    lastWasGroup = false;
    i += 1;
  }
  return null;
}

/** Why a pattern may not be stored, or null. */
export function patternProblem(pattern: unknown): string | null {
  if (typeof pattern !== 'string' || pattern.trim() === '') return CHECK_RULE_TEXT.patternRequired;
  if (pattern.length > CHECK_RULE_LIMITS.patternMax) return CHECK_RULE_TEXT.patternTooLong;
  if (!compileCheckPattern(pattern)) return CHECK_RULE_TEXT.patternSyntax;
  return structureProblem(pattern);
}

/** Why a segment may not be stored, or null. */
export function segmentProblem(segment: unknown): string | null {
  if (!segment || typeof segment !== 'object' || Array.isArray(segment)) return CHECK_RULE_TEXT.jsonInvalid;
  const { digits, pattern, message } = segment as Record<string, unknown>;
  const problem = digitsProblem(digits) ?? patternProblem(pattern);
  if (problem) return problem;
  if (message !== undefined && message !== null && typeof message !== 'string') return CHECK_RULE_TEXT.jsonInvalid;
  if (typeof message === 'string' && message.length > CHECK_RULE_LIMITS.messageMax)
    return CHECK_RULE_TEXT.messageTooLong;
  return null;
}

/** A segment as stored: digits trimmed text, message '' when absent. */
export function normaliseSegment(segment: Record<string, unknown>): CheckSegment {
  const digits = typeof segment.digits === 'number' ? String(segment.digits) : String(segment.digits).trim();
  return {
    digits,
    pattern: String(segment.pattern),
    message: typeof segment.message === 'string' ? segment.message : '',
  };
}

/**
 * Parses stored rule JSON into segments, re-checking every segment (a row written before these checks, or by hand,
 * is refused here rather than run). Null when the JSON is broken or a segment unsafe.
 */
export function parseCheckRuleJson(json: string): CheckSegment[] | null {
  if (json.length > CHECK_RULE_LIMITS.jsonMax) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > CHECK_RULE_LIMITS.segmentsMax) return null;
  if (parsed.some((s) => segmentProblem(s) !== null)) return null;
  return parsed.map((s: Record<string, unknown>) => normaliseSegment(s));
}

/**
 * The first failing segment, or null when every segment passes (a blank value passes). Segments must have passed
 * segmentProblem (parseCheckRuleJson does it); a segment that does not compile fails with the rule's message.
 * Values longer than CHECK_RULE_LIMITS.valueMax are the caller's to refuse (checkValueTooLong).
 */
export function evaluateCheckRule(segments: readonly CheckSegment[], value: string): CheckSegmentFailure | null {
  if (value.trim() === '') return null;
  const chars = Array.from(value);
  let begin = 0;
  for (const segment of segments) {
    const re = compileCheckPattern(segment.pattern);
    let checked: string;
    let range: { beginIndex: number; endIndex: number } | null = null;
    if (segment.digits === '*') {
      checked = value;
    } else {
      const num = Number(segment.digits);
      const end = Math.min(begin + num, chars.length);
      checked = begin > end ? '' : chars.slice(begin, end).join('');
      range = { beginIndex: begin, endIndex: end };
      begin += num;
    }
    if (!re || !re.test(checked)) {
      return { ...segment, checkValue: checked, passed: false, ...(range ?? {}) };
    }
  }
  return null;
}

export function checkValueTooLong(value: string): boolean {
  return value.length > CHECK_RULE_LIMITS.valueMax;
}
