/**
 * SQL about users and what they belong to (departments, settlement organisations). The one place that looks
 * sys_user rows up or writes them; other modules go through user.service.ts.
 */
import type { Db } from '../../db/connection.ts';
import type { NewUser, UserUpdate } from '../../db/schema.ts';
import { lookupMemo } from '../../lib/compiled-query.ts';

// ---- lookups -----------------------------------------------------------------------------------------

export function findUserById(db: Db, id: string) {
  return db.selectFrom('sysUser').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('sysUser')
    .selectAll()
    .where('username', '=', username)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}

export function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('sysUser').selectAll().where('phone', '=', phone).where('delFlag', '=', 0).executeTakeFirst();
}

export function findUserByWorkNo(db: Db, workNo: string) {
  return db.selectFrom('sysUser').selectAll().where('workNo', '=', workNo).where('delFlag', '=', 0).executeTakeFirst();
}

/** The row holding a login name, deleted or not (the name stays taken): what operator commands act on. */
export function findAnyUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('sysUser')
    .select(['id', 'username', 'workNo'])
    .where('username', '=', username)
    .executeTakeFirst();
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

/** A live user with this phone number, other than `exceptUserId` when given. */
export async function phoneExists(db: Db, phone: string, exceptUserId?: string): Promise<boolean> {
  let q = db.selectFrom('sysUser').select('id').where('phone', '=', phone).where('delFlag', '=', 0);
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return !!(await q.executeTakeFirst());
}

/** A live user with this e-mail address ignoring case, other than `exceptUserId` when given. */
export async function emailExists(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let q = db
    .selectFrom('sysUser')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', [eb.ref('email')]), '=', email.toLowerCase()))
    .where('delFlag', '=', 0);
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return !!(await q.executeTakeFirst());
}

/**
 * Real names of users by id (deleted ones too: history keeps naming them), in no particular order. Each id is read
 * once while the database is unchanged (lib/compiled-query.ts lookupMemo): a list's pages name the same people.
 */
export async function findUserNamesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const byId = await lookupMemo(db, 'userNamesById', ids, async (missing) => {
    const rows = await db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname'])
      .where('id', 'in', missing)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  });
  return [...byId.values()];
}

export function findUserNamesByUsernames(db: Db, usernames: readonly string[]) {
  if (usernames.length === 0) return Promise.resolve([]);
  return db.selectFrom('sysUser').select(['id', 'username', 'realname']).where('username', 'in', usernames).execute();
}

/** Login names of users by id, in login-name order (deleted ones too). */
export function findUsernamesByIds(db: Db, ids: readonly string[]) {
  return db.selectFrom('sysUser').select(['id', 'username']).where('id', 'in', ids).orderBy('username').execute();
}

/** An account that can be given work: not deleted, not frozen. */
export function findActiveUser(db: Db, id: string) {
  return db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname'])
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .where('status', '=', 1)
    .executeTakeFirst();
}

/** sys_user.settings holds the display settings as JSON text. */
export function findSettingsText(db: Db, userId: string) {
  return db
    .selectFrom('sysUser')
    .select('settings')
    .where('id', '=', userId)
    .where('delFlag', '=', 0)
    .executeTakeFirst()
    .then((r) => r?.settings ?? null);
}

// ---- writes ------------------------------------------------------------------------------------------

export function insertUser(db: Db, row: NewUser) {
  return db.insertInto('sysUser').values(row).execute();
}

/** Settings are not part of the profile: no version bump, no update_time, so they never cause a 409. */
export function updateSettingsText(db: Db, userId: string, settings: string) {
  return db.updateTable('sysUser').set({ settings }).where('id', '=', userId).execute();
}

export type SelfChanges = Pick<
  UserUpdate,
  'realname' | 'nickname' | 'email' | 'phone' | 'sex' | 'birthday' | 'telephone' | 'avatar'
>;

/**
 * Writes the caller's own editable fields and bumps the row version. With `expectedVersion` the write only
 * happens while the row still has that version; the number of updated rows tells the caller whether it did.
 */
export async function updateSelf(
  db: Db,
  userId: string,
  changes: SelfChanges,
  expectedVersion: number | undefined,
  by: string,
  at: string,
): Promise<number> {
  let q = db
    .updateTable('sysUser')
    .set((eb) => ({ ...changes, updateBy: by, updateTime: at, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .where('delFlag', '=', 0);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The department a sign-in settled on: not an edit of the account, so no update stamp. */
export function updateLoginOrgCode(db: Db, userId: string, orgCode: string | null) {
  return db.updateTable('sysUser').set({ orgCode }).where('id', '=', userId).execute();
}

export function updateOrgCode(db: Db, userId: string, orgCode: string, by: string, at: string) {
  return db.updateTable('sysUser').set({ orgCode, updateBy: by, updateTime: at }).where('id', '=', userId).execute();
}

export function updateAccountId(db: Db, userId: string, accountId: string, by: string, at: string) {
  return db.updateTable('sysUser').set({ accountId, updateBy: by, updateTime: at }).where('id', '=', userId).execute();
}

/**
 * A new password hash. `chosenByHolder`: the account's holder set it, so no forced change remains; an
 * operator's reset leaves must_change_password as it was.
 */
export function updatePassword(
  db: Db,
  userId: string,
  password: string,
  by: string,
  at: string,
  chosenByHolder: boolean,
) {
  return db
    .updateTable('sysUser')
    .set({ password, ...(chosenByHolder ? { mustChangePassword: 0 } : {}), updateBy: by, updateTime: at })
    .where('id', '=', userId)
    .execute();
}

// ---- departments and settlement organisations ---------------------------------------------------------

/** Departments of a user (not deleted), in tree order. */
export function findUserDeparts(db: Db, userId: string) {
  return db
    .selectFrom('sysDepart as d')
    .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
    .selectAll('d')
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', '0')
    .orderBy('d.orgCode')
    .execute();
}

export function findUserSettlementOrgs(db: Db, userId: string) {
  return db
    .selectFrom('settlementOrg as s')
    .innerJoin('sysUserSettlementOrg as us', 'us.settlementOrgId', 's.id')
    .select(['s.id', 's.code', 's.name'])
    .where('us.userId', '=', userId)
    .where('s.status', '=', '1')
    .orderBy('s.sortOrder')
    .orderBy('s.code')
    .execute();
}
