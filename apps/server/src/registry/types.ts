/** Shapes of the field registry: what the API may name, and what each name is allowed to do. */
import type { RawBuilder, SqlBool } from 'kysely';

export type ColumnType = 'string' | 'number';

export interface ColumnDef {
  /** Physical column (snake_case). */
  column: string;
  type: ColumnType;
  /** May appear in a condition (dictCode 4th segment, loadTreeData condition JSON, list filters). */
  filter?: boolean;
  /** May be named by a sort parameter. */
  sort?: boolean;
  /** Has a uniqueness rule: may be asked about by /sys/duplicate/check. */
  unique?: boolean;
}

export type Operator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'like';

/** One `field op value` clause; `field` is an API name already resolved against the registry. */
export interface Condition {
  field: string;
  op: Operator;
  value: string | number | readonly (string | number)[];
}

/** Who is asking: named scopes may depend on it. */
export interface ScopeContext {
  userId: string;
}

/**
 * A named filter selected by the 4th segment of a table dictionary code (e.g. `…,bi`). The client only
 * names it; the SQL lives here.
 */
export interface Scope {
  description: string;
  build(ctx: ScopeContext, ref: (apiName: string) => RawBuilder<unknown>): RawBuilder<SqlBool>;
}

export interface TreeDef {
  /** Column holding the parent's key. */
  pidField: string;
  /** Column of the parent that pidField refers to (for computing leaves when there is no has-child column). */
  parentKey: string;
  /** Column holding '1' when the row has children, if the table keeps one. */
  hasChildField?: string;
}

export interface EntityDef {
  /** Names the API uses for this entity; the first is the canonical one. */
  names: readonly string[];
  /** Physical table. */
  table: string;
  /** API name (snake_case, as Jeecg clients send it) → column. Columns not listed do not exist for the API. */
  columns: Readonly<Record<string, ColumnDef>>;
  /** Registered table-dictionary pairs (text, value): `table,text,value` resolves only when listed here. */
  dictPairs: readonly (readonly [text: string, value: string])[];
  /** Rows every dictionary or tree read is limited to (e.g. enabled, not deleted). */
  baseFilter: readonly Condition[];
  /** Order of dictionary and tree results. */
  defaultOrder: readonly (readonly [field: string, dir: 'asc' | 'desc'])[];
  tree?: TreeDef;
  scopes?: Readonly<Record<string, Scope>>;
}
