/**
 * Builders for `<module>.fields.ts` declarations: a field is plain data, and these only spare the repetition of
 * `column` and `type`. Nothing here touches SQL.
 */
import type { ColumnDef } from './types.ts';

type FieldFlags = Omit<ColumnDef, 'column' | 'type' | 'label'>;

export function stringField(column: string, label: string, flags: FieldFlags = {}): ColumnDef {
  return { column, type: 'string', label, ...flags };
}

export function numberField(column: string, label: string, flags: FieldFlags = {}): ColumnDef {
  return { column, type: 'number', label, ...flags };
}

/** The audit columns most tables carry: who created or last changed the row, and when. */
export const AUDIT_FIELDS = {
  create_by: stringField('create_by', '创建人', { filter: true, sort: true }),
  create_time: stringField('create_time', '创建时间', { sort: true }),
  update_by: stringField('update_by', '更新人', { sort: true }),
  update_time: stringField('update_time', '更新时间', { sort: true }),
} as const satisfies Readonly<Record<string, ColumnDef>>;
