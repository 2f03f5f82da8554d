/** SQL of 表字典登记 (sys_table_dict), its cache epoch and the database catalogue. Bound values only. */
import { PostgresAdapter, sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysTableDictTable } from '../../db/schema.ts';
import { like } from '../../lib/like.ts';

export const TABLE_DICT_EPOCH = 'table-dict';

const COLUMNS = [
  'id',
  'tableName',
  'textField',
  'valueField',
  'description',
  'status',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

export interface TableDictFilter {
  tableName?: string | undefined;
  status?: number | undefined;
}

function filtered(db: Db, f: TableDictFilter) {
  return db.selectFrom('sysTableDict').where((eb) => {
    const preds: Expression<SqlBool>[] = [];
    if (f.tableName) preds.push(like(eb.ref('tableName'), f.tableName));
    if (f.status !== undefined) preds.push(eb('status', '=', f.status));
    return preds.length > 0 ? eb.and(preds) : sql<SqlBool>`1 = 1`;
  });
}

export async function countEntries(db: Db, f: TableDictFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageEntries(db: Db, f: TableDictFilter, offset: number, limit: number) {
  return filtered(db, f)
    .select(COLUMNS)
    .orderBy('tableName')
    .orderBy('textField')
    .orderBy('valueField')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findEntry(db: Db, id: string) {
  return db.selectFrom('sysTableDict').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type EntryRow = NonNullable<Awaited<ReturnType<typeof findEntry>>>;

export async function tripleTakenBy(
  db: Db,
  t: { tableName: string; textField: string; valueField: string },
  exceptId?: string,
): Promise<string | null> {
  let q = db
    .selectFrom('sysTableDict')
    .select('id')
    .where('tableName', '=', t.tableName)
    .where('textField', '=', t.textField)
    .where('valueField', '=', t.valueField);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id ?? null;
}

export async function insertEntry(db: Db, row: Insertable<SysTableDictTable>): Promise<void> {
  await db.insertInto('sysTableDict').values(row).execute();
}

export async function updateEntry(
  db: Db,
  id: string,
  version: number | undefined,
  values: Updateable<SysTableDictTable>,
): Promise<number> {
  let q = db
    .updateTable('sysTableDict')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

export async function deleteEntry(db: Db, id: string): Promise<number> {
  return Number((await db.deleteFrom('sysTableDict').where('id', '=', id).executeTakeFirst()).numDeletedRows);
}

/** The enabled triples (what the dictionary reads allow). */
export function enabledTriples(db: Db) {
  return db
    .selectFrom('sysTableDict')
    .select(['tableName', 'textField', 'valueField'])
    .where('status', '=', 1)
    .execute();
}

export async function readEpoch(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sysCacheEpoch')
    .select('epoch')
    .where('name', '=', TABLE_DICT_EPOCH)
    .executeTakeFirst();
  return row?.epoch ?? 0;
}

export async function bumpEpoch(db: Db): Promise<void> {
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', TABLE_DICT_EPOCH)
    .execute();
}

/** The catalogue: physical table → its columns (the connection's own schema on PostgreSQL). */
export async function catalogue(db: Db): Promise<Map<string, Set<string>>> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const { rows } = postgres
    ? await sql<{ tname: string; cname: string }>`select table_name as tname, column_name as cname
        from information_schema.columns where table_schema = current_schema()`.execute(db)
    : await sql<{ tname: string; cname: string }>`select m.name as tname, p.name as cname
        from sqlite_master m, pragma_table_info(m.name) p where m.type = 'table'`.execute(db);
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    let cols = out.get(r.tname);
    if (!cols) out.set(r.tname, (cols = new Set()));
    cols.add(r.cname);
  }
  return out;
}
