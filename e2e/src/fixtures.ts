/** The specs' `test`: base URL from global setup, and a skip (outside CI) when no Chromium exists. */
import { test as base } from '@playwright/test';
import { SKIP_REASON, e2eBaseUrl } from './env.ts';

export const test = base.extend<{ skipWithoutChromium: void }>({
  // Runs before the page fixture would try to launch a browser that is not there.
  skipWithoutChromium: [
    // Playwright reads fixture dependencies from the destructuring pattern, so it must be there even when empty.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      testInfo.skip(!!SKIP_REASON, SKIP_REASON ?? '');
      await use();
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(SKIP_REASON ? undefined : e2eBaseUrl());
  },
});

export { expect } from '@playwright/test';
