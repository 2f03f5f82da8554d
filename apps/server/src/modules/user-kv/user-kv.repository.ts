/** SQL of the per-user saved values (sys_user_kv); the key is always one of the service's allow-list. */
import type { Db } from '../../db/connection.ts';

export async function findUserValue(db: Db, userId: string, k: string): Promise<string | null> {
  const row = await db
    .selectFrom('sysUserKv')
    .select('v')
    .where('userId', '=', userId)
    .where('k', '=', k)
    .executeTakeFirst();
  return row?.v ?? null;
}

/** Insert or replace, in one statement (the same on SQLite and PostgreSQL). */
export async function saveUserValue(db: Db, userId: string, k: string, v: string, updateTime: string): Promise<void> {
  await db
    .insertInto('sysUserKv')
    .values({ userId, k, v, updateTime })
    .onConflict((oc) => oc.columns(['userId', 'k']).doUpdateSet({ v, updateTime }))
    .execute();
}
