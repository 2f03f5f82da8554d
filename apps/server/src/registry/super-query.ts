/**
 * The one evaluator of the advanced query (`superQueryParams` + `superQueryMatchType`, contract §1.5) and of the
 * filter text box operators, for every list endpoint. The text is decoded and checked by the shared rules
 * (@houtai/shared/super-query: flat list, ≤ 50 conditions, values ≤ 500 characters), every field is resolved
 * against the entity's registry columns (only `filter: true` ones), every value is typed by the column (numbers
 * only for number columns, the stored form for dates) and bound. Identifiers come only from registry data;
 * operators from a closed map. A refusal is a business answer in Chinese (HTTP 200, success false) that names
 * nothing of the SQL.
 *
 * LIKE rules compare lower(column) with lower(pattern) so that 'abc' finds 'ABC' on PostgreSQL as on SQLite.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  decodeSuperQuery,
  parseFilterText,
  SUPER_QUERY_LIMITS,
  SUPER_QUERY_TEXT,
  type SuperQueryCondition,
  type SuperQueryMatchType,
  type SuperQueryRule,
} from '@houtai/shared/super-query';
import { AppError } from '../errors.ts';
import { escapeLike } from '../lib/like.ts';
import { findEntity } from './lookup.ts';
import { allOf, colRef } from './sql.ts';
import type { ColumnDef, EntityDef } from './types.ts';

/** The two query-string fields as a list schema hands them over. */
export interface SuperQueryInput {
  superQueryParams?: string | undefined;
  superQueryMatchType?: string | undefined;
}

const COMPARISON: Readonly<Record<'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le', string>> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
};

const NUMBER = /^-?\d{1,15}(?:\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const refuse = (message: string) => AppError.business(message);

function entityOf(name: string): EntityDef {
  const entity = findEntity(name);
  if (!entity) throw new Error(`registry: no entity ${name}`);
  return entity;
}

/** A value as it will be bound: a number for number columns, the stored form for dates. */
type Bound = { kind: 'plain'; value: string | number } | { kind: 'day'; from: string; to: string };

function typed(col: ColumnDef, raw: string): Bound {
  const v = raw.trim();
  if (col.type === 'number') {
    if (!NUMBER.test(v)) throw refuse(SUPER_QUERY_TEXT.numberInvalid(col.label));
    return { kind: 'plain', value: Number(v) };
  }
  if (col.format === 'date') {
    if (!DATE.test(v)) throw refuse(SUPER_QUERY_TEXT.dateInvalid(col.label));
    return { kind: 'plain', value: v };
  }
  if (col.format === 'datetime') {
    if (DATETIME.test(v)) return { kind: 'plain', value: v };
    // A date alone stands for the whole day.
    if (DATE.test(v)) return { kind: 'day', from: `${v} 00:00:00`, to: `${v} 23:59:59` };
    throw refuse(SUPER_QUERY_TEXT.dateInvalid(col.label));
  }
  return { kind: 'plain', value: raw };
}

function comparison(ref: RawBuilder<unknown>, rule: keyof typeof COMPARISON, b: Bound): RawBuilder<SqlBool> {
  if (b.kind === 'plain') return sql<SqlBool>`${ref} ${sql.raw(COMPARISON[rule])} ${b.value}`;
  switch (rule) {
    case 'eq':
      return sql<SqlBool>`${ref} between ${b.from} and ${b.to}`;
    case 'ne':
      return sql<SqlBool>`not (${ref} between ${b.from} and ${b.to})`;
    case 'gt':
      return sql<SqlBool>`${ref} > ${b.to}`;
    case 'ge':
      return sql<SqlBool>`${ref} >= ${b.from}`;
    case 'lt':
      return sql<SqlBool>`${ref} < ${b.from}`;
    case 'le':
      return sql<SqlBool>`${ref} <= ${b.to}`;
  }
}

function likeSql(ref: RawBuilder<unknown>, rule: SuperQueryRule, value: string): RawBuilder<SqlBool> {
  const v = escapeLike(value);
  const pattern = rule === 'like' ? `%${v}%` : rule === 'right_like' ? `${v}%` : `%${v}`;
  return sql<SqlBool>`lower(${ref}) like lower(${pattern}) escape '\\'`;
}

/** One checked rule on one resolved column; null when the value is empty (JeecgBoot skips those). */
function ruleSql(
  col: ColumnDef,
  ref: RawBuilder<unknown>,
  rule: SuperQueryRule,
  val: string,
): RawBuilder<SqlBool> | null {
  if (val.trim() === '') return null;
  if (rule === 'like' || rule === 'right_like' || rule === 'left_like') {
    if (col.type !== 'string' || col.format) throw refuse(SUPER_QUERY_TEXT.ruleNotForType(col.label));
    return likeSql(ref, rule, val);
  }
  if (rule === 'in') {
    const items = val
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (items.length === 0) return null;
    if (items.length > SUPER_QUERY_LIMITS.inValues) throw refuse(SUPER_QUERY_TEXT.inTooMany);
    const bound = items.map((item) => typed(col, item));
    const plain = bound.flatMap((b) => (b.kind === 'plain' ? [b.value] : []));
    const days = bound.flatMap((b) => (b.kind === 'day' ? [comparison(ref, 'eq', b)] : []));
    const parts = [...(plain.length > 0 ? [sql<SqlBool>`${ref} in (${sql.join(plain)})`] : []), ...days];
    return anyOf(parts);
  }
  return comparison(ref, rule, typed(col, val));
}

function anyOf(parts: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (parts.length === 1 && parts[0]) return parts[0];
  return sql<SqlBool>`(${sql.join(
    parts.map((p) => sql`(${p})`),
    sql` or `,
  )})`;
}

/** The filterable column of an API name (snake_case or camelCase); own keys only, so '__proto__' finds nothing. */
function resolve(entity: EntityDef, field: string): ColumnDef {
  for (const name of [field, field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]) {
    const col = Object.hasOwn(entity.columns, name) ? entity.columns[name] : undefined;
    if (col?.filter) return col;
  }
  throw refuse(SUPER_QUERY_TEXT.fieldNotAllowed(field));
}

/** Compiles decoded conditions; every field is checked, even those whose value is empty. */
export function compileSuperQuery(
  entity: EntityDef,
  alias: string | null,
  conditions: readonly SuperQueryCondition[],
  matchType: SuperQueryMatchType,
): RawBuilder<SqlBool> | null {
  const parts: RawBuilder<SqlBool>[] = [];
  for (const c of conditions) {
    const col = resolve(entity, c.field);
    const part = ruleSql(col, colRef(alias, col), c.rule, c.val);
    if (part) parts.push(part);
  }
  if (parts.length === 0) return null;
  return matchType === 'or' ? anyOf(parts) : sql<SqlBool>`(${allOf(parts)})`;
}

/**
 * The advanced query of a list request as one predicate over the entity's columns (qualified by `alias` when the
 * list query joins), or null when there is none. Throws a business failure for anything refused.
 */
export function superQueryWhere(
  entityName: string,
  input: SuperQueryInput,
  alias: string | null = null,
): RawBuilder<SqlBool> | null {
  const entity = entityOf(entityName);
  const decoded = decodeSuperQuery(input.superQueryParams, input.superQueryMatchType);
  if (!decoded.ok) throw refuse(decoded.message);
  return compileSuperQuery(entity, alias, decoded.conditions, decoded.matchType);
}

/**
 * A list's free-text filter with the filter text box operators (`*x*`, `x*`, `*x`, `!x`, `>=x`, `<=x`, `>x`, `<x`);
 * plain text takes `defaultRule`. Null when the text is blank.
 */
export function filterTextWhere(
  entityName: string,
  field: string,
  text: string | undefined,
  defaultRule: SuperQueryRule = 'eq',
  alias: string | null = null,
): RawBuilder<SqlBool> | null {
  const parsed = parseFilterText(text, defaultRule);
  if (!parsed) return null;
  if (parsed.value.length > SUPER_QUERY_LIMITS.value) throw refuse(SUPER_QUERY_TEXT.valueTooLong);
  const col = resolve(entityOf(entityName), field);
  return ruleSql(col, colRef(alias, col), parsed.rule, parsed.value);
}
