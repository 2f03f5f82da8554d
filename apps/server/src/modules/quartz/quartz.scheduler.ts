/**
 * The scheduled-job engine. The database is the truth: a running job (status 0) carries its next fire time,
 * computed by the shared Quartz engine in Asia/Shanghai. A TICK reads the due jobs and CLAIMS each fire in one
 * transaction — the job's next fire time moves on only if it still is the one read, and the run row is inserted
 * under the unique key (job_id, fire_time) — so whichever instance wins runs it, and no fire time runs twice
 * anywhere (the run log is the proof). Pause, resume, edit and delete only write the row: the next tick of every
 * instance reads it.
 *
 * Who ticks: with REDIS_URL, a BullMQ job scheduler (`every` second) on the queue `${TASK_QUEUE}-quartz` gives the
 * deployment one tick a second, taken by one instance's worker; claimed runs go to the same queue as 'run' jobs,
 * taken by any instance. Without Redis, each instance ticks on a timer armed at the earliest next fire time (at most
 * 60 s ahead) and runs its claims itself. Either way the instance that changes a job ticks at once.
 *
 * Misfires: a fire found more than QUARTZ_MISFIRE_THRESHOLD_MS late (no instance ran, e.g. after a stop) is handled
 * by the job's policy: 'fire-once-now' runs once now for all the missed times (logged under the latest one),
 * 'skip' logs one skipped row; both go on from the next fire time after now. The first tick runs at start.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { nextFireTime, parseCron, type Cron } from '@houtai/shared/cron/index';
import {
  QUARTZ_MISFIRE_THRESHOLD_MS,
  QUARTZ_TEXT,
  QUARTZ_TIME_ZONE,
  type QuartzMisfirePolicy,
} from '@houtai/shared/contract/quartz';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import type { TaskKindRegistry } from '../async-task/async-task.kinds.ts';
import { findQuartzKind, QuartzRunFailure, type QuartzRunContext } from './quartz.kinds.ts';
import * as repo from './quartz.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled-job engine of this instance (modules/quartz). */
    quartz: QuartzScheduler;
  }
}

interface Log {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SchedulerDeps {
  db: Db;
  now: () => number;
  log: Log;
  /** The task centre's kinds (a scheduled export names one). */
  taskKinds: TaskKindRegistry;
  /** What a run's work may use, besides the job and run (filled in per run). */
  context: Omit<QuartzRunContext, 'job' | 'runId'>;
  /** With Redis: the tick and the runs go through BullMQ. */
  bull?: { redisUrl: string; queueName: string; concurrency: number } | undefined;
  /** Called after close (e.g. the task producer). */
  onClose?: () => Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** Longest wait of the in-process timer (it re-reads the jobs then, to see other instances' changes). */
const MAX_SLEEP_MS = 60_000;
/** The in-process timer's least wait after a failed tick. */
const RETRY_MS = 5_000;
/** Due jobs claimed per tick round. */
const TICK_BATCH = 100;
/** Missed fire times counted at most (the log says "1000+"). */
const MISSED_COUNT_MAX = 1000;

/** The next fire time of an expression strictly after `from`, as stored text; null when it fires no more. */
export function nextFireAfter(cronExpression: string, from: number): string | null {
  const parsed = parseCron(cronExpression);
  if (!parsed.ok) return null;
  const next = nextFireTime(parsed.cron, from, QUARTZ_TIME_ZONE);
  return next === null ? null : iso(next);
}

/** Walks the fire times on from `at` (one) to the last at or before `now` (bounded). */
function walkTo(cron: Cron, at: number, now: number): number {
  for (let guard = 0; guard < 200_000; guard++) {
    const n = nextFireTime(cron, at, QUARTZ_TIME_ZONE);
    if (n === null || n > now) break;
    at = n;
  }
  return at;
}

/** Look-back windows for the latest fire time: a frequent job's is found in the shortest, a rare job's later. */
const LOOK_BACK_MS = [2_000, 60_000, 3_600_000, 86_400_000, 32 * 86_400_000, 367 * 86_400_000];

/** The latest fire time at or before `now` starting from the missed `first`, and how many there were. */
function missedFires(cron: Cron, first: number, now: number): { latest: number; count: string } {
  let latest = first;
  let count = 1;
  for (;;) {
    const next = nextFireTime(cron, latest, QUARTZ_TIME_ZONE);
    if (next === null || next > now) return { latest, count: String(count) };
    latest = next;
    if (++count >= MISSED_COUNT_MAX) break;
  }
  // Too many to count (e.g. an every-second job stopped for a day): the latest one, found from shortly before now
  // rather than by walking through all of them.
  for (const w of LOOK_BACK_MS) {
    if (now - w <= latest) break;
    const inWindow = nextFireTime(cron, now - w - 1, QUARTZ_TIME_ZONE);
    if (inWindow !== null && inWindow <= now)
      return { latest: walkTo(cron, inWindow, now), count: `${MISSED_COUNT_MAX}+` };
  }
  return { latest: walkTo(cron, latest, now), count: `${MISSED_COUNT_MAX}+` };
}

/**
 * A run still 执行中 this long after it began (or was claimed) is taken for interrupted: the instance running it was
 * killed. Every kind's work is short (an export is queued to the task centre, not run here).
 */
export const QUARTZ_STALE_RUN_MS = 15 * 60_000;
/** How often an instance looks for such runs. */
const STALE_SWEEP_EVERY_MS = 60_000;

export class QuartzScheduler {
  readonly instanceId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`.slice(0, 64);
  readonly mode: 'in-process' | 'bullmq';
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private started = false;
  private readonly active = new Set<Promise<void>>();
  private lastSweep = Number.NEGATIVE_INFINITY;
  private bull: { queue: Queue; worker: Worker; connections: Redis[] } | null = null;

  constructor(private readonly deps: SchedulerDeps) {
    this.mode = deps.bull ? 'bullmq' : 'in-process';
  }

  get taskKinds(): TaskKindRegistry {
    return this.deps.taskKinds;
  }

  /** Starts ticking; the first tick (which handles fires missed while stopped) runs before this resolves. */
  async start(): Promise<void> {
    if (this.started || this.closed) return;
    this.started = true;
    const b = this.deps.bull;
    if (b) {
      const queueConnection = new Redis(b.redisUrl, { maxRetriesPerRequest: null, connectionName: 'houtai-quartz' });
      const workerConnection = new Redis(b.redisUrl, {
        maxRetriesPerRequest: null,
        connectionName: 'houtai-quartz-worker',
      });
      const queue = new Queue(b.queueName, { connection: queueConnection });
      const worker = new Worker(
        b.queueName,
        async (job) => {
          if (job.name === 'tick') await this.tick();
          else if (job.name === 'run') await this.runClaimed((job.data as { runId: string }).runId);
        },
        { connection: workerConnection, concurrency: Math.max(2, b.concurrency + 1) },
      );
      worker.on('error', (err) => this.deps.log.error({ err }, 'quartz worker error'));
      // Unheard, BullMQ prints the queue's connection errors to stderr, outside the server's log (each reconnect try).
      queue.on('error', (err) => this.deps.log.error({ err }, 'quartz queue error'));
      this.bull = { queue, worker, connections: [queueConnection, workerConnection] };
      await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
      // One tick a second for the whole deployment (every instance upserts the same scheduler).
      await queue.upsertJobScheduler(
        'quartz-tick',
        { every: 1000 },
        { name: 'tick', opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
    }
    await this.tick();
  }

  /** A job changed here: tick now (and re-arm the timer), so the change counts at once. */
  wake(): void {
    if (!this.started || this.closed) return;
    void this.tick();
  }

  /**
   * Stops ticking, lets the tick in progress finish (its claims are dispatched while the queue is still open), then
   * waits for this instance's runs (BullMQ: the worker's active jobs) before the app closes the database.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
    if (this.bull) {
      await this.bull.worker.close();
      await this.bull.queue.close();
      for (const c of this.bull.connections) c.disconnect();
      this.bull = null;
    }
    await Promise.allSettled([...this.active]);
    await this.deps.onClose?.();
  }

  /** Claims every due fire (one tick at a time per instance; a tick asked for meanwhile runs after it). */
  tick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      let failed = false;
      try {
        await this.sweepStaleRuns();
        do {
          this.again = false;
          await this.claimDue();
        } while (this.again && !this.closed);
      } catch (err) {
        failed = true;
        this.deps.log.error({ err }, 'quartz tick failed');
      } finally {
        this.ticking = null;
        if (this.mode === 'in-process') await this.arm(failed);
      }
    })();
    return this.ticking;
  }

  /**
   * In process: the next tick at the earliest next fire time (re-read at least every 60 s); after a failed tick not
   * sooner than RETRY_MS, so that a job whose claim keeps failing (its fire time stays due) does not spin.
   */
  private async arm(failed = false): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    let delay = MAX_SLEEP_MS;
    try {
      const next = await repo.earliestFire(this.deps.db);
      if (next) delay = Math.min(MAX_SLEEP_MS, Math.max(20, Date.parse(next) - this.deps.now() + 5));
    } catch (err) {
      this.deps.log.error({ err }, 'quartz arm failed');
    }
    if (failed) delay = Math.max(delay, RETRY_MS);
    if (this.closed) return;
    // Another tick may have armed the timer meanwhile: one timer at a time.
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  /** At most once a minute: runs an instance left 执行中 when it stopped end as interrupted (run log). */
  private async sweepStaleRuns(): Promise<void> {
    const now = this.deps.now();
    if (now - this.lastSweep < STALE_SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    const n = await repo.failStaleRuns(
      this.deps.db,
      iso(now - QUARTZ_STALE_RUN_MS),
      iso(now),
      QUARTZ_TEXT.runInterrupted,
    );
    if (n > 0) this.deps.log.warn({ runs: n }, 'scheduled runs interrupted by a stopped instance ended as failures');
  }

  private async claimDue(): Promise<void> {
    for (let round = 0; round < 50 && !this.closed; round++) {
      const now = this.deps.now();
      const due = await repo.dueJobs(this.deps.db, iso(now), TICK_BATCH);
      if (due.length === 0) return;
      for (const job of due) await this.claimOne(job, now);
    }
  }

  private async claimOne(
    job: { id: string; cronExpression: string; misfirePolicy: string; nextFireTime: string | null },
    now: number,
  ): Promise<void> {
    const from = job.nextFireTime;
    if (!from) return;
    const parsed = parseCron(job.cronExpression);
    const fire = Date.parse(from);
    if (!parsed.ok || Number.isNaN(fire)) {
      // A stored expression the engine refuses (never through the API): the job stops firing.
      await repo.updateJob(this.deps.db, job.id, undefined, { nextFireTime: null });
      return;
    }
    const runId = newId();
    const base = { id: runId, jobId: job.id, startTime: null, endTime: null, instanceId: null, createBy: null };
    if (now - fire <= QUARTZ_MISFIRE_THRESHOLD_MS) {
      const next = nextFireTime(parsed.cron, fire, QUARTZ_TIME_ZONE);
      const claimed = await repo.claimFire(this.deps.db, {
        jobId: job.id,
        from,
        next: next === null ? null : iso(next),
        run: { ...base, fireTime: from, triggerType: 'schedule', result: 'running', message: null },
      });
      if (claimed) await this.dispatch(runId);
      return;
    }
    // A misfire: the job's policy decides.
    const { latest, count } = missedFires(parsed.cron, fire, now);
    const next = nextFireTime(parsed.cron, now, QUARTZ_TIME_ZONE);
    const policy = job.misfirePolicy as QuartzMisfirePolicy;
    const fireOnce = policy === 'fire-once-now';
    const claimed = await repo.claimFire(this.deps.db, {
      jobId: job.id,
      from,
      next: next === null ? null : iso(next),
      run: fireOnce
        ? {
            ...base,
            fireTime: iso(latest),
            triggerType: 'misfire',
            result: 'running',
            message: QUARTZ_TEXT.misfireFired(count),
          }
        : {
            ...base,
            fireTime: iso(latest),
            triggerType: 'misfire',
            result: 'skipped',
            endTime: iso(now),
            message: QUARTZ_TEXT.misfireSkipped(count),
          },
    });
    if (claimed && fireOnce) await this.dispatch(runId);
  }

  /** 执行一次: a manual run now, logged (fire time: now). Answers the run's id. */
  async runNow(jobId: string, by: string): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const runId = newId();
      const inserted = await repo.insertRunOnce(this.deps.db, {
        id: runId,
        jobId,
        fireTime: iso(this.deps.now() + attempt),
        triggerType: 'manual',
        startTime: null,
        endTime: null,
        result: 'running',
        message: null,
        instanceId: null,
        createBy: by,
      });
      if (inserted) {
        await this.dispatch(runId);
        return runId;
      }
    }
    throw AppError.business(QUARTZ_TEXT.runFailed);
  }

  private async dispatch(runId: string): Promise<void> {
    if (this.bull) {
      await this.bull.queue.add(
        'run',
        { runId },
        { jobId: `run-${runId}`, removeOnComplete: true, removeOnFail: 1000 },
      );
      return;
    }
    const p: Promise<void> = this.runClaimed(runId).finally(() => this.active.delete(p));
    this.active.add(p);
  }

  /** Runs a claimed run once (a redelivered one that started already is left alone); never throws. */
  async runClaimed(runId: string): Promise<void> {
    const { db, now, log } = this.deps;
    try {
      if (!(await repo.startRun(db, runId, iso(now()), this.instanceId))) return;
      const run = await repo.findRun(db, runId);
      let result: 'success' | 'failure' = 'success';
      let message: string;
      try {
        if (!run || run.delFlag !== 0) throw new QuartzRunFailure('任务已删除');
        const kind = findQuartzKind(run.jobClassName);
        if (!kind) throw new QuartzRunFailure(QUARTZ_TEXT.kindUnknown);
        let raw: unknown;
        try {
          raw = JSON.parse(run.parameter);
        } catch {
          throw new QuartzRunFailure(QUARTZ_TEXT.parameterJson);
        }
        const params = kind.params.safeParse(raw);
        if (!params.success)
          throw new QuartzRunFailure(params.error.issues[0]?.message ?? QUARTZ_TEXT.parameterInvalid);
        message = await kind.run(
          { ...this.deps.context, job: { id: run.jobId, createBy: run.createBy }, runId },
          params.data,
        );
      } catch (err) {
        result = 'failure';
        const known = err instanceof QuartzRunFailure || err instanceof AppError;
        if (!known) log.error({ err, runId }, 'scheduled job failed');
        message = known ? err.message : QUARTZ_TEXT.runFailed;
      }
      // A misfire's note (written when claimed) stays in front.
      const text = run?.message ? `${run.message}；${message}` : message;
      await repo.endRun(db, runId, { result, endTime: iso(now()), message: text.slice(0, 500) });
    } catch (err) {
      log.error({ err, runId }, 'scheduled job run not recorded');
    }
  }
}
