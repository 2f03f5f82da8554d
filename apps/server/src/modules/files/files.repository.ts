/** SQL of uploaded files. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysFileTable } from '../../db/schema.ts';

export function insertFile(db: Db, row: Insertable<SysFileTable>) {
  return db.insertInto('sysFile').values(row).execute();
}

export function findFileByPath(db: Db, path: string) {
  return db.selectFrom('sysFile').selectAll().where('path', '=', path).executeTakeFirst();
}

export function findFilesByPaths(db: Db, paths: readonly string[]) {
  if (paths.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysFile')
    .selectAll()
    .where('path', 'in', [...paths])
    .execute();
}
