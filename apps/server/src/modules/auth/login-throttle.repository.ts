/** SQL of password throttling: failed-attempt counters and locks per identifier (sys_login_attempt). */
import type { Db } from '../../db/connection.ts';

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
