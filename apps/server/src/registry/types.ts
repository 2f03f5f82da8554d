/** Shapes of the field registry: what the API may name, and what each name is allowed to do. */
import type { RawBuilder, SqlBool } from 'kysely';

export type ColumnType = 'string' | 'number';

/** How a field is written by its entity's export. */
export interface ExportOptions {
  /** Column width in characters; default from the label. */
  width?: number;
}

/** How a field is read by its entity's import template. */
export interface ImportOptions {
  /** A row without a value is refused. */
  required?: boolean;
  /** For a dictionary field: the only item values the import accepts (the dictionary may hold more). */
  values?: readonly string[];
}

/**
 * One field of an entity, declared once by the module that owns the entity (`<module>.fields.ts`). Each flag is
 * an allowance: what is not flagged, a request cannot do with the field.
 */
export interface ColumnDef {
  /** Physical column (snake_case). */
  column: string;
  type: ColumnType;
  /** Chinese label: the export's and import template's column title, and the advanced query's field name. */
  label: string;
  /**
   * Dictionary of the stored value: a sys_dict code ('priority') or a table dictionary ('sys_user,realname,id').
   * The record then carries `<field>_dictText`, which is what an export writes; an import reads the item text.
   */
  dict?: string;
  /** May appear in a condition (dictCode 4th segment, loadTreeData condition JSON, list filters, advanced query). */
  filter?: boolean;
  /**
   * A string column holding a date ('YYYY-MM-DD') or a date-time ('YYYY-MM-DD HH:mm:ss'): the advanced query accepts
   * only values of that form (a date alone for a date-time column) and never a LIKE rule.
   */
  format?: 'date' | 'datetime';
  /** May be named by a sort parameter. */
  sort?: boolean;
  /** Has a uniqueness rule: may be asked about by /sys/duplicate/check. */
  unique?: boolean;
  /** Written by the entity's export, in declaration order. */
  export?: boolean | ExportOptions;
  /** Read by the entity's import template, in declaration order. */
  import?: boolean | ImportOptions;
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
 * A named filter selected by the 4th segment of a table dictionary code (e.g. `…,bi`). The client only names it.
 * The builder is written in the owning module's fields file as a `sql` template whose identifiers come only from
 * `ref` (an API name of the same entity, resolved by the registry) and whose values are bound.
 */
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
  /** Chinese name of the entity. */
  label: string;
  /** Physical table. */
  table: string;
  /**
   * API name (snake_case, as Jeecg clients send it) → field. Columns not listed do not exist for the API. The order
   * is the order of the export's and the import template's columns.
   */
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
