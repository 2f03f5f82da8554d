/**
 * GET /metrics: Prometheus text (prom-client) for operators, behind METRICS_TOKEN (`Authorization: Bearer …`);
 * without METRICS_TOKEN the route answers 404 and nothing is measured. One registry per app: tests build many apps
 * in one process, and the global registry would refuse the same metric twice.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { TEXT } from '@houtai/shared/constants';
import type { DbHandle } from '../db/connection.ts';
import { fail } from '../lib/envelope.ts';
import type { LocalSockets } from '../realtime/local-sockets.ts';

/** Scrape-time reads that wait on something (the task queue in Redis) give up after this long. */
const COLLECT_TIMEOUT_MS = 1000;
const UNAUTHORIZED = '未授权访问';

export interface MetricsSources {
  handle: Pick<DbHandle, 'poolStats'>;
  sockets: Pick<LocalSockets, 'count'>;
}

/** Resolves with the value, or null when it fails or takes longer than `ms`. */
export async function withinTimeout<T>(work: () => Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(work)
        .catch(() => null),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` against the configured token, in constant time (both sides hashed first). */
export function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer +(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}

function createMetrics(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Routes are the route patterns (request.routeOptions.url), never raw URLs: the label values stay bounded.
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: request.method, route });
    done();
  });

  const { handle, sockets } = sources;
  if (handle.poolStats) {
    const poolStats = handle.poolStats.bind(handle);
    new Gauge({
      name: 'houtai_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  new Gauge({
    name: 'houtai_realtime_sockets',
    help: 'Realtime websockets open on this instance.',
    registers: [registry],
    collect() {
      this.set(sockets.count);
    },
  });

  const tasks = app.taskCentre;
  new Gauge({
    name: 'houtai_task_queue_jobs',
    help: 'Task-centre tasks waiting and running (BullMQ: the whole shared queue; else this instance).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const runner = tasks.runner;
      const counts = runner ? await withinTimeout(() => runner.counts(), COLLECT_TIMEOUT_MS) : null;
      // An unanswered read shows as no sample rather than as a stale one.
      this.reset();
      if (!counts) return;
      this.set({ state: 'waiting' }, counts.waiting);
      this.set({ state: 'active' }, counts.active);
    },
  });
  const taskDuration = new Histogram({
    name: 'houtai_task_duration_seconds',
    help: 'Run time of task-centre tasks (exports and imports) run by this instance.',
    buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
    registers: [registry],
  });
  tasks.onTaskFinished = (seconds) => taskDuration.observe(seconds);
  return registry;
}

export function registerMetrics(app: FastifyInstance, sources: MetricsSources): void {
  const token = app.config.metricsToken;
  const registry = token ? createMetrics(app, sources) : null;
  app.get('/metrics', { config: { policy: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!token || !registry) return reply.status(404).send(fail(TEXT.notFound, 404));
    if (!bearerMatches(request, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(fail(UNAUTHORIZED, 401));
    }
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
