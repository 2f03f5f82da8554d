/**
 * `npm run bench -- soak [--minutes N] [--connections N]` (default 10 minutes, 50 connections): a long run of mixed
 * traffic against the real server (issue 16 §3), on a fresh SQLite database (the server's seed with the demo
 * people, then lists-seed.ts's 1,000 bench users and 20,000 rows of each list); with BENCH_SOAK_POSTGRES=1 and
 * TEST_DATABASE_URL set, again on a fresh PostgreSQL database.
 *
 * Traffic: N loops, each one request at a time (keep-alive), choosing by weight among the permission call and the
 * bell (as the loop's own bench user), the work-order list (first page, a deeper page, a status filter), the
 * operate log (both lists), and writes (add a work order and assign it — the order's edit with its version —, or
 * comment on one) as admin. Besides: a sign-in every second (POST /sys/login as the next of 100 bench users in
 * turn — the sign-in limit is 120 a minute per address —, then its permission call, bell and sign-out), one
 * export of the work-order list through the task centre every minute (added, then polled until done), and 500
 * sockets of 250 users held open all along by a client process, each sending the web app's 'ping' every 20 s.
 *
 * Per minute: requests, errors (every non-2xx, every success:false, every failed fetch, every export task that
 * failed, every socket that closed), p50/p99 latency, and the server's resident memory (VmRSS every 5 s, the
 * minute's mean). Budgets: 0 errors; p99 of the last minute ≤ 1.5× p99 of minute 2; RSS of the last minute ≤ 1.1×
 * that of minute 2. The budget is set for 10 minutes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchUsername } from './lists-seed.ts';
import {
  benchPassword,
  call,
  openSink,
  seedDatabase,
  signIn,
  startServer,
  withPostgresDatabase,
  type Envelope,
  type ServerSpec,
} from './lib/houtai-server.ts';
import { mb, statusKb } from './lib/memory.ts';
import { freePort } from './lib/processes.ts';
import { insertSessions, percentile, socketTarget, startFleet } from './lib/socket-fleet.ts';

const BUDGET_MINUTES = 10;
const P99_RATIO = 1.5;
const RSS_GROWTH = 0.1;
const SEED_ROWS = 20_000;
const SOCKET_USERS = 250;
const SOCKETS_PER_USER = 2;
const SIGN_IN_EVERY_MS = 1000;
const SIGN_IN_USERS = 100;
const EXPORT_EVERY_MS = 60_000;
const EXPORT_POLL_MS = 2000;
const RSS_EVERY_MS = 5000;
const MINUTE = 60_000;
const PAGE_SIZE = 10;
const SHOWN_ERRORS = 8;
/** What Chromium sends on every fetch. */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

export interface SoakBenchOptions {
  minutes: number;
  connections: number;
}

interface Sample {
  op: string;
  minute: number;
  ms: number;
}

interface Failure {
  minute: number;
  op: string;
  what: string;
}

const count = (n: number): string => n.toLocaleString('en-US');

class Recorder {
  readonly samples: Sample[] = [];
  readonly failures: Failure[] = [];
  constructor(private readonly start: number) {}

  minuteOf(t = performance.now()): number {
    return Math.floor((t - this.start) / MINUTE) + 1;
  }

  fail(op: string, what: string): void {
    this.failures.push({ minute: this.minuteOf(), op, what });
  }

  /** One request: HTTP 200 and a success envelope, or it counts as an error. Answers the result, or undefined. */
  async request<T>(op: string, url: string, token: string | null, init: RequestInit = {}): Promise<T | undefined> {
    const t0 = performance.now();
    let what: string | null = null;
    let result: T | undefined;
    try {
      const res = await fetch(url, {
        ...init,
        headers: {
          ...BROWSER,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { 'X-Access-Token': token } : {}),
        },
      });
      const text = await res.text();
      let body: Envelope<T> | null = null;
      try {
        body = JSON.parse(text) as Envelope<T>;
      } catch {
        body = null;
      }
      if (res.status !== 200 || !body?.success)
        what = `HTTP ${res.status} ${body ? `success=${String(body.success)} ${body.message}` : text.slice(0, 120)}`;
      else result = body.result;
    } catch (err) {
      what = `fetch failed: ${err instanceof Error ? `${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ''}` : String(err)}`;
    }
    const t1 = performance.now();
    this.samples.push({ op, minute: this.minuteOf(t1), ms: t1 - t0 });
    if (what !== null) this.fail(op, `${init.method ?? 'GET'} ${new URL(url).pathname}: ${what}`);
    return result;
  }
}

interface Ctx {
  base: string;
  rec: Recorder;
  admin: string;
  password: string;
  /** Assignee of the soak's work orders: someone with the list permission. */
  assigneeId: string;
  /** Work orders this run created (ids), for comments. */
  created: string[];
  deadline: number;
}

/** One worker: requests back to back until the deadline, as its own bench user for the per-user calls. */
async function worker(ctx: Ctx, userToken: string, seed: number): Promise<void> {
  const { base, rec, admin } = ctx;
  let n = seed;
  const ops: [weight: number, run: () => Promise<unknown>][] = [
    [20, () => rec.request('permission', `${base}/sys/permission/getUserPermissionByToken`, userToken)],
    [20, () => rec.request('bell', `${base}/sys/annountCement/listByUser?pageSize=5`, userToken)],
    [
      20,
      () => {
        const variant = n % 3;
        const q =
          variant === 0
            ? `pageNo=1&pageSize=${PAGE_SIZE}`
            : variant === 1
              ? `pageNo=${1 + (n % 200)}&pageSize=${PAGE_SIZE}`
              : `pageNo=1&pageSize=${PAGE_SIZE}&status=${n % 4}`;
        return rec.request('work orders', `${base}/bi/workOrder/list?${q}`, admin);
      },
    ],
    [
      10,
      () =>
        n % 2 === 0
          ? rec.request('operate log', `${base}/sys/log/list?logType=2&pageNo=1&pageSize=${PAGE_SIZE}`, admin)
          : rec.request(
              'operate log',
              `${base}/common/operateLog/list?pageNo=${1 + (n % 50)}&pageSize=${PAGE_SIZE}`,
              admin,
            ),
    ],
    [
      5,
      async () => {
        const made = await rec.request<{ id: string }>('write: add', `${base}/bi/workOrder/add`, admin, {
          method: 'POST',
          body: JSON.stringify({ title: `压测工单 ${n}`, content: '长时间运行测试', priority: 'M' }),
        });
        if (!made?.id) return;
        ctx.created.push(made.id);
        if (ctx.created.length > 200) ctx.created.shift();
        await rec.request('write: assign', `${base}/bi/workOrder/assign`, admin, {
          method: 'PUT',
          body: JSON.stringify({ id: made.id, assigneeId: ctx.assigneeId, note: '压测指派', version: 1 }),
        });
      },
    ],
    [
      5,
      () => {
        const id = ctx.created[n % Math.max(1, ctx.created.length)];
        if (!id) return rec.request('work orders', `${base}/bi/workOrder/list?pageNo=1&pageSize=${PAGE_SIZE}`, admin);
        return rec.request('write: comment', `${base}/bi/workOrder/comment`, admin, {
          method: 'POST',
          body: JSON.stringify({ id, note: `压测评论 ${n}` }),
        });
      },
    ],
  ];
  const totalWeight = ops.reduce((s, [w]) => s + w, 0);
  while (performance.now() < ctx.deadline) {
    n++;
    // A fixed, well-spread sequence per worker (Weyl sequence), so runs are comparable.
    let pick = (n * 2654435761 + seed * 40503) % totalWeight;
    for (const [w, run] of ops) {
      if (pick < w) {
        await run();
        break;
      }
      pick -= w;
    }
  }
}

/** A sign-in every second in turn by 100 bench users: login, permission call, bell, sign-out. */
async function signIns(ctx: Ctx): Promise<number> {
  const { base, rec } = ctx;
  let done = 0;
  for (let k = 0, next = performance.now(); next < ctx.deadline; k++, next += SIGN_IN_EVERY_MS) {
    await sleep(Math.max(0, next - performance.now()));
    const username = benchUsername(100 + (k % SIGN_IN_USERS));
    const login = await rec.request<{ token: string }>('sign-in', `${base}/sys/login`, null, {
      method: 'POST',
      body: JSON.stringify({ username, password: ctx.password }),
    });
    if (!login?.token) continue;
    await rec.request('permission', `${base}/sys/permission/getUserPermissionByToken`, login.token);
    await rec.request('bell', `${base}/sys/annountCement/listByUser?pageSize=5`, login.token);
    await rec.request('sign-out', `${base}/sys/logout`, login.token, { method: 'POST', body: '{}' });
    done++;
  }
  return done;
}

interface TaskRecord {
  id: string;
  status: string;
  content: string | null;
  duration?: number | null;
}

/** An export of the work-order list through the task centre every minute (from 30 s on), polled until done. */
async function exports(ctx: Ctx): Promise<string[]> {
  const { base, rec, admin } = ctx;
  const notes: string[] = [];
  for (let next = performance.now() + 30_000; next < ctx.deadline - 20_000; next += EXPORT_EVERY_MS) {
    await sleep(Math.max(0, next - performance.now()));
    const started = performance.now();
    const id = await rec.request<string>('export: add', `${base}/task/asyncTask/add`, admin, {
      method: 'POST',
      body: JSON.stringify({ url: '/bi/workOrder/exportXls', name: '工单导出', params: {} }),
    });
    if (!id) continue;
    for (;;) {
      await sleep(EXPORT_POLL_MS);
      const page = await rec.request<{ records: TaskRecord[] }>(
        'export: poll',
        `${base}/task/asyncTask/list/mine?pageSize=20`,
        admin,
      );
      // A failed poll is counted already; the run is over, or the server is in trouble.
      if (!page || performance.now() > ctx.deadline + 2 * MINUTE) {
        if (page) rec.fail('export', `task ${id} not done 2 minutes after the end of the run`);
        break;
      }
      const task = page.records.find((r) => r.id === id);
      if (task && task.status !== '1' && task.status !== '0') {
        if (task.status !== '2') rec.fail('export', `task ${id} ended with status ${task.status}: ${task.content}`);
        else notes.push(`${((performance.now() - started) / 1000).toFixed(1)} s (${task.content ?? ''})`);
        break;
      }
      if (performance.now() - started > 5 * MINUTE) {
        rec.fail('export', `task ${id} not done after 5 minutes (status ${task?.status ?? 'not listed'})`);
        break;
      }
    }
  }
  return notes;
}

interface Minute {
  minute: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  rssKb: number;
}

async function soakOn(
  repoRoot: string,
  work: string,
  label: string,
  databaseUrl: string | null,
  opts: SoakBenchOptions,
) {
  console.log(
    `== soak (${label}): ${opts.minutes} min, ${opts.connections} connections, ${SOCKET_USERS * SOCKETS_PER_USER} sockets`,
  );
  const dir = path.join(work, label.toLowerCase());
  mkdirSync(dir);
  const password = benchPassword();
  const prefix = (process.env.API_PREFIX ?? '/api').replace(/\/+$/, '');
  const spec: ServerSpec = { repoRoot, dir, port: await freePort(), password, prefix, databaseUrl };
  const facts = await seedDatabase(spec, SEED_ROWS);
  const sink = await openSink(spec);
  const workerSessions = await insertSessions(sink, facts.benchUserIds.slice(0, opts.connections), 1);
  const socketSessions = await insertSessions(
    sink,
    facts.benchUserIds.slice(500, 500 + SOCKET_USERS),
    SOCKETS_PER_USER,
  );
  await sink.close();
  console.log(
    `setup: ${count(SEED_ROWS)} work orders, ${count(SEED_ROWS)} operate-log rows, ${count(facts.benchUserIds.length)} ` +
      `bench users; sessions for ${opts.connections} loops and ${socketSessions.length} sockets`,
  );

  const server = await startServer(spec);
  const pid = server.child.process.pid!;
  const fleet = await startFleet(1);
  try {
    const admin = await signIn(server.base, 'admin', password);
    // The bench users hold the plain staff roles; the soak's orders go to one of them if they may see the list.
    const staff = workerSessions[0]!;
    const canList = await call(`${server.base}/bi/workOrder/list?pageNo=1&pageSize=1`, {}, staff.token).then(
      () => true,
      () => false,
    );
    const opened = await fleet.open(
      socketSessions.map((s) => socketTarget(server.wsOrigin, s)),
      50,
    );
    if (opened.times.length !== socketSessions.length)
      throw new Error(`only ${opened.times.length} of ${socketSessions.length} sockets opened`);
    const t0 = performance.now();
    const rec = new Recorder(t0);
    const ctx: Ctx = {
      base: server.base,
      rec,
      admin: admin.token,
      password,
      assigneeId: canList ? staff.userId : admin.userId,
      created: [],
      deadline: t0 + opts.minutes * MINUTE,
    };
    console.log(
      `start: ${new Date().toISOString()}; ${opened.times.length} sockets open; orders assigned to ` +
        `${canList ? 'a bench user' : 'admin (the bench users may not see the list)'}`,
    );
    // A server that exits ends the run at once (whatever killed it, the soak's figures stop meaning anything).
    let serverGone = null as string | null;
    server.child.process.once('exit', (code, signal) => {
      serverGone = `the server exited in minute ${rec.minuteOf()} (code ${code}, signal ${signal})`;
      ctx.deadline = Math.min(ctx.deadline, performance.now());
    });
    const rss: { minute: number; kb: number }[] = [];
    const sampler = setInterval(() => {
      const kb = statusKb(pid, 'VmRSS');
      if (kb !== null) rss.push({ minute: rec.minuteOf(), kb });
    }, RSS_EVERY_MS);
    const socketsPerMinute: number[] = [];
    const progress = setInterval(() => {
      void fleet.stats().then((s) => socketsPerMinute.push(s.open));
      const m = rec.minuteOf() - 1;
      const done = rec.samples.filter((s) => s.minute === m);
      console.log(
        `  minute ${m}: ${count(done.length)} requests, ${rec.failures.filter((f) => f.minute === m).length} errors, ` +
          `p99 ${percentile(
            done.map((s) => s.ms),
            99,
          ).toFixed(1)} ms, RSS ${mb(statusKb(pid, 'VmRSS') ?? 0)}`,
      );
    }, MINUTE);
    const [, signedIn, exported] = await Promise.all([
      Promise.all(workerSessions.map((s, k) => worker(ctx, s.token, k + 1))),
      signIns(ctx),
      exports(ctx),
    ]);
    clearInterval(sampler);
    clearInterval(progress);
    const sockets = await fleet.stats();
    if (serverGone) {
      rec.fail('server', serverGone);
      const log = readFileSync(server.child.logFile, 'utf8').trimEnd().split('\n').slice(-15);
      console.log(`\n${serverGone}; the end of its log:\n${log.map((l) => `  | ${l.slice(0, 300)}`).join('\n')}`);
    }
    const reached = Math.min(opts.minutes, rec.minuteOf(Math.min(performance.now(), ctx.deadline)));

    // ---- figures
    const minutes: Minute[] = [];
    for (let m = 1; m <= reached; m++) {
      const lat = rec.samples.filter((s) => s.minute === m).map((s) => s.ms);
      const kbs = rss.filter((r) => r.minute === m).map((r) => r.kb);
      minutes.push({
        minute: m,
        requests: lat.length,
        errors: rec.failures.filter((f) => f.minute === m).length,
        p50: percentile(lat, 50),
        p99: percentile(lat, 99),
        rssKb: kbs.length ? kbs.reduce((a, b) => a + b, 0) / kbs.length : NaN,
      });
    }
    console.log(`\nminute  requests   req/s  errors    p50 ms    p99 ms   RSS (mean of 5 s samples)`);
    for (const m of minutes)
      console.log(
        `${String(m.minute).padStart(6)}  ${count(m.requests).padStart(8)}  ${String(Math.round(m.requests / 60)).padStart(6)}  ` +
          `${String(m.errors).padStart(6)}  ${m.p50.toFixed(1).padStart(8)}  ${m.p99.toFixed(1).padStart(8)}   ${mb(m.rssKb)}`,
      );
    const ops = [...new Set(rec.samples.map((s) => s.op))];
    console.log('\nper kind of request (whole run):');
    for (const op of ops) {
      const lat = rec.samples.filter((s) => s.op === op).map((s) => s.ms);
      console.log(
        `  ${op.padEnd(16)} ${count(lat.length).padStart(8)}  p50 ${percentile(lat, 50).toFixed(1).padStart(7)} ms  ` +
          `p99 ${percentile(lat, 99).toFixed(1).padStart(7)} ms`,
      );
    }
    console.log(`sign-ins: ${signedIn} (each with its permission call, bell and sign-out)`);
    console.log(`exports: ${exported.length} done — ${exported.join('; ') || 'none'}`);
    const unexpectedCloses = Object.values(sockets.closeCodes).reduce((a, b) => a + b, 0);
    console.log(
      `sockets: ${sockets.open}/${sockets.total} open at the end (per minute: ${socketsPerMinute.join(', ')}); ` +
        `closes: ${JSON.stringify(sockets.closeCodes)}; ${count(sockets.heartbeatsSent)} 'ping' sent, ` +
        `${count(sockets.heartcheckReplies)} 'heartcheck' replies`,
    );
    if (unexpectedCloses > 0 || sockets.open !== sockets.total)
      rec.fail(
        'sockets',
        `${sockets.total - sockets.open} sockets closed during the run: ${JSON.stringify(sockets.closeCodes)}`,
      );
    if (sockets.heartcheckReplies < sockets.heartbeatsSent - sockets.total)
      rec.fail('sockets', `${sockets.heartbeatsSent} heartbeats sent, ${sockets.heartcheckReplies} answered`);

    // ---- budgets
    const errors = rec.failures.length;
    console.log(`\nerrors: ${errors}`);
    for (const f of rec.failures.slice(0, SHOWN_ERRORS)) console.log(`  minute ${f.minute}, ${f.op}: ${f.what}`);
    if (errors > SHOWN_ERRORS) console.log(`  … and ${errors - SHOWN_ERRORS} more`);
    const results: [string, boolean][] = [[`${label}: 0 errors`, errors === 0]];
    const first = minutes[1];
    const last = minutes[minutes.length - 1]!;
    if (first && last.minute > first.minute) {
      const ratio = last.p99 / first.p99;
      const growth = (last.rssKb - first.rssKb) / first.rssKb;
      console.log(
        `p99: minute ${last.minute} ${last.p99.toFixed(1)} ms vs minute 2 ${first.p99.toFixed(1)} ms = ` +
          `${ratio.toFixed(2)}× (budget ≤ ${P99_RATIO}×)${ratio <= P99_RATIO ? '' : ' — MISSED'}`,
      );
      console.log(
        `RSS: minute ${last.minute} ${mb(last.rssKb)} vs minute 2 ${mb(first.rssKb)} = ${(growth * 100).toFixed(1)}% ` +
          `(budget ≤ ${RSS_GROWTH * 100}%)${growth <= RSS_GROWTH ? '' : ' — MISSED'}`,
      );
      results.push([`${label}: p99 stable`, ratio <= P99_RATIO], [`${label}: RSS growth`, growth <= RSS_GROWTH]);
    } else {
      console.log('p99 and RSS budgets: not measured (they compare minute 2 with a later minute: run ≥ 3 minutes)');
      results.push([`${label}: p99 and RSS (run too short)`, false]);
    }
    if (process.env.BENCH_KEEP === '1') console.log(`server log: ${server.child.logFile}`);
    console.log('');
    return results;
  } finally {
    await fleet.close();
    await server.child.stop();
  }
}

export async function soakBench(repoRoot: string, opts: SoakBenchOptions): Promise<boolean> {
  const minutes = Math.round(opts.minutes);
  const o = { ...opts, minutes };
  const work = mkdtempSync(path.join(tmpdir(), 'houtai-bench-soak-'));
  try {
    const results = await soakOn(repoRoot, work, 'SQLite', null, o);
    const pgServer = process.env.TEST_DATABASE_URL;
    if (pgServer && process.env.BENCH_SOAK_POSTGRES === '1') {
      results.push(...(await withPostgresDatabase(pgServer, (url) => soakOn(repoRoot, work, 'PostgreSQL', url, o))));
    } else {
      console.log('(PostgreSQL: not run; set TEST_DATABASE_URL and BENCH_SOAK_POSTGRES=1 to soak it too)');
    }
    for (const [what, ok] of results) console.log(`${what}: ${ok ? 'met' : 'NOT met'}`);
    let met = results.every(([, ok]) => ok);
    if (minutes < BUDGET_MINUTES) {
      console.log(`(the budget is set for ${BUDGET_MINUTES} minutes; this run lasted ${minutes}: not met)`);
      met = false;
    }
    console.log(met ? 'budget: met' : 'budget: NOT met');
    return met;
  } finally {
    if (process.env.BENCH_KEEP === '1') console.log(`kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}
