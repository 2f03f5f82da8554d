import { afterEach, describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { AA_NORMAL_TEXT, blend, contrastRatio, hueOf, PAGE_BACKGROUND } from '@houtai/shared/contrast';
import { PRIMARY_COLORS } from '@houtai/shared/settings';
import { applyColorWeak, brandColors, COLOR_WEAK_FILTER, SECONDARY_TEXT, themeConfigFor } from './use-theme-config.ts';

afterEach(() => applyColorWeak(false));

/** An antd token colour as opaque hex: '#rrggbb' as is, 'rgba(0,0,0,a)' drawn over `bg`. */
function solid(color: string, bg: string): string {
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(color.replace(/\s/g, ''));
  if (!m) return color;
  const hex = `#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
  return blend(hex, m[4] === undefined ? 1 : Number(m[4]), bg);
}

const WHITE = '#FFFFFF';
const PRESET_NAMES = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;
const DARK_MENU = '#001529';

describe('theme config', () => {
  it('carries a shade of the primary colour in antd tokens, the hue kept', () => {
    const { colorPrimary, colorLink } = themeConfigFor('#F5222D').token!;
    expect(colorLink).toBe(colorPrimary);
    expect(Math.abs(hueOf(colorPrimary!) - hueOf('#F5222D'))).toBeLessThan(3);
    // A colour that already passes is used as chosen.
    expect(themeConfigFor('#722ED1').token!.colorPrimary).toBe('#722ED1');
  });

  it.each(PRIMARY_COLORS.map((c) => [c.key, c.color] as const))(
    '%s (%s): the tokens antd derives pass AA on white and #F0F2F5, light and dark menu',
    (_name, color) => {
      const config = themeConfigFor(color);
      const t = theme.getDesignToken(config);
      const pass = (fg: string, bg: string, what: string) =>
        expect(contrastRatio(solid(fg, bg), bg), `${what}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      for (const bg of [WHITE, PAGE_BACKGROUND]) {
        pass(t.colorText, bg, 'colorText');
        pass(t.colorTextSecondary, bg, 'colorTextSecondary');
        pass(t.colorTextTertiary, bg, 'colorTextTertiary');
        pass(t.colorTextDescription, bg, 'colorTextDescription (sign-in footer)');
        pass(t.colorTextPlaceholder, bg, 'colorTextPlaceholder');
        pass(t.colorLink, bg, 'colorLink');
        pass(t.colorPrimary, bg, 'colorPrimary as text (selected tab)');
      }
      pass(t.colorTextLightSolid, t.colorPrimary, 'white on primary button / dark menu selected item');
      pass(t.colorPrimary, brandColors(color).selectedBg, 'selected menu item');
      expect(config.components?.Menu?.itemSelectedBg).toBe(brandColors(color).selectedBg);
      // Dark menu: antd draws items in 65 % white on #001529.
      pass('rgba(255,255,255,0.65)', DARK_MENU, 'dark menu item');
      pass(WHITE, t.colorPrimaryHover, 'white on a hovered primary button');
      pass(WHITE, t.colorPrimaryActive, 'white on a pressed primary button');
      pass(t.colorLinkHover, PAGE_BACKGROUND, 'hovered link');
      // Tags: text <name>7 (the Tag's own tokens) on <name>1 (antd's palette).
      const tag = { ...t, ...(config.components?.Tag as Record<string, string>) } as unknown as Record<string, string>;
      for (const name of PRESET_NAMES) pass(tag[`${name}7`]!, tag[`${name}1`]!, `${name} tag`);
      pass(t.colorSuccess, t.colorSuccessBg, 'success tag');
      pass(t.colorWarning, t.colorWarningBg, 'warning tag');
      pass(t.colorError, t.colorErrorBg, 'error tag');
      // A switch's 是/否: white on the off track, and on it hovered.
      const sw = config.components?.Switch as Record<string, string>;
      pass(WHITE, sw.colorTextQuaternary!, 'white on an off switch');
      pass(WHITE, sw.colorTextTertiary!, 'white on a hovered off switch');
      pass(t.colorError, WHITE, 'form error message');
      pass(t.colorError, PAGE_BACKGROUND, 'form error message on the sign-in page');
      pass(t.colorInfo, t.colorInfoBg, 'processing tag');
    },
  );

  it('uses one AA grey for secondary text, descriptions and placeholders', () => {
    expect(contrastRatio(SECONDARY_TEXT, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(themeConfigFor('#1890FF').token).toMatchObject({
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: SECONDARY_TEXT,
    });
  });

  it('puts colour-weak on <html>, never on <body>, so fixed header and side menu stay fixed', () => {
    applyColorWeak(true);
    expect(COLOR_WEAK_FILTER).toBe('invert(80%)');
    expect(document.documentElement.style.filter).toBe('invert(80%)');
    expect(document.body.style.filter).toBe('');
    applyColorWeak(false);
    expect(document.documentElement.style.filter).toBe('');
  });
});
