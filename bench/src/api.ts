/**
 * `npm run bench -- api`: requests/s of a bare Fastify JSON route and of GET {API_PREFIX}/sys/permission/
 * getUserPermissionByToken with a real token against the real server, in one run, same load settings.
 * Budget: the permission call reaches at least 40% of the bare route (median of five alternating rounds). The
 * permission call is made as a browser makes it (Chromium's Accept-Encoding), so the server answers its cached,
 * precompressed gzip envelope. For the
 * record the run also measures the call without Accept-Encoding (8–9 kB of JSON on the wire) and a bare route
 * answering that same document; see BENCHMARKS.md for what the figures mean on a 2-core machine.
 */
import { CLIENT_HEADER, HOUTAI_CLIENT } from '@houtai/shared/contract/permission';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { formatFigures, measure, type LoadFigures, type LoadOptions } from './lib/load.ts';
import { freePort, startNode, waitForHttp, type Child } from './lib/processes.ts';

/** The menu our web app gets (it names itself; without the header the server answers the Jeecg Vue2 UI's menu). */
const OUR_APP = { [CLIENT_HEADER]: HOUTAI_CLIENT };

const BUDGET_RATIO = 0.4;
const ROUNDS = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
/** What Chromium sends on every fetch. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface ApiBenchOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
}

async function signIn(base: string, prefix: string, password: string): Promise<string> {
  const res = await fetch(`${base}${prefix}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const body = (await res.json()) as Envelope<{ token?: string }>;
  if (!body.success || !body.result.token) throw new Error(`sign-in failed: HTTP ${res.status} ${body.message}`);
  return body.result.token;
}

/**
 * The measured call must be the real thing: a success envelope with a non-empty menu tree, gzip-encoded for a
 * browser's Accept-Encoding (fetch inflates it and checks it), and 401 without a token. Returns the JSON text.
 */
async function checkPermissionCall(url: string, token: string): Promise<string> {
  const res = await fetch(url, {
    headers: { ...OUR_APP, 'X-Access-Token': token, 'Accept-Encoding': BROWSER_ACCEPT_ENCODING },
  });
  const text = await res.text();
  const body = JSON.parse(text) as Envelope<{ menu?: unknown[] }>;
  if (res.status !== 200 || !body.success || !Array.isArray(body.result.menu) || body.result.menu.length === 0) {
    throw new Error(`getUserPermissionByToken did not return a menu tree: HTTP ${res.status} ${body.message}`);
  }
  if (res.headers.get('content-encoding') !== 'gzip') {
    throw new Error('getUserPermissionByToken did not answer gzip to a browser Accept-Encoding');
  }
  const anonymous = await fetch(url);
  if (anonymous.status !== 401)
    throw new Error(`getUserPermissionByToken without a token answered ${anonymous.status}, not 401`);
  return text;
}

/** Bytes of the body as sent for the given Accept-Encoding (node:http does not inflate). */
async function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

export async function apiBench(repoRoot: string, opts: ApiBenchOptions): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), 'houtai-bench-'));
  const children: Child[] = [];
  const prefix = (process.env.API_PREFIX ?? '/api').replace(/\/+$/, '');
  const load: Omit<LoadOptions, 'url'> = {
    connections: opts.connections,
    seconds: opts.seconds,
    warmupSeconds: opts.warmupSeconds,
  };
  try {
    // Both servers run as child processes so that each gets the same treatment: one process, its own core.
    const appPort = await freePort();
    const password = `Bn${randomBytes(8).toString('hex')}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      HOUTAI_ADMIN_PASSWORD: password,
      API_PREFIX: prefix,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    };
    // The benchmark measures the default single-process setup (embedded SQLite), whatever the shell holds.
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.STORAGE_URL;
    const app = startNode(path.join(repoRoot, 'apps/server/src/main.ts'), ['start'], {
      cwd: repoRoot,
      env,
      logFile: path.join(work, 'server.log'),
    });
    children.push(app);
    const appBase = `http://127.0.0.1:${appPort}`;
    const permissionUrl = `${appBase}${prefix}/sys/permission/getUserPermissionByToken`;
    await waitForHttp(`${appBase}${prefix}/`, app, 120_000);
    const token = await signIn(appBase, prefix, password);
    const responseText = await checkPermissionCall(permissionUrl, token);
    const kb = (Buffer.byteLength(responseText) / 1024).toFixed(1);
    const gzipKb = (
      (await wireBytes(permissionUrl, { ...OUR_APP, 'X-Access-Token': token, 'Accept-Encoding': 'gzip' })) / 1024
    ).toFixed(1);
    console.log(`permission response for admin: ${kb} kB of JSON, ${gzipKb} kB gzip-encoded`);

    const payloadFile = path.join(work, 'payload.json');
    writeFileSync(payloadFile, responseText);
    const barePort = await freePort();
    const bare = startNode(path.join(repoRoot, 'bench/src/bare-server.ts'), [], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(barePort), BARE_PAYLOAD_FILE: payloadFile },
      logFile: path.join(work, 'bare.log'),
    });
    children.push(bare);
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    await waitForHttp(bareUrl, bare, 30_000);

    console.log(
      `load: autocannon -c ${opts.connections}, ${opts.warmupSeconds} s warm-up, ${opts.seconds} s measured, each\n`,
    );
    const browser = { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING };
    const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
    // The machine's speed drifts (shared cores): the two routes are measured in alternating rounds and the budget
    // is checked on the median of the rounds' ratios, each round comparing figures taken seconds apart.
    const all: LoadFigures[] = [];
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const bareFigures = await measure({ ...load, url: bareUrl, headers: browser });
      const permFigures = await measure({
        ...load,
        url: permissionUrl,
        headers: { ...browser, ...OUR_APP, 'X-Access-Token': token },
      });
      all.push(bareFigures, permFigures);
      ratios.push(permFigures.requestsPerSecond / bareFigures.requestsPerSecond);
      console.log(`round ${round} of ${ROUNDS}`);
      console.log(formatFigures('  bare Fastify JSON route', bareFigures));
      console.log(
        formatFigures(`  GET ${prefix}/sys/permission/getUserPermissionByToken (gzip, as a browser asks)`, permFigures),
      );
      console.log(`  ratio: ${pct(ratios.at(-1)!)}`);
    }
    // For the record: the same call without compression, and a bare route answering that same document.
    const plainFigures = await measure({
      ...load,
      url: permissionUrl,
      headers: { ...OUR_APP, 'X-Access-Token': token },
    });
    console.log(formatFigures(`(info) the same call without Accept-Encoding (${kb} kB)`, plainFigures));
    const payloadFigures = await measure({ ...load, url: `http://127.0.0.1:${barePort}/payload` });
    console.log(formatFigures(`(info) bare Fastify route answering the same ${kb} kB document`, payloadFigures));

    const ratio = median(ratios);
    const plainRatio = plainFigures.requestsPerSecond / payloadFigures.requestsPerSecond;
    const clean = [...all, plainFigures, payloadFigures].every((f) => f.non2xx === 0 && f.errors === 0 && f.total > 0);
    const withinBudget = ratio >= BUDGET_RATIO;
    console.log(
      `\nratio (median of ${ROUNDS} rounds: ${ratios.map(pct).join(', ')}): ${pct(ratio)} of the bare Fastify JSON route (budget: at least ${pct(BUDGET_RATIO)})`,
    );
    console.log(`(info) uncompressed call vs the bare route answering the same document: ${pct(plainRatio)}`);
    if (!clean) console.error('FAIL: some responses were not 2xx or failed: the figures do not measure the real call');
    console.log(withinBudget && clean ? 'budget: met' : 'budget: NOT met');
    return withinBudget && clean;
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    rmSync(work, { recursive: true, force: true });
  }
}
