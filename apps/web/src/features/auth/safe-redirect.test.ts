import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('post-login redirect', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeRedirect('/isps/userAnnouncement?x=1')).toBe('/isps/userAnnouncement?x=1');
  });

  it('goes home for a missing, foreign or looping target', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/user/login',
      '/user/login?redirect=/x',
    ]) {
      expect(safeRedirect(raw)).toBe('/dashboard/analysis');
    }
  });
});
