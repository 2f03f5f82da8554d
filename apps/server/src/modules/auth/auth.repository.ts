/** SQL of sign-in: login attempts, one-time codes (captcha, SMS), login log rows, the org code chosen at login. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysAuthCodeTable, SysLogTable } from '../../db/schema.ts';

// ---- sys_login_attempt -------------------------------------------------------------------------------

export function findAttempt(db: Db, identifier: string) {
  return db.selectFrom('sysLoginAttempt').selectAll().where('identifier', '=', identifier).executeTakeFirst();
}

/**
 * Counts one more attempt atomically (concurrent attempts all count) and returns the new count with the lock.
 * A lock that has run out is lifted and the count starts again at 1 (SET reads the row as it was).
 */
export async function countLoginAttempt(
  db: Db,
  identifier: string,
  at: string,
): Promise<{ failCount: number; lockedUntil: string | null }> {
  const row = await db
    .insertInto('sysLoginAttempt')
    .values({ identifier, failCount: 1, lockedUntil: null, lastFailedAt: at })
    .onConflict((oc) =>
      oc.column('identifier').doUpdateSet((eb) => {
        const expired = eb('sysLoginAttempt.lockedUntil', '<=', at);
        return {
          failCount: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('sysLoginAttempt.failCount', '+', 1))
            .end(),
          lockedUntil: eb.case().when(expired).then(null).else(eb.ref('sysLoginAttempt.lockedUntil')).end(),
          lastFailedAt: at,
        };
      }),
    )
    .returning(['failCount', 'lockedUntil'])
    .executeTakeFirstOrThrow();
  return { failCount: Number(row.failCount), lockedUntil: row.lockedUntil };
}

/** Takes back an attempt that never reached the password (a missing or wrong captcha). */
export function uncountLoginAttempt(db: Db, identifier: string) {
  return db
    .updateTable('sysLoginAttempt')
    .set((eb) => ({ failCount: eb('failCount', '-', 1) }))
    .where('identifier', '=', identifier)
    .where('failCount', '>', 0)
    .execute();
}

export function lockIdentifier(db: Db, identifier: string, until: string) {
  return db.updateTable('sysLoginAttempt').set({ lockedUntil: until }).where('identifier', '=', identifier).execute();
}

export function clearAttempts(db: Db, identifiers: readonly string[]) {
  if (identifiers.length === 0) return Promise.resolve([]);
  return db
    .deleteFrom('sysLoginAttempt')
    .where('identifier', 'in', [...identifiers])
    .execute();
}

// ---- sys_auth_code -----------------------------------------------------------------------------------

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

export function findLiveAuthCode(db: Db, purpose: string, subject: string, at: string, maxAttempts: number) {
  return db
    .selectFrom('sysAuthCode')
    .select(['id', 'codeHash'])
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', at)
    .where('attempts', '<', maxAttempts)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
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

export async function markCodeUsed(db: Db, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('sysAuthCode')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- users and login log -----------------------------------------------------------------------------

export function updateUserOrgCode(db: Db, userId: string, orgCode: string | null) {
  return db.updateTable('sysUser').set({ orgCode }).where('id', '=', userId).execute();
}

export function insertLoginLog(db: Db, row: Insertable<SysLogTable>) {
  return db.insertInto('sysLog').values(row).execute();
}
