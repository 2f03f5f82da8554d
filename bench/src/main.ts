/**
 * Benchmark commands: `npm run bench -- <name> [--connections N] [--seconds N] [--warmup N]`.
 * Figures are recorded in BENCHMARKS.md with the machine, the command and the date that this prints.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { accountingBench } from './accounting.ts';
import { apiBench } from './api.ts';
import { cronBench } from './cron.ts';
import { excelBench } from './excel.ts';
import { gridBench } from './grid.ts';
import { lighthouseBench } from './lighthouse.ts';
import { listsBench } from './lists.ts';
import { soakBench } from './soak.ts';
import { socketsBench } from './sockets.ts';
import { webBench } from './web.ts';
import { wsBench } from './ws.ts';
import { machineInfo } from './lib/load.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface CommonOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Websockets the ws benchmark opens (--sockets, or BENCH_SOCKETS). */
  sockets: number;
  /** Whether --sockets (or BENCH_SOCKETS) was given: the sockets benchmark's default is 10,000, not 2,000. */
  socketsGiven: boolean;
  /** soak: its length in minutes (--minutes; default 10). */
  minutes: number;
  /** Work orders the excel benchmark exports (--rows, or BENCH_ROWS; default 1,000,000). */
  rows: number;
  /** Rows the excel benchmark imports (--import-rows, or BENCH_IMPORT_ROWS; default 100,000). */
  importRows: number;
  /** lists: which phases (--phase plain|scale|both|postgres; default both; postgres: the scale phase there only). */
  phase: 'plain' | 'scale' | 'both' | 'postgres';
  /** grid: only serve the benchmark page (--serve-only) on --port. */
  serveOnly: boolean;
  port: number;
  /** grid: options handed to the harness (--runs, --sizes, --cols, --scroll-ms, --md). */
  harnessArgs: string[];
}

/** One entry per benchmark. Each resolves true when its budget holds. */
const benchmarks: Record<string, { describe: string; run: (o: CommonOptions) => Promise<boolean> }> = {
  api: {
    describe: 'bare Fastify JSON route vs getUserPermissionByToken with a real token (budget: >= 40%)',
    run: (o) => apiBench(repoRoot, o),
  },
  web: {
    describe: 'gzipped JS of /user/login and of the home page vs a bare antd page; time to an interactive home',
    run: () => webBench(repoRoot),
  },
  lighthouse: {
    describe:
      'Lighthouse 12 mobile + desktop, 3 interleaved runs of /user/login, the bare antd page and the signed-in home ' +
      '(budgets: login perf >= 0.95x bare and >= 90, home >= 80, CLS <= 0.02, a11y >= 98, best practices 100)',
    run: () => lighthouseBench(repoRoot),
  },
  ws: {
    describe: 'one announcement released to all users reaches N websockets (default 2000; budget: <= 1 s)',
    run: (o) => wsBench(repoRoot, { sockets: o.sockets }),
  },
  sockets: {
    describe:
      'one broadcast to N websockets of 1,000 users (default 10,000) on one instance and on two (PostgreSQL + Redis, ' +
      'TEST_DATABASE_URL), and a reconnect storm after SIGTERM (budgets: <= 1 s; 0 refusals)',
    run: (o) => socketsBench(repoRoot, { sockets: o.socketsGiven ? o.sockets : 10_000 }),
  },
  soak: {
    describe:
      'mixed traffic at 50 connections and 500 open sockets for --minutes N (default 10) (budgets: 0 errors, ' +
      'p99 of the last minute <= 1.5x minute 2, RSS growth minute 2 -> last <= 10%)',
    run: (o) => soakBench(repoRoot, { minutes: o.minutes, connections: o.connections }),
  },
  excel: {
    describe:
      'task-centre export of 1M work orders x 10 columns and import of 100k rows vs bare exceljs ' +
      '(budgets: export <= 2x the bare write, peak RSS <= +150 MB; import <= 30 s)',
    run: (o) => excelBench(repoRoot, { rows: o.rows, importRows: o.importRows }),
  },
  grid: {
    describe:
      'our editable grid beside AG Grid, antd Table virtual and a TanStack floor in ../shared/bench-peers/grid ' +
      '(--serve-only --port N serves the page only; --runs/--sizes/--cols/--scroll-ms/--md go to the harness)',
    run: (o) => gridBench(repoRoot, { serveOnly: o.serveOnly, port: o.port, harnessArgs: o.harnessArgs }),
  },
  accounting: {
    describe:
      'generate documents + synchronise vouchers for 100,000 business records of one period over HTTP (--rows N; ' +
      'budget: both together <= 60 s)',
    run: (o) => accountingBench(repoRoot, { rows: o.rows === 1_000_000 && !process.env.BENCH_ROWS ? 100_000 : o.rows }),
  },
  lists: {
    describe:
      'work-order list (first page, filter, every sort, page 5,000, advanced query), bell, dictionaries and operate ' +
      'log: on the seeded database vs a bare route (budget: each >= 25%), and at --rows N (default 1M) on SQLite ' +
      'and PostgreSQL (TEST_DATABASE_URL) (budget: p99 <= 50 ms each); --phase plain|scale|both|postgres (the scale phase on TEST_DATABASE_URL only)',
    run: (o) =>
      listsBench(repoRoot, {
        connections: o.connections,
        seconds: o.seconds,
        warmupSeconds: o.warmupSeconds,
        rows: o.rows,
        phase: o.phase,
      }),
  },
  cron: {
    describe:
      'next 10 fire times of every shared Quartz vector, median of 200 runs each (budget: every median <= 1 ms)',
    run: () => cronBench(repoRoot),
  },
};

function usage(): string {
  const names = Object.entries(benchmarks).map(([name, b]) => `  ${name.padEnd(10)} ${b.describe}`);
  return [
    'usage: npm run bench -- <name> [--connections 50] [--seconds 5] [--warmup 2] [--sockets 2000]' +
      ' [--rows 1000000] [--import-rows 100000] [--phase both] [--minutes 10]',
    ...names,
  ].join('\n');
}

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

function phaseOf(raw: string | undefined): CommonOptions['phase'] {
  if (raw === undefined) return 'both';
  if (raw === 'plain' || raw === 'scale' || raw === 'both' || raw === 'postgres') return raw;
  throw new Error('--phase must be plain, scale, both or postgres');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      connections: { type: 'string', short: 'c' },
      seconds: { type: 'string', short: 'd' },
      warmup: { type: 'string' },
      sockets: { type: 'string' },
      minutes: { type: 'string' },
      rows: { type: 'string' },
      'import-rows': { type: 'string' },
      phase: { type: 'string' },
      'serve-only': { type: 'boolean' },
      port: { type: 'string' },
      runs: { type: 'string' },
      sizes: { type: 'string' },
      cols: { type: 'string' },
      'scroll-ms': { type: 'string' },
      md: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const name = positionals[0];
  const bench = name ? benchmarks[name] : undefined;
  if (values.help || !bench) {
    if (!values.help) console.error(name ? `unknown benchmark: ${name}` : 'no benchmark named');
    console.log(usage());
    return values.help ? 0 : 2;
  }
  const options: CommonOptions = {
    connections: positive(values.connections, 50, 'connections'),
    seconds: positive(values.seconds, 5, 'seconds'),
    warmupSeconds: positive(values.warmup, 2, 'warmup'),
    sockets: Math.round(positive(values.sockets ?? process.env.BENCH_SOCKETS, 2000, 'sockets')),
    socketsGiven: (values.sockets ?? process.env.BENCH_SOCKETS) !== undefined,
    minutes: positive(values.minutes, 10, 'minutes'),
    rows: Math.round(positive(values.rows ?? process.env.BENCH_ROWS, 1_000_000, 'rows')),
    importRows: Math.round(positive(values['import-rows'] ?? process.env.BENCH_IMPORT_ROWS, 100_000, 'import-rows')),
    phase: phaseOf(values.phase),
    serveOnly: values['serve-only'] ?? false,
    port: values.port === undefined ? 0 : Math.round(positive(values.port, 0, 'port')),
    harnessArgs: (['runs', 'sizes', 'cols', 'scroll-ms', 'md'] as const).flatMap((k) => {
      const v = values[k];
      if (v === undefined) return [];
      // A file name is the caller's (npm runs the bench in its workspace): resolved from where npm was started.
      return [`--${k}`, k === 'md' ? path.resolve(process.env.INIT_CWD ?? process.cwd(), v) : v];
    }),
  };
  console.log(`benchmark: ${name}  (npm run bench -- ${process.argv.slice(2).join(' ')})`);
  for (const line of machineInfo()) console.log(line);
  console.log('');
  const ok = await bench.run(options);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
