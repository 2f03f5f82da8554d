/**
 * Where tasks run. In-process by default: a small queue in this process (TASK_CONCURRENCY at a time), started after
 * the add has answered. With REDIS_URL: a BullMQ queue (TASK_QUEUE) with a worker per instance; a job carries only
 * the task id, the row is the truth (a job re-delivered after a crash finds the row and runs it again; imports skip
 * what was committed).
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';

export interface TaskRunner {
  readonly kind: 'in-process' | 'bullmq';
  enqueue(taskId: string): Promise<void>;
  /** Stops taking tasks and waits for the running ones (in-process) or the worker (BullMQ). */
  close(): Promise<void>;
}

export class InProcessRunner implements TaskRunner {
  readonly kind = 'in-process';
  private readonly queue: string[] = [];
  private readonly active = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly run: (taskId: string) => Promise<void>,
    private readonly concurrency: number,
  ) {}

  enqueue(taskId: string): Promise<void> {
    if (!this.closed) {
      this.queue.push(taskId);
      // After the current request has answered.
      setImmediate(() => this.pump());
    }
    return Promise.resolve();
  }

  private pump(): void {
    while (!this.closed && this.active.size < this.concurrency && this.queue.length > 0) {
      const id = this.queue.shift()!;
      const p: Promise<void> = this.run(id)
        .catch(() => undefined)
        .finally(() => {
          this.active.delete(p);
          this.pump();
        });
      this.active.add(p);
    }
  }

  async close(): Promise<void> {
    // Tasks still queued stay marked running and are failed by the next start-up (they can be retried).
    this.closed = true;
    this.queue.length = 0;
    await Promise.allSettled([...this.active]);
  }
}

export async function createBullRunner(opts: {
  redisUrl: string;
  queueName: string;
  concurrency: number;
  run: (taskId: string) => Promise<void>;
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
    async close() {
      await worker.close();
      await queue.close();
      queueConnection.disconnect();
      workerConnection.disconnect();
    },
  };
}
