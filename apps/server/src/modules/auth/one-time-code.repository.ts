/**
 * SQL of one-time codes (sys_auth_code): captchas, SMS codes and password-reset tickets, each a row of its own
 * purpose holding only a keyed hash. The one repository of that table.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysAuthCodeTable } from '../../db/schema.ts';

export function insertAuthCode(db: Db, row: Insertable<SysAuthCodeTable>) {
  return db.insertInto('sysAuthCode').values(row).execute();
}

export function deleteAuthCodes(db: Db, purpose: string, subject: string) {
  return db.deleteFrom('sysAuthCode').where('purpose', '=', purpose).where('subject', '=', subject).execute();
}

/** Housekeeping: codes that expired before `before` are of no further use (not even for send throttling). */
export function deleteExpiredAuthCodes(db: Db, purpose: string, before: string) {
  return db.deleteFrom('sysAuthCode').where('purpose', '=', purpose).where('expiresAt', '<', before).execute();
}

/** Retires every unused code of a purpose and subject, so only the newest one can match. */
export function retireAuthCodes(db: Db, purposes: readonly string[], subject: string, at: string) {
  return db
    .updateTable('sysAuthCode')
    .set({ usedAt: at })
    .where('purpose', 'in', [...purposes])
    .where('subject', '=', subject)
    .where('usedAt', 'is', null)
    .execute();
}

/** Marks the live code of (purpose, subject) used and returns its hash: a captcha allows exactly one try. */
export function consumeAuthCode(db: Db, purpose: string, subject: string, at: string) {
  return db
    .updateTable('sysAuthCode')
    .set({ usedAt: at })
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .returning(['id', 'codeHash'])
    .execute();
}

/** When the subject last got a code for one of the purposes (used or not). */
export async function lastCodeCreatedAt(db: Db, purposes: readonly string[], subject: string): Promise<string | null> {
  const row = await db
    .selectFrom('sysAuthCode')
    .select((eb) => eb.fn.max('createdAt').as('last'))
    .where('purpose', 'in', [...purposes])
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.last ?? null;
}

/** The newest unused, unexpired code of (purpose, subject); with `maxAttempts`, only while tries remain. */
export function findLiveAuthCode(db: Db, purpose: string, subject: string, at: string, maxAttempts?: number) {
  let q = db
    .selectFrom('sysAuthCode')
    .select(['id', 'codeHash'])
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at);
  if (maxAttempts !== undefined) q = q.where('attempts', '<', maxAttempts);
  return q.orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
}

/** Counts an attempt against a code; false when the code was used up meanwhile. */
export async function countAttempt(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const r = await db
    .updateTable('sysAuthCode')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Uses a code up; false when another request used it first. */
export async function markCodeUsed(db: Db, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('sysAuthCode')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
