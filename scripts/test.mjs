#!/usr/bin/env node
// `npm test`: every suite, then ONE closing line `N passed, N failed[, N skipped]` summed over all runners.
//  1. Vitest, all projects (shared, server, web) — the server suite on SQLite (TEST_* unset).
//  2. When TEST_DATABASE_URL or TEST_REDIS_URL is set: the server project again against PostgreSQL/Redis.
//  3. Playwright e2e (`npm run test -w @houtai/e2e`, writes reports/e2e.json).
// Each runner writes a JSON report under reports/; the counts come from those reports, not from console text.
// Exits non-zero when anything failed, when a runner crashed without a report, or when no test ran at all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'reports');
mkdirSync(reports, { recursive: true });

/** @type {{ name: string, passed: number, failed: number, skipped: number, note?: string }[]} */
const results = [];
/** The names of failed tests, per runner, repeated at the end so that the last lines of a red run say what failed. */
/** @type {string[]} */
const failures = [];
/** Tests that failed an attempt and passed on a retry, with the failed attempt's reason. */
/** @type {string[]} */
const retried = [];

function run(cmd, args, env) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.error) console.error(`[test] could not run ${cmd}: ${r.error.message}`);
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A runner that exited non-zero without a failing test in its report still counts as one failure. */
function record(name, counts, exitCode) {
  if (!counts) {
    results.push({ name, passed: 0, failed: 1, skipped: 0, note: `no report (exit code ${exitCode})` });
    return;
  }
  if (exitCode !== 0 && counts.failed === 0) {
    results.push({
      ...counts,
      name,
      failed: 1,
      note: `exit code ${exitCode} without a failing test (load or setup error)`,
    });
    return;
  }
  results.push({ name, ...counts });
}

function vitestCounts(file, name) {
  const j = readJson(file);
  if (!j || typeof j.numTotalTests !== 'number') return null;
  for (const f of j.testResults ?? []) {
    const where = path.relative(root, f.name ?? '');
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      failures.push(`${name}: ${where} › ${a.fullName ?? a.title}`);
      // The assertion's own words (its first lines, no stack), so that a red CI says why, not only what.
      for (const m of (a.failureMessages ?? []).slice(0, 1)) failures.push(...messageLines(m).map((l) => `    ${l}`));
    }
    // Passed on a retry (vitest keeps the failed attempts' errors): counted as passed, listed with their reason.
    for (const a of (f.assertionResults ?? []).filter((x) => x.status === 'passed' && x.failureMessages?.length)) {
      retried.push(`${name}: ${where} › ${a.fullName ?? a.title}`);
      retried.push(...messageLines(a.failureMessages[0]).map((l) => `    ${l}`));
    }
    if (failed.length === 0 && f.status === 'failed') failures.push(`${name}: ${where} (${firstLine(f.message)})`);
  }
  return {
    passed: j.numPassedTests,
    failed: j.numFailedTests,
    skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
  };
}

function firstLine(text) {
  return String(text ?? 'failed to load')
    .split('\n')[0]
    .slice(0, 300);
}

/** The first lines of a failure message before its stack, each cut at 300 characters, colour codes removed. */
function messageLines(text) {
  const lines = [];
  // eslint-disable-next-line no-control-regex -- the escape that starts a colour code
  const colours = /\u001b\[[0-9;]*m/g;
  for (const l of String(text ?? '')
    .replace(colours, '')
    .split('\n')) {
    if (/^\s*at\s/.test(l) || lines.length >= 6) break;
    if (l.trim()) lines.push(l.slice(0, 300));
  }
  return lines;
}

/** Playwright's JSON report nests suites (file › describe › …); a spec failed when any of its tests did. */
function playwrightFailures(suite, name) {
  for (const spec of suite.specs ?? []) {
    const bad = (spec.tests ?? []).some((t) => t.status === 'unexpected');
    if (!bad) continue;
    failures.push(`${name}: ${spec.file}:${spec.line} › ${spec.title}`);
    const error = (spec.tests ?? []).flatMap((t) => t.results ?? []).find((r) => r.error)?.error;
    if (error) failures.push(...messageLines(error.message).map((l) => `    ${l}`));
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, name);
}

function playwrightCounts(file, name) {
  const report = readJson(file);
  for (const suite of report?.suites ?? []) playwrightFailures(suite, name);
  const s = report?.stats;
  if (!s || typeof s.expected !== 'number') return null;
  // `flaky` passed on a retry: counted as passed, Playwright lists them in its own output.
  return { passed: s.expected + (s.flaky ?? 0), failed: s.unexpected, skipped: s.skipped ?? 0 };
}

function vitest(name, reportName, extraArgs, env) {
  const file = path.join(reports, reportName);
  rmSync(file, { force: true });
  console.log(`\n[test] ${name}`);
  const code = run(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...extraArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.relative(root, file)}`,
    ],
    env,
  );
  record(name, vitestCounts(file, name), code);
}

const baseEnv = { ...process.env };
const pgUrl = baseEnv.TEST_DATABASE_URL;
const redisUrl = baseEnv.TEST_REDIS_URL;
// The first pass is the default single-process setup: embedded SQLite, in-process hub and queue.
delete baseEnv.TEST_DATABASE_URL;
delete baseEnv.TEST_REDIS_URL;

vitest('vitest (shared, server on SQLite, web)', 'vitest.json', [], baseEnv);

if (pgUrl || redisUrl) {
  const env = { ...baseEnv };
  if (pgUrl) env.TEST_DATABASE_URL = pgUrl;
  if (redisUrl) env.TEST_REDIS_URL = redisUrl;
  const what = [pgUrl && 'PostgreSQL', redisUrl && 'Redis'].filter(Boolean).join(' + ');
  vitest(`vitest (server on ${what})`, 'vitest-server-scaleout.json', ['--project', 'server'], env);
}

const e2eConfig = ['playwright.config.ts', 'playwright.config.js', 'playwright.config.mjs'].find((f) =>
  existsSync(path.join(root, 'e2e', f)),
);
if (e2eConfig) {
  const file = path.join(reports, 'e2e.json');
  rmSync(file, { force: true });
  console.log('\n[test] playwright e2e');
  const npmCli = process.env.npm_execpath;
  const code =
    npmCli && /\.c?js$/.test(npmCli)
      ? run(process.execPath, [npmCli, 'run', 'test', '-w', '@houtai/e2e'], baseEnv)
      : run('npm', ['run', 'test', '-w', '@houtai/e2e'], baseEnv);
  record('playwright e2e', playwrightCounts(file, 'playwright e2e'), code);
} else {
  console.warn('\n[test] e2e/playwright.config.ts does not exist yet: no browser tests ran');
}

const total = results.reduce(
  (acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed, skipped: acc.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);

console.log('\n[test] summary');
for (const r of results) {
  const skipped = r.skipped ? `, ${r.skipped} skipped` : '';
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed${skipped}${r.note ? ` — ${r.note}` : ''}`);
}
if (retried.length > 0) {
  console.log('\n[test] passed only on a retry');
  for (const r of retried) console.log(`  ${r}`);
}
if (failures.length > 0) {
  console.log('\n[test] failed');
  for (const f of failures) console.log(`  ${f}`);
}
if (total.passed + total.failed === 0) console.error('[test] no test ran: that counts as a failure');

const line = `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`;
writeFileSync(path.join(reports, 'summary.txt'), `${line}\n`);
console.log(line);
process.exit(total.failed > 0 || total.passed + total.failed === 0 ? 1 : 0);
