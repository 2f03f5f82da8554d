/**
 * The antd theme for the current display settings (spec 000 §2.6): the primary colour through ConfigProvider
 * tokens, so no stylesheet is compiled at run time. Every text colour the tokens give passes WCAG AA (4.5:1) on
 * white and on the page background #F0F2F5 (issue 11): the brand colour is darkened, hue kept, where white on it
 * or it on the page would fall short (accessibleShade); secondary text, placeholders, status colours and the
 * preset tag colours likewise. The menu theme (light/dark) is the Menu/Sider `theme`
 * prop the layout reads from `useSettings`. Colour-weak mode is a filter on the root element (<html>).
 *
 * Mount once, in providers.tsx: `const theme = useThemeConfig(); <ConfigProvider theme={theme}>`. It also
 * starts the settings sync with the session (see settings-store.ts).
 */
import { useEffect, useMemo } from 'react';
import type { ThemeConfig } from 'antd';
import { accessibleGrey, accessibleShade, blend, contrastRatio, PAGE_BACKGROUND } from '@houtai/shared/contrast';
import { useSettings, startSettingsSync } from './settings-store.ts';

/** Ant Design Pro's colour-weak filter. */
export const COLOR_WEAK_FILTER = 'invert(80%)';

const WHITE = '#FFFFFF';
const PAGES = [WHITE, PAGE_BACKGROUND] as const;

/** Secondary text, descriptions (the sign-in footer) and placeholders: one grey that passes on both pages. */
export const SECONDARY_TEXT = accessibleGrey(PAGES);

/**
 * antd's preset colours (text = <name>7 on background <name>1 in a Tag): the ones short of 4.5:1 on their own
 * tint get a darker text shade. The values are antd 6's palette. They are Tag component tokens: antd derives the
 * global palette from its seeds again and would drop them as global tokens (darker seeds would turn the tints
 * grey).
 */
const PRESET_TAGS: Readonly<Record<string, readonly [text: string, background: string]>> = {
  cyan: ['#08979C', '#E6FFFB'],
  green: ['#389E0D', '#F6FFED'],
  orange: ['#D46B08', '#FFF7E6'],
  yellow: ['#D4B106', '#FEFFE6'],
  volcano: ['#D4380D', '#FFF2E8'],
  lime: ['#7CB305', '#FCFFE6'],
  gold: ['#D48806', '#FFFBE6'],
};

/**
 * Status colours (status Tags and form messages draw text in the seed colour on its light tint): a darker seed,
 * and antd's own tint and border kept (antd would derive them from the darker seed otherwise).
 */
const STATUS = {
  Success: ['#52C41A', '#F6FFED', '#B7EB8F'],
  Warning: ['#FAAD14', '#FFFBE6', '#FFE58F'],
  Error: ['#FF4D4F', '#FFF2F0', '#FFCCC7'],
} as const;

const presetTokens = Object.fromEntries(
  Object.entries(PRESET_TAGS).map(([name, [text, bg]]) => [`${name}7`, accessibleShade(text, [bg, WHITE])]),
);
const statusTokens = Object.fromEntries(
  Object.entries(STATUS).flatMap(([name, [seed, bg, border]]) => [
    [`color${name}`, accessibleShade(seed, [bg, ...PAGES])],
    [`color${name}Bg`, bg],
    [`color${name}Border`, border],
  ]),
);

/**
 * The brand colour as the theme uses it: the chosen colour, or its darker shade (same hue) where white text on
 * it (primary buttons, the dark menu's selected item) or it as text on the page, on white or on the selected
 * menu item's tint would be under 4.5:1.
 */
export function brandColors(primaryColor: string): {
  primary: string;
  /** Hover and pressed states: darker still (axe also reads a button the pointer rests on). */
  hover: string;
  active: string;
  selectedBg: string;
} {
  const selectedBg = blend(primaryColor, 0.1, WHITE);
  const backgrounds = [...PAGES, selectedBg];
  const primary = accessibleShade(primaryColor, backgrounds);
  const base = contrastRatio(primary, PAGE_BACKGROUND);
  return {
    primary,
    hover: accessibleShade(primaryColor, backgrounds, base + 0.8),
    active: accessibleShade(primaryColor, backgrounds, base + 1.6),
    selectedBg,
  };
}

export function themeConfigFor(primaryColor: string): ThemeConfig {
  const { primary, hover, active, selectedBg } = brandColors(primaryColor);
  return {
    token: {
      colorPrimary: primary,
      colorPrimaryHover: hover,
      colorPrimaryActive: active,
      colorPrimaryTextHover: hover,
      colorPrimaryTextActive: active,
      colorLink: primary,
      colorLinkHover: hover,
      colorLinkActive: active,
      // Info (processing tags, info alerts) in the brand colour, on the brand's own light tint.
      colorInfo: primary,
      colorInfoBg: selectedBg,
      colorInfoBorder: blend(primaryColor, 0.35, WHITE),
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: SECONDARY_TEXT,
      ...statusTokens,
    },
    components: {
      Menu: { itemSelectedBg: selectedBg, itemSelectedColor: primary, horizontalItemSelectedColor: primary },
      Tabs: { itemSelectedColor: primary, itemHoverColor: hover, itemActiveColor: active },
      Tag: presetTokens,
      // A switch that is off draws its track in the quaternary grey (#bfbfbf): white 是/否 text on it was 1.83:1.
      // The secondary grey passes with white; hovering goes darker still.
      Switch: { colorTextQuaternary: SECONDARY_TEXT, colorTextTertiary: blend(SECONDARY_TEXT, 0.8, '#000000') },
    },
  };
}

/**
 * On <html>, not <body>: a filter makes its element the containing block of fixed descendants (the fixed
 * header and side menu would scroll with the page), except on the document's root element.
 */
export function applyColorWeak(on: boolean): void {
  if (typeof document === 'undefined') return;
  document.documentElement.style.filter = on ? COLOR_WEAK_FILTER : '';
}

export function useThemeConfig(): ThemeConfig {
  const primaryColor = useSettings((s) => s.settings.primaryColor);
  const colorWeak = useSettings((s) => s.settings.colorWeak);
  useEffect(() => startSettingsSync(), []);
  useEffect(() => applyColorWeak(colorWeak), [colorWeak]);
  return useMemo(() => themeConfigFor(primaryColor), [primaryColor]);
}
