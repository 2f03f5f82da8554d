/** REDIS_URL set → BullMQ (tasks shared by every instance); unset → in this process. */
import type { Config } from '../config.ts';
import { createBullRunner } from './bull-runner.ts';
import { InProcessRunner } from './in-process-runner.ts';
import type { RunTask, TaskRunner } from './task-runner.ts';

/**
 * What the metrics (plugins/metrics.ts) read of one app's task centre: its runner, once started, and a listener for
 * each finished task's run time. app.ts makes one per app (`app.taskCentre`); the task-centre module hands it to
 * createTaskRunner, so that module need not know about metrics.
 */
export interface TaskCentreProbe {
  runner: TaskRunner | null;
  onTaskFinished: ((seconds: number) => void) | null;
}

export function createTaskCentreProbe(): TaskCentreProbe {
  return { runner: null, onTaskFinished: null };
}

export async function createTaskRunner(
  config: Pick<Config, 'redisUrl' | 'taskQueue' | 'taskConcurrency'>,
  run: RunTask,
  log: { error(obj: object, msg: string): void },
  probe: TaskCentreProbe = createTaskCentreProbe(),
): Promise<TaskRunner> {
  const { redisUrl, taskQueue, taskConcurrency } = config;
  const timed: RunTask = async (taskId) => {
    const started = performance.now();
    try {
      await run(taskId);
    } finally {
      probe.onTaskFinished?.((performance.now() - started) / 1000);
    }
  };
  const runner = redisUrl
    ? await createBullRunner({ redisUrl, queueName: taskQueue, concurrency: taskConcurrency, run: timed, log })
    : new InProcessRunner(timed, taskConcurrency);
  probe.runner = runner;
  return runner;
}
