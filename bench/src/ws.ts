/**
 * `npm run bench -- ws [--sockets N]`: fan-out time of one realtime broadcast. Starts the real server, signs in as
 * admin, opens N websockets the way the web client does (key `{userId}_{md5(token)}`, token as the sub-protocol),
 * then releases an announcement to all users through the HTTP API (POST /sys/annountCement/add, then GET
 * /sys/annountCement/doReleaseData) and times from the release request until every socket has the 'topic'
 * message. Budget: at most 1 s for 2,000 sockets, on every round.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { freePort, startNode, waitForHttp, type Child } from './lib/processes.ts';

const BUDGET_MS = 1000;
const BUDGET_SOCKETS = 2000;
const ROUNDS = 3;
/** Handshakes in flight at once while opening the sockets. */
const OPEN_CONCURRENCY = 100;
const RECEIVE_TIMEOUT_MS = 30_000;

export interface WsBenchOptions {
  sockets: number;
}

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

/** The soft limit on open files of this shell (inherited by the server); null when unlimited. */
function openFileLimit(): number | null {
  const out = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  return out === 'unlimited' ? null : Number(out);
}

async function call<T>(url: string, init: RequestInit = {}, token?: string): Promise<Envelope<T>> {
  const res = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { 'X-Access-Token': token } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const body = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || !body.success) throw new Error(`${url}: HTTP ${res.status} ${body.message}`);
  return body;
}

interface Receiver {
  /** Resolves with the time (performance.now()) the last socket got message `msgId`. */
  expect(msgId: string): Promise<number>;
  close(): void;
}

/** Opens `count` sockets; each reports 'topic' messages by msgId. */
async function openSockets(url: string, token: string, count: number): Promise<Receiver> {
  const sockets: WebSocket[] = [];
  let target: { msgId: string; pending: number; done: (at: number) => void } | null = null;
  const onMessage = (data: Buffer) => {
    if (!target) return;
    const msg = JSON.parse(data.toString('utf8')) as { cmd?: string; msgId?: string };
    if (msg.cmd === 'topic' && msg.msgId === target.msgId && --target.pending === 0) target.done(performance.now());
  };
  const openOne = () =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, [token], { perMessageDeflate: false });
      ws.on('unexpected-response', (_req, res) => reject(new Error(`handshake refused: HTTP ${res.statusCode}`)));
      ws.on('error', reject);
      ws.on('open', () => {
        if (ws.protocol !== token) reject(new Error('the server did not echo the token as the protocol'));
        sockets.push(ws);
        resolve();
      });
      ws.on('message', onMessage);
    });
  for (let opened = 0; opened < count;) {
    const batch = Math.min(OPEN_CONCURRENCY, count - opened);
    await Promise.all(Array.from({ length: batch }, openOne));
    opened += batch;
  }
  return {
    expect(msgId: string) {
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => {
          const missing = target?.pending ?? count;
          target = null;
          reject(new Error(`${missing} of ${count} sockets did not get the message within ${RECEIVE_TIMEOUT_MS} ms`));
        }, RECEIVE_TIMEOUT_MS);
        target = {
          msgId,
          pending: count,
          done: (at) => {
            clearTimeout(timer);
            target = null;
            resolve(at);
          },
        };
      });
    },
    close() {
      for (const ws of sockets) ws.terminate();
    },
  };
}

export async function wsBench(repoRoot: string, opts: WsBenchOptions): Promise<boolean> {
  const count = opts.sockets;
  const limit = openFileLimit();
  // One descriptor per socket in this process and in the server, plus the server's database, logs and modules.
  if (limit !== null && limit < count + 200) {
    throw new Error(
      `open-file limit ${limit} is too low for ${count} sockets: run \`ulimit -n ${count + 1000}\` first`,
    );
  }
  const work = mkdtempSync(path.join(tmpdir(), 'houtai-bench-'));
  const children: Child[] = [];
  const prefix = (process.env.API_PREFIX ?? '/api').replace(/\/+$/, '');
  let receiver: Receiver | null = null;
  try {
    const port = await freePort();
    const password = `Bn${randomBytes(8).toString('hex')}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      HOUTAI_ADMIN_PASSWORD: password,
      API_PREFIX: prefix,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // All the sockets belong to one signed-in user here; in use they spread over many users.
      REALTIME_SOCKETS_PER_USER: String(count),
    };
    // The default single-process setup (embedded SQLite, in-process hub), whatever the shell holds.
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.STORAGE_URL;
    const server = startNode(path.join(repoRoot, 'apps/server/src/main.ts'), ['start'], {
      cwd: repoRoot,
      env,
      logFile: path.join(work, 'server.log'),
    });
    children.push(server);
    const base = `http://127.0.0.1:${port}${prefix}`;
    await waitForHttp(`${base}/`, server, 120_000);

    const login = await call<{ token: string; userInfo: { id: string } }>(`${base}/sys/login`, {
      method: 'POST',
      body: JSON.stringify({ username: 'admin', password }),
    });
    const { token } = login.result;
    const key = `${login.result.userInfo.id}_${createHash('md5').update(token).digest('hex')}`;
    const started = performance.now();
    receiver = await openSockets(`ws://127.0.0.1:${port}/websocket/${key}`, token, count);
    console.log(`${count} sockets open in ${Math.round(performance.now() - started)} ms (one admin session)`);

    const times: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const titile = `基准公告 ${round} ${randomBytes(3).toString('hex')}`;
      const added = await call<string | null>(
        `${base}/sys/annountCement/add`,
        {
          method: 'POST',
          body: JSON.stringify({ titile, msgContent: '性能测试', msgCategory: '1', msgType: 'ALL', priority: 'M' }),
        },
        token,
      );
      const id = added.result;
      if (typeof id !== 'string' || !id) throw new Error('POST /sys/annountCement/add did not answer the new id');
      const received = receiver.expect(id);
      const t0 = performance.now();
      await call(`${base}/sys/annountCement/doReleaseData?id=${encodeURIComponent(id)}`, {}, token);
      const answered = performance.now();
      const last = await received;
      times.push(last - t0);
      console.log(
        `round ${round}: GET ${prefix}/sys/annountCement/doReleaseData answered in ${Math.round(answered - t0)} ms; ` +
          `all ${count} sockets had the message ${Math.round(last - t0)} ms after the request`,
      );
    }

    const worst = Math.max(...times);
    const met = worst <= BUDGET_MS;
    console.log(
      `\nsockets: ${count}; one broadcast to all (worst of ${ROUNDS} rounds): ${Math.round(worst)} ms ` +
        `(budget: ≤ ${BUDGET_MS} ms for ${BUDGET_SOCKETS.toLocaleString('en-US')} sockets)`,
    );
    if (count !== BUDGET_SOCKETS)
      console.log(`(the budget is set for ${BUDGET_SOCKETS} sockets; this run opened ${count})`);
    console.log(met ? 'budget: met' : 'budget: NOT met');
    return met;
  } finally {
    receiver?.close();
    await Promise.all(children.map((c) => c.stop()));
    rmSync(work, { recursive: true, force: true });
  }
}
