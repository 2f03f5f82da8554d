/**
 * `npm run bench -- grid` (issue 13): our editable grid next to AG Grid, antd's virtual Table and a bare TanStack
 * Virtual floor, in the shared harness ../shared/bench-peers/grid (its README has the page contract). This builds
 * fixtures/editable-grid (our widget with its features on, 32 px rows in the harness's 1240 × 680 box), serves it
 * on 127.0.0.1 and runs the harness with `--extra 'ours=…?rows={rows}&cols={cols}'`.
 * `npm run bench -- grid --serve-only --port N` only serves the page, at http://127.0.0.1:N/?rows=R&cols=C, until
 * stopped (other tools use this form).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, serveStatic } from './web.ts';

export interface GridBenchOptions {
  serveOnly: boolean;
  port: number;
  /** Passed to the harness as they are (--runs, --sizes, --scroll-ms, --md …). */
  harnessArgs: string[];
}

/** The harness folder: HOUTAI_BENCH_PEERS, else ../shared/bench-peers beside the repository. */
export function benchPeersDir(repoRoot: string): string {
  const candidates = [
    process.env.HOUTAI_BENCH_PEERS,
    path.resolve(repoRoot, '../shared/bench-peers'),
    '/work/shared/bench-peers',
  ].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(path.join(p, 'grid', 'run.mjs')));
  if (!found) throw new Error(`the grid harness is not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function buildGridPage(repoRoot: string, outDir: string): Promise<void> {
  await build({
    root: path.join(repoRoot, 'bench/fixtures/editable-grid'),
    plugins: [react()],
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
}

function runHarness(dir: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    // Vite's build() above set NODE_ENV=production in this process: passed on, the harness's `npm ci` would leave
    // out its dev dependencies (vite among them) and its build would fail.
    const env = { ...process.env };
    delete env.NODE_ENV;
    const child = spawn(process.execPath, ['run.mjs', ...args], { cwd: dir, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Budget of issue 13: full validation of 100,000 rows × 20 columns (required + unique + pattern). */
export const VALIDATION_BUDGET_MS = 150;

interface ValidationFigures {
  medianMs: number;
  minMs: number;
  maxMs: number;
  errors: number;
  rows: number;
  cols: number;
}

/** Opens the page in validate mode in Chromium and reads the median of its 7 timed runs. */
export async function measureValidation(url: string, rows: number, cols: number): Promise<ValidationFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/?mode=validate&rows=${rows}&cols=${cols}`);
    const handle = await page.waitForFunction(
      () => {
        // Runs in the page (the bench compiles without the DOM's types).
        const w = globalThis as unknown as { __validateResult?: ValidationFigures; __gridError?: string };
        return w.__validateResult ?? w.__gridError;
      },
      null,
      { timeout: 120_000 },
    );
    const value: unknown = await handle.jsonValue();
    if (typeof value === 'string') throw new Error(`validation page failed: ${value}`);
    return value as ValidationFigures;
  } finally {
    await browser.close();
  }
}

export async function gridBench(repoRoot: string, options: GridBenchOptions): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), 'houtai-bench-grid-'));
  const out = path.join(work, 'page');
  try {
    console.log('building the grid page (bench/fixtures/editable-grid) …');
    await buildGridPage(repoRoot, out);
    const { server, url } = await serveStatic(out, options.port);
    try {
      if (options.serveOnly) {
        console.log(`serving the grid page at ${url}/?rows=100000&cols=20 — Ctrl-C stops it`);
        await new Promise<void>((resolve) => {
          process.once('SIGINT', resolve);
          process.once('SIGTERM', resolve);
        });
        return true;
      }
      const harness = path.join(benchPeersDir(repoRoot), 'grid');
      const code = await runHarness(harness, [
        ...options.harnessArgs,
        '--extra',
        `ours=${url}/?rows={rows}&cols={cols}`,
      ]);
      console.log('\nfull validation in Chromium (required + pattern on every column, unique on 单据编号 and 序号):');
      const v = await measureValidation(url, 100_000, 20);
      const ok = v.medianMs <= VALIDATION_BUDGET_MS;
      console.log(
        `${v.rows} rows × ${v.cols} columns: median ${v.medianMs.toFixed(1)} ms of 7 (min ${v.minMs.toFixed(1)}, ` +
          `max ${v.maxMs.toFixed(1)}), ${v.errors} failing cells`,
      );
      console.log(
        `${ok ? 'ok  ' : 'MISS'} full validation: ${v.medianMs.toFixed(1)} ms (budget ≤ ${VALIDATION_BUDGET_MS} ms)`,
      );
      return code === 0 && ok;
    } finally {
      server.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
