/**
 * Display width of text (spec widgets §9): an ASCII character counts 1, every other character 2 (a Chinese
 * character takes about two Latin ones' room). Counted by code point, so an emoji or a rare CJK character outside
 * the BMP counts 2, not 4. The server can use the same measure for limits stated in width.
 */

/** Width of one code point: 1 for ASCII (U+0000–U+007F), 2 otherwise. */
const charWidth = (ch: string): number => ((ch.codePointAt(0) ?? 0) <= 0x7f ? 1 : 2);

export function textWidth(s: string | null | undefined): number {
  if (!s) return 0;
  let w = 0;
  for (const ch of s) w += charWidth(ch);
  return w;
}

/**
 * Cuts text to at most `maxWidth`, the ellipsis included (default '...'); text that fits comes back unchanged.
 * A character is never split, and a wide character that would pass the limit is left out whole.
 */
export function truncateToWidth(s: string | null | undefined, maxWidth: number, ellipsis = '...'): string {
  const text = s ?? '';
  if (textWidth(text) <= maxWidth) return text;
  const room = maxWidth - textWidth(ellipsis);
  if (room < 0) return cut(text, maxWidth);
  return cut(text, room) + ellipsis;
}

function cut(text: string, width: number): string {
  let w = 0;
  let out = '';
  for (const ch of text) {
    const cw = charWidth(ch);
    if (w + cw > width) break;
    w += cw;
    out += ch;
  }
  return out;
}
