/** SQL over live sessions (sys_user_token joined with sys_user) for the online-user list and force logout. */
import type { Db } from '../../db/connection.ts';
import { like } from '../../lib/like.ts';

export interface LiveFilter {
  /** Sessions count as live when not revoked, not past the absolute expiry and seen after this instant. */
  now: string;
  seenAfter: string;
  username?: string | undefined;
}

function live(db: Db, f: LiveFilter) {
  let q = db
    .selectFrom('sysUserToken as t')
    .innerJoin('sysUser as u', 'u.id', 't.userId')
    .where('t.revokedAt', 'is', null)
    .where('t.expiresAt', '>', f.now)
    .where('t.lastSeenAt', '>', f.seenAfter)
    .where('u.status', '=', 1)
    .where('u.delFlag', '=', 0);
  const username = f.username;
  if (username) q = q.where((eb) => like(eb.ref('u.username'), username));
  return q;
}

export async function countLiveSessions(db: Db, f: LiveFilter): Promise<number> {
  const row = await live(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageLiveSessions(db: Db, f: LiveFilter, offset: number, limit: number) {
  return live(db, f)
    .select(['t.id', 't.createdAt', 't.lastSeenAt', 't.ip', 't.loginType', 'u.username', 'u.realname', 'u.avatar'])
    .orderBy('t.lastSeenAt', 'desc')
    .orderBy('t.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** A session a force logout ended: whose it was, and its token hash (its websockets close too). */
export interface EndedSession {
  userId: string;
  tokenHash: string;
}

/** Revokes live sessions; each returns the sessions it ended. */
export async function revokeById(db: Db, id: string, at: string, reason: string): Promise<EndedSession[]> {
  return db
    .updateTable('sysUserToken')
    .set({ revokedAt: at, revokedReason: reason })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .returning(['userId', 'tokenHash'])
    .execute();
}

export async function revokeByHash(db: Db, tokenHash: string, at: string, reason: string): Promise<EndedSession[]> {
  return db
    .updateTable('sysUserToken')
    .set({ revokedAt: at, revokedReason: reason })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .returning(['userId', 'tokenHash'])
    .execute();
}

export async function revokeByUsername(db: Db, username: string, at: string, reason: string): Promise<EndedSession[]> {
  return db
    .updateTable('sysUserToken')
    .set({ revokedAt: at, revokedReason: reason })
    .where('revokedAt', 'is', null)
    .where('userId', 'in', (eb) => eb.selectFrom('sysUser').select('id').where('username', '=', username))
    .returning(['userId', 'tokenHash'])
    .execute();
}

export function usernamesByIds(db: Db, ids: readonly string[]) {
  return db.selectFrom('sysUser').select(['id', 'username']).where('id', 'in', ids).orderBy('username').execute();
}
