import { describe, expect, it } from 'vitest';
import { INITIAL_BANNER, applyLive, applyLoaded } from './notice-banner-store.ts';

describe('notice banner state', () => {
  it('starts off and takes the loaded setting', () => {
    expect(INITIAL_BANNER.notice).toEqual({ status: '0', content: '' });
    expect(applyLoaded(INITIAL_BANNER, { status: '1', content: '维护' }).notice).toEqual({
      status: '1',
      content: '维护',
    });
  });

  it('clears on a failed load', () => {
    const shown = applyLoaded(INITIAL_BANNER, { status: '1', content: '维护' });
    expect(applyLoaded(shown, null).notice).toEqual({ status: '0', content: '' });
  });

  it('keeps a live update over a load that answers after it', () => {
    const live = applyLive(INITIAL_BANNER, { status: '1', content: '新的' });
    expect(applyLoaded(live, { status: '1', content: '旧的' }).notice).toEqual({ status: '1', content: '新的' });
    expect(applyLive(live, { status: '0', content: '' }).notice).toEqual({ status: '0', content: '' });
  });
});
