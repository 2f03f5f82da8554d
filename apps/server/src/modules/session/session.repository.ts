import type { Db } from '../../db/connection.ts';
import { executeCompiledMemo } from '../../lib/compiled-query.ts';
import type { Insertable } from 'kysely';
import type { SysUserTokenTable } from '../../db/schema.ts';

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

export function revokeTokenByHash(db: Db, tokenHash: string, at: string, reason: string) {
  return db
    .updateTable('sysUserToken')
    .set({ revokedAt: at, revokedReason: reason })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
}

export function revokeTokenById(db: Db, tokenId: string, at: string, reason: string) {
  return db
    .updateTable('sysUserToken')
    .set({ revokedAt: at, revokedReason: reason })
    .where('id', '=', tokenId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
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

export function listActiveTokens(db: Db, nowIso: string) {
  return db
    .selectFrom('sysUserToken as t')
    .innerJoin('sysUser as u', 'u.id', 't.userId')
    .select([
      't.id',
      't.userId',
      't.createdAt',
      't.lastSeenAt',
      't.ip',
      't.loginType',
      'u.username',
      'u.realname',
      'u.avatar',
    ])
    .where('t.revokedAt', 'is', null)
    .where('t.expiresAt', '>', nowIso)
    .orderBy('t.lastSeenAt', 'desc')
    .execute();
}
