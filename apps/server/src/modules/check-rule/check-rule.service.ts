/**
 * /sys/checkRule/checkByCode (contract §2.6). Rules are admin-authored JSON in the database: an array of
 * {digits, pattern, message}; digits '*' checks the whole value, N the next N characters (left to right). The
 * evaluation is the shared one (@houtai/shared/check-rule) that the rule editor's 测试 box runs too; a stored rule
 * that fails the shared safety checks (broken JSON, a pattern that does not compile or nests repeats) gives a clear
 * message instead of running, and values are capped in length.
 */
import {
  CHECK_RULE_LIMITS,
  CHECK_RULE_TEXT,
  checkValueTooLong,
  evaluateCheckRule,
  parseCheckRuleJson,
  type CheckSegment,
  type CheckSegmentFailure,
} from '@houtai/shared/check-rule';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { javaUrlDecode } from '../../lib/url-decode.ts';
import { findRuleByCode } from './check-rule.repository.ts';

export const CHECK_RULE_MAX_PATTERN_LENGTH = CHECK_RULE_LIMITS.patternMax;
export const CHECK_RULE_MAX_RULES = CHECK_RULE_LIMITS.segmentsMax;

/** Parses rule_json; anything but a safe array of {digits, pattern, message} is a broken rule. */
export function parseRules(json: string): CheckSegment[] {
  const segments = parseCheckRuleJson(json);
  if (!segments) throw AppError.business(CHECK_RULE_TEXT.invalid);
  return segments;
}

/** The first failing rule, or null when every rule passes (a blank value passes, as in JeecgBoot). */
export function checkValue(rules: readonly CheckSegment[], value: string): CheckSegmentFailure | null {
  return evaluateCheckRule(rules, value);
}

/** `value` arrives encoded once more by the client (contract §2.6: URL-decoded on the server). */
export async function checkByCode(db: Db, ruleCode: string, value: string | undefined): Promise<null> {
  const row = await findRuleByCode(db, ruleCode);
  if (!row) throw AppError.business(CHECK_RULE_TEXT.unknown);
  const decoded = javaUrlDecode(value ?? '');
  if (checkValueTooLong(decoded)) throw AppError.business(CHECK_RULE_TEXT.valueTooLong);
  const failure = checkValue(parseRules(row.ruleJson), decoded);
  if (failure) throw AppError.business(failure.message || CHECK_RULE_TEXT.invalid, 500, failure);
  return null;
}
