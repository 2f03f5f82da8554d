/** The add-row settings' normalisation and storage key, and the 1500 ms insert throttle. */
import { describe, expect, it } from 'vitest';
import {
  addRowSettingsKey,
  createThrottle,
  INSERT_THROTTLE_MS,
  INSERT_TOO_FAST_TEXT,
  normaliseAddRowSettings,
} from './add-row-settings.ts';

describe('add-row settings', () => {
  it('defaults to one row at the bottom', () => {
    expect(normaliseAddRowSettings({}, 10)).toEqual({ rows: 1, position: 0 });
    expect(normaliseAddRowSettings(null, 10)).toEqual({ rows: 1, position: 0 });
    expect(normaliseAddRowSettings(undefined, 0)).toEqual({ rows: 1, position: 0 });
  });

  it('rows below 1 or unreadable become 1; valid counts (and numeric text) are kept, fractions truncated', () => {
    expect(normaliseAddRowSettings({ rows: 0 }, 5).rows).toBe(1);
    expect(normaliseAddRowSettings({ rows: -3 }, 5).rows).toBe(1);
    expect(normaliseAddRowSettings({ rows: 'abc' }, 5).rows).toBe(1);
    expect(normaliseAddRowSettings({ rows: Number.NaN }, 5).rows).toBe(1);
    expect(normaliseAddRowSettings({ rows: 7 }, 5).rows).toBe(7);
    expect(normaliseAddRowSettings({ rows: '3' }, 5).rows).toBe(3);
    expect(normaliseAddRowSettings({ rows: 2.9 }, 5).rows).toBe(2);
  });

  it('the position is clamped to 0..row count', () => {
    expect(normaliseAddRowSettings({ position: -1 }, 5).position).toBe(0);
    expect(normaliseAddRowSettings({ position: 3 }, 5).position).toBe(3);
    expect(normaliseAddRowSettings({ position: 5 }, 5).position).toBe(5);
    expect(normaliseAddRowSettings({ position: 9 }, 5).position).toBe(5);
    expect(normaliseAddRowSettings({ position: 2 }, 0).position).toBe(0);
    expect(normaliseAddRowSettings({ position: '' }, 5).position).toBe(0);
  });

  it('is stored under a key per grid', () => {
    expect(addRowSettingsKey('shifts')).toBe('houtai:grid:add-row:shifts');
    expect(addRowSettingsKey('a')).not.toBe(addRowSettingsKey('b'));
  });
});

describe('insert throttle', () => {
  it('refuses a second insert within 1500 ms of the last accepted one', () => {
    let t = 10_000;
    const throttle = createThrottle(INSERT_THROTTLE_MS, () => t);
    expect(throttle.tryInsert()).toBe(true);
    t += 1499;
    expect(throttle.tryInsert()).toBe(false);
    // The refused click does not restart the interval.
    t += 1;
    expect(throttle.tryInsert()).toBe(true);
    t += 200;
    expect(throttle.tryInsert()).toBe(false);
  });

  it('defaults to 1500 ms and has the spec text for the warning', () => {
    let t = 0;
    const throttle = createThrottle(undefined, () => t);
    expect(throttle.tryInsert()).toBe(true);
    t = 1500;
    expect(throttle.tryInsert()).toBe(true);
    expect(INSERT_THROTTLE_MS).toBe(1500);
    expect(INSERT_TOO_FAST_TEXT).toBe('你点击的太快了，请慢点点击!');
  });
});
