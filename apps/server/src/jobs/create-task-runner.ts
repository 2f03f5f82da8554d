/** REDIS_URL set → BullMQ (tasks shared by every instance); unset → in this process. */
import type { Config } from '../config.ts';
import { createBullRunner } from './bull-runner.ts';
import { InProcessRunner } from './in-process-runner.ts';
import type { RunTask, TaskRunner } from './task-runner.ts';

export function createTaskRunner(
  config: Pick<Config, 'redisUrl' | 'taskQueue' | 'taskConcurrency'>,
  run: RunTask,
  log: { error(obj: object, msg: string): void },
): Promise<TaskRunner> {
  const { redisUrl, taskQueue, taskConcurrency } = config;
  return redisUrl
    ? createBullRunner({ redisUrl, queueName: taskQueue, concurrency: taskConcurrency, run, log })
    : Promise.resolve(new InProcessRunner(run, taskConcurrency));
}
