/**
 * /health, /ready and /metrics (plugins/operations.ts, plugins/metrics.ts): outside the API prefix, ahead of the web
 * app's catch-all; readiness follows the database, Redis and storage; metrics behind METRICS_TOKEN.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect as netConnect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { checkReadiness, type Readiness } from '../src/plugins/operations.ts';
import { RedisHub } from '../src/realtime/redis-hub.ts';
import { LocalSockets } from '../src/realtime/local-sockets.ts';
import { LocalStorage } from '../src/storage/local-storage.ts';
import { S3Storage } from '../src/storage/s3-storage.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';
import { startFakeS3 } from './s3rver-harness.ts';

const METRICS_TOKEN = `mt_${randomBytes(16).toString('hex')}`;
const redisUrl = process.env.TEST_REDIS_URL;

let t: TestContext;
let metered: TestContext;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'houtai-ops-'));
  // A built web app whose catch-all serves index.html for every unknown path.
  writeFileSync(path.join(work, 'index.html'), '<!doctype html><html><head></head><body>web</body></html>');
  t = await createTestApp({ config: { webDist: work } });
  metered = await createTestApp({
    config: {
      metricsToken: METRICS_TOKEN,
      ...(redisUrl ? { redisUrl, taskQueue: `houtai-ops-${randomBytes(6).toString('hex')}` } : {}),
    },
  });
});
afterAll(async () => {
  await t.close();
  await metered.close();
  rmSync(work, { recursive: true, force: true });
});

describe('GET /health', () => {
  it('answers {"status":"ok"} as JSON, not the web app page, and HEAD too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok' });
    const head = await t.app.inject({ method: 'HEAD', url: '/health' });
    expect(head.statusCode).toBe(200);
    // The catch-all still serves the page for other paths (the test's web app is real).
    const page = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(page.body).toContain('<body>web</body>');
  });

  it('reads nothing from the database', async () => {
    const before = t.statements.length;
    await t.app.inject({ method: 'GET', url: '/health' });
    expect(t.statements.length).toBe(before);
  });

  it('lives outside the API prefix', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/health` });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /ready', () => {
  it('answers 200 with every check ok while the database and storage answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'off', storage: 'ok' } });
  });

  it('answers 503 naming the storage when the storage folder cannot be made', async () => {
    const blocker = path.join(work, 'not-a-folder');
    writeFileSync(blocker, 'x');
    const app = await buildApp(
      { ...t.config },
      {
        database: t.handle,
        logger: false,
        storage: new LocalStorage(path.join(blocker, 'files')),
      },
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'off', storage: 'down' } });
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming the database once the database is closed, without an error text', async () => {
    const other = await createTestApp({ seed: false });
    try {
      await other.handle.close();
      const res = await other.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'down', redis: 'off', storage: 'ok' } });
    } finally {
      await other.app.close().catch(() => undefined);
    }
  });

  it('counts a dependency that does not answer within the timeout as down', async () => {
    const started = Date.now();
    const r: Readiness = await checkReadiness({
      db: t.handle.db,
      storage: { ready: () => new Promise<void>(() => undefined) },
      redis: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')),
      draining: false,
      timeoutMs: 100,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(r).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'down', storage: 'down' } });
  });

  it('checks S3 storage with HeadBucket: ok for the bucket, down for a missing one', async () => {
    const s3 = await startFakeS3();
    try {
      await expect(new S3Storage(s3.url()).ready()).resolves.toBeUndefined();
      const missing = new S3Storage(s3.url().replace(`/${s3.bucket}`, '/no-such-bucket'));
      const r = await checkReadiness({ db: t.handle.db, storage: missing, redis: null, draining: false });
      expect(r).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'off', storage: 'down' } });
    } finally {
      await s3.stop();
    }
  });

  it('is unavailable while the app is draining, even with every check ok', async () => {
    const r = await checkReadiness({
      db: t.handle.db,
      storage: { ready: () => Promise.resolve() },
      redis: null,
      draining: true,
    });
    expect(r).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'off', storage: 'ok' } });
  });
});

// Skipped without TEST_REDIS_URL: the Redis check needs a Redis server (CI's PostgreSQL + Redis run sets it).
describe.skipIf(!redisUrl)('GET /ready with Redis', () => {
  let proxy: Server;
  const links = new Set<Socket>();
  let hub: RedisHub;
  let withRedis: TestContext;

  beforeAll(async () => {
    // The hub reaches Redis through this proxy, which the test cuts (the machine's Redis itself stays up).
    const target = new URL(redisUrl!);
    proxy = createServer((client) => {
      const upstream = netConnect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        links.add(s);
        s.on('error', () => undefined);
        s.on('close', () => links.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = new URL(redisUrl!);
    proxied.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    hub = await RedisHub.connect({
      url: proxied.toString(),
      channel: `houtai-ops-${randomBytes(6).toString('hex')}`,
      sockets: new LocalSockets(5),
      log: pino({ level: 'silent' }),
    });
    withRedis = await createTestApp({
      seed: false,
      config: { redisUrl, taskQueue: `houtai-ops-${randomBytes(6).toString('hex')}` },
      build: { realtime: hub },
    });
  });
  afterAll(async () => {
    await withRedis.close();
    await hub.close();
    for (const s of links) s.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('answers 200 while Redis answers, and 503 naming Redis once it is cut off', async () => {
    const up = await withRedis.app.inject({ method: 'GET', url: '/ready' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'ok' } });

    proxy.close();
    for (const s of links) s.destroy();
    const started = Date.now();
    const down = await withRedis.app.inject({ method: 'GET', url: '/ready' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'down', storage: 'ok' } });
  });
});

describe('GET /metrics', () => {
  const scrape = (token: string | null) =>
    metered.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });

  it('answers 404 (metrics off) when METRICS_TOKEN is unset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(body(res).success).toBe(false);
  });

  it('refuses a missing or wrong token with a bare 401', async () => {
    for (const token of [null, 'wrong', `${METRICS_TOKEN}x`, METRICS_TOKEN.slice(0, -1)]) {
      const res = await scrape(token);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_requests_total');
      expect(body(res).success).toBe(false);
    }
    const basic = await metered.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('labels requests by route pattern and status, never by raw URL', async () => {
    const key = `k${randomBytes(6).toString('hex')}`;
    await metered.app.inject({ method: 'GET', url: `${metered.config.apiPrefix}/sys/randomImage/${key}` });
    const res = await scrape(METRICS_TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      new RegExp(
        `http_requests_total\\{method="GET",route="${metered.config.apiPrefix}/sys/randomImage/:key",status_code="200"\\} 1`,
      ),
    );
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="');
    expect(text).not.toContain(key);
    // Default process metrics, sockets, the task queue and task durations.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^houtai_realtime_sockets 0$/m);
    expect(text).toMatch(/^houtai_task_queue_jobs\{state="waiting"\} \d+$/m);
    expect(text).toMatch(/^houtai_task_queue_jobs\{state="active"\} \d+$/m);
    expect(text).toContain('# TYPE houtai_task_duration_seconds histogram');
    if (metered.handle.dialect === 'postgres') {
      expect(text).toMatch(/^houtai_db_pool_connections\{state="total"\} [1-9]/m);
      expect(text).toMatch(/^houtai_db_pool_connections\{state="waiting"\} 0$/m);
    } else {
      expect(text).not.toContain('houtai_db_pool_connections{');
    }
  });

  it('observes the run time of a finished task-centre task', async () => {
    const token = await login(metered.app, 'admin');
    const added = body<string>(
      await api(metered.app, token, {
        method: 'POST',
        url: '/task/asyncTask/add',
        payload: { url: '/bi/workOrder/exportXls', name: '指标导出' },
      }),
    );
    expect(added.success, added.message).toBe(true);
    let text = '';
    for (let i = 0; i < 200; i++) {
      text = (await scrape(METRICS_TOKEN)).body;
      if (/^houtai_task_duration_seconds_count 1$/m.test(text)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(text).toMatch(/^houtai_task_duration_seconds_count 1$/m);
  });

  it('counts 5xx answers as errors of their route', async () => {
    // A config of its own: the task-centre probe is kept per config object.
    const app = await buildApp({ ...metered.config }, { database: metered.handle, logger: false });
    try {
      app.get('/boom/:id', { config: { policy: 'public' } }, () => {
        throw new Error('boom');
      });
      const failed = await app.inject({ method: 'GET', url: '/boom/1' });
      expect(failed.statusCode).toBe(500);
      const text = (
        await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).body;
      expect(text).toMatch(/^http_request_errors_total\{method="GET",route="\/boom\/:id"\} 1$/m);
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/boom\/:id",status_code="500"\} 1$/m);
    } finally {
      await app.close();
    }
  });
});
