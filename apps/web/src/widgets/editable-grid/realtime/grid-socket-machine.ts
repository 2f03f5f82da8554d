/**
 * The grid realtime socket's heartbeat and reconnect rules (spec 001 §4 grid realtime socket, §9), as a pure state
 * machine: no socket, no DOM. use-grid-socket.ts feeds it the socket's events and carries out its effects; timers
 * are injected so the tests drive it with fake time.
 *
 * - connect, and once open send a heartbeat;
 * - no reply within 6 s: the socket is taken as dead, let go, and a new one opened at once;
 * - after a reply the next heartbeat goes 10 s later;
 * - an error or a close (also of an attempt that never opened) reconnects after 5 s.
 */
import {
  GRID_SOCKET_HEARTBEAT_MS,
  GRID_SOCKET_RECONNECT_MS,
  GRID_SOCKET_REPLY_TIMEOUT_MS,
} from '@houtai/shared/grid/realtime';

/** What the machine asks of its socket owner. */
export interface GridSocketEffects {
  /** Open a new socket (any previous one was let go first). */
  connect(): void;
  /** Send a heartbeat on the open socket. */
  sendHeartbeat(): void;
  /** Let go of the current socket: stop listening to it and close it. */
  disconnect(): void;
}

export interface GridSocketTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface GridSocketTimings {
  heartbeatMs: number;
  replyTimeoutMs: number;
  reconnectMs: number;
}

/**
 * idle: not started; connecting: a socket is being opened; open: connected, heartbeats running; waiting: the 5 s
 * before a reconnect; stopped: for good.
 */
export type GridSocketState = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

export interface GridSocketMachine {
  readonly state: GridSocketState;
  start(): void;
  /** The socket opened. */
  opened(): void;
  /** The server answered a heartbeat. */
  replied(): void;
  /** The socket errored or closed (an error followed by its close counts once). */
  failed(): void;
  stop(): void;
}

export const GRID_SOCKET_TIMINGS: GridSocketTimings = {
  heartbeatMs: GRID_SOCKET_HEARTBEAT_MS,
  replyTimeoutMs: GRID_SOCKET_REPLY_TIMEOUT_MS,
  reconnectMs: GRID_SOCKET_RECONNECT_MS,
};

const globalTimers: GridSocketTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export function createGridSocketMachine(
  effects: GridSocketEffects,
  timers: GridSocketTimers = globalTimers,
  timings: GridSocketTimings = GRID_SOCKET_TIMINGS,
): GridSocketMachine {
  let state: GridSocketState = 'idle';
  // One timer at a time: the next heartbeat, the reply deadline, or the reconnect.
  let timer: unknown = undefined;

  const clear = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  const after = (ms: number, callback: () => void) => {
    clear();
    timer = timers.setTimeout(() => {
      timer = undefined;
      callback();
    }, ms);
  };

  const connect = () => {
    clear();
    state = 'connecting';
    effects.connect();
  };

  const heartbeat = () => {
    effects.sendHeartbeat();
    after(timings.replyTimeoutMs, () => {
      // Silence: the socket is dead even though it never said so.
      effects.disconnect();
      connect();
    });
  };

  return {
    get state() {
      return state;
    },
    start() {
      if (state === 'idle') connect();
    },
    opened() {
      if (state !== 'connecting') return;
      state = 'open';
      heartbeat();
    },
    replied() {
      if (state !== 'open') return;
      after(timings.heartbeatMs, heartbeat);
    },
    failed() {
      if (state !== 'connecting' && state !== 'open') return;
      state = 'waiting';
      effects.disconnect();
      after(timings.reconnectMs, connect);
    },
    stop() {
      if (state === 'stopped') return;
      const hadSocket = state === 'connecting' || state === 'open';
      state = 'stopped';
      clear();
      if (hadSocket) effects.disconnect();
    },
  };
}
