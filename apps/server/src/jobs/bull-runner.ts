/**
 * The runner with REDIS_URL: a BullMQ queue (TASK_QUEUE) with a worker per instance. A job carries only the task id;
 * a job re-delivered after a crash finds the row and runs it again (imports skip what was committed).
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { RunTask, TaskRunner } from './task-runner.ts';

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
  await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
  return {
    kind: 'bullmq',
    async enqueue(taskId) {
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
