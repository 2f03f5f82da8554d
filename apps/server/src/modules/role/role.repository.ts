/** SQL of roles and of the links that give users their roles (sys_role, sys_user_role). */
import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';

function roleIdQuery(db: Db, roleCode: string) {
  return db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode);
}

export function findRoleIdByCode(db: Db, roleCode: string) {
  return roleIdQuery(db, roleCode).executeTakeFirst();
}

/** Like findRoleIdByCode, but a missing role throws Kysely's NoResultError. */
export function getRoleIdByCode(db: Db, roleCode: string) {
  return roleIdQuery(db, roleCode).executeTakeFirstOrThrow();
}

export function findUserRoleLink(db: Db, userId: string, roleId: string) {
  return db
    .selectFrom('sysUserRole')
    .select('id')
    .where('userId', '=', userId)
    .where('roleId', '=', roleId)
    .executeTakeFirst();
}

export function insertUserRoleLink(db: Db, userId: string, roleId: string) {
  return db.insertInto('sysUserRole').values({ id: newId(), userId, roleId }).execute();
}
