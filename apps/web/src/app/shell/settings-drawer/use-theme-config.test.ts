import { afterEach, describe, expect, it } from 'vitest';
import { applyColorWeak, COLOR_WEAK_FILTER, themeConfigFor } from './use-theme-config.ts';

afterEach(() => applyColorWeak(false));

describe('theme config', () => {
  it('carries the primary colour in antd tokens', () => {
    expect(themeConfigFor('#F5222D').token).toMatchObject({ colorPrimary: '#F5222D', colorLink: '#F5222D' });
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
