/**
 * For operators and load balancers, outside API_PREFIX: GET/HEAD /health (the process answers), GET /ready (the
 * database, Redis and storage answer; 503 otherwise and while shutting down) and /metrics (plugins/metrics.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { registerMetrics, withinTimeout, type MetricsSources } from './metrics.ts';

/** Each readiness check gets this long; a dependency slower than that counts as down. */
export const READY_CHECK_TIMEOUT_MS = 1000;

type CheckResult = 'ok' | 'down';

export interface Readiness {
  status: 'ready' | 'unavailable';
  checks: { database: CheckResult; redis: CheckResult | 'off'; storage: CheckResult };
}

export interface ReadinessDeps {
  db: Db;
  storage: Pick<StorageDriver, 'ready'>;
  /** PING through the realtime hub's connection; null without REDIS_URL. */
  redis: (() => Promise<void>) | null;
  /** True once the app is closing: the balancer should stop sending requests here. */
  draining: boolean;
  timeoutMs?: number;
}

async function check(work: () => Promise<unknown>, ms: number): Promise<CheckResult> {
  return (await withinTimeout(async () => (await work(), true), ms)) ? 'ok' : 'down';
}

/** Runs the checks side by side, each bounded; never throws and never carries an error text. */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const ms = deps.timeoutMs ?? READY_CHECK_TIMEOUT_MS;
  const { redis } = deps;
  const [database, redisState, storage] = await Promise.all([
    check(() => sql`select 1`.execute(deps.db), ms),
    redis ? check(redis, ms) : Promise.resolve('off' as const),
    check(() => deps.storage.ready(), ms),
  ]);
  const up = database === 'ok' && redisState !== 'down' && storage === 'ok' && !deps.draining;
  return { status: up ? 'ready' : 'unavailable', checks: { database, redis: redisState, storage } };
}

export function registerOperations(app: FastifyInstance, sources: MetricsSources): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  // Requests still in flight when the app closes end their connection with their answer: a kept-alive idle
  // connection would hold the shutdown open until its keep-alive timeout.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });

  // HEAD too: Fastify exposes a HEAD route for every GET one.
  app.get('/health', { config: { policy: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/ready', { config: { policy: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const hub = app.realtime;
    const readiness = await checkReadiness({
      db: app.db,
      storage: app.storage,
      redis: app.config.redisUrl ? () => hub.ping?.() ?? Promise.resolve() : null,
      draining,
    });
    return reply
      .status(readiness.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });

  registerMetrics(app, sources);
}
