/**
 * Colour contrast by the WCAG 2.x formula, and the shade of a brand colour that reaches a contrast target while
 * keeping its hue and saturation (so the brand stays recognisable). Pure; the web app's theme tokens are built
 * from it (use-theme-config.ts), and its tests check every colour of the settings drawer.
 */

/** WCAG AA for normal text (and white text on a button). */
export const AA_NORMAL_TEXT = 4.5;

/** The page background of the shell and of the sign-in pages. */
export const PAGE_BACKGROUND = '#F0F2F5';

export type Rgb = readonly [number, number, number];

/** '#RGB', '#RRGGBB' (any case) to 0–255 channels; throws on anything else. */
export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`不是十六进制颜色: ${hex}`);
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

export function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`.toUpperCase();
}

/** A colour drawn with `alpha` over an opaque background. */
export function blend(fg: string, alpha: number, bg: string): string {
  const f = parseHex(fg);
  const b = parseHex(bg);
  return toHex([0, 1, 2].map((i) => f[i]! * alpha + b[i]! * (1 - alpha)) as unknown as Rgb);
}

/** WCAG relative luminance of 0–255 channels. */
function luminanceOf(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG relative luminance (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  return luminanceOf(parseHex(hex));
}

function ratioOf(la: number, lb: number): number {
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG contrast ratio of two opaque colours (1 … 21), order-free. */
export function contrastRatio(a: string, b: string): number {
  return ratioOf(relativeLuminance(a), relativeLuminance(b));
}

/** The channels toHex writes (rounded, clamped): what a candidate colour really is once written as hex. */
function rounded(rgb: Rgb): Rgb {
  return rgb.map((v) => Math.round(Math.min(255, Math.max(0, v)))) as unknown as Rgb;
}

type Hsl = readonly [number, number, number];

function rgbToHsl([r8, g8, b8]: Rgb): Hsl {
  const r = r8 / 255;
  const g = g8 / 255;
  const b = b8 / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hslToRgb([h, s, l]: Hsl): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const hp = h / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r1, g1, b1] =
    hp < 1 ? [c, x, 0] : hp < 2 ? [x, c, 0] : hp < 3 ? [0, c, x] : hp < 4 ? [0, x, c] : hp < 5 ? [x, 0, c] : [c, 0, x];
  const m = l - c / 2;
  return [(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255];
}

/** Hue in degrees of a colour (for checking that a shade kept the brand's hue). */
export function hueOf(hex: string): number {
  return rgbToHsl(parseHex(hex))[0];
}

/**
 * The lightest shade of `color` (same hue and saturation, lower lightness) whose contrast with every one of
 * `backgrounds` is at least `minRatio`; the colour itself when it already passes. Used both for text on those
 * backgrounds and for white text on the colour (white is one of the default backgrounds).
 */
export function accessibleShade(
  color: string,
  backgrounds: readonly string[] = ['#FFFFFF', PAGE_BACKGROUND],
  minRatio: number = AA_NORMAL_TEXT,
): string {
  // Runs at start-up for every theme colour: the backgrounds' luminance once, candidates without hex round trips.
  const bgLuminance = backgrounds.map(relativeLuminance);
  const passes = (rgb: Rgb) => {
    const l = luminanceOf(rgb);
    return bgLuminance.every((lb) => ratioOf(l, lb) >= minRatio);
  };
  const ownRgb = parseHex(color);
  if (passes(ownRgb)) return toHex(ownRgb);
  const [h, s, l] = rgbToHsl(ownRgb);
  for (let step = 1; step <= 100; step++) {
    const candidate = rounded(hslToRgb([h, s, Math.max(0, l - (l * step) / 100)]));
    if (passes(candidate)) return toHex(candidate);
  }
  return '#000000';
}

/** The lightest solid grey whose contrast with every one of `backgrounds` is at least `minRatio`. */
export function accessibleGrey(backgrounds: readonly string[], minRatio: number = AA_NORMAL_TEXT): string {
  const bgLuminance = backgrounds.map(relativeLuminance);
  for (let v = 0x99; v >= 0; v--) {
    const l = luminanceOf([v, v, v]);
    if (bgLuminance.every((lb) => ratioOf(l, lb) >= minRatio)) return toHex([v, v, v]);
  }
  return '#000000';
}
