import { describe, expect, it } from 'vitest';
import { INITIAL_FOLD, isOpen, isUnread, markFailed, markSucceeded, toggle } from './message-fold.ts';

const unread = { id: 's1', readFlag: '0' };
const read = { id: 's2', readFlag: '1' };

describe('message fold state', () => {
  it('starts folded', () => {
    expect(isOpen(INITIAL_FOLD, 's1')).toBe(false);
    expect(isUnread(INITIAL_FOLD, unread)).toBe(true);
    expect(isUnread(INITIAL_FOLD, read)).toBe(false);
  });

  it('asks to mark an unread message read on its first unfolding only', () => {
    const first = toggle(INITIAL_FOLD, unread);
    expect(first.markRead).toBe(true);
    expect(isOpen(first.state, 's1')).toBe(true);
    // Folded and unfolded again while the call runs: no second call.
    const folded = toggle(first.state, unread);
    expect(folded.markRead).toBe(false);
    expect(isOpen(folded.state, 's1')).toBe(false);
    const again = toggle(folded.state, unread);
    expect(again.markRead).toBe(false);

    const done = markSucceeded(again.state, 's1');
    expect(isUnread(done, unread)).toBe(false);
    const later = toggle(toggle(done, unread).state, unread);
    expect(later.markRead).toBe(false);
  });

  it('never asks for a read message', () => {
    const t = toggle(INITIAL_FOLD, read);
    expect(t.markRead).toBe(false);
    expect(isOpen(t.state, 's2')).toBe(true);
  });

  it('keeps a message unread when the call fails, and tries again on the next unfolding', () => {
    const first = toggle(INITIAL_FOLD, unread);
    const failed = markFailed(first.state, 's1');
    expect(isUnread(failed, unread)).toBe(true);
    const closed = toggle(failed, unread);
    expect(closed.markRead).toBe(false);
    expect(toggle(closed.state, unread).markRead).toBe(true);
  });

  it('does not fold the message when its call ends', () => {
    const first = toggle(INITIAL_FOLD, unread);
    expect(isOpen(markSucceeded(first.state, 's1'), 's1')).toBe(true);
    expect(isOpen(markFailed(first.state, 's1'), 's1')).toBe(true);
  });
});
