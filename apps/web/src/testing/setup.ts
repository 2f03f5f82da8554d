/** antd under happy-dom needs matchMedia and ResizeObserver. */
import { afterAll } from 'vitest';

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

// React flushes the passive effects of a file's last commit (often the unmount of cleanup()) from the scheduler's
// setImmediate; under load the environment could be torn down first and that flush meets `window is not defined`.
// Timers after the file's own hooks let it run while the window exists (this afterAll runs last: hooks stack).
// Several turns of the event loop, not one: a flush can schedule the next slice (another setImmediate), and under
// load one 10 ms timer fired before the second slice (seen once in a run of the grid and picker files).
afterAll(async () => {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
});
