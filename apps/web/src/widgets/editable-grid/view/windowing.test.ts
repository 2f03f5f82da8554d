import { describe, expect, it } from 'vitest';
import {
  MAX_SCROLL_HEIGHT,
  columnOffsets,
  columnWindow,
  rowWindow,
  scrollTopFor,
  scrollTopToShowRow,
  virtualTop,
} from './windowing.ts';

describe('rowWindow', () => {
  it('draws the visible rows and the overscan around them', () => {
    const w = rowWindow({ scrollTop: 610, viewport: 400, rowHeight: 61, count: 1000, overscan: 2 });
    // Row 10 is at 610: rows 10…17 are (partly) visible.
    expect(w.start).toBe(8);
    expect(w.end).toBe(10 + Math.ceil(400 / 61) + 1 + 2);
    expect(w.top(10)).toBe(610);
    expect(w.top(11)).toBe(671);
    expect(w.scrollHeight).toBe(61_000);
  });

  it('stays within the rows at both ends and for an empty grid', () => {
    expect(rowWindow({ scrollTop: 0, viewport: 400, rowHeight: 61, count: 3, overscan: 5 })).toMatchObject({
      start: 0,
      end: 3,
    });
    const end = rowWindow({ scrollTop: 1e9, viewport: 400, rowHeight: 61, count: 100, overscan: 2 });
    expect(end.end).toBe(100);
    expect(rowWindow({ scrollTop: 0, viewport: 400, rowHeight: 61, count: 0, overscan: 2 })).toMatchObject({
      start: 0,
      end: 0,
      scrollHeight: 0,
    });
  });

  it('caps the scrollable height past the browser limit and still reaches the last row', () => {
    const count = 1_000_000;
    const rowHeight = 61;
    const viewport = 400;
    const w0 = rowWindow({ scrollTop: 0, viewport, rowHeight, count, overscan: 0 });
    expect(w0.scrollHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(w0.start).toBe(0);
    const bottom = MAX_SCROLL_HEIGHT - viewport;
    const w = rowWindow({ scrollTop: bottom, viewport, rowHeight, count, overscan: 0 });
    expect(w.end).toBe(count);
    // The last row ends exactly at the bottom of the viewport.
    expect(w.top(count - 1) + rowHeight).toBeCloseTo(bottom + viewport, 3);
  });

  it('maps a scaled scroll position and back', () => {
    const args = [400, 1_000_000, 61] as const;
    for (const v of [0, 123_456, 30_000_000, 60_999_600]) {
      expect(virtualTop(scrollTopFor(v, ...args), ...args)).toBeCloseTo(v, 3);
    }
    // Unscaled: the identity.
    expect(virtualTop(500, 400, 100, 61)).toBe(500);
    expect(scrollTopFor(500, 400, 100, 61)).toBe(500);
  });
});

describe('scrollTopToShowRow', () => {
  it('leaves a visible row alone and scrolls just enough for one above or below', () => {
    expect(scrollTopToShowRow(10, 610, 400, 1000, 61)).toBeNull();
    expect(scrollTopToShowRow(5, 610, 400, 1000, 61)).toBe(305);
    // Row 30 ends at 1891: its bottom meets the viewport's.
    expect(scrollTopToShowRow(30, 610, 400, 1000, 61)).toBe(1891 - 400);
  });

  it('finds a row of a scaled grid', () => {
    const st = scrollTopToShowRow(999_999, 0, 400, 1_000_000, 61)!;
    const w = rowWindow({ scrollTop: st, viewport: 400, rowHeight: 61, count: 1_000_000, overscan: 0 });
    expect(w.end).toBe(1_000_000);
  });
});

describe('columnWindow', () => {
  const offsets = columnOffsets([100, 200, 150, 190, 135, 120]);

  it('sums the widths', () => {
    expect(offsets).toEqual([0, 100, 300, 450, 640, 775, 895]);
  });

  it('draws the columns that overlap the viewport, plus overscan', () => {
    expect(columnWindow(offsets, 0, 250, 0)).toEqual({ start: 0, end: 2 });
    expect(columnWindow(offsets, 310, 300, 0)).toEqual({ start: 2, end: 4 });
    expect(columnWindow(offsets, 310, 300, 1)).toEqual({ start: 1, end: 5 });
    // An exact boundary: column 2 starts at 300.
    expect(columnWindow(offsets, 300, 150, 0)).toEqual({ start: 2, end: 3 });
    expect(columnWindow(offsets, 5000, 300, 0)).toEqual({ start: 5, end: 6 });
    expect(columnWindow([0], 0, 300, 1)).toEqual({ start: 0, end: 0 });
  });
});
