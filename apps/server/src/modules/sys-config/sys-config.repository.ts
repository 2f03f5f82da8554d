import type { Db } from '../../db/connection.ts';

export function findConfigValue(db: Db, code: string) {
  return db.selectFrom('sysConfig').select('value').where('code', '=', code).executeTakeFirst();
}
