/**
 * Id lists as the JeecgBoot clients send them — `a,b,c,` (a comma list, often with a trailing comma) or a JSON
 * array — and the one schema every administration call reads them with: trimmed, blanks dropped, deduplicated,
 * each element checked, the length bounded. One seam for users, roles, menus, departments and announcements.
 */
import { z } from 'zod';

/** A record id: a plain identifier (snowflake, 32-hex, or a seed's readable id). */
export const PLAIN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Splits a comma list or takes an array: trimmed, blanks dropped, deduplicated; null and undefined → []. */
export function splitIds(value: string | readonly (string | number)[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  const parts = typeof value === 'string' ? value.split(',') : value.map(String);
  return [...new Set(parts.map((p) => p.trim()).filter((p) => p !== ''))];
}

/** The preprocess step: text and arrays of text or numbers become the split list; anything else is left to fail. */
function toIdArray(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'number') return [String(value)];
  if (typeof value === 'string') return splitIds(value);
  if (Array.isArray(value) && value.every((x) => typeof x === 'string' || typeof x === 'number')) {
    return splitIds(value);
  }
  return value;
}

export interface IdListRules {
  /** An element that is not an id (or a value that is not a list). */
  invalid: string;
  /** At most this many entries, else `tooMany`. */
  max: number;
  tooMany: string;
  /** An empty list is refused with this message; without it an empty list is valid. */
  required?: string | undefined;
  /** The element rule; a plain id by default (codes such as position codes pass a looser one). */
  element?: z.ZodString | undefined;
}

/** A list of ids; left out, null or blank → [] (then `required` applies). */
export function idList(rules: IdListRules) {
  const element = rules.element ?? z.string({ error: rules.invalid }).regex(PLAIN_ID, rules.invalid);
  const list = z.array(element, { error: rules.invalid }).max(rules.max, rules.tooMany);
  return z.preprocess(toIdArray, rules.required === undefined ? list : list.min(1, rules.required));
}

/** A list of ids where "left out" (undefined or null) means "leave as it is": undefined; blank → []. */
export function optionalIdList(rules: Omit<IdListRules, 'required'>) {
  const element = rules.element ?? z.string({ error: rules.invalid }).regex(PLAIN_ID, rules.invalid);
  return z.preprocess(
    (v) => (v === undefined || v === null ? undefined : toIdArray(v)),
    z.array(element, { error: rules.invalid }).max(rules.max, rules.tooMany).optional(),
  );
}
