import { describe, expect, it } from 'vitest';
import { textWidth, truncateToWidth } from './text-width.ts';

describe('textWidth', () => {
  it('counts ASCII as 1 and everything else as 2', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('中文')).toBe(4);
    expect(textWidth('a中b')).toBe(4);
    expect(textWidth('，')).toBe(2);
    expect(textWidth('é')).toBe(2);
  });
  it('counts a character outside the BMP once (2), not per UTF-16 unit', () => {
    expect(textWidth('😀')).toBe(2);
    expect(textWidth('𠮷a')).toBe(3);
  });
  it('empty and missing text are 0', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth(null)).toBe(0);
    expect(textWidth(undefined)).toBe(0);
  });
});

describe('truncateToWidth', () => {
  it('leaves text that fits', () => {
    expect(truncateToWidth('abc', 3)).toBe('abc');
    expect(truncateToWidth('中文', 4)).toBe('中文');
  });
  it('cuts with the ellipsis inside the width', () => {
    expect(truncateToWidth('abcdefgh', 6)).toBe('abc...');
    expect(textWidth(truncateToWidth('中文中文中文', 7))).toBeLessThanOrEqual(7);
    expect(truncateToWidth('中文中文中文', 7)).toBe('中文...');
  });
  it('never splits a wide character', () => {
    expect(truncateToWidth('a中文', 6, '…')).toBe('a中文');
    expect(truncateToWidth('a中文字', 6, '…')).toBe('a中…');
    expect(truncateToWidth('😀😀😀', 5, '')).toBe('😀😀');
  });
  it('a width smaller than the ellipsis cuts without it', () => {
    expect(truncateToWidth('abcdef', 2)).toBe('ab');
  });
});
