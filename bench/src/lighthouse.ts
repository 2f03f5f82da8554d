/**
 * `npm run bench -- lighthouse`: Lighthouse 12 (from npm) in Debian Chromium, mobile (Lighthouse's default
 * emulation and simulated throttling) and desktop (its desktop config), 3 runs of each page per form factor,
 * interleaved (login, bare antd, home, login, bare, home …) so that a busy moment of the machine hits all pages
 * alike; medians per figure. Pages: our /user/login, the bare antd page of `npm run bench -- web`, and home
 * /dashboard/analysis signed in as admin.
 *
 * Before every run, Playwright (over the same Chrome's DevTools port) empties our origin's storage and the HTTP
 * cache; before the home run it also signs in through the login form, then empties the cache again. Lighthouse
 * runs with disableStorageReset, so it keeps that session in localStorage and starts from a cold cache.
 *
 * Budgets (per form factor): login performance ≥ 0.95 × the bare page's and ≥ 90, home performance ≥ 80, CLS
 * ≤ 0.02, accessibility ≥ 98 and best practices 100 on both of our pages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, signInAdmin, startWebTargets, type WebTargets } from './web.ts';
import {
  checkBudgets,
  figuresOf,
  formatTable,
  medianFigures,
  type FormFactor,
  type PageName,
  type RunFigures,
} from './lib/lighthouse-figures.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ORDER: readonly PageName[] = ['login', 'bare', 'home'];
/** BENCH_LIGHTHOUSE_FORM_FACTORS=mobile (or desktop): one form factor only, for a quicker look while tuning. */
const FORM_FACTORS = (process.env.BENCH_LIGHTHOUSE_FORM_FACTORS ?? 'mobile,desktop')
  .split(',')
  .map((f) => f.trim())
  .filter((f): f is FormFactor => f === 'mobile' || f === 'desktop');
const PAGE_LABEL: Record<PageName, string> = {
  login: '/user/login',
  bare: 'bare antd page',
  home: '/dashboard/analysis (signed in)',
};

/** Chromium's version line (recorded with the figures). */
export function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Sets up Chrome's default profile for the next run: our origin's storage and the HTTP cache emptied (Lighthouse's
 * own storage reset leaves localStorage alone, so a session would survive into the login run), and for the home
 * run a session made through the login form, with the cache emptied again afterwards.
 */
async function prepareProfile(chrome: LaunchedChrome, targets: WebTargets, signedIn: boolean): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: targets.origin, storageTypes: 'all' });
    if (signedIn) await signInAdmin(page, targets.origin, targets.password);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
  } finally {
    await browser.close();
  }
}

async function runOnce(
  chrome: LaunchedChrome,
  targets: WebTargets,
  page: PageName,
  formFactor: FormFactor,
  reportDir: string | null,
  run: number,
): Promise<RunFigures> {
  const url =
    page === 'bare'
      ? `${targets.bareUrl}/`
      : page === 'login'
        ? `${targets.origin}/user/login`
        : `${targets.origin}/dashboard/analysis`;
  await prepareProfile(chrome, targets, page === 'home');
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The profile is prepared above (prepareProfile); Lighthouse's reset would not clear localStorage anyway.
    disableStorageReset: true,
  };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (reportDir) writeFileSync(path.join(reportDir, `${formFactor}-${page}-${run}.json`), result.report as string);
  const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
  if (page !== 'bare' && landed !== new URL(url).pathname)
    throw new Error(`the ${page} run of ${url} ended on ${landed}: the session was not as prepared`);
  return figuresOf(result.lhr);
}

/**
 * Retries of a run that Lighthouse could not record (NO_NAVSTART, NO_FCP and the like happen now and then, twice
 * in a row once on a quiet machine: 2026-11-26, desktop home); the third failure ends the bench.
 */
const RUN_ATTEMPTS = 3;

async function runWithRetry(run: () => Promise<RunFigures>): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= RUN_ATTEMPTS) throw err;
      console.log(`  run failed (${err instanceof Error ? err.message : String(err)}); once more`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

export async function lighthouseBench(repoRoot: string): Promise<boolean> {
  const profile = mkdtempSync(path.join(tmpdir(), 'houtai-bench-lh-'));
  // BENCH_LIGHTHOUSE_REPORTS=<dir>: keep every Lighthouse report (JSON) there, to look at the audits.
  const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS ?? null;
  let targets: WebTargets | null = null;
  let chrome: LaunchedChrome | null = null;
  try {
    console.log(`chromium: ${chromiumVersion()}`);
    targets = await startWebTargets(repoRoot);
    chrome = await launch({
      chromePath: CHROMIUM_PATH,
      userDataDir: profile,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-sync'],
    });
    const rows: { formFactor: FormFactor; page: string; figures: RunFigures }[] = [];
    let ok = true;
    const checks: string[] = [];
    for (const formFactor of FORM_FACTORS) {
      const runs: Record<PageName, RunFigures[]> = { login: [], bare: [], home: [] };
      for (let i = 1; i <= RUNS; i++) {
        for (const page of ORDER) {
          const f = await runWithRetry(() => runOnce(chrome!, targets!, page, formFactor, reportDir, i));
          runs[page].push(f);
          console.log(
            `${formFactor} run ${i} ${PAGE_LABEL[page]}: performance ${f.performance}, LCP ${Math.round(f.lcpMs)} ms, ` +
              `TBT ${Math.round(f.tbtMs)} ms, CLS ${f.cls.toFixed(3)}, a11y ${f.accessibility}, best practices ${f.bestPractices}`,
          );
        }
      }
      const m = { login: medianFigures(runs.login), bare: medianFigures(runs.bare), home: medianFigures(runs.home) };
      for (const page of ORDER) rows.push({ formFactor, page: PAGE_LABEL[page], figures: m[page] });
      for (const c of checkBudgets(formFactor, m)) {
        if (!c.ok) ok = false;
        checks.push(`${c.ok ? 'ok  ' : 'MISS'} ${c.label}: ${c.detail}`);
      }
    }
    console.log(`\nmedians of ${RUNS} runs each (Lighthouse 12, ${chromiumVersion()}):\n`);
    console.log(formatTable(rows));
    console.log('');
    for (const line of checks) console.log(line);
    console.log(ok ? 'budget: met' : 'budget: NOT met');
    return ok;
  } finally {
    chrome?.kill();
    await targets?.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
