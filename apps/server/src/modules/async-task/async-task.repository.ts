/** SQL of the task centre: async_task rows and the import keys of task_import_row (bound parameters only). */
import type { Insertable, RawBuilder, SqlBool, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { AsyncTaskTable } from '../../db/schema.ts';
import { like } from '../../lib/like.ts';

export function insertTask(db: Db, row: Insertable<AsyncTaskTable>) {
  return db.insertInto('asyncTask').values(row).execute();
}

export function findTask(db: Db, id: string) {
  return db.selectFrom('asyncTask').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateTask(db: Db, id: string, changes: Updateable<AsyncTaskTable>): Promise<void> {
  await db.updateTable('asyncTask').set(changes).where('id', '=', id).execute();
}

/** Sets the row to running only if it is in `from` (a retry racing another retry changes nothing). */
export async function restartTask(
  db: Db,
  id: string,
  from: string,
  changes: Updateable<AsyncTaskTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('asyncTask')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every task still marked running becomes failed with `content` (start-up after a crash). */
export async function failRunningTasks(db: Db, content: string, at: string): Promise<number> {
  const result = await db
    .updateTable('asyncTask')
    .set({ status: '3', content, endTime: at, updateTime: at })
    .where('status', '=', '1')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface TaskFilter {
  createBy: string;
  title?: string | undefined;
  status?: string | undefined;
  /** The advanced query, built by the field registry. */
  where?: RawBuilder<SqlBool> | null | undefined;
}

function filtered(db: Db, f: TaskFilter) {
  let q = db.selectFrom('asyncTask').where('createBy', '=', f.createBy);
  const title = f.title;
  if (title) q = q.where((eb) => like(eb.ref('title'), title));
  if (f.status) q = q.where('status', '=', f.status);
  if (f.where) q = q.where(f.where);
  return q;
}

export async function countTasks(db: Db, f: TaskFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageTasks(db: Db, f: TaskFilter, offset: number, limit: number) {
  return filtered(db, f)
    .selectAll()
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The row keys of `keys` this task has already committed. */
export async function findImportedKeys(db: Db, taskId: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('taskImportRow')
    .select('rowKey')
    .where('taskId', '=', taskId)
    .where('rowKey', 'in', [...keys])
    .execute();
  return new Set(rows.map((r) => r.rowKey));
}

export async function insertImportedKeys(
  db: Db,
  rows: readonly { taskId: string; rowKey: string; recordId: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('taskImportRow')
    .values([...rows])
    .execute();
}

export async function countImportedKeys(db: Db, taskId: string): Promise<number> {
  const row = await db
    .selectFrom('taskImportRow')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('taskId', '=', taskId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
