/**
 * Public face of the field registry: resolves request names (dictionary codes, tree tables, duplicate-check
 * pairs, conditions, sort parameters) to registry entries, and builds the statements that need identifiers.
 * Repositories execute what is built here; nothing outside this folder turns request text into SQL names.
 */
import { sql, type AliasedRawBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import { like } from '../lib/like.ts';
import { conditionInvalid, parseConditionJson, parseConditionText } from './condition.ts';
import {
  dictPair,
  findColumn,
  findEntity,
  internalColumn,
  sortColumn,
  uniqueColumn,
  type DictPairCheck,
} from './lookup.ts';
import { allOf, apiRef, baseFilterSql, colRef, conditionSql, orderSql, tableRef } from './sql.ts';
import type { ColumnDef, EntityDef, ScopeContext } from './types.ts';

export type { ScopeContext } from './types.ts';
export type { DictPairCheck } from './lookup.ts';
export { ENTITIES } from './entities.ts';
export { checkImportFields, exportColumns, importColumns, type DictItem } from './columns.ts';
export { compileSuperQuery, filterTextWhere, superQueryWhere, type SuperQueryInput } from './super-query.ts';

/** Rows a table dictionary returns at most (a picker, not an export). */
export const TABLE_DICT_MAX_ROWS = 1000;

// ---------------------------------------------------------------------------------------------------------
// Table dictionaries: `table,text,value[,scopeOrCondition]`

export interface TableDict {
  entity: EntityDef;
  text: ColumnDef;
  value: ColumnDef;
  filters: RawBuilder<SqlBool>[];
}

/** A dictionary code naming a table (it has a comma); plain codes are sys_dict codes. */
export function isTableDictCode(code: string): boolean {
  return code.includes(',');
}

/**
 * Resolves `table,text,value[,extra]`. `extra` is first looked up as a named scope of the entity (e.g.
 * `bi`), otherwise parsed as a condition (`field op value and …`). Throws a business failure when the code
 * is malformed (dictCodeFormat), the triple is not registered (dictNotAllowed) or the condition is refused.
 */
export function resolveTableDict(code: string, ctx: ScopeContext, registered?: DictPairCheck): TableDict {
  const parts = code.split(',');
  const [table = '', text = '', value = ''] = parts.map((p) => p.trim());
  if (parts.length < 3 || !table || !text || !value) throw AppError.business(TEXT.dictCodeFormat);
  const entity = findEntity(table);
  const pair = entity ? dictPair(entity, text, value, registered) : null;
  if (!entity || !pair) throw AppError.business(TEXT.dictNotAllowed);
  const filters = baseFilterSql(entity, 'm');
  const extra = parts.slice(3).join(',').trim();
  if (extra) {
    const scope = entity.scopes && Object.hasOwn(entity.scopes, extra) ? entity.scopes[extra] : undefined;
    if (scope) filters.push(scope.build(ctx, apiRef(entity, 'm')));
    else filters.push(...parseConditionText(entity, extra).map((c) => conditionSql(entity, 'm', c)));
  }
  return { entity, text: pair[0], value: pair[1], filters };
}

export interface DictRow {
  itemValue: unknown;
  itemText: unknown;
}

export interface TableDictQuery {
  /** Contains-match on the text column, escaped and bound. */
  keyword?: string | undefined;
  limit: number;
  column?: string | undefined;
  order?: string | undefined;
}

export function tableDictQuery(d: TableDict, q: TableDictQuery): RawBuilder<DictRow> {
  const where = [...d.filters];
  if (q.keyword) where.push(sql<SqlBool>`${like(colRef('m', d.text), q.keyword, 'contains')}`);
  return sql<DictRow>`select ${colRef('m', d.value)} as item_value, ${colRef('m', d.text)} as item_text
    from ${tableRef(d.entity)} as m
    where ${allOf(where)}
    order by ${orderSql(d.entity, 'm', q.column, q.order)}
    limit ${Math.min(Math.max(1, q.limit), TABLE_DICT_MAX_ROWS)}`;
}

/** Rows whose value is one of `values` (translation of stored keys to texts). */
export function tableDictByValuesQuery(d: TableDict, values: readonly string[]): RawBuilder<DictRow> | null {
  const bound = values
    .filter((v) => d.value.type === 'string' || /^-?\d{1,15}$/.test(v))
    .map((v) => (d.value.type === 'number' ? Number(v) : v));
  if (bound.length === 0) return null;
  return sql<DictRow>`select ${colRef('m', d.value)} as item_value, ${colRef('m', d.text)} as item_text
    from ${tableRef(d.entity)} as m
    where ${allOf([...d.filters, sql<SqlBool>`${colRef('m', d.value)} in (${sql.join(bound)})`])}`;
}

// ---------------------------------------------------------------------------------------------------------
// Trees: /sys/dict/loadTreeData

export interface TreeRequest {
  tableName: string;
  text: string;
  code: string;
  pidField?: string | undefined;
  hasChildField?: string | undefined;
  condition?: string | undefined;
}

export interface TreeSource {
  entity: EntityDef;
  key: ColumnDef;
  title: ColumnDef;
  pid: ColumnDef;
  parentKey: ColumnDef;
  hasChild: ColumnDef | null;
  filters: RawBuilder<SqlBool>[];
}

export interface TreeRow {
  nodeKey: unknown;
  nodeTitle: unknown;
  nodeParent: unknown;
  nodeHasChild: unknown;
}

/** Table, text/code pair, pid and has-child fields must all be the registered ones of a tree entity. */
export function resolveTree(q: TreeRequest, registered?: DictPairCheck): TreeSource {
  const entity = findEntity(q.tableName.trim());
  const tree = entity?.tree;
  const pair = entity ? dictPair(entity, q.text.trim(), q.code.trim(), registered) : null;
  if (!entity || !tree || !pair) throw AppError.business(TEXT.dictNotAllowed);
  if (q.pidField && findColumn(entity, q.pidField.trim())?.[0] !== tree.pidField)
    throw AppError.business(TEXT.dictNotAllowed);
  let hasChild: ColumnDef | null = null;
  if (q.hasChildField) {
    if (!tree.hasChildField || findColumn(entity, q.hasChildField.trim())?.[0] !== tree.hasChildField) {
      throw AppError.business(TEXT.dictNotAllowed);
    }
    hasChild = internalColumn(entity, tree.hasChildField);
  }
  const filters = [
    ...baseFilterSql(entity, 'm'),
    ...parseConditionJson(entity, q.condition).map((c) => conditionSql(entity, 'm', c)),
  ];
  return {
    entity,
    title: pair[0],
    key: pair[1],
    pid: internalColumn(entity, tree.pidField),
    parentKey: internalColumn(entity, tree.parentKey),
    hasChild,
    filters,
  };
}

/** Children of `pid` (roots — pid null or empty — when pid is empty). */
export function treeNodesQuery(t: TreeSource, pid: string): RawBuilder<TreeRow> {
  const pidRef = colRef('m', t.pid);
  const pidWhere = pid === '' ? sql<SqlBool>`(${pidRef} is null or ${pidRef} = '')` : sql<SqlBool>`${pidRef} = ${pid}`;
  // Without a has-child column the answer is whether a (visible) child row exists.
  const hasChild = t.hasChild
    ? colRef('m', t.hasChild)
    : sql`case when exists (select 1 from ${tableRef(t.entity)} as c
        where ${allOf([...baseFilterSql(t.entity, 'c'), sql<SqlBool>`${colRef('c', t.pid)} = ${colRef('m', t.parentKey)}`])})
        then '1' else '0' end`;
  return sql<TreeRow>`select ${colRef('m', t.key)} as node_key, ${colRef('m', t.title)} as node_title,
      ${pidRef} as node_parent, ${hasChild} as node_has_child
    from ${tableRef(t.entity)} as m
    where ${allOf([...t.filters, pidWhere])}
    order by ${orderSql(t.entity, 'm', undefined, undefined)}
    limit ${TABLE_DICT_MAX_ROWS}`;
}

// ---------------------------------------------------------------------------------------------------------
// Duplicate checks

export interface UniqueField {
  entity: EntityDef;
  column: ColumnDef;
}

/** Only (table, field) pairs that really carry a uniqueness rule may be asked about. */
export function resolveUniqueField(tableName: string, fieldName: string): UniqueField {
  const entity = findEntity(tableName.trim());
  const found = entity ? uniqueColumn(entity, fieldName.trim()) : null;
  if (!entity || !found) throw AppError.business(TEXT.duplicateNotAllowed);
  return { entity, column: found[1] };
}

export function valueTakenQuery(
  u: UniqueField,
  value: string,
  excludeId: string | null,
): RawBuilder<{ found: unknown }> {
  const where = [sql<SqlBool>`${colRef(null, u.column)} = ${value}`];
  if (excludeId) where.push(sql<SqlBool>`${colRef(null, internalColumn(u.entity, 'id'))} <> ${excludeId}`);
  return sql<{ found: unknown }>`select 1 as found from ${tableRef(u.entity)} where ${allOf(where)} limit 1`;
}

// ---------------------------------------------------------------------------------------------------------
// Conditions and sorting for typed queries of other modules

/**
 * The JSON condition (`{"field":"value"}`) of an entity as one predicate over unqualified columns, for use
 * in `.where(...)` of a single-table query; null when there is nothing to filter.
 */
export function jsonConditionWhere(entityName: string, json: string | undefined): RawBuilder<SqlBool> | null {
  const entity = findEntity(entityName);
  if (!entity) throw conditionInvalid();
  const parts = parseConditionJson(entity, json).map((c) => conditionSql(entity, null, c));
  return parts.length > 0 ? allOf(parts) : null;
}

/**
 * A list's position for keyset paging (lib/deep-page.ts): the sort column's and the tie-breaker's values of one row,
 * read with `select`, and the predicate "after that row in the order" (`col <= v and (col < v or tie < t)` for
 * desc, so that the planner keeps the index range on the sort column). Null for what it does not cover: no sort or
 * several sort columns. The sort is checked as sortFor checks it.
 */
export interface Keyset {
  /** Selects the row's sort value as `k` and its tie-breaker as `t`. */
  select: [AliasedRawBuilder<unknown, 'k'>, AliasedRawBuilder<unknown, 't'>];
  after(value: unknown, tie: unknown): RawBuilder<SqlBool>;
}

export function keysetFor(
  entityName: string,
  column: string | undefined,
  order: string | undefined,
  tieColumn: string,
): Keyset | null {
  const entity = findEntity(entityName);
  if (!entity || column === undefined || column.includes(',')) return null;
  const found = sortColumn(entity, column.trim().replace(/_dictText$/, ''));
  const tie = findColumn(entity, tieColumn);
  if (!found || !tie) return null;
  const dir = (order ?? 'asc').toLowerCase();
  if (dir !== 'asc' && dir !== 'desc') return null;
  const ref = colRef(null, found[1]);
  const tieRef = colRef(null, tie[1]);
  const [past, upTo] = dir === 'desc' ? [sql.raw('<'), sql.raw('<=')] : [sql.raw('>'), sql.raw('>=')];
  return {
    select: [sql`${ref}`.as('k'), sql`${tieRef}`.as('t')],
    after: (value, tieValue) =>
      found[1] === tie[1]
        ? sql<SqlBool>`${ref} ${past} ${value}`
        : sql<SqlBool>`${ref} ${upTo} ${value} and (${ref} ${past} ${value} or ${tieRef} ${past} ${tieValue})`,
  };
}

/** `order by` items for sort parameters of an entity (unknown column or order → TEXT.sortInvalid). */
export function sortFor(
  entityName: string,
  column: string | undefined,
  order: string | undefined,
): RawBuilder<unknown> {
  const entity = findEntity(entityName);
  if (!entity) throw AppError.business(TEXT.sortInvalid);
  return orderSql(entity, null, column, order);
}
