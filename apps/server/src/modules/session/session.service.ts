/** Opaque session tokens: random, stored as SHA-256, 7-day absolute and configurable idle lifetime. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_ABSOLUTE_TTL_MS } from '@houtai/shared/constants';
import type { Db } from '../../db/connection.ts';
import { newId, sha256Hex } from '../../lib/ids.ts';
import type { Session } from '../../plugins/types.ts';
import * as repo from './session.repository.ts';
import type { EndedSession, LiveFilter } from './session.repository.ts';

export type { EndedSession, LiveFilter };

/** last_seen is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

export interface IssueInput {
  userId: string;
  loginType: string;
  ip?: string | null;
  userAgent?: string | null;
  impersonatorId?: string | null;
}

export function hashToken(token: string): string {
  return sha256Hex(token);
}

export async function issueToken(db: Db, input: IssueInput, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = new Date(now).toISOString();
  await repo.insertToken(db, {
    id: newId(),
    tokenHash: hashToken(token),
    userId: input.userId,
    loginType: input.loginType,
    impersonatorId: input.impersonatorId ?? null,
    ip: input.ip?.slice(0, 64) ?? null,
    userAgent: input.userAgent?.slice(0, 255) ?? null,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(now + TOKEN_ABSOLUTE_TTL_MS).toISOString(),
  });
  return token;
}

/** The session behind a token, or null when it is unknown, revoked, expired, idle too long or its user is not active. */
export async function resolveSession(
  db: Db,
  token: string,
  idleMinutes: number,
  now = Date.now(),
): Promise<Session | null> {
  if (!token || token.length > 256) return null;
  const row = await repo.findTokenWithUser(db, hashToken(token));
  if (!row || row.revokedAt) return null;
  if (Date.parse(row.expiresAt) <= now) return null;
  const lastSeen = Date.parse(row.lastSeenAt);
  if (lastSeen + idleMinutes * 60_000 <= now) return null;
  if (row.status !== 1 || row.delFlag !== 0) {
    // Frozen or removed: the session ends for good, so that unfreezing the account does not bring it back.
    await repo.revokeTokenByHash(db, row.tokenHash, new Date(now).toISOString(), 'account-inactive');
    return null;
  }
  if (now - lastSeen >= TOUCH_INTERVAL_MS) await repo.touchToken(db, row.tokenId, new Date(now).toISOString());
  return {
    tokenId: row.tokenId,
    tokenHash: row.tokenHash,
    impersonatorId: row.impersonatorId,
    permissionEpoch: row.permissionEpoch ?? 0,
    user: {
      id: row.userId,
      username: row.username,
      realname: row.realname,
      orgCode: row.orgCode,
      status: row.status,
      mustChangePassword: row.mustChangePassword === 1,
    },
  };
}

/**
 * Whether the session stored under this hash is still live, by the rules of resolveSession but read-only: open
 * websockets re-check their session with it, and a socket must not keep its session from going idle.
 */
export async function isSessionLive(
  db: Db,
  tokenHash: string,
  idleMinutes: number,
  now = Date.now(),
): Promise<boolean> {
  const row = await repo.findTokenWithUser(db, tokenHash);
  return (
    !!row &&
    !row.revokedAt &&
    Date.parse(row.expiresAt) > now &&
    Date.parse(row.lastSeenAt) + idleMinutes * 60_000 > now &&
    row.status === 1 &&
    row.delFlag === 0
  );
}

export async function revokeToken(db: Db, token: string, reason: string): Promise<boolean> {
  const ended = await repo.revokeTokenByHash(db, hashToken(token), new Date().toISOString(), reason);
  return ended.length > 0;
}

export async function revokeUserTokens(db: Db, userId: string, reason: string, exceptTokenId?: string): Promise<void> {
  await repo.revokeTokensOfUser(db, userId, new Date().toISOString(), reason, exceptTokenId);
}

/**
 * The stored session behind a token hash joined with its user, exactly as resolveSession reads it (remembered
 * while the database is unchanged); answers rows that resolveSession would refuse too.
 */
export function findTokenWithUser(db: Db, tokenHash: string) {
  return repo.findTokenWithUser(db, tokenHash);
}

// ---- live sessions (the online-user list and force logout) -------------------------------------------

/** How many live sessions of active users match the filter. */
export function countLiveSessions(db: Db, filter: LiveFilter): Promise<number> {
  return repo.countLiveSessions(db, filter);
}

/** One page of them, latest activity first; never their tokens. */
export function pageLiveSessions(db: Db, filter: LiveFilter, offset: number, limit: number) {
  return repo.pageLiveSessions(db, filter, offset, limit);
}

/**
 * The online-user list's handle of a session, sent as `token` (the Jeecg clients post it back to forceLogout):
 * `{sessionId}.{HMAC-SHA256(key, sessionId), 32 hex}`. It is not the token and cannot be turned into it; without the
 * server's key it cannot be made for another session id.
 */
export function sessionHandle(sessionId: string, key: string): string {
  return `${sessionId}.${handleMac(sessionId, key)}`;
}

/** The session id a handle names, or null when it is not a handle made with this key. */
export function sessionIdOfHandle(handle: string, key: string): string | null {
  const match = /^([0-9a-f]{32})\.([0-9a-f]{32})$/.exec(handle);
  if (!match) return null;
  const [, sessionId = '', mac = ''] = match;
  const expected = Buffer.from(handleMac(sessionId, key), 'utf8');
  return timingSafeEqual(expected, Buffer.from(mac, 'utf8')) ? sessionId : null;
}

function handleMac(sessionId: string, key: string): string {
  return createHmac('sha256', key).update(`online-session:${sessionId}`).digest('hex').slice(0, 32);
}

/** Ends the live session stored under this token hash; answers the sessions ended (none or one). */
export function endSessionByTokenHash(db: Db, tokenHash: string, at: string, reason: string): Promise<EndedSession[]> {
  return repo.revokeTokenByHash(db, tokenHash, at, reason);
}

/** Ends the live session with this id; answers the sessions ended (none or one). */
export function endSessionById(db: Db, tokenId: string, at: string, reason: string): Promise<EndedSession[]> {
  return repo.revokeTokenById(db, tokenId, at, reason);
}

/** Ends every live session of the user with this login name; answers the sessions ended. */
export function endSessionsOfUsername(db: Db, username: string, at: string, reason: string): Promise<EndedSession[]> {
  return repo.revokeTokensByUsername(db, username, at, reason);
}

/**
 * Removes the rows of sessions that ended more than `days` days before `now` (revoked, expired, or idle past
 * `idleMinutes`): the scheduled cleanup job. Live sessions are never touched. Answers how many rows went.
 */
export function purgeEndedSessions(db: Db, days: number, idleMinutes: number, now = Date.now()): Promise<number> {
  const before = now - days * 24 * 3600 * 1000;
  return repo.deleteEndedTokens(
    db,
    new Date(before).toISOString(),
    new Date(before - idleMinutes * 60_000).toISOString(),
  );
}
