/** SQL of the caller's own profile and display settings (sys_user.settings holds the settings as JSON text). */
import type { Db } from '../../db/connection.ts';
import type { UserUpdate } from '../../db/schema.ts';

export function findSettingsText(db: Db, userId: string) {
  return db
    .selectFrom('sysUser')
    .select('settings')
    .where('id', '=', userId)
    .where('delFlag', '=', 0)
    .executeTakeFirst()
    .then((r) => r?.settings ?? null);
}

/** Settings are not part of the profile: no version bump, no update_time, so they never cause a 409. */
export function updateSettingsText(db: Db, userId: string, settings: string) {
  return db.updateTable('sysUser').set({ settings }).where('id', '=', userId).execute();
}

/** Another live user with this phone number (the number signs in by SMS, so it must be unique). */
export function findOtherUserIdByPhone(db: Db, userId: string, phone: string) {
  return db
    .selectFrom('sysUser')
    .select('id')
    .where('phone', '=', phone)
    .where('id', '!=', userId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}

/** Another live user with this e-mail address, ignoring case. */
export function findOtherUserIdByEmail(db: Db, userId: string, email: string) {
  return db
    .selectFrom('sysUser')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('id', '!=', userId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
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
