/**
 * How the request schemas read the loose values the Jeecg clients send: blank (absent, null or ''), numbers and
 * booleans as text, trimmed text with '' as absent, and the control characters a one-line field refuses. Used by
 * the accounting contracts; the older contract files still hold copies of these (to be moved here).
 */

export const blank = (v: unknown): boolean => v === undefined || v === null || v === '';

export const asText = (v: unknown): unknown =>
  blank(v) ? undefined : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;

export const trimmed = (v: unknown): unknown => {
  const t = asText(v);
  return typeof t === 'string' ? t.trim() || undefined : t;
};

// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f]/;

/** A business source: a category code under A01. */
export const CATEGORY_CODE = /^A01(?:[A-Z]\d{2}){1,8}$/;
