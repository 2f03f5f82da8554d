/**
 * Builds an app's scheduled-job engine (app.ts starts it when the app is ready and closes it with the app): what the
 * kinds' work may use (the task centre for scheduled exports, the realtime hub, files for the upload sweep), and
 * BullMQ when REDIS_URL is set.
 */
import type { FastifyInstance } from 'fastify';
import { createBullTaskProducer } from '../../jobs/task-producer.ts';
import type { TaskKindRegistry } from '../async-task/async-task.kinds.ts';
import { addTask, runTask, type TaskDeps } from '../async-task/async-task.service.ts';
import { findUserByUsername } from '../user/user.service.ts';
import { QuartzRunFailure } from './quartz.kinds.ts';
import { QuartzScheduler } from './quartz.scheduler.ts';

export function createQuartzScheduler(app: FastifyInstance, taskKinds: TaskKindRegistry): QuartzScheduler {
  const { config } = app;
  const now = () => app.services.now();
  const producer = config.redisUrl ? createBullTaskProducer(config.redisUrl, config.taskQueue) : null;
  const taskDeps = (): TaskDeps => ({
    db: app.db,
    storage: app.storage,
    realtime: app.realtime,
    permissions: app.permissionCodes,
    now,
    log: app.log,
    kinds: taskKinds,
  });
  // Without Redis the task runs in this process, like the task centre's own in-process runner.
  const running = new Set<Promise<void>>();
  const enqueue = producer
    ? (id: string) => producer.enqueue(id)
    : (id: string) => {
        const p: Promise<void> = runTask(taskDeps(), id).finally(() => running.delete(p));
        running.add(p);
        return Promise.resolve();
      };
  return new QuartzScheduler({
    db: app.db,
    now,
    log: app.log,
    taskKinds,
    context: {
      db: app.db,
      now,
      realtime: app.realtime,
      files: { db: app.db, storage: app.storage, services: { now } },
      tokenIdleMinutes: config.tokenIdleMinutes,
      async queueExport(username, body) {
        const user = await findUserByUsername(app.db, username);
        if (!user) throw new QuartzRunFailure('任务创建人已不存在，无法导出');
        return (await addTask(taskDeps(), enqueue, body, user.id)).title;
      },
    },
    bull: config.redisUrl
      ? { redisUrl: config.redisUrl, queueName: `${config.taskQueue}-quartz`, concurrency: config.taskConcurrency }
      : undefined,
    onClose: async () => {
      await Promise.allSettled([...running]);
      await producer?.close();
    },
  });
}
