/** The save body made from the grid's changes. */
import { describe, expect, it } from 'vitest';
import { shiftSaveBody } from './shift-save-body.ts';

const row = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `班次${id}`,
  amStart: '09:00',
  amEnd: '12:00',
  pmStart: '13:30',
  pmEnd: '18:00',
  sortOrder: 1,
  version: 2,
  ...extra,
});

describe('shiftSaveBody', () => {
  it('is null when nothing changed', () => {
    expect(shiftSaveBody({ inserted: [], updated: [], removed: [] }, [row('a')])).toBeNull();
  });

  it('sends new rows without a version, updated rows with theirs, and the removed ids', () => {
    const fresh = {
      id: 'tmp-1',
      name: '夜班',
      amStart: undefined,
      amEnd: '',
      pmStart: '13:00',
      pmEnd: '17:00',
      sortOrder: 3,
    };
    const body = shiftSaveBody({ inserted: [fresh], updated: ['a'], removed: ['b'] }, [
      row('a', { name: '改' }),
      fresh,
    ]);
    expect(body).toEqual({
      inserted: [
        { id: 'tmp-1', name: '夜班', amStart: null, amEnd: '', pmStart: '13:00', pmEnd: '17:00', sortOrder: 3 },
      ],
      updated: [
        {
          id: 'a',
          name: '改',
          amStart: '09:00',
          amEnd: '12:00',
          pmStart: '13:30',
          pmEnd: '18:00',
          sortOrder: 1,
          version: 2,
        },
      ],
      removedIds: ['b'],
    });
  });

  it('leaves out an updated id the grid no longer holds', () => {
    expect(shiftSaveBody({ inserted: [], updated: ['gone'], removed: [] }, [row('a')])).toBeNull();
  });
});
