/**
 * Display settings of the shell (spec 000 §2.6, §3): the schema both sides validate with, the defaults, the
 * palette of the settings drawer and the drawer's rules as one pure normalisation.
 */
import { z } from 'zod';

/** The drawer's eight primary colours (Ant Design Pro's list), the default first. */
export const PRIMARY_COLORS = [
  { key: '拂晓蓝（默认）', color: '#1890FF' },
  { key: '薄暮', color: '#F5222D' },
  { key: '火山', color: '#FA541C' },
  { key: '日暮', color: '#FAAD14' },
  { key: '明青', color: '#13C2C2' },
  { key: '极光绿', color: '#52C41A' },
  { key: '极客蓝', color: '#2F54EB' },
  { key: '酱紫', color: '#722ED1' },
] as const;

export type PrimaryColor = (typeof PRIMARY_COLORS)[number]['color'];

const COLOR_VALUES = PRIMARY_COLORS.map((c) => c.color) as [PrimaryColor, ...PrimaryColor[]];

export const THEMES = ['light', 'dark'] as const;
export const LAYOUTS = ['sidemenu', 'topmenu'] as const;
export const CONTENT_WIDTHS = ['Fixed', 'Fluid'] as const;

export const SETTINGS_TEXT = {
  theme: '菜单风格只能是light或dark',
  layout: '导航模式只能是sidemenu或topmenu',
  contentWidth: '内容区域宽度只能是Fixed或Fluid',
  primaryColor: '主题色必须是预设的八种颜色之一',
  flag: (label: string) => `${label}只能是true或false`,
  notObject: '系统设置格式不正确',
} as const;

const flag = (label: string) => z.boolean({ error: SETTINGS_TEXT.flag(label) });

export const DisplaySettings = z.object(
  {
    /** The side menu is expanded (false = collapsed to 80 px). */
    sidebarOpen: flag('侧边栏展开'),
    theme: z.enum(THEMES, { error: SETTINGS_TEXT.theme }),
    layout: z.enum(LAYOUTS, { error: SETTINGS_TEXT.layout }),
    fixedHeader: flag('固定Header'),
    fixedSidebar: flag('固定侧边菜单'),
    autoHideHeader: flag('下滑时隐藏Header'),
    contentWidth: z.enum(CONTENT_WIDTHS, { error: SETTINGS_TEXT.contentWidth }),
    // Upper-cased first so '#1890ff' from a colour picker matches the palette.
    primaryColor: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(COLOR_VALUES, { error: SETTINGS_TEXT.primaryColor }),
    ),
    colorWeak: flag('色弱模式'),
    multipage: flag('多页签模式'),
  },
  { error: SETTINGS_TEXT.notObject },
);
export type DisplaySettings = z.infer<typeof DisplaySettings>;

/**
 * What a client may send to save: any subset of the settings. Unknown keys are dropped (zod strips them),
 * a known key with a bad value fails with its Chinese message.
 */
export const DisplaySettingsPatch = DisplaySettings.partial();
export type DisplaySettingsPatch = z.infer<typeof DisplaySettingsPatch>;

/** Spec §3/§9 defaults: #1890FF, light, top menu, fixed width, multi-tab on. */
export const DEFAULT_SETTINGS: Readonly<DisplaySettings> = Object.freeze({
  sidebarOpen: true,
  theme: 'light',
  layout: 'topmenu',
  fixedHeader: false,
  fixedSidebar: false,
  autoHideHeader: false,
  contentWidth: 'Fixed',
  primaryColor: '#1890FF',
  colorWeak: false,
  multipage: true,
});

/**
 * Fills a partial set from the defaults and applies the drawer's rules (§2.6):
 * Fluid width exists only in the top-menu layout; hiding the header on scroll requires a fixed header;
 * a fixed side menu means nothing in the top-menu layout.
 */
export function normaliseSettings(partial: DisplaySettingsPatch | null | undefined): DisplaySettings {
  const s: DisplaySettings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof DisplaySettings)[]) {
    const v = partial?.[key];
    if (v !== undefined) Object.assign(s, { [key]: v });
  }
  if (s.layout !== 'topmenu') s.contentWidth = 'Fixed';
  if (!s.fixedHeader) s.autoHideHeader = false;
  if (s.layout === 'topmenu') s.fixedSidebar = false;
  return s;
}

/**
 * Settings from storage (the sys_user.settings column or the browser): malformed text or an invalid
 * value never breaks the shell; each valid key is kept, everything else falls back to the defaults.
 */
export function parseStoredSettings(text: string | null | undefined): DisplaySettings {
  if (!text) return normaliseSettings(null);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return normaliseSettings(null);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return normaliseSettings(null);
  const stored = raw as Record<string, unknown>;
  const patch: DisplaySettingsPatch = {};
  for (const key of Object.keys(DisplaySettings.shape) as (keyof DisplaySettings)[]) {
    const parsed = DisplaySettings.shape[key].safeParse(stored[key]);
    if (parsed.success) Object.assign(patch, { [key]: parsed.data });
  }
  return normaliseSettings(patch);
}
