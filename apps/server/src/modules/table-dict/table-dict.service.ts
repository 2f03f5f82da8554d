/**
 * 表字典登记: the table dictionaries (`table,text,value`) a request may name, as rows of sys_table_dict. The
 * dictionary reads (modules/dict) ask `tableDictCheck` — a set of the enabled triples cached per database handle and
 * re-read when the 'table-dict' epoch moves, which every write here bumps (so every instance sees a change at its
 * next read, like the permission codes). A triple must still name registry columns: a row naming a column the
 * registry does not list (a password, a token) resolves to nothing.
 *
 * The administrator picks the table from the server's registry of business tables that exist in the database
 * catalogue (/tables) and the columns from that entity's registered columns that exist in the catalogue
 * (/columns); add and edit check the same, so no request can register a table or column outside the registry.
 */
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import type { Page } from '@houtai/shared/contract/common';
import {
  TABLE_DICT_STATUS,
  TABLE_DICT_STATUS_TEXT,
  TABLE_DICT_TEXT,
  type TableDictAddBody,
  type TableDictColumnOption,
  type TableDictEditBody,
  type TableDictListQuery,
  type TableDictRecord,
  type TableDictTableOption,
} from '@houtai/shared/contract/table-dict';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf } from '../../lib/page.ts';
import { toWireTime } from '../../lib/time.ts';
import { ENTITIES, type DictPairCheck } from '../../registry/index.ts';
import { findColumn, findEntity } from '../../registry/lookup.ts';
import type { EntityDef } from '../../registry/types.ts';
import * as repo from './table-dict.repository.ts';

export interface TableDictActor {
  username: string;
}

// ---- The allow-list the dictionary reads consult ----

const key = (table: string, text: string, value: string) => `${table}\u0000${text}\u0000${value}`;

interface CacheEntry {
  epoch: number;
  triples: Set<string>;
}

const cache = new WeakMap<Db, CacheEntry>();

async function enabledKeys(db: Db): Promise<Set<string>> {
  const epoch = await repo.readEpoch(db);
  const hit = cache.get(db);
  if (hit && hit.epoch === epoch) return hit.triples;
  const triples = new Set((await repo.enabledTriples(db)).map((r) => key(r.tableName, r.textField, r.valueField)));
  cache.set(db, { epoch, triples });
  return triples;
}

/** The check of `table,text,value` against the enabled registrations (the entity's canonical name is stored). */
export async function tableDictCheck(db: Db): Promise<DictPairCheck> {
  const triples = await enabledKeys(db);
  return (entity, text, value) => triples.has(key(entity.names[0] ?? entity.table, text, value));
}

/** Call after any change to sys_table_dict. */
export function invalidateTableDicts(db: Db): Promise<void> {
  return repo.bumpEpoch(db);
}

// ---- What may be registered ----

/** Registry entities whose table exists, with the catalogue's columns of each. */
async function registrable(db: Db): Promise<Map<EntityDef, Set<string>>> {
  const cat = await repo.catalogue(db);
  const out = new Map<EntityDef, Set<string>>();
  for (const e of ENTITIES) {
    const cols = cat.get(e.table);
    if (cols) out.set(e, cols);
  }
  return out;
}

function columnsOf(entity: EntityDef, physical: Set<string>): TableDictColumnOption[] {
  return Object.entries(entity.columns)
    .filter(([, c]) => physical.has(c.column))
    .map(([field, c]) => ({ field, label: c.label, type: c.type }));
}

export async function listTables(db: Db): Promise<TableDictTableOption[]> {
  const entities = await registrable(db);
  return [...entities.keys()]
    .map((e) => ({ tableName: e.names[0] ?? e.table, label: e.label }))
    .sort((a, b) => a.tableName.localeCompare(b.tableName));
}

export async function listColumns(db: Db, table: string): Promise<TableDictColumnOption[]> {
  const entity = findEntity(table);
  const physical = entity ? (await registrable(db)).get(entity) : undefined;
  if (!entity || !physical) throw AppError.business(TABLE_DICT_TEXT.tableUnknown);
  return columnsOf(entity, physical);
}

/** The canonical triple of a body, each name checked against the registry and the catalogue. */
async function checkedTriple(
  db: Db,
  body: TableDictAddBody,
): Promise<{ tableName: string; textField: string; valueField: string }> {
  const entity = findEntity(body.tableName);
  const physical = entity ? (await registrable(db)).get(entity) : undefined;
  if (!entity || !physical) throw AppError.business(TABLE_DICT_TEXT.tableUnknown);
  for (const field of [body.textField, body.valueField]) {
    const found = findColumn(entity, field);
    // Only the registry's own (snake_case) names, of columns the table really has.
    if (!found || found[0] !== field || !physical.has(found[1].column)) {
      throw AppError.business(TABLE_DICT_TEXT.fieldUnknown);
    }
  }
  return { tableName: entity.names[0] ?? entity.table, textField: body.textField, valueField: body.valueField };
}

// ---- Administration ----

function labelOf(tableName: string, field?: string): string {
  const entity = findEntity(tableName);
  if (!entity) return field ?? tableName;
  if (field === undefined) return entity.label;
  return findColumn(entity, field)?.[1].label ?? field;
}

function present(row: repo.EntryRow): TableDictRecord {
  return {
    id: row.id,
    tableName: row.tableName,
    tableName_dictText: labelOf(row.tableName),
    textField: row.textField,
    textField_dictText: labelOf(row.tableName, row.textField),
    valueField: row.valueField,
    valueField_dictText: labelOf(row.tableName, row.valueField),
    dictCode: `${row.tableName},${row.textField},${row.valueField}`,
    description: row.description,
    status: row.status,
    status_dictText: TABLE_DICT_STATUS_TEXT[String(row.status)] ?? String(row.status),
    createBy: row.createBy,
    createTime: toWireTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: toWireTime(row.updateTime),
    version: row.version,
  };
}

export async function listEntries(db: Db, q: TableDictListQuery): Promise<Page<TableDictRecord>> {
  const filter = { tableName: q.tableName?.replace(/^\*+|\*+$/g, '') || undefined, status: q.status };
  const [total, rows] = await Promise.all([
    repo.countEntries(db, filter),
    repo.pageEntries(db, filter, offsetOf(q), q.pageSize),
  ]);
  return pageOf(rows.map(present), total, q);
}

export async function queryEntry(db: Db, id: string): Promise<TableDictRecord> {
  const row = await repo.findEntry(db, id);
  if (!row) throw AppError.business(ADMIN_TEXT.notFound);
  return present(row);
}

export async function addEntry(db: Db, actor: TableDictActor, body: TableDictAddBody, now: string): Promise<string> {
  const triple = await checkedTriple(db, body);
  if (await repo.tripleTakenBy(db, triple)) throw AppError.business(TABLE_DICT_TEXT.taken);
  const id = newId();
  try {
    await repo.insertEntry(db, {
      id,
      ...triple,
      description: body.description ?? null,
      status: body.status ?? TABLE_DICT_STATUS.enabled,
      createBy: actor.username,
      createTime: now,
      updateBy: null,
      updateTime: null,
    });
  } catch (e) {
    if (await repo.tripleTakenBy(db, triple)) throw AppError.business(TABLE_DICT_TEXT.taken);
    throw e;
  }
  await invalidateTableDicts(db);
  return id;
}

export async function editEntry(db: Db, actor: TableDictActor, body: TableDictEditBody, now: string): Promise<void> {
  const current = await repo.findEntry(db, body.id);
  if (!current) throw AppError.business(ADMIN_TEXT.notFound);
  const triple = await checkedTriple(db, body);
  if (await repo.tripleTakenBy(db, triple, body.id)) throw AppError.business(TABLE_DICT_TEXT.taken);
  let changed: number;
  try {
    changed = await repo.updateEntry(db, body.id, body.version, {
      ...triple,
      description: body.description === undefined ? current.description : body.description,
      status: body.status ?? current.status,
      updateBy: actor.username,
      updateTime: now,
    });
  } catch (e) {
    if (await repo.tripleTakenBy(db, triple, body.id)) throw AppError.business(TABLE_DICT_TEXT.taken);
    throw e;
  }
  if (changed === 0) throw AppError.conflict(ADMIN_TEXT.stale);
  await invalidateTableDicts(db);
}

export async function deleteEntry(db: Db, id: string): Promise<void> {
  if ((await repo.deleteEntry(db, id)) === 0) throw AppError.business(ADMIN_TEXT.notFound);
  await invalidateTableDicts(db);
}
