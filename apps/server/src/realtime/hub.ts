/**
 * The realtime hub's contract (architecture §6): per-user socket sets on each instance; publishing goes to
 * every instance (in process by default, Redis pub/sub with REDIS_URL), and each instance delivers to its own
 * sockets. Modules publish through `app.realtime`; only the websocket plugin touches sockets.
 */

import type { GridRealtimeMessage } from '@houtai/shared/grid/types';

/** A server → client message (contract §2.12; spec §3 "Realtime user message"). Sent as JSON text. */
export interface RealtimeMessage {
  /** 'topic' system notice, 'user' user message, 'notice' banner update, 'heartcheck' heartbeat answer. */
  cmd: 'topic' | 'user' | 'notice' | 'heartcheck';
  /** The announcement (or other record) the message is about. */
  msgId?: string;
  /** Display text; for cmd 'notice' the JSON text of `{status, content}`. */
  msgTxt?: string;
  /** Toast level: 1 warning, 2 success, 3 error. */
  status?: 1 | 2 | 3;
  /** e.g. 'WORK_ORDER' (the client treats those specially on the work-order list route). */
  businessType?: string;
  /** The addressed user on cmd 'user'; sendToUsers fills it per recipient when a 'user' message lacks it. */
  userId?: string;
}

/**
 * Every method resolves once the message is handed over (delivered locally, or published to Redis). None
 * rejects: a failed publish is logged, and sockets that miss a close re-validate their session on their own
 * (socket-route.ts), so a write that revokes a session never fails because of the hub.
 */
export interface RealtimeHub {
  /** Delivers to every socket of these users, on every instance. */
  sendToUsers(userIds: readonly string[], message: RealtimeMessage): Promise<void>;
  /** Delivers to every socket on every instance. */
  broadcast(message: RealtimeMessage): Promise<void>;
  /**
   * Delivers a grid realtime message (spec 001 §3) to the grid sockets (/vxeSocket) joined to this page, on every
   * instance, except the socket whose entry id is `exceptSocketId` (the sender).
   */
  sendToPage(pageId: string, message: GridRealtimeMessage, exceptSocketId?: string): Promise<void>;
  /** Closes the sockets opened with this session token (by its stored SHA-256 hash, `Session.tokenHash`), on every instance. */
  closeToken(tokenHash: string): Promise<void>;
  /**
   * Closes every socket of this user (frozen, password changed, force-logout), on every instance; sockets of the
   * session `exceptTokenHash` stay (a password change keeps the session that made it).
   */
  closeUser(userId: string, exceptTokenHash?: string): Promise<void>;
  /** Number of sockets held by this instance (diagnostics, tests, bench). */
  localSocketCount(): number;
  /** Resolves when the fan-out can publish now (readiness probe: a Redis PING); rejects otherwise. */
  ping?(): Promise<void>;
}

/** A hub the app created itself and closes with the app (the Redis one holds two connections). */
export interface OwnedRealtimeHub extends RealtimeHub {
  close(): Promise<void>;
}
