/**
 * The signed-in tab's websocket (spec §4, §7, §8, §9; contract §2.12; security design §2.6): one socket per tab
 * at `/websocket/{userId}_{md5(token)}` on the API's host, the token as the sub-protocol, `ping` every 20 s,
 * a reconnect 5 s after every close, and silence after 10 failed attempts in a row. It follows the session: a
 * new token or user opens a new socket, signing out closes it. Features listen with `subscribeRealtime`.
 */
import { md5Hex } from '@houtai/shared/md5';
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_HEARTBEAT_TEXT,
  REALTIME_MAX_ERROR_RETRIES,
  REALTIME_RECONNECT_MS,
  parseRealtimeMessage,
  type RealtimeMessage,
} from '@houtai/shared/messaging';
import { getRuntimeConfig } from './runtime-config.ts';
import { useSessionStore, type SessionState } from './session-store.ts';

export type { RealtimeMessage };
export type RealtimeListener = (message: RealtimeMessage) => void;

/** The part of WebSocket this client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

/** 'connecting' also while waiting to reconnect; 'closed' when stopped or given up. */
export type RealtimeStatus = 'closed' | 'connecting' | 'open';

const OPEN = 1;

/**
 * Where the app's websockets live: the site root of the API's host (the page's own host when the API base is a
 * path), ws:// or wss:// after the protocol. Also the grid socket's (widgets/editable-grid/realtime).
 */
export function socketOrigin(
  apiBase: string = getRuntimeConfig().apiBase,
  pageUrl: string = window.location.href,
): string {
  const base = new URL(apiBase || '/', pageUrl);
  const protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${base.host}`;
}

/** The socket's address: socketOrigin and the key `{userId}_{md5(token)}`. */
export function realtimeUrl(
  userId: string,
  token: string,
  apiBase: string = getRuntimeConfig().apiBase,
  pageUrl: string = window.location.href,
): string {
  return `${socketOrigin(apiBase, pageUrl)}/websocket/${encodeURIComponent(userId)}_${md5Hex(token)}`;
}

export interface ConnectionOptions {
  url: string;
  token: string;
  onMessage: (message: RealtimeMessage) => void;
  createSocket?: SocketFactory;
  heartbeatMs?: number;
  reconnectMs?: number;
  maxErrorRetries?: number;
  onStatus?: (status: RealtimeStatus) => void;
}

export interface RealtimeConnection {
  /** Closes the socket for good: no reconnect, no more messages. */
  close(): void;
}

const browserSocket: SocketFactory = (url, protocols) => new WebSocket(url, protocols);

/**
 * One connection with its heartbeat and reconnects. A close after a working session reconnects after 5 s; an
 * attempt that errors or never opens counts as a failure, and after the 10th reconnect in a row that fails the
 * connection stays closed (spec §4: up to 10 times on error). Errors are silent (spec §8).
 */
export function openRealtimeConnection(options: ConnectionOptions): RealtimeConnection {
  const create = options.createSocket ?? browserSocket;
  const heartbeatMs = options.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
  const reconnectMs = options.reconnectMs ?? REALTIME_RECONNECT_MS;
  const maxErrorRetries = options.maxErrorRetries ?? REALTIME_MAX_ERROR_RETRIES;

  let closed = false;
  let socket: SocketLike | null = null;
  let failures = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const report = (status: RealtimeStatus) => {
    if (!closed) options.onStatus?.(status);
  };

  const stopHeartbeat = () => {
    clearInterval(heartbeat);
    heartbeat = undefined;
  };

  const retry = (failed: boolean) => {
    if (closed) return;
    if (failed) failures += 1;
    if (failures > maxErrorRetries) {
      report('closed');
      return;
    }
    report('connecting');
    timer = setTimeout(connect, reconnectMs);
  };

  function connect() {
    timer = undefined;
    if (closed) return;
    let opened = false;
    let errored = false;
    let s: SocketLike;
    try {
      s = create(options.url, [options.token]);
    } catch {
      retry(true);
      return;
    }
    socket = s;
    s.onopen = () => {
      if (closed) return;
      opened = true;
      failures = 0;
      report('open');
      stopHeartbeat();
      heartbeat = setInterval(() => {
        if (s.readyState === OPEN) s.send(REALTIME_HEARTBEAT_TEXT);
      }, heartbeatMs);
    };
    s.onmessage = (event) => {
      if (closed || socket !== s) return;
      const message = parseRealtimeMessage(event.data);
      if (message && message.cmd !== 'heartcheck') options.onMessage(message);
    };
    s.onerror = () => {
      errored = true;
    };
    s.onclose = () => {
      if (socket !== s) return;
      socket = null;
      stopHeartbeat();
      retry(errored || !opened);
    };
  }

  // The first attempt waits one task: a component mounted and unmounted at once (React's StrictMode) then
  // opens no socket at all.
  report('connecting');
  timer = setTimeout(connect, 0);

  return {
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      stopHeartbeat();
      const s = socket;
      socket = null;
      if (s) {
        s.onopen = s.onmessage = s.onerror = s.onclose = null;
        s.close(1000);
      }
    },
  };
}

// ---- the session's connection and its listeners ----------------------------------------------------------

const listeners = new Set<RealtimeListener>();

/** Calls `listener` with every message of the signed-in tab's socket until the returned function is called. */
export function subscribeRealtime(listener: RealtimeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function dispatch(message: RealtimeMessage): void {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (e) {
      // One feature's bug must not keep the others from their messages.
      console.error(e);
    }
  }
}

let status: RealtimeStatus = 'closed';
const statusListeners = new Set<() => void>();

function setStatus(next: RealtimeStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

/** The session socket's state (for useSyncExternalStore: the bell shows it as data-realtime). */
export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

export interface RealtimeSession {
  userId: string;
  token: string;
}

let current: { key: string; connection: RealtimeConnection } | null = null;

/** Opens the socket for this session, or closes it (null); the same session again changes nothing. */
export function connectRealtime(session: RealtimeSession | null, createSocket?: SocketFactory): void {
  const key = session ? `${session.userId}\n${session.token}` : null;
  if (current && current.key === key) return;
  current?.connection.close();
  current = null;
  setStatus('closed');
  if (!session || key === null) return;
  const connection = openRealtimeConnection({
    url: realtimeUrl(session.userId, session.token),
    token: session.token,
    onMessage: dispatch,
    onStatus: setStatus,
    ...(createSocket ? { createSocket } : {}),
  });
  current = { key, connection };
}

function sessionOf(state: Pick<SessionState, 'token' | 'userInfo'>): RealtimeSession | null {
  const userId = state.userInfo?.id;
  return state.token && userId ? { userId, token: state.token } : null;
}

/**
 * Keeps the tab's socket in step with the session store (sign-in, token change, sign-out) until the returned
 * function is called, which closes it. The signed-in shell calls it once.
 */
export function startRealtime(createSocket?: SocketFactory): () => void {
  connectRealtime(sessionOf(useSessionStore.getState()), createSocket);
  const unsubscribe = useSessionStore.subscribe((state) => connectRealtime(sessionOf(state), createSocket));
  return () => {
    unsubscribe();
    connectRealtime(null);
  };
}
