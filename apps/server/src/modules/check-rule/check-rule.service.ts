/**
 * /sys/checkRule/checkByCode (contract §2.6). Rules are admin-authored JSON in the database: an array of
 * {digits, pattern, message}; digits '*' checks the whole value, N the next N characters (left to right).
 * Patterns are compiled under a guard so that a broken rule gives a clear message instead of a 500.
 */
import { TEXT } from '@houtai/shared/constants';
import type { CheckRuleFailure, CheckRuleItem } from '@houtai/shared/contract/dict';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { javaUrlDecode } from '../../lib/url-decode.ts';
import { findRuleByCode } from './check-rule.repository.ts';

export const CHECK_RULE_MAX_PATTERN_LENGTH = 500;
export const CHECK_RULE_MAX_RULES = 50;

function invalidRule(): AppError {
  return AppError.business(TEXT.checkRuleInvalid);
}

/** Parses rule_json; anything but an array of {digits, pattern, message} is a broken rule. */
export function parseRules(json: string): CheckRuleItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalidRule();
  }
  if (!Array.isArray(parsed) || parsed.length > CHECK_RULE_MAX_RULES) throw invalidRule();
  return parsed.map((item: unknown) => {
    if (!item || typeof item !== 'object') throw invalidRule();
    const { digits, pattern, message } = item as Record<string, unknown>;
    const d = typeof digits === 'number' ? String(digits) : digits;
    if (typeof d !== 'string' || (d !== '*' && !/^\d{1,4}$/.test(d))) throw invalidRule();
    if (typeof pattern !== 'string' || pattern.length > CHECK_RULE_MAX_PATTERN_LENGTH) throw invalidRule();
    return { digits: d, pattern, message: typeof message === 'string' ? message : '' };
  });
}

/** Java's Pattern.matches: the whole text must match. */
function compile(pattern: string): RegExp {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    try {
      return new RegExp(`^(?:${pattern})$`);
    } catch {
      throw invalidRule();
    }
  }
}

/** The first failing rule, or null when every rule passes (a blank value passes, as in JeecgBoot). */
export function checkValue(rules: readonly CheckRuleItem[], value: string): CheckRuleFailure | null {
  if (value.trim() === '') return null;
  const chars = Array.from(value);
  let begin = 0;
  for (const rule of rules) {
    const re = compile(rule.pattern);
    let checked: string;
    let range: { beginIndex: number; endIndex: number } | null = null;
    if (rule.digits === '*') {
      checked = value;
    } else {
      const num = Number(rule.digits);
      const end = Math.min(begin + num, chars.length);
      checked = begin > end ? '' : chars.slice(begin, end).join('');
      range = { beginIndex: begin, endIndex: end };
      begin += num;
    }
    if (!re.test(checked)) {
      return { ...rule, checkValue: checked, passed: false, ...(range ?? {}) };
    }
  }
  return null;
}

/** `value` arrives encoded once more by the client (contract §2.6: URL-decoded on the server). */
export async function checkByCode(db: Db, ruleCode: string, value: string | undefined): Promise<null> {
  const row = await findRuleByCode(db, ruleCode);
  if (!row) throw AppError.business(TEXT.checkRuleUnknown);
  const failure = checkValue(parseRules(row.ruleJson), javaUrlDecode(value ?? ''));
  if (failure) throw AppError.business(failure.message || TEXT.checkRuleInvalid, 500, failure);
  return null;
}
