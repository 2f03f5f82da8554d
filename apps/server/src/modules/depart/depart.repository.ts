/** SQL of departments (sys_depart). */
import type { Db } from '../../db/connection.ts';

/** Departments by org code (deleted ones too: a full name still names them). */
export function findDepartsByCodes(db: Db, orgCodes: readonly string[]) {
  if (orgCodes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart')
    .select(['orgCode', 'departName'])
    .where('orgCode', 'in', [...orgCodes])
    .execute();
}
