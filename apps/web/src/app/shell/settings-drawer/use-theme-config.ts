/**
 * The antd theme for the current display settings (spec 000 §2.6): the primary colour through ConfigProvider
 * tokens, so no stylesheet is compiled at run time. The menu theme (light/dark) is the Menu/Sider `theme`
 * prop the layout reads from `useSettings`. Colour-weak mode is a filter on the root element (<html>).
 *
 * Mount once, in providers.tsx: `const theme = useThemeConfig(); <ConfigProvider theme={theme}>`. It also
 * starts the settings sync with the session (see settings-store.ts).
 */
import { useEffect, useMemo } from 'react';
import type { ThemeConfig } from 'antd';
import { useSettings, startSettingsSync } from './settings-store.ts';

/** Ant Design Pro's colour-weak filter. */
export const COLOR_WEAK_FILTER = 'invert(80%)';

export function themeConfigFor(primaryColor: string): ThemeConfig {
  return { token: { colorPrimary: primaryColor, colorLink: primaryColor } };
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
