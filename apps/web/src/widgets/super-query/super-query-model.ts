/**
 * The advanced query builder's pure parts: the fields it is given, its rows, the rules a field type offers, the
 * conversion of rows to the emitted records (arrays joined by commas), and the saved queries kept in the browser
 * under a key prefix plus the route key (spec §9). The rules themselves are @houtai/shared/super-query, the same
 * ones the server evaluates.
 */
import {
  emitValue,
  isEmptyCondition,
  reduceForRule,
  SUPER_QUERY_RULES,
  type SavedSuperQuery,
  type SuperQueryMatchType,
  type SuperQueryRecord,
  type SuperQueryRule,
} from '@houtai/shared/super-query';
import type { TtlStorage } from '../../lib/storage.ts';

export type SuperQueryFieldType = 'string' | 'number' | 'date' | 'datetime' | 'dict' | 'switch';

export interface SuperQueryOption {
  value: string;
  label: string;
}

/** One field the builder offers. */
export interface SuperQueryField {
  /** Chinese label. */
  title: string;
  /** API name sent to the server (the list's registry field). */
  field: string;
  type: SuperQueryFieldType;
  /** Dictionary code whose options the `loadOptions` prop loads (type dict). */
  dictCode?: string;
  /** Fixed options (type dict), used before a dictionary. */
  options?: readonly SuperQueryOption[];
}

export type RowValue = string | string[] | undefined;

export interface SuperQueryRow {
  key: string;
  field?: string | undefined;
  rule: SuperQueryRule;
  val: RowValue;
}

let nextKey = 0;
export function newRow(partial: Partial<Omit<SuperQueryRow, 'key'>> = {}): SuperQueryRow {
  nextKey += 1;
  return { key: `r${nextKey}`, rule: 'eq', val: undefined, ...partial };
}

/** Rules a field type offers: LIKE rules on text only; dictionaries add `in`; switches are equal / not equal. */
export function rulesFor(type: SuperQueryFieldType | undefined): readonly SuperQueryRule[] {
  switch (type) {
    case 'number':
    case 'date':
    case 'datetime':
      return ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'];
    case 'dict':
      return ['eq', 'ne', 'in'];
    case 'switch':
      return ['eq', 'ne'];
    case 'string':
    case undefined:
      return SUPER_QUERY_RULES;
  }
}

/** A rule change: dictionary fields keep only the first value unless the rule is `in`; `in` makes a list. */
export function changeRule(
  row: SuperQueryRow,
  rule: SuperQueryRule,
  field: SuperQueryField | undefined,
): SuperQueryRow {
  if (field?.type !== 'dict') return { ...row, rule };
  if (rule === 'in') {
    const v = row.val;
    return { ...row, rule, val: v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v] };
  }
  const reduced = reduceForRule(row.val, rule);
  return { ...row, rule, val: reduced === '' ? undefined : reduced };
}

/** A field change starts the row afresh (a value of one field means nothing for another). */
export function changeField(row: SuperQueryRow, field: string): SuperQueryRow {
  return { ...row, field, rule: 'eq', val: undefined };
}

/** True when the builder holds no complete condition set: no row, or a row lacking field, rule or value (§5.5). */
export function hasEmptyCondition(rows: readonly SuperQueryRow[]): boolean {
  return rows.length === 0 || rows.some((r) => isEmptyCondition(r));
}

/** The records emitted for the rows (arrays joined by commas), with the field's type for the server. */
export function toRecords(rows: readonly SuperQueryRow[], fields: readonly SuperQueryField[]): SuperQueryRecord[] {
  return rows.map((r) => {
    const f = fields.find((x) => x.field === r.field);
    return {
      field: r.field ?? '',
      rule: r.rule,
      val: emitValue(r.val),
      ...(f ? { type: f.type } : {}),
      ...(f?.dictCode ? { dictCode: f.dictCode } : {}),
    };
  });
}

/** Rows for saved records (a dictionary `in` value becomes a list again). */
export function toRows(records: readonly SuperQueryRecord[], fields: readonly SuperQueryField[]): SuperQueryRow[] {
  return records.map((rec) => {
    const f = fields.find((x) => x.field === rec.field);
    const val = f?.type === 'dict' && rec.rule === 'in' ? rec.val.split(',').filter(Boolean) : rec.val;
    return newRow({ field: rec.field, rule: rec.rule, val });
  });
}

// ---- Saved queries ----

export const SAVED_QUERY_PREFIX = 'super-query:';

export function savedQueryKey(routeKey: string): string {
  return SAVED_QUERY_PREFIX + routeKey;
}

function isSaved(x: unknown): x is SavedSuperQuery {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  return typeof o.title === 'string' && (o.matchType === 'and' || o.matchType === 'or') && Array.isArray(o.records);
}

export function loadSaved(store: TtlStorage, routeKey: string): SavedSuperQuery[] {
  const raw = store.get<unknown>(savedQueryKey(routeKey));
  return Array.isArray(raw) ? raw.filter(isSaved) : [];
}

/** The list with `query` saved: a query of the same title is replaced in place, a new one goes last. */
export function withSaved(list: readonly SavedSuperQuery[], query: SavedSuperQuery): SavedSuperQuery[] {
  const i = list.findIndex((q) => q.title === query.title);
  if (i < 0) return [...list, query];
  return list.map((q, j) => (j === i ? query : q));
}

export function storeSaved(store: TtlStorage, routeKey: string, list: readonly SavedSuperQuery[]): void {
  store.set(savedQueryKey(routeKey), list);
}

export type { SavedSuperQuery, SuperQueryMatchType, SuperQueryRecord, SuperQueryRule };
