/**
 * `npm run bench -- excel [--rows N] [--import-rows N]`: the task centre's export of 1,000,000 work orders × 10
 * columns and import of 100,000 rows, against a bare exceljs streaming write and read of the same rows.
 *
 * Setup (not measured): the real schema and base data (`main.ts seed`, demo people on) in a temporary DATA_DIR,
 * then N work orders inserted straight into SQLite in large transactions, and the import's .xlsx written.
 * Measured, one fresh process each:
 *   - yardstick write: exceljs WorkbookWriter writes the export's cells (same rows, order, sheets of 100,000);
 *   - yardstick read: exceljs WorkbookReader reads that file back;
 *   - export: the real server (`main.ts start`, NODE_ENV=production, SQLite); POST /task/asyncTask/add with the
 *     list's export url, polled through /task/asyncTask/list/mine until done; the task's own duration, the server's
 *     peak RSS during it (VmHWM, reset before the task), and the file checked (its sheets counted);
 *   - import: the .xlsx uploaded (POST /sys/common/upload?biz=import) and POST /task/asyncTask/add {businessType,
 *     importUrl}; the task's duration, and the rows counted in the database.
 * Budgets (issue 5): export ≤ 2× the bare write and peak RSS ≤ 150 MB above the bare write's; import ≤ 30 s.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { cellText } from '../../apps/server/src/excel/header-map.ts';
import { readWorkbook } from '../../apps/server/src/excel/reader.ts';
import { EXPORT_TITLES, exportedCells, workOrderRow, type Person, type WorkOrderSeedRow } from './excel-data.ts';
import { mb, resetPeak, sampleRss, statusKb } from './lib/memory.ts';
import { freePort, startNode, waitForHttp, type Child } from './lib/processes.ts';

const BUDGET_TIME_RATIO = 2;
const BUDGET_EXTRA_RSS_KB = 150 * 1024;
const BUDGET_IMPORT_MS = 30_000;
const BUDGET_ROWS = 1_000_000;
const BUDGET_IMPORT_ROWS = 100_000;
const TASK_TIMEOUT_MS = 15 * 60_000;
/** Rows per seeding transaction. */
const SEED_CHUNK = 50_000;

export interface ExcelBenchOptions {
  rows: number;
  importRows: number;
}

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

interface TaskRecord {
  id: string;
  status: string;
  content: string | null;
  duration: number | null;
  downloadUrl: string | null;
}

/** One bare job's figures (excel-bare.ts), with the peak RSS the bench sampled as a cross-check. */
interface JobFigures {
  ms: number;
  maxRssKb: number;
  sampledKb: number;
  rows: number;
  bytes: number;
}

function fmtS(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Runs `node --import tsx bench/src/excel-bare.ts …` in a fresh process and answers its JSON line. */
async function bareJob(repoRoot: string, args: string[], env: NodeJS.ProcessEnv): Promise<JobFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/src/excel-bare.ts'), ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const sampler = sampleRss(child.pid!);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const sampledKb = sampler.stop();
  if (code !== 0) throw new Error(`excel-bare.ts ${args[0]} failed (exit ${code}): ${err.trim()}`);
  const line = out.trim().split('\n').at(-1) ?? '';
  return { ...(JSON.parse(line) as Omit<JobFigures, 'sampledKb'>), sampledKb };
}

/** Runs a server CLI command (`main.ts seed`) to its end. */
async function serverCommand(repoRoot: string, command: string, env: NodeJS.ProcessEnv, logFile: string) {
  const child = startNode(path.join(repoRoot, 'apps/server/src/main.ts'), [command], { cwd: repoRoot, env, logFile });
  const code = await new Promise<number | null>((resolve) => child.process.once('exit', resolve));
  if (code !== 0) throw new Error(`main.ts ${command} failed (exit ${code}); see ${logFile}`);
}

/** The people of the seeded base data (demo users on): the names the export shows. */
function peopleOf(db: Database.Database): Person[] {
  const rows = db
    .prepare('select id, username, realname from sys_user where del_flag = 0 and status = 1 order by username')
    .all() as { id: string; username: string; realname: string | null }[];
  return rows.map((r) => ({ id: r.id, username: r.username, name: r.realname || r.username }));
}

/** N work orders straight into SQLite (setup, not measured): large transactions, one prepared statement. */
function seedWorkOrders(db: Database.Database, rows: number, people: readonly Person[]): void {
  db.exec('delete from bi_work_order_log; delete from bi_work_order; delete from bi_work_order_seq;');
  const columns: (keyof WorkOrderSeedRow)[] = [
    'id',
    'order_no',
    'title',
    'content',
    'priority',
    'status',
    'reporter_id',
    'assignee_id',
    'closed_by',
    'closed_time',
    'close_note',
    'create_by',
    'create_time',
    'update_by',
    'update_time',
  ];
  const insert = db.prepare(
    `insert into bi_work_order (${columns.join(', ')}, version) values (${columns.map(() => '?').join(', ')}, 1)`,
  );
  const chunk = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const row = workOrderRow(i, people);
      insert.run(columns.map((c) => row[c]));
    }
  });
  for (let from = 0; from < rows; from += SEED_CHUNK) chunk(from, Math.min(rows, from + SEED_CHUNK));
}

/** Rows checked at the start of the export against the yardstick's cells. */
const CHECKED_ROWS = 1000;

/**
 * The export holds what the yardstick writes: the header and the first rows of its first sheet, read with the
 * server's own reader, are the yardstick's cells (so the two runs write the same rows).
 */
async function checkExport(file: string, rows: number, people: readonly Person[]): Promise<void> {
  let n = -1;
  // Our own export, far beyond an upload's limits: only the first sheet's first rows are read.
  const limits = { maxFileBytes: 2 ** 40, maxEntryBytes: 2 ** 40, maxTotalBytes: 2 ** 40, maxRatio: 1000 };
  for await (const row of readWorkbook(file, { limits })) {
    const got = row.values.map((v) => cellText(v));
    const want = n < 0 ? EXPORT_TITLES : exportedCells(rows - 1 - n, people).map((v) => v ?? '');
    while (got.length < want.length) got.push('');
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      throw new Error(`export row ${row.rowNumber} is ${JSON.stringify(got)}, the yardstick's ${JSON.stringify(want)}`);
    }
    if (++n >= Math.min(rows, CHECKED_ROWS)) break;
  }
}

/** Worksheet parts of an .xlsx, from its zip central directory. */
function worksheetsOf(file: string): number {
  const buf = readFileSync(file);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip`);
  const entries = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  let sheets = 0;
  for (let e = 0; e < entries; e++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: bad central directory`);
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) sheets++;
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return sheets;
}

export async function excelBench(repoRoot: string, opts: ExcelBenchOptions): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), 'houtai-bench-excel-'));
  const children: Child[] = [];
  const prefix = (process.env.API_PREFIX ?? '/api').replace(/\/+$/, '');
  try {
    const port = await freePort();
    const password = `Bn${randomBytes(8).toString('hex')}`;
    const dataDir = path.join(work, 'data');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      HOUTAI_ADMIN_PASSWORD: password,
      API_PREFIX: prefix,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // Demo people: the orders name reporters, assignees and closers.
      HOUTAI_DEMO_DATA: 'true',
    };
    // The default single-process setup (embedded SQLite, in-process runner, local files), whatever the shell holds.
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.STORAGE_URL;
    delete env.TASK_CONCURRENCY;

    // ---- setup
    let t0 = performance.now();
    await serverCommand(repoRoot, 'seed', env, path.join(work, 'seed.log'));
    const sqlite = new Database(path.join(dataDir, 'houtai.sqlite'));
    let people: Person[];
    try {
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('synchronous = OFF');
      people = peopleOf(sqlite);
      seedWorkOrders(sqlite, opts.rows, people);
    } finally {
      sqlite.close();
    }
    console.log(
      `setup: ${count(opts.rows)} work orders seeded into SQLite in ${fmtS(performance.now() - t0)} ` +
        `(${people.length} people)`,
    );
    t0 = performance.now();
    const importFile = path.join(work, '工单导入.xlsx');
    const made = await bareJob(repoRoot, ['import-file', importFile, String(opts.importRows)], env);
    console.log(
      `setup: import file of ${count(opts.importRows)} rows × 3 columns, ${(made.bytes / 2 ** 20).toFixed(1)} MB, ` +
        `written in ${fmtS(performance.now() - t0)}`,
    );

    // ---- yardstick: bare exceljs, no server
    const bareFile = path.join(work, 'bare.xlsx');
    const jobEnv = { ...env, BENCH_PEOPLE: JSON.stringify(people) };
    const bareWrite = await bareJob(repoRoot, ['write', bareFile, String(opts.rows)], jobEnv);
    console.log(
      `bare exceljs streaming write: ${count(bareWrite.rows)} rows × 10 columns in ${fmtS(bareWrite.ms)}, ` +
        `peak RSS ${mb(bareWrite.maxRssKb)} (sampled ${mb(bareWrite.sampledKb)}), ` +
        `${(bareWrite.bytes / 2 ** 20).toFixed(1)} MB`,
    );
    const bareRead = await bareJob(repoRoot, ['read', bareFile], jobEnv);
    console.log(
      `bare exceljs streaming read: ${count(bareRead.rows)} rows (headers included) in ${fmtS(bareRead.ms)}, ` +
        `peak RSS ${mb(bareRead.maxRssKb)} (sampled ${mb(bareRead.sampledKb)})`,
    );
    rmSync(bareFile, { force: true });

    // ---- the real server
    const server = startNode(path.join(repoRoot, 'apps/server/src/main.ts'), ['start'], {
      cwd: repoRoot,
      env,
      logFile: path.join(work, 'server.log'),
    });
    children.push(server);
    const pid = server.process.pid!;
    const base = `http://127.0.0.1:${port}${prefix}`;
    await waitForHttp(`${base}/`, server, 120_000);
    let token = '';
    const call = async <T>(url: string, init: RequestInit = {}, json = true): Promise<Envelope<T>> => {
      const res = await fetch(`${base}${url}`, {
        ...init,
        headers: {
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...(token ? { 'X-Access-Token': token } : {}),
        },
      });
      const body = (await res.json()) as Envelope<T>;
      if (res.status !== 200 || !body.success) throw new Error(`${url}: HTTP ${res.status} ${body.message}`);
      return body;
    };
    token = (
      await call<{ token: string }>('/sys/login', {
        method: 'POST',
        body: JSON.stringify({ username: 'admin', password }),
      })
    ).result.token;
    const idleKb = statusKb(pid, 'VmRSS') ?? 0;
    console.log(`server: up, RSS ${mb(idleKb)} when idle`);

    /** Adds a task, waits for its end; the server's peak RSS over the task (VmHWM reset before it). */
    const runTask = async (body: Record<string, unknown>) => {
      const exact = resetPeak(pid);
      const sampler = sampleRss(pid);
      const started = performance.now();
      const id = (await call<string>('/task/asyncTask/add', { method: 'POST', body: JSON.stringify(body) })).result;
      let task: TaskRecord | undefined;
      for (;;) {
        await sleep(250);
        const page = await call<{ records: TaskRecord[] }>('/task/asyncTask/list/mine?pageSize=20');
        task = page.result.records.find((r) => r.id === id);
        if (task && task.status !== '1') break;
        if (performance.now() - started > TASK_TIMEOUT_MS) throw new Error(`task ${id} did not finish`);
      }
      const wallMs = performance.now() - started;
      const sampledKb = sampler.stop();
      const peakKb = (exact ? statusKb(pid, 'VmHWM') : null) ?? sampledKb;
      if (task.status !== '2') throw new Error(`task ${id} failed: ${task.content}`);
      return { task, wallMs, peakKb, sampledKb, exact };
    };

    // ---- export through the task centre
    const exported = await runTask({ url: '/bi/workOrder/exportXls', name: '工单导出', params: {} });
    const exportMs = exported.task.duration ?? exported.wallMs;
    if (!exported.task.content?.includes(`共 ${opts.rows} 行`)) {
      throw new Error(`the export did not write ${opts.rows} rows: ${exported.task.content}`);
    }
    const exportFile = path.join(work, 'export.xlsx');
    const download = await fetch(`${base}/sys/common/static/${exported.task.downloadUrl}`, {
      headers: { 'X-Access-Token': token },
    });
    if (download.status !== 200 || !download.body) throw new Error(`download of the export: HTTP ${download.status}`);
    await pipeline(Readable.fromWeb(download.body), createWriteStream(exportFile));
    await checkExport(exportFile, opts.rows, people);
    const sheets = worksheetsOf(exportFile);
    const expectedSheets = Math.max(1, Math.ceil(opts.rows / 100_000));
    if (sheets !== expectedSheets) throw new Error(`the export has ${sheets} sheets, not ${expectedSheets}`);
    console.log(
      `export task: ${exported.task.content}; ${fmtS(exportMs)} (task duration; ${fmtS(exported.wallMs)} from add ` +
        `to seen done), server peak RSS ${mb(exported.peakKb)} (${exported.exact ? 'VmHWM' : 'sampled'}; sampled ` +
        `${mb(exported.sampledKb)}), ${(statSync(exportFile).size / 2 ** 20).toFixed(1)} MB in ${sheets} sheets`,
    );
    rmSync(exportFile, { force: true });

    // ---- import through the task centre
    const form = new FormData();
    form.append('file', new Blob([readFileSync(importFile)]), '工单导入.xlsx');
    const uploaded = await call<{ path: string }>(
      '/sys/common/upload?biz=import',
      { method: 'POST', body: form },
      false,
    );
    const imported = await runTask({ businessType: 'WORK_ORDER', importUrl: uploaded.result.path, name: '工单导入' });
    const importMs = imported.task.duration ?? imported.wallMs;
    if (imported.task.downloadUrl !== null || !imported.task.content?.includes(`成功 ${opts.importRows} 行`)) {
      throw new Error(`the import did not take every row: ${imported.task.content}`);
    }
    const check = new Database(path.join(dataDir, 'houtai.sqlite'), { readonly: true });
    let orders: number;
    let created: number;
    try {
      orders = (check.prepare('select count(*) from bi_work_order').pluck().get() as number) - opts.rows;
      created = check.prepare("select count(*) from bi_work_order_log where action = 'create'").pluck().get() as number;
    } finally {
      check.close();
    }
    if (orders !== opts.importRows || created !== opts.importRows) {
      throw new Error(`the import wrote ${orders} orders and ${created} history lines, not ${opts.importRows}`);
    }
    console.log(
      `import task: ${imported.task.content}; ${fmtS(importMs)} (task duration; ${fmtS(imported.wallMs)} from add ` +
        `to seen done), server peak RSS ${mb(imported.peakKb)}; ${count(orders)} orders with their 创建 line`,
    );

    // ---- budgets
    const timeRatio = exportMs / bareWrite.ms;
    const extraKb = exported.peakKb - bareWrite.maxRssKb;
    const checks = [
      {
        what: 'export time vs bare write',
        value: `${fmtS(exportMs)} / ${fmtS(bareWrite.ms)} = ${timeRatio.toFixed(2)}×`,
        budget: `≤ ${BUDGET_TIME_RATIO}×`,
        ok: timeRatio <= BUDGET_TIME_RATIO,
      },
      {
        what: 'export peak RSS above bare write',
        value: `${mb(exported.peakKb)} − ${mb(bareWrite.maxRssKb)} = ${extraKb < 0 ? '−' : ''}${mb(Math.abs(extraKb))}`,
        budget: `≤ ${mb(BUDGET_EXTRA_RSS_KB)}`,
        ok: extraKb <= BUDGET_EXTRA_RSS_KB,
      },
      {
        what: `import of ${count(opts.importRows)} rows`,
        value: fmtS(importMs),
        budget: `≤ ${fmtS(BUDGET_IMPORT_MS)}`,
        ok: importMs <= BUDGET_IMPORT_MS,
      },
    ];
    console.log('');
    const table = [
      ['', 'time', 'peak RSS'],
      ['bare exceljs write (yardstick)', fmtS(bareWrite.ms), mb(bareWrite.maxRssKb)],
      ['bare exceljs read', fmtS(bareRead.ms), mb(bareRead.maxRssKb)],
      ['task-centre export', fmtS(exportMs), mb(exported.peakKb)],
      ['task-centre import', fmtS(importMs), mb(imported.peakKb)],
    ];
    for (const [a, b, c] of table) console.log(`${a!.padEnd(32)}${b!.padStart(10)}${c!.padStart(12)}`);
    console.log('');
    for (const c of checks) console.log(`${c.what}: ${c.value} (budget ${c.budget}) ${c.ok ? 'ok' : 'NOT MET'}`);
    if (opts.rows !== BUDGET_ROWS || opts.importRows !== BUDGET_IMPORT_ROWS) {
      console.log(
        `(the budgets are set for ${count(BUDGET_ROWS)} exported and ${count(BUDGET_IMPORT_ROWS)} imported rows; ` +
          `this run used ${count(opts.rows)} and ${count(opts.importRows)})`,
      );
    }
    const met = checks.every((c) => c.ok);
    console.log(met ? 'budget: met' : 'budget: NOT met');
    return met;
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    // BENCH_KEEP=1 keeps the temporary folder (database, server log) to look into a run.
    if (process.env.BENCH_KEEP === '1') console.log(`kept: ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}
