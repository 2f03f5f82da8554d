/**
 * Display settings of the shell (spec 000 §2.6, §3): the rules both sides validate with, the defaults, the
 * palette of the settings drawer and the drawer's rules as one pure normalisation. The server's request schema
 * built from these rules is in settings-schema.ts.
 */
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

export const COLOR_VALUES = PRIMARY_COLORS.map((c) => c.color) as [PrimaryColor, ...PrimaryColor[]];

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

export type Theme = (typeof THEMES)[number];
export type Layout = (typeof LAYOUTS)[number];
export type ContentWidth = (typeof CONTENT_WIDTHS)[number];

export interface DisplaySettings {
  /** The side menu is expanded (false = collapsed to 80 px). */
  sidebarOpen: boolean;
  theme: Theme;
  layout: Layout;
  fixedHeader: boolean;
  fixedSidebar: boolean;
  autoHideHeader: boolean;
  contentWidth: ContentWidth;
  primaryColor: PrimaryColor;
  colorWeak: boolean;
  multipage: boolean;
}

/** What a client may send to save: any subset of the settings. */
export type DisplaySettingsPatch = Partial<DisplaySettings>;

/** Each setting's rule, as data: the checker below and the server's zod schema (settings-schema.ts) read it. */
export type SettingRule =
  | { kind: 'flag'; message: string }
  /** One of the values; `upperCase` first (so '#1890ff' from a colour picker matches the palette). */
  | { kind: 'oneOf'; values: readonly string[]; message: string; upperCase?: boolean };

const flagRule = (label: string): SettingRule => ({ kind: 'flag', message: SETTINGS_TEXT.flag(label) });

/**
 * The rules of every setting, the one source both sides validate with: the server's request schema and stored
 * or received settings (parseStoredSettings). Kept free of zod so that the web app's first screen does not load
 * a schema library for them.
 */
export const SETTING_RULES: Readonly<Record<keyof DisplaySettings, SettingRule>> = {
  sidebarOpen: flagRule('侧边栏展开'),
  theme: { kind: 'oneOf', values: THEMES, message: SETTINGS_TEXT.theme },
  layout: { kind: 'oneOf', values: LAYOUTS, message: SETTINGS_TEXT.layout },
  fixedHeader: flagRule('固定顶栏'),
  fixedSidebar: flagRule('固定侧边菜单'),
  autoHideHeader: flagRule('下滑时隐藏顶栏'),
  contentWidth: { kind: 'oneOf', values: CONTENT_WIDTHS, message: SETTINGS_TEXT.contentWidth },
  primaryColor: { kind: 'oneOf', values: COLOR_VALUES, message: SETTINGS_TEXT.primaryColor, upperCase: true },
  colorWeak: flagRule('色弱模式'),
  multipage: flagRule('多页签模式'),
};

/** The value a rule accepts (normalised), or undefined when it refuses it. */
export function checkSetting(rule: SettingRule, value: unknown): unknown {
  if (rule.kind === 'flag') return typeof value === 'boolean' ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const v = rule.upperCase ? value.trim().toUpperCase() : value;
  return rule.values.includes(v) ? v : undefined;
}

export const SETTING_KEYS = Object.keys(SETTING_RULES) as (keyof DisplaySettings)[];

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
  for (const key of SETTING_KEYS) {
    const value = checkSetting(SETTING_RULES[key], stored[key]);
    if (value !== undefined) Object.assign(patch, { [key]: value });
  }
  return normaliseSettings(patch);
}
