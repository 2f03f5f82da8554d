/**
 * `npm run bench -- accounting [--rows N]`: generate documents and synchronise vouchers for N business records
 * (default 100,000) of one period, through the real server's HTTP calls (issue 15; budget: both together ≤ 60 s).
 *
 * Setup (not measured): the real schema and base data (`main.ts seed`, demo data on) in a temporary DATA_DIR, then
 * N records of one organisation (SO002, one ledger) and one period inserted straight into SQLite across the three
 * sources under 采购业务 (A01A01), with amounts and VAT rates drawn from a fixed sequence.
 * Measured: POST /voucher/voucherRecord/batchCreateVoucher and then POST /voucher/voucherRecord/syncVoucher on the
 * real server (`main.ts start`, NODE_ENV=production, SQLite), each as the wall time of its one request. Checked
 * after: N documents and N posted vouchers numbered 记-0001 … 记-N, and a trial balance whose totals balance.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { freePort, startNode, waitForHttp, type Child } from './lib/processes.ts';

const BUDGET_MS = 60_000;
const BUDGET_ROWS = 100_000;
const PERIOD = '2024-01';

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function seedRecords(db: Database.Database, rows: number): string {
  const org = db.prepare("select id from settlement_org where code = 'SO002'").get() as { id: string };
  const insert = db.prepare(
    `insert into acc_biz_record (id, org_id, data_source, biz_date, period, amount, tax_rate, counterparty, summary,
       status, version, create_by, create_time) values (?, ?, ?, ?, ?, ?, ?, ?, ?, '0', 1, 'bench', ?)`,
  );
  const sources = ['A01A01A01', 'A01A01A02', 'A01A01A03'];
  const rates = [1300, 900, 600, 300, 0];
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      insert.run(
        randomBytes(16).toString('hex'),
        org.id,
        sources[i % 3],
        `${PERIOD}-${String(1 + (next() % 28)).padStart(2, '0')}`,
        PERIOD,
        1 + (next() % 10_000_000),
        rates[next() % rates.length],
        '基准往来单位',
        `基准业务 ${i + 1}`,
        now,
      );
    }
  })();
  return org.id;
}

export async function accountingBench(repoRoot: string, opts: { rows: number }): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), 'houtai-bench-accounting-'));
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
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      HOUTAI_DEMO_DATA: 'true',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.STORAGE_URL;

    let t0 = performance.now();
    const seedChild = startNode(path.join(repoRoot, 'apps/server/src/main.ts'), ['seed'], {
      cwd: repoRoot,
      env,
      logFile: path.join(work, 'seed.log'),
    });
    const code = await new Promise<number | null>((resolve) => seedChild.process.once('exit', resolve));
    if (code !== 0) throw new Error(`main.ts seed failed (exit ${code}); see ${work}/seed.log`);
    const sqlite = new Database(path.join(dataDir, 'houtai.sqlite'));
    let orgId: string;
    try {
      sqlite.pragma('journal_mode = WAL');
      orgId = seedRecords(sqlite, opts.rows);
    } finally {
      sqlite.close();
    }
    console.log(
      `setup: ${opts.rows.toLocaleString('en')} business records of ${PERIOD} in ${fmtS(performance.now() - t0)}`,
    );

    const server = startNode(path.join(repoRoot, 'apps/server/src/main.ts'), ['start'], {
      cwd: repoRoot,
      env,
      logFile: path.join(work, 'server.log'),
    });
    children.push(server);
    const base = `http://127.0.0.1:${port}${prefix}`;
    await waitForHttp(`${base}/`, server, 120_000);
    let token = '';
    const call = async <T>(url: string, body?: unknown): Promise<Envelope<T>> => {
      const res = await fetch(`${base}${url}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'X-Access-Token': token } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10 * 60_000),
      });
      const json = (await res.json()) as Envelope<T>;
      if (res.status !== 200 || !json.success) throw new Error(`${url}: HTTP ${res.status} ${json.message}`);
      return json;
    };
    token = (await call<{ token: string }>('/sys/login', { username: 'admin', password })).result.token;

    const request = { date: `${PERIOD}-15`, orgId, dataSource: 'A01A01' };
    t0 = performance.now();
    const generated = await call<{ bills: number }>('/voucher/voucherRecord/batchCreateVoucher', request);
    const generateMs = performance.now() - t0;
    console.log(`generate: ${generated.message} in ${fmtS(generateMs)}`);
    t0 = performance.now();
    const synced = await call<{ vouchers: number }>('/voucher/voucherRecord/syncVoucher', request);
    const syncMs = performance.now() - t0;
    console.log(`sync: ${synced.message} in ${fmtS(syncMs)}`);

    // ---- checks
    const ledgers = (await call<{ id: string; code: string }[]>('/voucher/ledger/myLedgers')).result;
    const ledgerId = ledgers.find((l) => l.code === 'L003')!.id;
    const last = await call<{ records: { voucherNo: string }[]; total: number }>(
      `/voucher/voucherRecord/list?ledgerId=${ledgerId}&period=${PERIOD}&status=1&order=desc&pageSize=1`,
    );
    const tb = await call<{ totals: Record<string, string> }>(
      `/voucher/ledgerBalance/list?ledgerId=${ledgerId}&period=${PERIOD}`,
    );
    const problems: string[] = [];
    if (generated.result.bills !== opts.rows) problems.push(`generated ${generated.result.bills} documents`);
    if (synced.result.vouchers !== opts.rows) problems.push(`posted ${synced.result.vouchers} vouchers`);
    const lastNo = `记-${String(opts.rows).padStart(4, '0')}`;
    if (last.result.total !== opts.rows || last.result.records[0]?.voucherNo !== lastNo) {
      problems.push(`last voucher ${last.result.records[0]?.voucherNo} of ${last.result.total}, expected ${lastNo}`);
    }
    const t = tb.result.totals;
    if (t.periodDebit !== t.periodCredit || t.closingDebit !== t.closingCredit) {
      problems.push(`trial balance does not balance: ${JSON.stringify(t)}`);
    }
    console.log(
      `checked: ${last.result.total} posted, last ${last.result.records[0]?.voucherNo}; trial balance ${t.periodDebit} = ${t.periodCredit}`,
    );
    const total = generateMs + syncMs;
    const full = opts.rows >= BUDGET_ROWS;
    const ok = problems.length === 0 && total <= BUDGET_MS;
    console.log('');
    console.log(
      `budget: generate + sync of ${opts.rows.toLocaleString('en')} records ${fmtS(total)} ≤ ${fmtS(BUDGET_MS)}: ` +
        `${total <= BUDGET_MS ? 'met' : 'MISSED'}${full ? '' : ` (only ${opts.rows} rows: not the budget's size)`}`,
    );
    for (const p of problems) console.log(`PROBLEM: ${p}`);
    return ok && full;
  } finally {
    for (const c of children) c.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(work, { recursive: true, force: true });
  }
}
