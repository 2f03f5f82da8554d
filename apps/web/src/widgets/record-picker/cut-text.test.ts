/** The business-record picker's cell cut (12 characters, spec §9). */
import { describe, expect, it } from 'vitest';
import { cellText, cutText } from './cut-text.ts';

describe('cutText', () => {
  it('keeps a text of at most N characters', () => {
    expect(cutText('车辆追尾或刮擦事故', 12)).toEqual({ shown: '车辆追尾或刮擦事故', cut: false });
    expect(cutText('一二三四五六七八九十一二', 12)).toEqual({ shown: '一二三四五六七八九十一二', cut: false });
  });

  it('cuts a longer one at N characters with an ellipsis', () => {
    expect(cutText('运输途中发生追尾、刮擦，造成车辆损坏', 12)).toEqual({
      shown: '运输途中发生追尾、刮擦，…',
      cut: true,
    });
  });

  it('never splits a character outside the BMP', () => {
    expect(cutText('😀😀😀', 2).shown).toBe('😀😀…');
  });
});

describe('cellText', () => {
  it('shows null and undefined as empty, numbers as text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText(3)).toBe('3');
  });
});
