/** SQL of self-registration and SMS password reset: uniqueness checks, the new account, reset tickets. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysAuthCodeTable, SysUserTable } from '../../db/schema.ts';

export function findRoleIdByCode(db: Db, roleCode: string) {
  return db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode).executeTakeFirst();
}

/**
 * Case-insensitive and over every row, logically deleted ones included: the unique index covers them too,
 * and 'Admin' next to 'admin' would only confuse people.
 */
export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUser')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', [eb.ref('username')]), '=', username.toLowerCase()))
    .executeTakeFirst();
  return !!row;
}

export async function phoneExists(db: Db, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUser')
    .select('id')
    .where('phone', '=', phone)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return !!row;
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUser')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', [eb.ref('email')]), '=', email.toLowerCase()))
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return !!row;
}

/** The account and its one role link, together or not at all. */
export async function insertUserWithRole(db: Db, user: Insertable<SysUserTable>, roleId: string, linkId: string) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sysUser').values(user).execute();
    await trx.insertInto('sysUserRole').values({ id: linkId, userId: user.id, roleId }).execute();
  });
}

// ---- reset tickets (rows of sys_auth_code with their own purpose) ------------------------------------

export function retireTickets(db: Db, purpose: string, subject: string, at: string) {
  return db
    .updateTable('sysAuthCode')
    .set({ usedAt: at })
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('usedAt', 'is', null)
    .execute();
}

export function insertTicket(db: Db, row: Insertable<SysAuthCodeTable>) {
  return db.insertInto('sysAuthCode').values(row).execute();
}

export function findLiveTicket(db: Db, purpose: string, subject: string, at: string) {
  return db
    .selectFrom('sysAuthCode')
    .select(['id', 'codeHash'])
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Uses a ticket up; false when another request used it first. */
export async function consumeTicket(db: Db, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('sysAuthCode')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function setPassword(db: Db, userId: string, password: string, by: string, at: string) {
  return db
    .updateTable('sysUser')
    .set({ password, mustChangePassword: 0, updateBy: by, updateTime: at })
    .where('id', '=', userId)
    .execute();
}
