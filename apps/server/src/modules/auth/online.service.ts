/** Online users (live sessions, never their tokens) and administrator force logout. */
import { TEXT } from '@houtai/shared/constants';
import { maskMobile } from '@houtai/shared/mask';
import type { OnlineUser } from '@houtai/shared/contract/auth';
import type { Page } from '@houtai/shared/contract/common';
import { AppError } from '../../errors.ts';
import { toWireTime } from '../../lib/time.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { superQueryWhere } from '../../registry/index.ts';
import {
  countLiveSessions,
  endSessionById,
  endSessionByTokenHash,
  endSessionsOfUsername,
  hashToken,
  pageLiveSessions,
  sessionHandle,
  sessionIdOfHandle,
  type EndedSession,
} from '../session/session.service.ts';
import { listUsernamesByIds } from '../user/user.service.ts';
import type { AuthDeps } from './auth.types.ts';

export interface OnlineQuery {
  pageNo: number;
  pageSize: number;
  username?: string | undefined;
  superQueryParams?: string | undefined;
  superQueryMatchType?: string | undefined;
}

/**
 * One page of live sessions. `token` is the session's handle (sessionHandle), never its token: the Jeecg clients
 * post it back to forceLogout as `{token}`. `current` marks the caller's own session.
 */
export async function listOnline(
  deps: AuthDeps,
  q: OnlineQuery,
  callerSessionId: string | null = null,
): Promise<Page<OnlineUser>> {
  const now = deps.services.now();
  const filter = {
    now: new Date(now).toISOString(),
    seenAfter: new Date(now - deps.config.tokenIdleMinutes * 60_000).toISOString(),
    username: q.username,
    // The advanced query names the user's fields (sys_user in the registry).
    where: superQueryWhere('sys_user', q, 'u'),
  };
  const [total, rows] = await Promise.all([
    countLiveSessions(deps.db, filter),
    pageLiveSessions(deps.db, filter, (q.pageNo - 1) * q.pageSize, q.pageSize),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      token: sessionHandle(r.id, deps.config.cryptKey),
      current: r.id === callerSessionId,
      username: r.username,
      realname: r.realname,
      avatar: r.avatar,
      loginTime: toWireTime(r.createdAt),
      lastSeenTime: toWireTime(r.lastSeenAt),
      ip: r.ip,
      loginType: r.loginType,
      userAgent: r.userAgent ? r.userAgent.slice(0, 255) : null,
      sex: r.sex,
      birthday: r.birthday,
      phone: r.phone ? maskMobile(r.phone) : null,
    })),
    total,
    size: q.pageSize,
    current: q.pageNo,
    pages: Math.ceil(total / q.pageSize),
  };
}

export interface ForceLogoutTarget {
  token?: string | undefined;
  id?: string | undefined;
  username?: string | undefined;
}

/**
 * Ends the sessions named by the list's handle (or a token), session id or username, and closes their websockets; answers the accounts
 * signed out (for the operate log).
 */
export async function forceLogout(
  deps: AuthDeps & { realtime: Pick<RealtimeHub, 'closeToken'> },
  target: ForceLogoutTarget,
  caller: { sessionId: string; username: string } | null = null,
): Promise<{ id: string; username: string }[]> {
  const at = new Date(deps.services.now()).toISOString();
  const reason = 'force-logout';
  let ended: EndedSession[];
  const handleOf = target.token ? sessionIdOfHandle(target.token, deps.config.cryptKey) : null;
  // One's own session ends by 退出登录, not here (the screen would lose its session mid-action).
  if (
    caller &&
    ((handleOf ?? target.id) === caller.sessionId ||
      (!target.token && !target.id && target.username === caller.username))
  ) {
    throw AppError.business(TEXT.forceLogoutSelf);
  }
  if (handleOf) ended = await endSessionById(deps.db, handleOf, at, reason);
  else if (target.token) ended = await endSessionByTokenHash(deps.db, hashToken(target.token), at, reason);
  else if (target.id) ended = await endSessionById(deps.db, target.id, at, reason);
  else if (target.username) ended = await endSessionsOfUsername(deps.db, target.username, at, reason);
  else throw AppError.business(TEXT.forceLogoutTargetRequired);
  if (ended.length === 0) throw AppError.business(TEXT.forceLogoutNone);
  for (const s of ended) await deps.realtime.closeToken(s.tokenHash);
  return listUsernamesByIds(deps.db, [...new Set(ended.map((s) => s.userId))]);
}
