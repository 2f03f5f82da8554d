/**
 * Compiles registry data into SQL fragments. The only identifiers written here come from ColumnDef /
 * EntityDef values; every value is a bound parameter. Operators come from a closed map.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import { like } from '../lib/like.ts';
import { internalColumn, sortColumn } from './lookup.ts';
import type { ColumnDef, Condition, EntityDef, Operator } from './types.ts';

const COMPARISON: Readonly<Record<Exclude<Operator, 'in' | 'like'>, string>> = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

export function tableRef(entity: EntityDef): RawBuilder<unknown> {
  return sql.table(entity.table);
}

export function colRef(alias: string | null, col: ColumnDef): RawBuilder<unknown> {
  return sql.ref(alias ? `${alias}.${col.column}` : col.column);
}

/** Reference to a registry API name of the entity (for scopes and internal filters). */
export function apiRef(entity: EntityDef, alias: string | null): (apiName: string) => RawBuilder<unknown> {
  return (apiName) => colRef(alias, internalColumn(entity, apiName));
}

export function conditionSql(entity: EntityDef, alias: string | null, c: Condition): RawBuilder<SqlBool> {
  const ref = colRef(alias, internalColumn(entity, c.field));
  switch (c.op) {
    case 'in': {
      const values = Array.isArray(c.value) ? c.value : [c.value];
      return sql<SqlBool>`${ref} in (${sql.join(values)})`;
    }
    case 'like':
      return sql<SqlBool>`${like(ref, String(c.value), 'contains')}`;
    default:
      return sql<SqlBool>`${ref} ${sql.raw(COMPARISON[c.op])} ${c.value}`;
  }
}

export function baseFilterSql(entity: EntityDef, alias: string | null): RawBuilder<SqlBool>[] {
  return entity.baseFilter.map((c) => conditionSql(entity, alias, c));
}

/** AND of the parts; an always-true predicate when there are none. */
export function allOf(parts: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (parts.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.join(
    parts.map((p) => sql`(${p})`),
    sql` and `,
  )}`;
}

export function defaultOrderSql(entity: EntityDef, alias: string | null): RawBuilder<unknown> {
  return sql.join(
    entity.defaultOrder.map(([field, dir]) => sql`${colRef(alias, internalColumn(entity, field))} ${sql.raw(dir)}`),
  );
}

/**
 * Sort parameters (contract §1.5): `column` is a comma list of API names (camelCase or snake_case, a
 * `_dictText` suffix stripped), `order` asc|desc. Unknown names or orders are refused.
 */
export function orderSql(
  entity: EntityDef,
  alias: string | null,
  column: string | undefined,
  order: string | undefined,
): RawBuilder<unknown> {
  const dir = order === undefined || order === '' ? 'asc' : order.toLowerCase();
  if (dir !== 'asc' && dir !== 'desc') throw AppError.business(TEXT.sortInvalid);
  if (column === undefined || column.trim() === '') return defaultOrderSql(entity, alias);
  const names = column.split(',').map((c) => c.trim().replace(/_dictText$/, ''));
  if (names.length > 5) throw AppError.business(TEXT.sortInvalid);
  const parts = names.map((name) => {
    const found = sortColumn(entity, name);
    if (!found) throw AppError.business(TEXT.sortInvalid);
    return sql`${colRef(alias, found[1])} ${sql.raw(dir)}`;
  });
  return sql.join(parts);
}
