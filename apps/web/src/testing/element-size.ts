/**
 * jsdom lays nothing out: every element's client width and height are 0. Tests of windowed widgets (the editable
 * grid) call this at the top of a test file to give every element a box for the file's tests.
 */
import { afterAll, beforeAll } from 'vitest';

export function stubElementSize(width: number, height: number): void {
  const sizes = { clientWidth: width, clientHeight: height };
  const saved: Record<string, PropertyDescriptor | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(sizes)) {
      saved[k] = Object.getOwnPropertyDescriptor(HTMLElement.prototype, k);
      Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
    }
  });
  afterAll(() => {
    for (const [k, d] of Object.entries(saved)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
  });
}
