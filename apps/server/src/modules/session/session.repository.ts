/** SQL of sessions (sys_user_token): issue, resolve, touch, revoke, and the live-session list. */
import type { Insertable, RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysUserTokenTable } from '../../db/schema.ts';
import { executeCompiledMemo } from '../../lib/compiled-query.ts';
import { like } from '../../lib/like.ts';

export function insertToken(db: Db, row: Insertable<SysUserTokenTable>) {
  return db.insertInto('sysUserToken').values(row).execute();
}

function tokenWithUserQuery(db: Db, tokenHash: string) {
  return db
    .selectFrom('sysUserToken as t')
    .innerJoin('sysUser as u', 'u.id', 't.userId')
    .select([
      't.id as tokenId',
      't.tokenHash',
      't.userId',
      't.impersonatorId',
      't.lastSeenAt',
      't.expiresAt',
      't.revokedAt',
      'u.username',
      'u.realname',
      'u.orgCode',
      'u.status',
      'u.delFlag',
      'u.mustChangePassword',
      // Read in the same statement so that permission checks of this request need no query of their own.
      (eb) => eb.selectFrom('sysCacheEpoch').select('epoch').where('name', '=', 'permission').as('permissionEpoch'),
    ])
    .where('t.tokenHash', '=', tokenHash);
}

/** Runs on every authenticated request: compiled once (lib/compiled-query.ts). */
export async function findTokenWithUser(db: Db, tokenHash: string) {
  // Remembered while the database is unchanged (exact): most requests then cost no query at all.
  return (await executeCompiledMemo(db, 'findTokenWithUser', (hash) => tokenWithUserQuery(db, hash), [tokenHash]))
    .rows[0];
}

export function touchToken(db: Db, tokenId: string, at: string) {
  return db.updateTable('sysUserToken').set({ lastSeenAt: at }).where('id', '=', tokenId).execute();
}

/** A session a revocation ended: whose it was, and its token hash (its websockets close too). */
export interface EndedSession {
  userId: string;
  tokenHash: string;
}

/** Revokes live sessions; each returns the sessions it ended. */
export function revokeTokenByHash(db: Db, tokenHash: string, at: string, reason: string): Promise<EndedSession[]> {
  return db
    .updateTable('sysUserToken')
    .set({ revokedAt: at, revokedReason: reason })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .returning(['userId', 'tokenHash'])
    .execute();
}

export function revokeTokenById(db: Db, tokenId: string, at: string, reason: string): Promise<EndedSession[]> {
  return db
    .updateTable('sysUserToken')
    .set({ revokedAt: at, revokedReason: reason })
    .where('id', '=', tokenId)
    .where('revokedAt', 'is', null)
    .returning(['userId', 'tokenHash'])
    .execute();
}

export function revokeTokensByUsername(db: Db, username: string, at: string, reason: string): Promise<EndedSession[]> {
  return db
    .updateTable('sysUserToken')
    .set({ revokedAt: at, revokedReason: reason })
    .where('revokedAt', 'is', null)
    .where('userId', 'in', (eb) => eb.selectFrom('sysUser').select('id').where('username', '=', username))
    .returning(['userId', 'tokenHash'])
    .execute();
}

export function revokeTokensOfUser(db: Db, userId: string, at: string, reason: string, exceptTokenId?: string) {
  let q = db
    .updateTable('sysUserToken')
    .set({ revokedAt: at, revokedReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptTokenId) q = q.where('id', '!=', exceptTokenId);
  return q.execute();
}

export interface LiveFilter {
  /** Sessions count as live when not revoked, not past the absolute expiry and seen after this instant. */
  now: string;
  seenAfter: string;
  username?: string | undefined;
  /** The advanced query over the user's columns (alias `u`), built by the field registry. */
  where?: RawBuilder<SqlBool> | null | undefined;
}

/** Live sessions of active users (the online-user list). */
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
  if (f.where) q = q.where(f.where);
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
    .select([
      't.id',
      't.createdAt',
      't.lastSeenAt',
      't.ip',
      't.loginType',
      't.userAgent',
      'u.username',
      'u.realname',
      'u.avatar',
      'u.sex',
      'u.birthday',
      'u.phone',
    ])
    .orderBy('t.lastSeenAt', 'desc')
    .orderBy('t.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/**
 * Removes sessions ended before `before` (ISO): revoked, past their absolute expiry, or idle since before
 * `idleBefore` (their idle limit passed before `before`); answers how many.
 */
export async function deleteEndedTokens(db: Db, before: string, idleBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('sysUserToken')
    .where((eb) =>
      eb.or([
        eb.and([eb('revokedAt', 'is not', null), eb('revokedAt', '<=', before)]),
        eb('expiresAt', '<=', before),
        eb('lastSeenAt', '<=', idleBefore),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
