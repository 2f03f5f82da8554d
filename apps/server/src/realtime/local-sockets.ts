/**
 * This instance's open websockets: userId → sockets, each remembering the session (token hash) it was opened
 * with, and pageId → the grid sockets (/vxeSocket) joined to that page. Delivery, closing and the liveness sweep
 * work on these sets; hubs decide which instance runs them. Grid sockets sit in the same per-user and per-session
 * sets, so revocations close them too, but they get only their page's messages.
 */
import { randomUUID } from 'node:crypto';

/** Close codes sent to clients (4000–4999 are the application's own, RFC 6455 §7.4.2). */
export const CLOSE = {
  /** The server is shutting down (RFC 6455 going away). */
  shutdown: { code: 1001, reason: 'server shutting down' },
  /** The client sent more than the message budget allows. */
  flooding: { code: 1008, reason: 'too many messages' },
  /** A client frame over its socket's payload cap (RFC 6455 message too big, as ws itself closes). */
  tooBig: { code: 1009, reason: 'message too big' },
  /** The session behind the socket ended: logout, revocation, password change, freeze, expiry. */
  sessionEnded: { code: 4001, reason: 'session ended' },
  /** No heartbeat for too long. */
  idle: { code: 4002, reason: 'heartbeat timeout' },
  /** The user opened more sockets than allowed on this instance; the oldest goes. */
  tooMany: { code: 4008, reason: 'too many connections' },
} as const;

export type CloseReason = (typeof CLOSE)[keyof typeof CLOSE];

/** What the registry needs of a socket (the `ws` WebSocket satisfies it; tests use fakes). */
export interface RealtimeSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: boolean }): void;
  ping(): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** WebSocket.OPEN */
const OPEN = 1;
/** A client this far behind is not reading: it is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface SocketEntry {
  /** Unique across instances: a grid socket's senderId, so a page message can skip its sender anywhere. */
  readonly id: string;
  readonly socket: RealtimeSocket;
  readonly userId: string;
  /** SHA-256 of the session token, as stored (Session.tokenHash). */
  readonly tokenHash: string;
  /** Set on a grid socket (/vxeSocket): the page it joined. Unset on the main socket (/websocket). */
  readonly pageId?: string;
  /** Answered the last ping (or opened since it was sent). */
  alive: boolean;
  /** When the client last sent anything (ms, the app clock). */
  lastHeardAt: number;
  /** When the session was last checked (ms, the app clock). */
  checkedAt: number;
  checking: boolean;
  /** Messages received in the current budget window, and when the window started. */
  windowCount: number;
  windowStart: number;
}

export function newEntry(
  socket: RealtimeSocket,
  userId: string,
  tokenHash: string,
  now: number,
  pageId?: string,
): SocketEntry {
  return {
    id: randomUUID(),
    socket,
    userId,
    tokenHash,
    ...(pageId === undefined ? {} : { pageId }),
    alive: true,
    lastHeardAt: now,
    checkedAt: now,
    checking: false,
    windowCount: 0,
    windowStart: now,
  };
}

/** The JSON object text with `"userId":…` added as its last member (for 'user' messages sent to several users). */
export function withUserId(objectText: string, userId: string): string {
  return `${objectText.slice(0, -1)}${objectText.length > 2 ? ',' : ''}"userId":${JSON.stringify(userId)}}`;
}

export class LocalSockets {
  private readonly byUser = new Map<string, Set<SocketEntry>>();
  private readonly byToken = new Map<string, Set<SocketEntry>>();
  private readonly byPage = new Map<string, Set<SocketEntry>>();
  private total = 0;

  constructor(private readonly maxPerUser: number) {}

  get count(): number {
    return this.total;
  }

  /**
   * Registers an open socket; answers the user's oldest sockets beyond the limit, already closed. Main and grid
   * sockets have a limit each (a user's grid pages never push out the tab's main socket).
   */
  add(entry: SocketEntry): SocketEntry[] {
    const own = this.byUser.get(entry.userId) ?? new Set<SocketEntry>();
    this.byUser.set(entry.userId, own);
    own.add(entry);
    const sameToken = this.byToken.get(entry.tokenHash) ?? new Set<SocketEntry>();
    this.byToken.set(entry.tokenHash, sameToken);
    sameToken.add(entry);
    if (entry.pageId !== undefined) {
      const page = this.byPage.get(entry.pageId) ?? new Set<SocketEntry>();
      this.byPage.set(entry.pageId, page);
      page.add(entry);
    }
    this.total++;
    const isGrid = entry.pageId !== undefined;
    const sameKind = [...own].filter((e) => (e.pageId !== undefined) === isGrid);
    // A Set iterates in insertion order: the first entries are the oldest.
    const evicted = sameKind.slice(0, Math.max(0, sameKind.length - this.maxPerUser));
    for (const old of evicted) this.close(old, CLOSE.tooMany);
    return evicted;
  }

  /** Forgets a socket (on its close event); closing it again is harmless. */
  remove(entry: SocketEntry): void {
    const own = this.byUser.get(entry.userId);
    if (!own?.delete(entry)) return;
    if (own.size === 0) this.byUser.delete(entry.userId);
    const sameToken = this.byToken.get(entry.tokenHash);
    sameToken?.delete(entry);
    if (sameToken?.size === 0) this.byToken.delete(entry.tokenHash);
    if (entry.pageId !== undefined) {
      const page = this.byPage.get(entry.pageId);
      page?.delete(entry);
      if (page?.size === 0) this.byPage.delete(entry.pageId);
    }
    this.total--;
  }

  /**
   * Sends a JSON text to these users' main sockets (null: every main socket), encoded once. With `fillUserId`,
   * each user gets the text with its own `userId` (encoded once per user). Answers the number of sockets written
   * to. Grid sockets never get these (they speak only their page's messages).
   */
  send(userIds: readonly string[] | null, text: string, fillUserId = false): number {
    let sent = 0;
    if (userIds === null) {
      const data = Buffer.from(text);
      for (const own of this.byUser.values()) sent += this.write(own, data);
      return sent;
    }
    const shared = fillUserId ? null : Buffer.from(text);
    for (const userId of new Set(userIds)) {
      const own = this.byUser.get(userId);
      if (!own) continue;
      sent += this.write(own, shared ?? Buffer.from(withUserId(text, userId)));
    }
    return sent;
  }

  closeToken(tokenHash: string, why: CloseReason = CLOSE.sessionEnded): void {
    const sameToken = this.byToken.get(tokenHash);
    if (!sameToken) return;
    for (const entry of [...sameToken]) this.close(entry, why);
  }

  closeUser(userId: string, exceptTokenHash?: string, why: CloseReason = CLOSE.sessionEnded): void {
    const own = this.byUser.get(userId);
    if (!own) return;
    for (const entry of [...own]) if (entry.tokenHash !== exceptTokenHash) this.close(entry, why);
  }

  closeAll(why: CloseReason): void {
    for (const own of [...this.byUser.values()]) for (const entry of [...own]) this.close(entry, why);
  }

  /**
   * The periodic liveness pass: a socket that did not answer the previous ping is terminated (the peer is gone),
   * one silent for `idleMs` is closed; the rest are pinged.
   */
  sweep(now: number, idleMs: number): void {
    for (const own of [...this.byUser.values()]) {
      for (const entry of [...own]) {
        if (!entry.alive) {
          this.remove(entry);
          entry.socket.terminate();
        } else if (now - entry.lastHeardAt >= idleMs) {
          this.close(entry, CLOSE.idle);
        } else {
          entry.alive = false;
          entry.socket.ping();
        }
      }
    }
  }

  /** Sends a JSON text to the grid sockets joined to this page, except the one with id `exceptId` (the sender). */
  sendToPage(pageId: string, text: string, exceptId?: string): number {
    const page = this.byPage.get(pageId);
    return page ? this.write(page, Buffer.from(text), true, exceptId) : 0;
  }

  private write(own: Set<SocketEntry>, data: Buffer, grid = false, exceptId?: string): number {
    let sent = 0;
    for (const entry of [...own]) {
      if ((entry.pageId !== undefined) !== grid || entry.id === exceptId) continue;
      const socket = entry.socket;
      if (socket.readyState !== OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.remove(entry);
        socket.terminate();
        continue;
      }
      socket.send(data, { binary: false });
      sent++;
    }
    return sent;
  }

  /** Unregisters at once (so the entry never receives again) and starts the closing handshake. */
  close(entry: SocketEntry, why: CloseReason): void {
    this.remove(entry);
    if (entry.socket.readyState === OPEN) entry.socket.close(why.code, why.reason);
  }
}
