import { describe, expect, it } from 'vitest';
import {
  AA_NORMAL_TEXT,
  accessibleGrey,
  accessibleShade,
  blend,
  contrastRatio,
  hueOf,
  PAGE_BACKGROUND,
  parseHex,
  relativeLuminance,
} from './contrast.ts';
import { PRIMARY_COLORS } from './settings.ts';

describe('WCAG contrast', () => {
  it('computes the reference ratios', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 5);
    // The failures the issue observed: #1890FF text on #F0F2F5, white on #1890FF, #8C8C8C and #BFBFBF on white.
    expect(contrastRatio('#1890FF', PAGE_BACKGROUND)).toBeCloseTo(2.89, 2);
    expect(contrastRatio('#FFFFFF', '#1890FF')).toBeCloseTo(3.24, 2);
    expect(contrastRatio('#8C8C8C', '#FFFFFF')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('#BFBFBF', '#FFFFFF')).toBeLessThan(2);
  });

  it('parses short and long hex and refuses the rest', () => {
    expect(parseHex('#0af')).toEqual([0, 170, 255]);
    expect(parseHex('#1890ff')).toEqual([24, 144, 255]);
    expect(() => parseHex('blue')).toThrow();
  });

  it('blends a colour over a background', () => {
    expect(blend('#000000', 0.45, '#FFFFFF')).toBe('#8C8C8C');
  });
});

describe('accessibleShade', () => {
  it.each(PRIMARY_COLORS.map((c) => [c.key, c.color] as const))(
    '%s (%s): white on it and it on white and on #F0F2F5 reach 4.5:1, hue kept',
    (_name, color) => {
      const shade = accessibleShade(color);
      expect(contrastRatio(shade, '#FFFFFF')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      expect(contrastRatio(shade, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      // Same hue (within rounding to 8-bit channels), so the brand stays recognisable.
      expect(Math.abs(hueOf(shade) - hueOf(color))).toBeLessThan(3);
    },
  );

  it('keeps a colour that already passes and darkens one that does not only as far as needed', () => {
    expect(accessibleShade('#722ED1')).toBe('#722ED1');
    const shade = accessibleShade('#1890FF');
    expect(shade).not.toBe('#1890FF');
    expect(contrastRatio(shade, PAGE_BACKGROUND)).toBeLessThan(AA_NORMAL_TEXT + 0.3);
  });

  it('meets a custom set of backgrounds and ratio', () => {
    const shade = accessibleShade('#FAAD14', ['#FFFBE6'], 7);
    expect(contrastRatio(shade, '#FFFBE6')).toBeGreaterThanOrEqual(7);
  });
});

describe('accessibleGrey', () => {
  it('is the lightest grey that passes on white and on the page background', () => {
    const grey = accessibleGrey(['#FFFFFF', PAGE_BACKGROUND]);
    expect(contrastRatio(grey, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    const [v] = parseHex(grey);
    const lighter = `#${(v + 1).toString(16).repeat(3)}`;
    expect(contrastRatio(lighter, PAGE_BACKGROUND)).toBeLessThan(AA_NORMAL_TEXT);
  });
});
