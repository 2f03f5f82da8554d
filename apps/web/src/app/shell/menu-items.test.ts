import { describe, expect, it } from 'vitest';
import { heldActions } from './menu-items.ts';

describe('held permission codes', () => {
  it('splits comma-separated codes and skips disabled entries', () => {
    const held = heldActions([
      { action: 'a:b,fin:view', type: '2' },
      { action: 'user:add', type: '1', status: '1' },
      { action: 'user:delete', type: '1', status: '0' },
      { action: '', type: '1' },
    ]);
    expect([...held].sort()).toEqual(['a:b', 'fin:view', 'user:add']);
  });
});
