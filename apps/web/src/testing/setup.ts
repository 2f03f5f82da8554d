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
// A timer after the file's own hooks lets it run while the window exists (this afterAll runs last: hooks stack).
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10));
});
