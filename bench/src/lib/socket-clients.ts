/**
 * A child process holding many websocket clients for the `sockets` and `soak` benches (forked with IPC by
 * socket-fleet.ts, so that the clients' CPU is not the bench's or the server's). Each client behaves like the web
 * app's tab socket (apps/web/src/lib/realtime.ts): the token as the only sub-protocol, 'ping' every 20 s, and after
 * a failed attempt a retry 5 s later, at most 10 in a row. Times are absolute (performance.timeOrigin + now, ms) so
 * the parent can compare them across processes.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { FleetReply, FleetRequest, SocketTarget } from './socket-fleet.ts';

const HEARTBEAT_MS = 20_000;
const HEARTBEAT_TEXT = 'ping';
const RETRY_MS = 5_000;
const MAX_RETRIES = 10;
const HANDSHAKE_TIMEOUT_MS = 30_000;

interface Client {
  target: SocketTarget;
  ws: WebSocket | null;
  /** The second (0–19) of each 20 s round in which this client sends its heartbeat. */
  slot: number;
}

const clients: Client[] = [];
const closeCodes: Record<string, number> = {};
let heartbeatsSent = 0;
let heartcheckReplies = 0;
let otherMessages = 0;
let expected: { msgId: string; times: (number | null)[]; pending: number; done: () => void } | null = null;

const now = (): number => performance.timeOrigin + performance.now();

function send(reply: FleetReply): void {
  process.send?.(reply);
}

function onMessage(client: Client, index: number, data: WebSocket.RawData): void {
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  const text = bytes.toString('utf8');
  let msg: { cmd?: string; msgId?: string };
  try {
    msg = JSON.parse(text) as { cmd?: string; msgId?: string };
  } catch {
    otherMessages++;
    return;
  }
  if (msg.cmd === 'heartcheck') {
    heartcheckReplies++;
    return;
  }
  if (expected && msg.cmd === 'topic' && msg.msgId === expected.msgId && expected.times[index] === null) {
    expected.times[index] = now();
    if (--expected.pending === 0) expected.done();
    return;
  }
  otherMessages++;
}

type Attempt = { ok: true; at: number } | { ok: false; status: number | null; error: string };

/** One handshake; on success the socket is the client's. */
function connect(client: Client, index: number): Promise<Attempt> {
  return new Promise((resolve) => {
    const ws = new WebSocket(client.target.url, [client.target.token], {
      perMessageDeflate: false,
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    let settled = false;
    const settle = (a: Attempt) => {
      if (settled) return;
      settled = true;
      resolve(a);
    };
    ws.on('unexpected-response', (_req, res) => {
      settle({ ok: false, status: res.statusCode ?? 0, error: `HTTP ${res.statusCode}` });
      ws.terminate();
    });
    ws.on('error', (err) => settle({ ok: false, status: null, error: err.message }));
    ws.on('open', () => {
      if (ws.protocol !== client.target.token) {
        settle({ ok: false, status: null, error: 'the token was not echoed as the protocol' });
        ws.terminate();
        return;
      }
      client.ws = ws;
      settle({ ok: true, at: now() });
    });
    ws.on('message', (data) => onMessage(client, index, data));
    ws.on('close', (code) => {
      if (client.ws === ws) {
        client.ws = null;
        closeCodes[code] = (closeCodes[code] ?? 0) + 1;
      }
    });
  });
}

interface Outcome {
  times: number[];
  refused: Record<string, number>;
  errors: Record<string, number>;
  failed: number;
}

/**
 * Connects the given clients, `concurrency` handshakes in flight at once (Infinity: all together); a client whose
 * attempt fails tries again after 5 s, at most 10 times, as the web app does. Refusals (HTTP answers) and errors
 * are counted per attempt.
 */
async function connectAll(indexes: number[], concurrency: number, retry: boolean): Promise<Outcome> {
  const out: Outcome = { times: [], refused: {}, errors: {}, failed: 0 };
  const one = async (index: number) => {
    const client = clients[index]!;
    for (let attempt = 0; ; attempt++) {
      const a = await connect(client, index);
      if (a.ok) {
        out.times.push(a.at);
        return;
      }
      if (a.status !== null) out.refused[a.status] = (out.refused[a.status] ?? 0) + 1;
      else out.errors[a.error] = (out.errors[a.error] ?? 0) + 1;
      if (!retry || attempt >= MAX_RETRIES) {
        out.failed++;
        return;
      }
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  };
  let next = 0;
  const lanes = Math.min(indexes.length, Number.isFinite(concurrency) ? concurrency : indexes.length);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < indexes.length) await one(indexes[next++]!);
    }),
  );
  return out;
}

// One timer for all heartbeats: each second, the clients of that second's slot send 'ping'.
let tick = 0;
setInterval(() => {
  const slot = tick++ % (HEARTBEAT_MS / 1000);
  for (const c of clients) {
    if (c.slot === slot && c.ws?.readyState === WebSocket.OPEN) {
      c.ws.send(HEARTBEAT_TEXT);
      heartbeatsSent++;
    }
  }
}, 1000).unref();

process.on('message', (raw: FleetRequest) => {
  void (async () => {
    switch (raw.type) {
      case 'open': {
        const first = clients.length;
        for (const target of raw.targets)
          clients.push({ target, ws: null, slot: clients.length % (HEARTBEAT_MS / 1000) });
        const indexes = raw.targets.map((_, k) => first + k);
        const started = now();
        const o = await connectAll(indexes, raw.concurrency, false);
        send({ type: 'opened', ...o, ms: now() - started });
        break;
      }
      case 'expect': {
        const times: (number | null)[] = clients.map(() => null);
        const pending = clients.filter((c) => c.ws?.readyState === WebSocket.OPEN).length;
        const finish = () => {
          clearTimeout(timer);
          expected = null;
          const got = times.filter((t): t is number => t !== null);
          send({ type: 'received', msgId: raw.msgId, times: got, missing: clients.length - got.length });
        };
        const timer = setTimeout(finish, raw.timeoutMs);
        expected = { msgId: raw.msgId, times, pending, done: finish };
        send({ type: 'expecting', msgId: raw.msgId });
        if (pending === 0) finish();
        break;
      }
      case 'reconnect': {
        const closed = clients.flatMap((c, k) => (c.ws ? [] : [k]));
        const o = await connectAll(closed, Infinity, true);
        send({ type: 'reconnected', ...o, attempted: closed.length });
        break;
      }
      case 'stats':
        send({
          type: 'stats',
          open: clients.filter((c) => c.ws?.readyState === WebSocket.OPEN).length,
          total: clients.length,
          closeCodes: { ...closeCodes },
          heartbeatsSent,
          heartcheckReplies,
          otherMessages,
        });
        break;
      case 'quit':
        for (const c of clients) c.ws?.terminate();
        process.exit(0);
    }
  })();
});
send({ type: 'ready' });
