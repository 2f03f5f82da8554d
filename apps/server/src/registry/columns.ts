/**
 * An entity's export and import columns, read from its declaration: the fields flagged `export` / `import`, in
 * declaration order, titled by their labels. An exported field with a dictionary writes the record's
 * `<field>_dictText` (the text the list shows); an imported one takes the dictionary's items (text or value).
 */
import type { ImportColumn } from '../excel/header-map.ts';
import type { ExportColumn } from '../excel/writer.ts';
import { findEntity } from './lookup.ts';
import type { ColumnDef, EntityDef } from './types.ts';

/** 'reporter_id' → 'reporterId': the record's (wire) name of a field. */
function camel(apiName: string): string {
  return apiName.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function entityOf(entityName: string): EntityDef {
  const entity = findEntity(entityName);
  if (!entity) throw new Error(`registry: no entity ${entityName}`);
  return entity;
}

function flagged(entity: EntityDef, flag: 'export' | 'import'): [string, ColumnDef][] {
  return Object.entries(entity.columns).filter(([, f]) => !!f[flag]);
}

/** The columns of an entity's export (a declaration error when it has none). */
export function exportColumns(entityName: string): ExportColumn[] {
  const entity = entityOf(entityName);
  const columns = flagged(entity, 'export').map(([apiName, f]): ExportColumn => {
    const width = typeof f.export === 'object' ? f.export.width : undefined;
    return {
      key: f.dict ? `${camel(apiName)}_dictText` : camel(apiName),
      title: f.label,
      type: f.type,
      ...(width === undefined ? {} : { width }),
    };
  });
  if (columns.length === 0) throw new Error(`registry: ${entity.table} has no export fields`);
  return columns;
}

export interface DictItem {
  value: string;
  text: string;
}

/** Checks an entity's import fields once (at start-up): some exist, and their dictionaries are plain codes. */
export function checkImportFields(entityName: string): void {
  const entity = entityOf(entityName);
  const fields = flagged(entity, 'import');
  if (fields.length === 0) throw new Error(`registry: ${entity.table} has no import fields`);
  for (const [apiName, f] of fields) {
    // Items of a table dictionary depend on who asks (scopes); no import needs one yet.
    if (f.dict?.includes(',')) throw new Error(`registry: ${entity.table}.${apiName}: table dictionary`);
  }
}

/**
 * The columns of an entity's import template; `dictItems` reads a dictionary's items (when the import starts, so
 * that an edited dictionary applies at once).
 */
export async function importColumns(
  entityName: string,
  dictItems: (dictCode: string) => Promise<readonly DictItem[]>,
): Promise<ImportColumn[]> {
  checkImportFields(entityName);
  const fields = flagged(entityOf(entityName), 'import');
  return Promise.all(
    fields.map(async ([apiName, f]): Promise<ImportColumn> => {
      const opts = typeof f.import === 'object' ? f.import : {};
      const base = { key: camel(apiName), title: f.label };
      if (f.dict) {
        const allowed = opts.values;
        const options = (await dictItems(f.dict))
          .filter((i) => !allowed || allowed.includes(i.value))
          .map((i) => ({ value: i.value, text: i.text }));
        return { ...base, type: 'dict', ...(opts.required ? { required: true } : {}), options };
      }
      return { ...base, type: f.type, ...(opts.required ? { required: true } : {}) };
    }),
  );
}
