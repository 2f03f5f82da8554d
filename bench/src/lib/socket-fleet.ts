/**
 * Websocket clients in child processes (socket-clients.ts), driven over IPC: open sockets, wait for one broadcast
 * on all of them, reconnect the closed ones at once, read their counters. Also the sessions those sockets use,
 * written straight into the database the way the server stores them (sys_user_token, SHA-256 of the token).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Sink } from '../lists-seed.ts';

const SEVEN_DAYS_MS = 7 * 24 * 3_600_000;

export interface SocketTarget {
  url: string;
  token: string;
}

export type FleetRequest =
  | { type: 'open'; targets: SocketTarget[]; concurrency: number }
  | { type: 'expect'; msgId: string; timeoutMs: number }
  | { type: 'reconnect' }
  | { type: 'stats' }
  | { type: 'quit' };

interface Outcome {
  times: number[];
  refused: Record<string, number>;
  errors: Record<string, number>;
  failed: number;
}

export interface FleetStats {
  open: number;
  total: number;
  closeCodes: Record<string, number>;
  heartbeatsSent: number;
  heartcheckReplies: number;
  otherMessages: number;
}

export type FleetReply =
  | { type: 'ready' }
  | ({ type: 'opened'; ms: number } & Outcome)
  | { type: 'expecting'; msgId: string }
  | { type: 'received'; msgId: string; times: number[]; missing: number }
  | ({ type: 'reconnected'; attempted: number } & Outcome)
  | ({ type: 'stats' } & FleetStats);

export interface Session {
  userId: string;
  token: string;
}

/**
 * `perUser` live sessions for each user, inserted as a sign-in stores them (login_type 'password', seen now,
 * 7-day expiry). Answers them user by user.
 */
export async function insertSessions(sink: Sink, userIds: readonly string[], perUser: number): Promise<Session[]> {
  const at = new Date().toISOString();
  const expires = new Date(Date.now() + SEVEN_DAYS_MS).toISOString();
  const sessions = userIds.flatMap((userId) =>
    Array.from({ length: perUser }, () => ({ userId, token: randomBytes(32).toString('base64url') })),
  );
  await sink.insert(
    {
      table: 'sys_user_token',
      columns: [
        ['id', 'text'],
        ['token_hash', 'text'],
        ['user_id', 'text'],
        ['login_type', 'text'],
        ['ip', 'text'],
        ['created_at', 'text'],
        ['last_seen_at', 'text'],
        ['expires_at', 'text'],
      ],
    },
    sessions.length,
    (i) => {
      const s = sessions[i]!;
      const hash = createHash('sha256').update(s.token).digest('hex');
      return [randomBytes(16).toString('hex'), hash, s.userId, 'password', '127.0.0.1', at, at, expires];
    },
  );
  return sessions;
}

/** The main socket's address for a session, as the web app builds it: `/websocket/{userId}_{md5(token)}`. */
export function socketTarget(origin: string, s: Session): SocketTarget {
  return { url: `${origin}/websocket/${s.userId}_${createHash('md5').update(s.token).digest('hex')}`, token: s.token };
}

class Member {
  private readonly waiting: ((r: FleetReply) => boolean)[] = [];
  readonly exited: Promise<void>;

  constructor(readonly child: ChildProcess) {
    child.on('message', (r: FleetReply) => {
      const k = this.waiting.findIndex((w) => w(r));
      if (k >= 0) this.waiting.splice(k, 1);
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Sends a request (if any) and resolves with the first reply of that type. */
  ask<T extends FleetReply['type']>(request: FleetRequest | null, type: T): Promise<Extract<FleetReply, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onExit = () => reject(new Error(`a socket-client process exited while waiting for '${type}'`));
      this.child.once('exit', onExit);
      this.waiting.push((r) => {
        if (r.type !== type) return false;
        this.child.off('exit', onExit);
        resolve(r as Extract<FleetReply, { type: T }>);
        return true;
      });
      if (request) this.child.send(request);
    });
  }
}

function merge(parts: Outcome[]): Outcome {
  const out: Outcome = { times: [], refused: {}, errors: {}, failed: 0 };
  for (const p of parts) {
    out.times.push(...p.times);
    out.failed += p.failed;
    for (const [k, n] of Object.entries(p.refused)) out.refused[k] = (out.refused[k] ?? 0) + n;
    for (const [k, n] of Object.entries(p.errors)) out.errors[k] = (out.errors[k] ?? 0) + n;
  }
  return out;
}

export interface Fleet {
  /** Opens the targets, spread over the processes; `concurrency` handshakes in flight per process. */
  open(targets: SocketTarget[], concurrency: number): Promise<Outcome & { ms: number }>;
  /**
   * Arms every process for message `msgId`, runs `trigger` (answers its start time, absolute ms) and resolves with
   * every receipt time and the number of sockets that missed it.
   */
  broadcast(
    msgId: string,
    timeoutMs: number,
    trigger: () => Promise<number>,
  ): Promise<{ times: number[]; missing: number }>;
  /** Reconnects every closed socket at once (retrying failures as the web app does). */
  reconnect(): Promise<Outcome & { attempted: number }>;
  stats(): Promise<FleetStats>;
  close(): Promise<void>;
}

/** Forks `processes` client processes (node --import tsx socket-clients.ts). */
export async function startFleet(processes: number): Promise<Fleet> {
  const script = path.join(import.meta.dirname, 'socket-clients.ts');
  const members = Array.from(
    { length: processes },
    () =>
      new Member(fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })),
  );
  await Promise.all(members.map((m) => m.ask(null, 'ready')));
  const all = <T>(fn: (m: Member, k: number) => Promise<T>) => Promise.all(members.map(fn));
  return {
    async open(targets, concurrency) {
      const parts = await all((m, k) =>
        m.ask({ type: 'open', targets: targets.filter((_, i) => i % processes === k), concurrency }, 'opened'),
      );
      return { ...merge(parts), ms: Math.max(...parts.map((p) => p.ms)) };
    },
    async broadcast(msgId, timeoutMs, trigger) {
      const replies = members.map((m) => m.ask(null, 'received'));
      await all((m) => m.ask({ type: 'expect', msgId, timeoutMs }, 'expecting'));
      await trigger();
      const got = await Promise.all(replies);
      return { times: got.flatMap((r) => r.times), missing: got.reduce((n, r) => n + r.missing, 0) };
    },
    async reconnect() {
      const parts = await all((m) => m.ask({ type: 'reconnect' }, 'reconnected'));
      return { ...merge(parts), attempted: parts.reduce((n, p) => n + p.attempted, 0) };
    },
    async stats() {
      const parts = await all((m) => m.ask({ type: 'stats' }, 'stats'));
      const closeCodes: Record<string, number> = {};
      for (const p of parts)
        for (const [c, n] of Object.entries(p.closeCodes)) closeCodes[c] = (closeCodes[c] ?? 0) + n;
      const sum = (f: (s: FleetStats) => number) => parts.reduce((n, p) => n + f(p), 0);
      return {
        open: sum((p) => p.open),
        total: sum((p) => p.total),
        closeCodes,
        heartbeatsSent: sum((p) => p.heartbeatsSent),
        heartcheckReplies: sum((p) => p.heartcheckReplies),
        otherMessages: sum((p) => p.otherMessages),
      };
    },
    async close() {
      for (const m of members) if (m.child.exitCode === null) m.child.send({ type: 'quit' } satisfies FleetRequest);
      const timer = setTimeout(() => members.forEach((m) => m.child.kill('SIGKILL')), 5000);
      await Promise.all(members.map((m) => m.exited));
      clearTimeout(timer);
    },
  };
}

/** p-th percentile (0–100) of numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
