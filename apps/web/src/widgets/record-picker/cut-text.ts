/** Cuts a table cell's text at N characters (the business-record picker: 12, spec §9); the whole text goes in a tooltip. */

/** The text cut to `max` characters (code points, so a character outside the BMP is never split), with '…'. */
export function cutText(text: string, max: number): { shown: string; cut: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { shown: text, cut: false };
  return { shown: `${chars.slice(0, max).join('')}…`, cut: true };
}

/** A cell value as text ('' for null/undefined). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
}
