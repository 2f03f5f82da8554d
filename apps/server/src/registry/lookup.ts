/** Name lookups in the registry. Request text is only ever used as a key; what comes back is registry data. */
import { checkEntities, ENTITIES } from './entities.ts';
import type { ColumnDef, EntityDef } from './types.ts';

checkEntities(ENTITIES);

// Maps, not plain objects: names like '__proto__' or 'constructor' must not find anything.
const byName = new Map<string, EntityDef>();
for (const e of ENTITIES) for (const name of e.names) byName.set(name, e);

const columnMaps = new Map<EntityDef, Map<string, ColumnDef>>();
for (const e of ENTITIES) columnMaps.set(e, new Map(Object.entries(e.columns)));

export function findEntity(name: string): EntityDef | null {
  return byName.get(name) ?? null;
}

/** 'createTime' → 'create_time'; snake_case names are unchanged. */
function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The column for an API name (snake_case or camelCase), with its canonical API name. */
export function findColumn(entity: EntityDef, name: string): readonly [string, ColumnDef] | null {
  const map = columnMaps.get(entity);
  if (!map) return null;
  for (const candidate of [name, snake(name)]) {
    const col = map.get(candidate);
    if (col) return [candidate, col];
  }
  return null;
}

export function filterColumn(entity: EntityDef, name: string): readonly [string, ColumnDef] | null {
  const found = findColumn(entity, name);
  return found && found[1].filter ? found : null;
}

export function sortColumn(entity: EntityDef, name: string): readonly [string, ColumnDef] | null {
  const found = findColumn(entity, name);
  return found && found[1].sort ? found : null;
}

export function uniqueColumn(entity: EntityDef, name: string): readonly [string, ColumnDef] | null {
  const found = findColumn(entity, name);
  return found && found[1].unique ? found : null;
}

/**
 * Whether a (text, value) pair of an entity is a registered table dictionary. The request-facing reads pass the
 * check of 表字典登记 (sys_table_dict, modules/table-dict); without one the entity's built-in `dictPairs` apply.
 */
export type DictPairCheck = (entity: EntityDef, text: string, value: string) => boolean;

/** The registered (text, value) pair, or null: only registered pairs of registry columns are table dictionaries. */
export function dictPair(
  entity: EntityDef,
  text: string,
  value: string,
  registered?: DictPairCheck,
): readonly [ColumnDef, ColumnDef] | null {
  const listed = registered
    ? registered(entity, text, value)
    : entity.dictPairs.some(([t, v]) => t === text && v === value);
  if (!listed) return null;
  const t = findColumn(entity, text);
  const v = findColumn(entity, value);
  return t && v ? [t[1], v[1]] : null;
}

/** Column of a registry-internal API name (base filters, default order); a typo here is a programming error. */
export function internalColumn(entity: EntityDef, name: string): ColumnDef {
  const col = columnMaps.get(entity)?.get(name);
  if (!col) throw new Error(`registry: ${entity.table} has no column ${name}`);
  return col;
}
