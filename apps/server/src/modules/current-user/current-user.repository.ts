/** SQL of the self-service writes on the caller's own sys_user row. */
import type { Db } from '../../db/connection.ts';

export function updateOrgCode(db: Db, userId: string, orgCode: string, by: string, at: string) {
  return db.updateTable('sysUser').set({ orgCode, updateBy: by, updateTime: at }).where('id', '=', userId).execute();
}

export function updateAccountId(db: Db, userId: string, accountId: string, by: string, at: string) {
  return db.updateTable('sysUser').set({ accountId, updateBy: by, updateTime: at }).where('id', '=', userId).execute();
}

export function updatePasswordHash(db: Db, userId: string, password: string, by: string, at: string) {
  return db
    .updateTable('sysUser')
    .set({ password, mustChangePassword: 0, updateBy: by, updateTime: at })
    .where('id', '=', userId)
    .execute();
}
