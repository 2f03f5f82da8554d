/**
 * The real server for the `sockets` and `soak` benches: its environment, the seeded database (the server's own
 * `seed`, then lists-seed.ts's 1,000 bench users and rows), starting and stopping it, signing in and calling the
 * API, and a fresh PostgreSQL database on TEST_DATABASE_URL's server.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { postgresSink, seedLists, sqliteSink, type SeedFacts, type Sink } from '../lists-seed.ts';
import { startNode, waitForHttp, type Child } from './processes.ts';

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
}

export interface ServerSpec {
  repoRoot: string;
  /** A folder of its own: DATA_DIR (SQLite, files, secrets) and the logs. */
  dir: string;
  port: number;
  password: string;
  prefix: string;
  databaseUrl: string | null;
  /** Extra variables (REDIS_URL, REALTIME_CHANNEL, …). */
  extra?: NodeJS.ProcessEnv;
}

/** Production mode, its own DATA_DIR, SQLite unless a database URL is given, no Redis unless `extra` sets one. */
export function serverEnv(spec: ServerSpec): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(spec.port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(spec.dir, 'data'),
    HOUTAI_ADMIN_PASSWORD: spec.password,
    API_PREFIX: spec.prefix,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOUTAI_DEMO_DATA: 'true',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.STORAGE_URL;
  if (spec.databaseUrl) env.DATABASE_URL = spec.databaseUrl;
  return { ...env, ...spec.extra };
}

/** `main.ts seed` (schema and base data with the demo people), then the bench users and `rows` rows of each list. */
export async function seedDatabase(spec: ServerSpec, rows: number): Promise<SeedFacts> {
  const logFile = path.join(spec.dir, 'seed.log');
  const child = startNode(path.join(spec.repoRoot, 'apps/server/src/main.ts'), ['seed'], {
    cwd: spec.repoRoot,
    env: serverEnv(spec),
    logFile,
  });
  const code = await new Promise<number | null>((resolve) => child.process.once('exit', resolve));
  if (code !== 0) throw new Error(`main.ts seed failed (exit ${code}); see ${logFile}`);
  const sink = await openSink(spec);
  try {
    return await seedLists(sink, rows, () => undefined);
  } finally {
    await sink.close();
  }
}

/** A writer straight into the server's database (the server need not run). */
export async function openSink(spec: ServerSpec): Promise<Sink> {
  return spec.databaseUrl ? postgresSink(spec.databaseUrl) : sqliteSink(path.join(spec.dir, 'data', 'houtai.sqlite'));
}

export interface RunningServer {
  child: Child;
  /** http://127.0.0.1:port + API prefix. */
  base: string;
  /** ws://127.0.0.1:port */
  wsOrigin: string;
}

export async function startServer(spec: ServerSpec, logName = 'server.log'): Promise<RunningServer> {
  const child = startNode(path.join(spec.repoRoot, 'apps/server/src/main.ts'), ['start'], {
    cwd: spec.repoRoot,
    env: serverEnv(spec),
    logFile: path.join(spec.dir, logName),
  });
  const base = `http://127.0.0.1:${spec.port}${spec.prefix}`;
  try {
    await waitForHttp(`${base}/`, child, 180_000);
  } catch (err) {
    await child.stop();
    throw err;
  }
  return { child, base, wsOrigin: `ws://127.0.0.1:${spec.port}` };
}

/** Calls the API; throws unless HTTP 200 with success true. */
export async function call<T>(url: string, init: RequestInit = {}, token?: string): Promise<Envelope<T>> {
  const res = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { 'X-Access-Token': token } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const body = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || !body.success) throw new Error(`${url}: HTTP ${res.status} ${body.message}`);
  return body;
}

export async function signIn(
  base: string,
  username: string,
  password: string,
): Promise<{ token: string; userId: string }> {
  const body = await call<{ token: string; userInfo: { id: string } }>(`${base}/sys/login`, {
    method: 'POST',
    body: JSON.stringify({ username, password }),
  });
  return { token: body.result.token, userId: body.result.userInfo.id };
}

/** A fresh database on TEST_DATABASE_URL's server, dropped at the end. */
export async function withPostgresDatabase<T>(serverUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `houtai_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      return await fn(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

export const benchPassword = (): string => `Bn${randomBytes(8).toString('hex')}`;
