import { describe, expect, it } from 'vitest';
import { DisplaySettingsPatchSchema as DisplaySettingsPatch } from './settings-schema.ts';
import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  SETTING_RULES,
  checkSetting,
  normaliseSettings,
  parseStoredSettings,
  PRIMARY_COLORS,
  SETTINGS_TEXT,
} from './settings.ts';

describe('defaults and palette', () => {
  it('defaults to #1890FF, light, top menu, fixed width and multi-tab on (spec §3)', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      primaryColor: '#1890FF',
      theme: 'light',
      layout: 'topmenu',
      contentWidth: 'Fixed',
      multipage: true,
    });
    expect(DisplaySettingsPatch.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    for (const key of SETTING_KEYS)
      expect(checkSetting(SETTING_RULES[key], DEFAULT_SETTINGS[key])).toBe(DEFAULT_SETTINGS[key]);
  });

  it('offers eight distinct colours with the default first', () => {
    expect(PRIMARY_COLORS).toHaveLength(8);
    expect(new Set(PRIMARY_COLORS.map((c) => c.color)).size).toBe(8);
    expect(PRIMARY_COLORS[0].color).toBe('#1890FF');
  });

  it('the defaults already satisfy the drawer rules', () => {
    expect(normaliseSettings(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('normaliseSettings', () => {
  it('fills missing keys from the defaults', () => {
    expect(normaliseSettings({ theme: 'dark' })).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(normaliseSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps Fluid only in the top-menu layout', () => {
    expect(normaliseSettings({ layout: 'topmenu', contentWidth: 'Fluid' }).contentWidth).toBe('Fluid');
    expect(normaliseSettings({ layout: 'sidemenu', contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
  });

  it('turns auto-hide off without a fixed header', () => {
    expect(normaliseSettings({ fixedHeader: false, autoHideHeader: true }).autoHideHeader).toBe(false);
    expect(normaliseSettings({ fixedHeader: true, autoHideHeader: true }).autoHideHeader).toBe(true);
  });

  it('turns the fixed side menu off in the top-menu layout only', () => {
    expect(normaliseSettings({ layout: 'topmenu', fixedSidebar: true }).fixedSidebar).toBe(false);
    expect(normaliseSettings({ layout: 'sidemenu', fixedSidebar: true }).fixedSidebar).toBe(true);
  });

  it('does not change its argument', () => {
    const input = { layout: 'sidemenu', contentWidth: 'Fluid' } as const;
    normaliseSettings(input);
    expect(input.contentWidth).toBe('Fluid');
  });
});

describe('DisplaySettingsPatch', () => {
  it('drops unknown keys', () => {
    const r = DisplaySettingsPatch.parse({ theme: 'dark', isAdmin: true });
    expect(r).toEqual({ theme: 'dark' });
  });

  it('accepts a palette colour in any case and stores it upper-cased', () => {
    expect(DisplaySettingsPatch.parse({ primaryColor: '#722ed1' }).primaryColor).toBe('#722ED1');
  });

  it('agrees with the zod-free rules the web app uses, value by value', () => {
    const samples: unknown[] = [
      true,
      false,
      'light',
      'dark',
      'sidemenu',
      'topmenu',
      'Fixed',
      'Fluid',
      'mixmenu',
      '#1890ff',
      ' #722ED1 ',
      '#123456',
      'yes',
      1,
      null,
      {},
    ];
    for (const key of SETTING_KEYS) {
      for (const value of samples) {
        const viaSchema = DisplaySettingsPatch.safeParse({ [key]: value });
        const viaRule = checkSetting(SETTING_RULES[key], value);
        expect(viaSchema.success, `${key} = ${JSON.stringify(value)}`).toBe(viaRule !== undefined);
        if (viaSchema.success) expect(viaSchema.data[key]).toBe(viaRule);
      }
    }
  });

  it.each([
    [{ theme: 'blue' }, SETTINGS_TEXT.theme],
    [{ layout: 'mixmenu' }, SETTINGS_TEXT.layout],
    [{ contentWidth: 'Wide' }, SETTINGS_TEXT.contentWidth],
    [{ primaryColor: '#123456' }, SETTINGS_TEXT.primaryColor],
    [{ multipage: 'yes' }, SETTINGS_TEXT.flag('多页签模式')],
  ])('refuses %j with its Chinese message', (input, message) => {
    const r = DisplaySettingsPatch.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a body that is not an object', () => {
    const r = DisplaySettingsPatch.safeParse([1, 2]);
    expect(r.error?.issues[0]?.message).toBe(SETTINGS_TEXT.notObject);
  });
});

describe('parseStoredSettings', () => {
  it('falls back to the defaults for nothing, malformed JSON or a non-object', () => {
    expect(parseStoredSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseStoredSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseStoredSettings('[1]')).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the valid keys and drops the invalid ones', () => {
    const s = parseStoredSettings(JSON.stringify({ theme: 'dark', primaryColor: 'red', layout: 'sidemenu' }));
    expect(s).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', layout: 'sidemenu' });
  });

  it('normalises what it reads', () => {
    const s = parseStoredSettings(JSON.stringify({ layout: 'sidemenu', contentWidth: 'Fluid', autoHideHeader: true }));
    expect(s.contentWidth).toBe('Fixed');
    expect(s.autoHideHeader).toBe(false);
  });
});
