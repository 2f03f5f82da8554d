/**
 * Adds task ids to the task centre's BullMQ queue (TASK_QUEUE) from outside the task centre's own routes — the
 * scheduled-export job queues its tasks through it; the task centre's workers (on any instance) run them. The
 * connection is opened on the first task only.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

export interface TaskProducer {
  enqueue(taskId: string): Promise<void>;
  close(): Promise<void>;
}

export function createBullTaskProducer(redisUrl: string, queueName: string): TaskProducer {
  let open: { queue: Queue<{ taskId: string }>; connection: Redis } | null = null;
  return {
    async enqueue(taskId) {
      if (!open) {
        const connection = new Redis(redisUrl, { maxRetriesPerRequest: null, connectionName: 'houtai-tasks-producer' });
        open = { queue: new Queue<{ taskId: string }>(queueName, { connection }), connection };
      }
      // The same job options as the task centre's own runner (bull-runner.ts).
      await open.queue.add('task', { taskId }, { removeOnComplete: true, removeOnFail: 1000, attempts: 1 });
    },
    async close() {
      if (!open) return;
      await open.queue.close();
      open.connection.disconnect();
      open = null;
    },
  };
}
