/** antd under happy-dom needs matchMedia and ResizeObserver. */
import { configure } from '@testing-library/react';
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';
import { afterAll } from 'vitest';

// findBy… and waitFor wait up to 5 s (default 1 s): while every suite runs on two cores, an upload's or a lazy
// chunk's answer can take longer than a second to render (seen in the full web run).
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub });
}

// React flushes the passive effects of a file's last commit (often the unmount of cleanup()) from its scheduler's
// queue (a setImmediate loop); when the environment was torn down first, that flush meets `window is not defined`
// (seen under load in CI, even after five timer turns). The scheduler runs its queue by priority: a task of idle
// priority runs after every task queued before it and every more urgent one they queue. Awaiting one, twice, leaves
// React nothing to run once the window is gone. (Bounded: a page the scheduler never gets to cannot hang the file.)
function schedulerDrained(): Promise<void> {
  const idle = new Promise<void>((resolve) => {
    unstable_scheduleCallback(unstable_IdlePriority, () => {
      resolve();
      return null;
    });
  });
  return Promise.race([idle, new Promise<void>((resolve) => setTimeout(resolve, 5000))]);
}

afterAll(async () => {
  await schedulerDrained();
  await new Promise((resolve) => setTimeout(resolve, 10));
  await schedulerDrained();
});
