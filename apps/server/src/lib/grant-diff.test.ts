import { describe, expect, it } from 'vitest';
import { grantDiff } from './grant-diff.ts';

describe('the diff-based grant save', () => {
  it('grants every ticked id and takes away only what was unticked since the read', () => {
    // Read: a, b. Meanwhile another administrator granted c. Now ticked: a, d.
    expect(grantDiff(['a', 'b', 'c'], ['a', 'd'], ['a', 'b'])).toEqual({ toAdd: ['d'], toRemove: ['b'] });
  });

  it('re-grants a ticked id someone else took away meanwhile, and ignores unticked ids no longer stored', () => {
    expect(grantDiff(['b'], ['a'], ['a', 'b', 'x'])).toEqual({ toAdd: ['a'], toRemove: ['b'] });
  });

  it('without the ids of the read the ticked ids are the whole set', () => {
    expect(grantDiff(['a', 'b'], ['b', 'c'])).toEqual({ toAdd: ['c'], toRemove: ['a'] });
    expect(grantDiff(['a'], [], [])).toEqual({ toAdd: [], toRemove: [] });
  });
});
