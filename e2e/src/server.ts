/**
 * Playwright global setup: builds the web app when needed, starts the real server on a temporary
 * DATA_DIR, a free port and a random admin password, and returns the teardown that stops it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ENV_ADMIN_PASSWORD, ENV_BASE_URL, ENV_SERVER_LOG, IN_CI, REPO_ROOT, SKIP_REASON } from './env.ts';

const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const WEB_DIST = path.join(WEB_DIR, 'dist');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

/** Newest modification time under the given paths (files or folders), node_modules excluded. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

function webBuildIsStale(): boolean {
  const index = path.join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = newestMtime([
    path.join(WEB_DIR, 'src'),
    path.join(WEB_DIR, 'index.html'),
    path.join(WEB_DIR, 'vite.config.ts'),
    path.join(WEB_DIR, 'package.json'),
    path.join(REPO_ROOT, 'packages/shared/src'),
  ]);
  return sources > built;
}

function buildWeb(): void {
  console.log('[e2e] building the web app (apps/web/dist is missing or older than its sources)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, ['run', 'build', '-w', '@houtai/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`web build failed (exit ${res.status ?? res.signal})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Random, and valid under the password rule (letters, digits and '_'). */
function randomPassword(): string {
  return `E2e_${randomBytes(6).toString('hex')}`;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited early (${child.exitCode ?? child.signalCode}). Log:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer at ${url} within ${START_TIMEOUT_MS} ms. Log:\n${tail(logFile)}`);
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (SKIP_REASON) {
    if (IN_CI) throw new Error(SKIP_REASON.replace('skipped', 'cannot run in CI'));
    console.warn(`[e2e] ${SKIP_REASON}`);
    return;
  }
  if (webBuildIsStale()) buildWeb();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'houtai-e2e-'));
  const port = await freePort();
  const password = randomPassword();
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    HOUTAI_ADMIN_PASSWORD: password,
    // Addresses of the external systems, so that the header's quick links and ERP entrance show.
    LINK_ACCOUNTING_URL: 'https://accounting.example.test/',
    LINK_WAREHOUSE_URL: 'https://warehouse.example.test/',
    LINK_LOGISTICS_URL: 'https://logistics.example.test/',
    LINK_ERP_URL: 'https://erp.example.test/sso',
    WEB_DIST,
    NODE_ENV: 'development',
  };
  // The browser test owns its database: never a shared PostgreSQL, Redis or storage.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.STORAGE_URL;
  delete env.API_PREFIX;

  // `node --import tsx` keeps the server in this one process, so its pid is the one to stop.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'start'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(
        () => child.pid && child.exitCode === null && process.kill(child.pid, 'SIGKILL'),
        STOP_TIMEOUT_MS,
      );
      await exited(child);
      clearTimeout(timer);
    }
    if (process.env.HOUTAI_E2E_KEEP_DATA) console.log(`[e2e] data and server log kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilAnswering(`${baseUrl}/user/login`, child, logFile);
  } catch (e) {
    await stop();
    throw e;
  }
  console.log(`[e2e] server pid ${child.pid} at ${baseUrl} (DATA_DIR ${dataDir})`);
  process.env[ENV_BASE_URL] = baseUrl;
  process.env[ENV_ADMIN_PASSWORD] = password;
  process.env[ENV_SERVER_LOG] = logFile;
  return stop;
}
