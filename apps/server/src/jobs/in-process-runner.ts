/** The default runner: a small queue in this process (TASK_CONCURRENCY at a time), started after the add has answered. */
import type { RunTask, TaskRunner } from './task-runner.ts';

export class InProcessRunner implements TaskRunner {
  readonly kind = 'in-process';
  private readonly queue: string[] = [];
  private readonly active = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly run: RunTask,
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

  counts(): Promise<{ waiting: number; active: number }> {
    return Promise.resolve({ waiting: this.queue.length, active: this.active.size });
  }

  async close(): Promise<void> {
    // Tasks still queued stay marked running and are failed by the next start-up (they can be retried).
    this.closed = true;
    this.queue.length = 0;
    await Promise.allSettled([...this.active]);
  }
}
