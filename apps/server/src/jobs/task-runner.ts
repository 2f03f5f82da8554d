/**
 * Where tasks run: a queue that carries only task ids to a `run` function. The task's row is the truth; a runner only
 * decides when and where `run` is called. Two implementations: in this process (default) and BullMQ (REDIS_URL).
 */
export interface TaskRunner {
  readonly kind: 'in-process' | 'bullmq';
  enqueue(taskId: string): Promise<void>;
  /** Stops taking tasks and waits for the running ones (in-process) or the worker (BullMQ). */
  close(): Promise<void>;
  /** Tasks waiting and running now: this instance's (in-process), or the whole shared queue's (BullMQ). */
  counts(): Promise<{ waiting: number; active: number }>;
}

/** Runs one task to its end; never throws for a task's own failure. */
export type RunTask = (taskId: string) => Promise<void>;
