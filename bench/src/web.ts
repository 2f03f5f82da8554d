/**
 * `npm run bench -- web`: gzipped JavaScript loaded by /user/login and by the first signed-in screen, next to a
 * bare antd page (Button + Table + Modal) built in the same run, and the time from navigation to an interactive
 * home in headless Chromium. Budgets: login ≤ 1.1× the bare page; home first load ≤ 1.6× it.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { freePort, startNode, waitForHttp, type Child } from './lib/processes.ts';

const LOGIN_BUDGET = 1.1;
const HOME_BUDGET = 1.6;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Load {
  files: number;
  gzipBytes: number;
  /** Gzipped bytes by file name, largest first (printed with BENCH_VERBOSE=1). */
  byFile: [string, number][];
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;

/** Records every same-origin JavaScript response of the page (deduplicated by URL) and its gzipped size. */
function recordScripts(page: Page, origin: string): () => Promise<Load> {
  const pending: Promise<[string, number]>[] = [];
  page.on('response', (res) => {
    const url = res.url();
    if (!url.startsWith(origin) || !/\.m?js(\?|$)/.test(url)) return;
    pending.push(res.body().then((b) => [url, gzipSync(b).length] as [string, number]));
  });
  return async () => {
    const sizes = new Map(await Promise.all(pending));
    const byFile = [...sizes].map(([url, n]): [string, number] => [url.split('/').pop() ?? url, n]);
    byFile.sort((a, b) => b[1] - a[1]);
    return { files: sizes.size, gzipBytes: [...sizes.values()].reduce((a, b) => a + b, 0), byFile };
  };
}

/**
 * Serves a built static site (the bare antd page) the way our server serves the app: gzipped when the browser
 * accepts it, so that a Lighthouse comparison does not favour either side by transfer encoding.
 */
export function serveStatic(root: string, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const rel = path.normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)).replace(/^([/\\])+/, '');
    let file = path.join(root, rel || 'index.html');
    if (!file.startsWith(root) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      file = path.join(root, 'index.html');
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    const body = readFileSync(file);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': `${type}; charset=utf-8`,
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    res.end(gzip ? gzipSync(body) : body);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      const bound = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({ server, url: `http://127.0.0.1:${bound}` });
    });
  });
}

/** The two sites a web benchmark compares: the bare antd page and our app on a started server. */
export interface WebTargets {
  /** Origin of the bare antd page (served from a temporary directory). */
  bareUrl: string;
  /** Origin of our server (temporary DATA_DIR, production build of the web app). */
  origin: string;
  /** The administrator's password of that server (user `admin`). */
  password: string;
  close: () => Promise<void>;
}

/**
 * Builds the web app (npm run build -w @houtai/web) and the bare antd page, serves the bare page and starts our
 * server on a temporary DATA_DIR with a random administrator password.
 */
export async function startWebTargets(repoRoot: string): Promise<WebTargets> {
  const work = mkdtempSync(path.join(tmpdir(), 'houtai-bench-web-'));
  const children: Child[] = [];
  let bareServer: Server | null = null;
  const close = async () => {
    bareServer?.close();
    await Promise.all(children.map((c) => c.stop()));
    rmSync(work, { recursive: true, force: true });
  };
  try {
    console.log('building the web app (npm run build -w @houtai/web) and the bare antd page …');
    execFileSync('npm', ['run', '--silent', 'build', '-w', '@houtai/web'], { cwd: repoRoot, stdio: 'ignore' });
    const bareOut = path.join(work, 'bare');
    await build({
      root: path.join(repoRoot, 'bench/fixtures/bare-antd'),
      plugins: [react()],
      logLevel: 'silent',
      build: { outDir: bareOut, emptyOutDir: true },
    });
    const bare = await serveStatic(bareOut);
    bareServer = bare.server;

    const port = await freePort();
    const password = `Bw_${randomBytes(8).toString('hex')}`;
    const server = startNode(path.join(repoRoot, 'apps/server/src/main.ts'), ['start'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data'),
        HOUTAI_ADMIN_PASSWORD: password,
        DATABASE_URL: '',
        REDIS_URL: '',
        STORAGE_URL: '',
      },
      logFile: path.join(work, 'server.log'),
    });
    children.push(server);
    const origin = `http://127.0.0.1:${port}`;
    await waitForHttp(`${origin}/user/login`, server, 60_000);
    return { bareUrl: bare.url, origin, password, close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function measurePage(browser: Browser, origin: string, url: string, ready: (p: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = recordScripts(page, origin);
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const load = await scripts();
  await context.close();
  return load;
}

/**
 * Signs in as admin through the login form of `origin` and waits for the frame's user menu (the greeting is not
 * shown in the top-menu header up to 1440 px, so it is no sign of the frame at Playwright's default 1280 px).
 */
export async function signInAdmin(page: Page, origin: string, password: string): Promise<void> {
  await page.goto(`${origin}/user/login`);
  await page.getByLabel('账号', { exact: true }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

async function signedInContext(browser: Browser, origin: string, password: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAdmin(page, origin, password);
  const state = await context.storageState();
  await context.close();
  return browser.newContext({ storageState: state });
}

export async function webBench(repoRoot: string): Promise<boolean> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  let targets: WebTargets | null = null;
  try {
    targets = await startWebTargets(repoRoot);
    const { origin, password } = targets;
    const bare = { url: targets.bareUrl };

    const bareLoad = await measurePage(browser, bare.url, bare.url, (p) => p.getByTestId('ready').waitFor());
    const loginLoad = await measurePage(browser, origin, `${origin}/user/login`, (p) =>
      p.getByTestId('login-submit').waitFor(),
    );

    const home = await signedInContext(browser, origin, password);
    const page = await home.newPage();
    const scripts = recordScripts(page, origin);
    const started = Date.now();
    await page.goto(`${origin}/dashboard/analysis`);
    await page.getByTestId('user-menu').waitFor();
    const interactiveMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const homeLoad = await scripts();
    await home.close();

    const loginRatio = loginLoad.gzipBytes / bareLoad.gzipBytes;
    const homeRatio = homeLoad.gzipBytes / bareLoad.gzipBytes;
    console.log(
      `\nbare antd page (Button + Table + Modal): ${kb(bareLoad.gzipBytes)} gzipped JS in ${bareLoad.files} files`,
    );
    console.log(
      `/user/login: ${kb(loginLoad.gzipBytes)} gzipped JS in ${loginLoad.files} files = ${loginRatio.toFixed(2)}× (budget ≤ ${LOGIN_BUDGET}×)`,
    );
    console.log(
      `first signed-in screen /dashboard/analysis: ${kb(homeLoad.gzipBytes)} gzipped JS in ${homeLoad.files} files = ${homeRatio.toFixed(2)}× (budget ≤ ${HOME_BUDGET}×)`,
    );
    console.log(`navigation to an interactive home (session stored, cold cache): ${interactiveMs} ms`);
    if (process.env.BENCH_VERBOSE === '1') {
      for (const [name, load] of [
        ['/user/login', loginLoad],
        ['/dashboard/analysis', homeLoad],
      ] as const) {
        console.log(`\n${name}, gzipped bytes by file:`);
        for (const [file, n] of load.byFile) console.log(`  ${kb(n).padStart(9)}  ${file}`);
      }
    }
    const ok = loginRatio <= LOGIN_BUDGET && homeRatio <= HOME_BUDGET;
    console.log(ok ? 'budget: met' : 'budget: NOT met');
    return ok;
  } finally {
    await browser.close();
    await targets?.close();
  }
}
