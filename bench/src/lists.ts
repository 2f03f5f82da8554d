/**
 * `npm run bench -- lists [--rows N] [--phase plain|scale|both|postgres]`: the lists at 50 connections (issue 16 §1).
 *
 * Phase "plain": the seeded database (`main.ts seed`, demo data on, SQLite), the real server (NODE_ENV=production)
 * signed in as admin; each list is measured right after the bare Fastify route (own process), alternating.
 * Budget: every list reaches ≥ 25% of the bare route's req/s, no non-2xx, no errors.
 *
 * Phase "scale": a fresh seeded database plus (lists-seed.ts, not measured) N work orders, N operate-log rows,
 * 1,000 users and N/10 announcements to 10 of them each; then the work-order list (first page, status + date
 * range + keyword, sorted by every allowed column, page 5,000, the advanced query), the bell (listByUser, as one of
 * the 1,000 users), queryAllDictItems and the operate log (both lists, page 1 and 5,000). On SQLite, and again on
 * a fresh PostgreSQL database when TEST_DATABASE_URL is set. Budget: p99 ≤ 50 ms per case, no non-2xx, no errors.
 *
 * Every case is called once and checked before it is measured (success envelope, the filter and the sort
 * honoured, the right rows on a deep page, totals against an exact count made by the bench itself), so that a
 * fast wrong answer never counts as speed; a case that fails its check is reported and not measured.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { encodeSuperQuery } from '@houtai/shared/super-query';
import { WORK_ORDER_FIELDS } from '../../apps/server/src/modules/work-order/work-order.fields.ts';
import { BASE_MS, benchUsername, pgText, postgresSink, seedLists, sqliteSink, type SeedFacts } from './lists-seed.ts';
import { serverEnv as sharedServerEnv, signIn as signInAs, withPostgresDatabase } from './lib/houtai-server.ts';
import { measure, type LoadFigures } from './lib/load.ts';
import { freePort, startNode, waitForHttp, type Child } from './lib/processes.ts';

const BUDGET_RATIO = 0.25;
const BUDGET_P99_MS = 50;
const BUDGET_ROWS = 1_000_000;
const DEEP_PAGE = 5000;
const PAGE_SIZE = 10;
const MINUTE = 60_000;
const DAY_MINUTES = 1440;
/** A subject of excel-data.ts's titles: in 1 of 16 titles. */
const KEYWORD = '凭证同步失败';
/** What Chromium sends on every fetch (the lists answer a browser). */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

export interface ListsBenchOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  rows: number;
  /** 'postgres': the scale phase on TEST_DATABASE_URL's server only. */
  phase: 'plain' | 'scale' | 'both' | 'postgres';
}

interface Envelope {
  success: boolean;
  message: string;
  code: number;
  result: unknown;
}

type Row = Record<string, unknown>;
interface PageResult extends Row {
  records: Row[];
  total: number;
}

/** The database behind the server, read by the bench for the checks' exact answers. */
interface Probe {
  dialect: 'sqlite' | 'postgres';
  all(sqlText: string, params?: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** Bench users whose bells are asked for in turn (the bell case): the morning's many users, not one. */
const USERS_ASKING = 100;

interface Tokens {
  admin: string;
  /** Bench users 0, 1, …: the first answers the checks. */
  users: string[];
}

interface Case {
  name: string;
  /** Path and query after the API prefix. */
  path: string;
  /** Who asks: admin, or bench users 0 … USERS_ASKING - 1 in turn (the check asks as user 0). */
  as: 'admin' | 'users';
  /** Throws when the answer is wrong; answers a short note. */
  check: (result: unknown) => Promise<string>;
}

interface Outcome {
  name: string;
  path: string;
  note: string;
  error: string | null;
  figures: LoadFigures | null;
  bare: LoadFigures | null;
  /** For the record: the same case with every request's URL different (the server's memo never matches). */
  distinctFigures: LoadFigures | null;
  ok: boolean;
}

const count = (n: number): string => n.toLocaleString('en-US');
const fmtS = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
/** An instant as the wire shows it: 'YYYY-MM-DD HH:mm:ss' at +08:00. */
const wire = (ms: number): string => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const iso = (ms: number): string => new Date(ms).toISOString();
const camel = (snake: string): string => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function sqliteProbe(file: string): Probe {
  const db = new Database(file, { readonly: true });
  return {
    dialect: 'sqlite',
    all: (sqlText, params = []) => Promise.resolve(db.prepare(sqlText).all(...params) as Row[]),
    close: () => Promise.resolve(void db.close()),
  };
}

async function postgresProbe(url: string): Promise<Probe> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    dialect: 'postgres',
    all: async (sqlText, params = []) => (await client.query(pgText(sqlText), params as unknown[])).rows as Row[],
    close: () => client.end(),
  };
}

async function scalar(probe: Probe, sqlText: string, params: readonly unknown[] = []): Promise<unknown> {
  const row = (await probe.all(sqlText, params))[0];
  return row ? Object.values(row)[0] : undefined;
}

async function countOf(probe: Probe, sqlText: string, params: readonly unknown[] = []): Promise<number> {
  return Number(await scalar(probe, sqlText, params));
}

/** The values in the order the database itself sorts them (its collation, as the server's ORDER BY). */
async function dbSorted(probe: Probe, values: readonly string[], dir: 'asc' | 'desc'): Promise<string[]> {
  const rows =
    probe.dialect === 'sqlite'
      ? await probe.all(`select value as v from json_each(?) order by v ${dir}`, [JSON.stringify(values)])
      : await probe.all(`select v from unnest(?::text[]) as v order by v ${dir}`, [values]);
  return rows.map((r) => String(r.v));
}

function fail(message: string): never {
  throw new Error(message);
}

function asPage(result: unknown): PageResult {
  const page = result as Partial<PageResult> | null;
  if (!page || !Array.isArray(page.records) || typeof page.total !== 'number') fail('the answer is not a page');
  return page as PageResult;
}

/** Fields beside `total` that say how exact it is (totalExact, totalApprox, …), as `name=value`. */
function exactness(result: unknown): string[] {
  if (!result || typeof result !== 'object') return [];
  return Object.entries(result)
    .filter(([k]) => k !== 'total' && /exact|approx|estimat|capped|bounded/i.test(k))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
}

/** The total against the bench's exact count: equal, or said to be approximate by the answer itself. */
function totalNote(page: PageResult, exact: number): string {
  const flags = exactness(page);
  const said = flags.length ? ` (${flags.join(', ')})` : '';
  if (page.total === exact) return `total ${count(page.total)}${said}`;
  if (!flags.length) fail(`total ${count(page.total)} is not the exact ${count(exact)}, and nothing says so`);
  return `total ${count(page.total)}${said}; exact ${count(exact)}`;
}

/** Signs in through the API: answers the token. */
async function signIn(base: string, username: string, password: string): Promise<string> {
  return (await signInAs(base, username, password)).token;
}

/** Runs a server CLI command (`main.ts seed`) to its end. */
async function serverCommand(repoRoot: string, command: string, env: NodeJS.ProcessEnv, logFile: string) {
  const child = startNode(path.join(repoRoot, 'apps/server/src/main.ts'), [command], { cwd: repoRoot, env, logFile });
  const code = await new Promise<number | null>((resolve) => child.process.once('exit', resolve));
  if (code !== 0) throw new Error(`main.ts ${command} failed (exit ${code}); see ${logFile}`);
}

interface Run {
  repoRoot: string;
  work: string;
  prefix: string;
  password: string;
  bareUrl: string;
  opts: ListsBenchOptions;
  children: Child[];
}

/** Server environment (lib/houtai-server.ts): production, its own DATA_DIR, SQLite unless a database URL is given. */
function serverEnv(run: Run, dir: string, port: number, databaseUrl: string | null): NodeJS.ProcessEnv {
  return sharedServerEnv({
    repoRoot: run.repoRoot,
    dir,
    port,
    password: run.password,
    prefix: run.prefix,
    databaseUrl,
  });
}

async function startServer(run: Run, dir: string, env: NodeJS.ProcessEnv): Promise<{ base: string; child: Child }> {
  const child = startNode(path.join(run.repoRoot, 'apps/server/src/main.ts'), ['start'], {
    cwd: run.repoRoot,
    env,
    logFile: path.join(dir, 'server.log'),
  });
  run.children.push(child);
  const base = `http://127.0.0.1:${env.PORT}${run.prefix}`;
  await waitForHttp(`${base}/`, child, 180_000);
  return { base, child };
}

/**
 * Calls the case once and checks it; then (if right) measures it, after the bare route when `withBare`.
 * `distinct`: 'only' measures with every request's URL different (`&_bench=<n>`: the server's remembered answers,
 * plugins/answer-memo.ts, never match, so the list's own work is measured); 'also' measures the repeated URL and
 * then, for the record, the distinct one.
 */
async function runCase(
  run: Run,
  base: string,
  tokens: Tokens,
  c: Case,
  withBare: boolean,
  distinct: 'only' | 'also',
): Promise<Outcome> {
  const url = `${base}${c.path}`;
  const headers = { ...BROWSER, 'X-Access-Token': c.as === 'admin' ? tokens.admin : tokens.users[0]! };
  const rotate = c.as === 'users' ? { header: 'X-Access-Token', values: tokens.users } : undefined;
  const out: Outcome = {
    name: c.name,
    path: c.path,
    note: '',
    error: null,
    figures: null,
    bare: null,
    distinctFigures: null,
    ok: false,
  };
  try {
    const res = await fetch(url, { headers });
    const body = (await res.json()) as Envelope;
    if (res.status !== 200 || !body.success) fail(`HTTP ${res.status}: ${body.message}`);
    out.note = await c.check(body.result);
  } catch (err) {
    out.error = err instanceof Error ? err.message : String(err);
    console.log(`  ✗ ${c.name}: check FAILED — ${out.error}  (${c.path})`);
    return out;
  }
  console.log(`  ✓ ${c.name}: ${out.note}`);
  const load = { connections: run.opts.connections, seconds: run.opts.seconds, warmupSeconds: run.opts.warmupSeconds };
  if (withBare) out.bare = await measure({ ...load, url: run.bareUrl, headers: BROWSER });
  out.figures = await measure({ ...load, url, headers, rotate, distinct: distinct === 'only' });
  if (distinct === 'also') out.distinctFigures = await measure({ ...load, url, headers, rotate, distinct: true });
  return out;
}

function clean(f: LoadFigures | null): boolean {
  return !!f && f.non2xx === 0 && f.errors === 0 && f.total > 0;
}

function figuresCells(f: LoadFigures | null): string {
  if (!f) return 'not measured'.padEnd(52);
  return (
    `${count(Math.round(f.requestsPerSecond)).padStart(7)} req/s  p50 ${String(f.p50).padStart(4)} ms  ` +
    `p99 ${String(f.p99).padStart(4)} ms  ${String(f.non2xx).padStart(3)} non-2xx  ${String(f.errors).padStart(3)} err`
  );
}

// ---------------------------------------------------------------------------------------------------------
// Phase A: the plain seeded database

async function plainPhase(run: Run): Promise<boolean> {
  console.log('== phase plain: seeded database (demo data), SQLite, signed in as admin');
  const dir = mkdtempSync(path.join(run.work, 'plain-'));
  const port = await freePort();
  const env = serverEnv(run, dir, port, null);
  await serverCommand(run.repoRoot, 'seed', env, path.join(dir, 'seed.log'));
  const { base, child } = await startServer(run, dir, env);
  try {
    const admin = await signIn(base, 'admin', run.password);
    const page = (min: number) => async (result: unknown) => {
      const p = asPage(result);
      if (p.records.length < min) fail(`${p.records.length} records, expected at least ${min}`);
      const flags = exactness(p);
      return `${p.records.length} records, total ${count(p.total)}${flags.length ? ` (${flags.join(', ')})` : ''}`;
    };
    const cases: Case[] = [
      {
        name: 'work orders, first page',
        path: `/bi/workOrder/list?pageNo=1&pageSize=${PAGE_SIZE}`,
        as: 'admin',
        check: page(1),
      },
      { name: 'bell (listByUser)', path: '/sys/annountCement/listByUser?pageSize=5', as: 'admin', check: bellShape },
      { name: 'queryAllDictItems', path: '/sys/dict/queryAllDictItems', as: 'admin', check: dictShape },
      {
        name: 'operate log (/sys/log/list)',
        path: `/sys/log/list?logType=2&pageNo=1&pageSize=${PAGE_SIZE}`,
        as: 'admin',
        check: page(0),
      },
      {
        name: 'operate log (/common/operateLog/list)',
        path: `/common/operateLog/list?pageNo=1&pageSize=${PAGE_SIZE}`,
        as: 'admin',
        check: page(0),
      },
    ];
    console.log(
      `load: autocannon -c ${run.opts.connections}, ${run.opts.warmupSeconds} s warm-up, ${run.opts.seconds} s measured; ` +
        'the bare route right before each list\n',
    );
    const outcomes: Outcome[] = [];
    for (const c of cases) outcomes.push(await runCase(run, base, { admin, users: [admin] }, c, true, 'also'));
    console.log('');
    let met = true;
    for (const o of outcomes) {
      const ratio = o.figures && o.bare ? o.figures.requestsPerSecond / o.bare.requestsPerSecond : 0;
      const ok = !o.error && clean(o.figures) && clean(o.bare) && ratio >= BUDGET_RATIO;
      met &&= ok;
      console.log(
        `${o.name.padEnd(40)} ${figuresCells(o.figures)}  ${(ratio * 100).toFixed(1).padStart(5)}% of bare  ${ok ? 'ok' : 'NOT MET'}`,
      );
      console.log(`${'  (bare Fastify route just before)'.padEnd(40)} ${figuresCells(o.bare)}`);
      console.log(`${'  (each request new: no remembered answer)'.padEnd(40)} ${figuresCells(o.distinctFigures)}`);
    }
    console.log(
      `phase plain: budget each list ≥ ${BUDGET_RATIO * 100}% of the bare route's req/s, 0 non-2xx/errors: ${met ? 'met' : 'NOT met'}\n`,
    );
    return met;
  } finally {
    await child.stop();
  }
}

async function bellShape(result: unknown): Promise<string> {
  const r = result as { anntMsgList?: unknown; anntMsgTotal?: unknown; sysMsgList?: unknown; sysMsgTotal?: unknown };
  if (!Array.isArray(r.anntMsgList) || !Array.isArray(r.sysMsgList)) fail('no anntMsgList/sysMsgList');
  if (typeof r.anntMsgTotal !== 'number' || typeof r.sysMsgTotal !== 'number') fail('no anntMsgTotal/sysMsgTotal');
  return Promise.resolve(
    `${r.anntMsgList.length}+${r.sysMsgList.length} listed, unread ${count(r.anntMsgTotal)} notices + ${count(r.sysMsgTotal)} system messages`,
  );
}

async function dictShape(result: unknown): Promise<string> {
  const codes = result && typeof result === 'object' ? Object.keys(result) : [];
  if (codes.length === 0) fail('no dictionaries');
  const items = Object.values(result as Record<string, unknown[]>).reduce((n, list) => n + list.length, 0);
  return Promise.resolve(`${codes.length} dictionaries, ${count(items)} items`);
}

// ---------------------------------------------------------------------------------------------------------
// Phase B: a million rows

/** The cases at scale, with their checks against the database. */
async function scaleCases(probe: Probe, facts: SeedFacts, rows: number): Promise<Case[]> {
  const wo = '/bi/workOrder/list';
  const live = 'del_flag = 0';
  const woTotal = await countOf(probe, `select count(*) from bi_work_order where ${live}`);

  // Status + date range + keyword: ~3% of the two years, from the middle; 1 status in 4, 1 title in 16.
  const status = '1';
  const startMin = Math.floor(rows / 2 / DAY_MINUTES) * DAY_MINUTES;
  const days = Math.max(1, Math.round((rows * 0.03) / DAY_MINUTES));
  const fromMs = BASE_MS + startMin * MINUTE;
  const toMs = fromMs + days * DAY_MINUTES * MINUTE;
  const [begin, end] = [wire(fromMs), wire(toMs - 1000)];
  const filteredExact = await countOf(
    probe,
    `select count(*) from bi_work_order where ${live} and status = ? and create_time >= ? and create_time < ? and title like ?`,
    [status, iso(fromMs), iso(toMs), `%${KEYWORD}%`],
  );

  // The advanced query: two rules, matched with and.
  const person = facts.people[Math.min(3, facts.people.length - 1)]!;
  const superQuery = encodeSuperQuery(
    [
      { field: 'reporterId', rule: 'eq', val: person.id },
      { field: 'priority', rule: 'eq', val: 'H' },
    ],
    'and',
  );
  const advancedExact = await countOf(
    probe,
    `select count(*) from bi_work_order where ${live} and reporter_id = ? and priority = ?`,
    [person.id, 'H'],
  );

  const newestId = async (table: string, time: string, offset: number, where = '') =>
    scalar(probe, `select id from ${table} ${where} order by ${time} desc, id desc limit 1 offset ${offset}`);
  const deepOffset = (DEEP_PAGE - 1) * PAGE_SIZE;
  const fullPage = (total: number, pageNo: number) =>
    Math.max(0, Math.min(PAGE_SIZE, total - (pageNo - 1) * PAGE_SIZE));

  /** Records of a page in time order (newest first) starting with the expected row. */
  const timePage =
    (exactTotal: number, pageNo: number, firstId: unknown, timeField: string) => async (result: unknown) => {
      const p = asPage(result);
      const want = fullPage(exactTotal, pageNo);
      if (p.records.length !== want) fail(`${p.records.length} records, expected ${want}`);
      if (want > 0 && p.records[0]!.id !== firstId)
        fail(`the page starts with ${String(p.records[0]!.id)}, not ${String(firstId)}`);
      const times = p.records.map((r) => String(r[timeField]));
      if (times.some((t, k) => k > 0 && t > times[k - 1]!)) fail(`${timeField} is not newest first`);
      return totalNote(p, exactTotal);
    };

  const cases: Case[] = [
    {
      name: 'work orders, first page',
      path: `${wo}?pageNo=1&pageSize=${PAGE_SIZE}`,
      as: 'admin',
      check: timePage(woTotal, 1, await newestId('bi_work_order', 'create_time', 0, `where ${live}`), 'createTime'),
    },
    {
      name: `work orders, status+range+keyword`,
      path: `${wo}?${new URLSearchParams({
        pageNo: '1',
        pageSize: String(PAGE_SIZE),
        status,
        createTime_begin: begin,
        createTime_end: end,
        title: KEYWORD,
      }).toString()}`,
      as: 'admin',
      check: async (result) => {
        const p = asPage(result);
        if (filteredExact > 0 && p.records.length === 0) fail('no records');
        for (const r of p.records) {
          if (r.status !== status) fail(`a record has status ${String(r.status)}`);
          if (!String(r.title).includes(KEYWORD)) fail(`a record's title is ${String(r.title)}`);
          const t = String(r.createTime);
          if (t < begin || t > end) fail(`a record was created at ${t}, outside ${begin} … ${end}`);
        }
        return Promise.resolve(`${totalNote(p, filteredExact)}; status ${status}, ${begin} … ${end}, “${KEYWORD}”`);
      },
    },
  ];

  // One case per sortable column (desc), and asc for two of them.
  const sortable = Object.entries(WORK_ORDER_FIELDS.columns).filter(([, def]) => def.sort);
  const sorts: [string, 'asc' | 'desc'][] = [
    ...sortable.map(([name]) => [name, 'desc'] as [string, 'desc']),
    ['create_time', 'asc'],
    ['title', 'asc'],
  ];
  for (const [column, order] of sorts) {
    const api = camel(column);
    const hasNulls =
      (await countOf(probe, `select count(*) from bi_work_order where ${live} and ${column} is null`)) > 0;
    const extreme = await scalar(
      probe,
      `select ${order === 'desc' ? 'max' : 'min'}(${column}) from bi_work_order where ${live}`,
    );
    cases.push({
      name: `work orders, sorted ${api} ${order}`,
      path: `${wo}?pageNo=1&pageSize=${PAGE_SIZE}&column=${api}&order=${order}`,
      as: 'admin',
      check: async (result) => {
        const p = asPage(result);
        if (p.records.length !== fullPage(woTotal, 1)) fail(`${p.records.length} records`);
        if (!(api in p.records[0]!)) fail(`the records have no field ${api}`);
        const values = p.records.map((r) => r[api]);
        const isNull = values.map((v) => v === null || v === undefined);
        // Nulls together at one end (where the database puts them), the rest in the database's order.
        if (isNull.filter((n, k) => k > 0 && n !== isNull[k - 1]).length > 1) fail('nulls in the middle of the page');
        const present = values.filter((_, k) => !isNull[k]).map(String);
        const sorted = await dbSorted(probe, present, order);
        if (sorted.join('\u0000') !== present.join('\u0000')) fail(`the page is not in ${api} ${order} order`);
        const first = await scalar(probe, `select ${column} from bi_work_order where id = ?`, [p.records[0]!.id]);
        if (!(first === extreme || (first === null && hasNulls)))
          fail(
            `the first record's ${column} is ${String(first)}, not the ${order === 'desc' ? 'largest' : 'smallest'} ${String(extreme)}`,
          );
        return `${totalNote(p, woTotal)}; first ${api} ${String(values[0])}`;
      },
    });
  }

  cases.push(
    {
      name: `work orders, page ${count(DEEP_PAGE)}`,
      path: `${wo}?pageNo=${DEEP_PAGE}&pageSize=${PAGE_SIZE}`,
      as: 'admin',
      check: timePage(
        woTotal,
        DEEP_PAGE,
        await newestId('bi_work_order', 'create_time', deepOffset, `where ${live}`),
        'createTime',
      ),
    },
    {
      name: 'work orders, advanced query (2 rules, and)',
      path: `${wo}?${new URLSearchParams({ pageNo: '1', pageSize: String(PAGE_SIZE), ...superQuery }).toString()}`,
      as: 'admin',
      check: async (result) => {
        const p = asPage(result);
        if (advancedExact > 0 && p.records.length === 0) fail('no records');
        for (const r of p.records) {
          if (r.reporterId !== person.id || r.priority !== 'H')
            fail(`a record has reporter ${String(r.reporterId)}, priority ${String(r.priority)}`);
        }
        return Promise.resolve(`${totalNote(p, advancedExact)}; reporterId = ${person.name}, priority = H`);
      },
    },
  );

  // The bell of bench user 0: its unread counts and newest unread, straight from the tables.
  const userId = facts.benchUserIds[0]!;
  const unread = (categories: string) =>
    `from sys_announcement_send s join sys_announcement a on a.id = s.annt_id where s.user_id = ? and ` +
    `a.send_status = '1' and a.del_flag = '0' and s.read_flag = '0' and a.msg_category in (${categories})`;
  const noticeExact = await countOf(probe, `select count(*) ${unread("'1', '3'")}`, [userId]);
  const systemExact = await countOf(probe, `select count(*) ${unread("'2'")}`, [userId]);
  const newestNotice = await scalar(
    probe,
    `select a.id ${unread("'1', '3'")} order by a.send_time desc, a.id desc limit 1`,
    [userId],
  );
  cases.push({
    name: `bell (listByUser), ${USERS_ASKING} users`,
    path: '/sys/annountCement/listByUser?pageSize=5',
    as: 'users',
    check: async (result) => {
      await bellShape(result);
      const r = result as { anntMsgList: Row[]; anntMsgTotal: number; sysMsgList: Row[]; sysMsgTotal: number };
      if (r.anntMsgTotal !== noticeExact || r.sysMsgTotal !== systemExact)
        fail(`unread ${r.anntMsgTotal} + ${r.sysMsgTotal}, exact ${noticeExact} + ${systemExact}`);
      if (r.anntMsgList.length !== Math.min(5, noticeExact) || r.sysMsgList.length !== Math.min(5, systemExact))
        fail(`${r.anntMsgList.length} + ${r.sysMsgList.length} listed`);
      if (noticeExact > 0 && r.anntMsgList[0]!.id !== newestNotice) fail('the first notice is not the newest unread');
      return `unread ${count(r.anntMsgTotal)} notices + ${count(r.sysMsgTotal)} system messages (exact), 5 + 5 listed`;
    },
  });
  cases.push({ name: 'queryAllDictItems', path: '/sys/dict/queryAllDictItems', as: 'admin', check: dictShape });

  const opTotal = await countOf(probe, 'select count(*) from operate_log');
  for (const pageNo of [1, DEEP_PAGE]) {
    const firstId = await newestId('operate_log', 'operate_time', (pageNo - 1) * PAGE_SIZE);
    cases.push(
      {
        name: `operate log /sys/log/list, page ${count(pageNo)}`,
        path: `/sys/log/list?logType=2&pageNo=${pageNo}&pageSize=${PAGE_SIZE}`,
        as: 'admin',
        check: timePage(opTotal, pageNo, firstId, 'createTime'),
      },
      {
        name: `operate log /common/operateLog/list, page ${count(pageNo)}`,
        path: `/common/operateLog/list?pageNo=${pageNo}&pageSize=${PAGE_SIZE}`,
        as: 'admin',
        check: timePage(opTotal, pageNo, firstId, 'operateTime'),
      },
    );
  }
  return cases;
}

interface ScaleDatabase {
  label: string;
  /** null: SQLite under the phase's DATA_DIR. */
  databaseUrl: string | null;
}

async function scalePhase(run: Run, database: ScaleDatabase): Promise<boolean> {
  console.log(
    `== phase scale (${database.label}): ${count(run.opts.rows)} work orders, ${count(run.opts.rows)} operate-log rows, ` +
      `${count(Math.floor(run.opts.rows / 10))} announcements to 1,000 users`,
  );
  const dir = mkdtempSync(path.join(run.work, 'scale-'));
  const port = await freePort();
  const env = serverEnv(run, dir, port, database.databaseUrl);
  let t0 = performance.now();
  await serverCommand(run.repoRoot, 'seed', env, path.join(dir, 'seed.log'));
  console.log(`setup: schema and base data (main.ts seed) in ${fmtS(performance.now() - t0)}`);
  const sqliteFile = path.join(dir, 'data', 'houtai.sqlite');
  const sink = database.databaseUrl ? await postgresSink(database.databaseUrl) : sqliteSink(sqliteFile);
  let facts: SeedFacts;
  try {
    facts = await seedLists(sink, run.opts.rows, (line) => console.log(line));
  } finally {
    await sink.close();
  }
  console.log(`setup: seeded in ${fmtS(facts.ms)} (${count(facts.sendRows)} send rows, ${facts.people.length} people)`);

  t0 = performance.now();
  const { base, child } = await startServer(run, dir, env);
  console.log(`server: up in ${fmtS(performance.now() - t0)}`);
  const probe = database.databaseUrl ? await postgresProbe(database.databaseUrl) : sqliteProbe(sqliteFile);
  try {
    const users: string[] = [];
    for (let i = 0; i < USERS_ASKING; i++) users.push(await signIn(base, benchUsername(i), run.password));
    const tokens: Tokens = { admin: await signIn(base, 'admin', run.password), users };
    const cases = await scaleCases(probe, facts, run.opts.rows);
    console.log(
      `load: autocannon -c ${run.opts.connections}, ${run.opts.warmupSeconds} s warm-up, ${run.opts.seconds} s measured, ` +
        'each; every request a new URL (&_bench=<n>), so no remembered answer of a URL is used; the bell asks as ' +
        `${USERS_ASKING} users in turn (their answers are remembered until their inbox changes)\n`,
    );
    const load = {
      connections: run.opts.connections,
      seconds: run.opts.seconds,
      warmupSeconds: run.opts.warmupSeconds,
    };
    const bareBefore = await measure({ ...load, url: run.bareUrl, headers: BROWSER });
    const outcomes: Outcome[] = [];
    for (const c of cases) outcomes.push(await runCase(run, base, tokens, c, false, 'only'));
    const bareAfter = await measure({ ...load, url: run.bareUrl, headers: BROWSER });
    console.log('');
    let met = true;
    for (const o of outcomes) {
      o.ok = !o.error && clean(o.figures) && o.figures!.p99 <= BUDGET_P99_MS;
      met &&= o.ok;
      const ratio = o.figures
        ? `${((o.figures.requestsPerSecond / bareBefore.requestsPerSecond) * 100).toFixed(1)}%`
        : '';
      console.log(`${o.name.padEnd(46)} ${figuresCells(o.figures)} ${ratio.padStart(6)}  ${o.ok ? 'ok' : 'NOT MET'}`);
    }
    console.log(`${'(bare Fastify route, before the cases)'.padEnd(46)} ${figuresCells(bareBefore)}`);
    console.log(`${'(bare Fastify route, after the cases)'.padEnd(46)} ${figuresCells(bareAfter)}`);
    console.log('totals as the lists answered them:');
    for (const o of outcomes) console.log(`  ${o.name}: ${o.error ? `check FAILED — ${o.error}` : o.note}`);
    if (run.opts.rows < BUDGET_ROWS) {
      console.log(`(the budget is set for ${count(BUDGET_ROWS)} rows; this run used ${count(run.opts.rows)}: not met)`);
      met = false;
    }
    console.log(
      `phase scale (${database.label}): budget p99 ≤ ${BUDGET_P99_MS} ms per case, 0 non-2xx/errors: ${met ? 'met' : 'NOT met'}\n`,
    );
    return met;
  } finally {
    await probe.close();
    await child.stop();
  }
}

export async function listsBench(repoRoot: string, opts: ListsBenchOptions): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), 'houtai-bench-lists-'));
  const run: Run = {
    repoRoot,
    work,
    prefix: (process.env.API_PREFIX ?? '/api').replace(/\/+$/, ''),
    password: `Bn${randomBytes(8).toString('hex')}`,
    bareUrl: '',
    opts,
    children: [],
  };
  try {
    const barePort = await freePort();
    const bare = startNode(path.join(repoRoot, 'bench/src/bare-server.ts'), [], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(barePort) },
      logFile: path.join(work, 'bare.log'),
    });
    run.children.push(bare);
    run.bareUrl = `http://127.0.0.1:${barePort}/bare`;
    await waitForHttp(run.bareUrl, bare, 30_000);

    const results: [string, boolean][] = [];
    if (opts.phase === 'plain' || opts.phase === 'both') results.push(['plain', await plainPhase(run)]);
    if (opts.phase !== 'plain') {
      if (opts.phase !== 'postgres') {
        results.push(['scale SQLite', await scalePhase(run, { label: 'SQLite', databaseUrl: null })]);
      }
      const pgServer = process.env.TEST_DATABASE_URL;
      if (pgServer) {
        results.push([
          'scale PostgreSQL',
          await withPostgresDatabase(pgServer, (url) => scalePhase(run, { label: 'PostgreSQL', databaseUrl: url })),
        ]);
      } else if (opts.phase === 'postgres') {
        console.log(
          '--phase postgres needs TEST_DATABASE_URL (a PostgreSQL server the bench may create a database on)',
        );
        results.push(['scale PostgreSQL', false]);
      } else {
        console.log('(PostgreSQL: not run; set TEST_DATABASE_URL to run the scale phase on PostgreSQL too)');
      }
    }
    for (const [phase, ok] of results) console.log(`${phase}: ${ok ? 'met' : 'NOT met'}`);
    const met = results.every(([, ok]) => ok);
    console.log(met ? 'budget: met' : 'budget: NOT met');
    return met;
  } finally {
    await Promise.all(run.children.map((c) => c.stop()));
    // BENCH_KEEP=1 keeps the temporary folders (databases, server logs) to look into a run.
    if (process.env.BENCH_KEEP === '1') console.log(`kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}
