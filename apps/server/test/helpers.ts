/**
 * Integration-test harness: a fresh database per test file (SQLite in a temp folder, or a fresh schema on
 * PostgreSQL when TEST_DATABASE_URL is set), migrated and seeded, and an app built on it for app.inject.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DbHandle } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed/index.ts';
import type { SmsSender } from '../src/plugins/services.ts';

/** The password every seeded account gets in tests (given through the same option as HOUTAI_ADMIN_PASSWORD). */
export const TEST_PASSWORD = `Tp_${randomBytes(6).toString('hex')}`;

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  handle: DbHandle;
  /** Every SQL statement executed, in order, with its bound parameters. */
  statements: { sql: string; parameters: readonly unknown[] }[];
  sms: { mobile: string; code: string; purpose: string }[];
  /** Mutable clock used by the app (ms since epoch). */
  clock: { now: number | null };
  close(): Promise<void>;
}

export interface TestOptions {
  seed?: boolean;
  demo?: boolean;
  config?: Partial<Config>;
  build?: Omit<BuildOptions, 'database' | 'onQuery'>;
  /** A database of the test's own (the fault tests' PostgreSQL): used as it is, instead of TEST_DATABASE_URL's. */
  databaseUrl?: string;
}

async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

export async function createTestApp(opts: TestOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'houtai-test-'));
  const pgUrl = opts.databaseUrl ? undefined : process.env.TEST_DATABASE_URL;
  const fresh = pgUrl ? await freshPostgres(pgUrl) : null;
  const statements: TestContext['statements'] = [];
  const sms: TestContext['sms'] = [];
  const clock: TestContext['clock'] = { now: null };
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: opts.databaseUrl ?? fresh?.url ?? null,
      signSecret: 'test-sign-secret',
      cryptKey: randomBytes(32).toString('hex'),
      adminPassword: TEST_PASSWORD,
      webDist: null,
      logLevel: 'silent',
      ...opts.config,
    },
  );
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir,
    onQuery: (sqlText, parameters) => statements.push({ sql: sqlText, parameters }),
  });
  await migrateToLatest(handle.db);
  if (opts.seed !== false) await seed(handle.db, { adminPassword: TEST_PASSWORD, demo: opts.demo ?? true });
  const smsSender: SmsSender = {
    send: (mobile, code, purpose) => {
      sms.push({ mobile, code, purpose });
      return Promise.resolve();
    },
  };
  const app = await buildApp(config, {
    database: handle,
    logger: false,
    ...opts.build,
    services: { sms: smsSender, now: () => clock.now ?? Date.now(), ...opts.build?.services },
  });
  await app.ready();
  return {
    app,
    config,
    handle,
    statements,
    sms,
    clock,
    async close() {
      await app.close();
      await handle.close();
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export function body<T = unknown>(res: LightMyRequestResponse): Envelope<T> {
  return res.json<Envelope<T>>();
}

/** Signs in through POST /sys/login and returns the token. */
export async function login(app: FastifyInstance, username: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${app.config.apiPrefix}/sys/login`,
    payload: { username, password },
  });
  const b = body<{ token: string }>(res);
  if (!b.success) throw new Error(`login of ${username} failed: ${b.message}`);
  return b.result.token;
}

/** app.inject with the API prefix and an optional token. */
export function api(app: FastifyInstance, token: string | null, opts: InjectOptions & { url: string }) {
  return app.inject({
    ...opts,
    url: `${app.config.apiPrefix}${opts.url}`,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(opts.headers ?? {}) },
  });
}

/** The id of a seeded role by its code. */
export async function roleIdOf(db: DbHandle['db'], code: string): Promise<string> {
  return (await db.selectFrom('sysRole').select('id').where('roleCode', '=', code).executeTakeFirstOrThrow()).id;
}

/** The id of a user by username. */
export async function userIdOf(db: DbHandle['db'], username: string): Promise<string> {
  return (await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

/** A multipart/form-data body with one file part `file` (and optional text fields before it). */
export function multipart(file: { name: string; content: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----houtai${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /sys/common/upload of one file as `token`'s user. */
export function uploadFile(
  app: FastifyInstance,
  token: string | null,
  file: { name: string; content: Buffer },
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipart(file, fields);
  return api(app, token, { method: 'POST', url: '/sys/common/upload', payload, headers });
}

/**
 * A statement's SQL as the "no hostile text reached the database" checks read it: lower case, without our own
 * column must_change_password (every session lookup reads it; it is not the password column).
 */
export function sqlForHostileCheck(sql: string): string {
  return sql.toLowerCase().replaceAll('"must_change_password"', '');
}
