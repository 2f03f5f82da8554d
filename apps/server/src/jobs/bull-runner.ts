/**
 * The runner with REDIS_URL: a BullMQ queue (TASK_QUEUE) with a worker per instance. A job carries only the task id;
 * a job re-delivered after a crash finds the row and runs it again (imports skip what was committed).
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { TEXT } from '@houtai/shared/constants';
import { AppError } from '../errors.ts';
import type { RunTask, TaskRunner } from './task-runner.ts';

/** How long an add waits for Redis to come back before it is refused with 503 (nothing is queued then). */
const ENQUEUE_WAIT_MS = 1500;

/**
 * Resolves once the connection is up; rejects with 503 when it is not within `ms`. Without this, an add made while
 * Redis is away would sit in ioredis's offline queue for the whole outage (maxRetriesPerRequest null), holding the
 * request open.
 */
async function whenReady(connection: Redis, ms: number): Promise<void> {
  if (connection.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      connection.off('ready', onReady);
      reject(new AppError(503, 503, TEXT.serviceUnavailable));
    }, ms);
    connection.once('ready', onReady);
  });
}

export async function createBullRunner(opts: {
  redisUrl: string;
  queueName: string;
  concurrency: number;
  run: RunTask;
  log: { error(obj: object, msg: string): void };
}): Promise<TaskRunner> {
  const queueConnection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null, connectionName: 'houtai-tasks' });
  const workerConnection = new Redis(opts.redisUrl, {
    maxRetriesPerRequest: null,
    connectionName: 'houtai-tasks-worker',
  });
  const queue = new Queue<{ taskId: string }>(opts.queueName, { connection: queueConnection });
  const worker = new Worker<{ taskId: string }>(opts.queueName, async (job) => opts.run(job.data.taskId), {
    connection: workerConnection,
    concurrency: opts.concurrency,
  });
  worker.on('error', (err) => opts.log.error({ err }, 'task worker error'));
  // Unheard, BullMQ prints a queue's connection errors to stderr, outside the server's log (one per reconnect try).
  queue.on('error', (err) => opts.log.error({ err }, 'task queue error'));
  await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
  return {
    kind: 'bullmq',
    async enqueue(taskId) {
      // Checked before anything is sent: a refused add must never be delivered later behind the caller's back.
      await whenReady(queueConnection, ENQUEUE_WAIT_MS);
      await queue.add('task', { taskId }, { removeOnComplete: true, removeOnFail: 1000, attempts: 1 });
    },
    async counts() {
      const c = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
      return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c.delayed ?? 0), active: c.active ?? 0 };
    },
    async close() {
      await worker.close();
      await queue.close();
      queueConnection.disconnect();
      workerConnection.disconnect();
    },
  };
}
