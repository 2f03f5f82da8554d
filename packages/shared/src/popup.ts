/**
 * The online-report popup picker's rules (spec §5.5): its configuration (origin fields, destination fields and
 * report code all required; as many origin as destination fields) and what OK copies — each destination field
 * gets its origin field's value from the chosen row, or the chosen rows' values joined by commas (multi mode).
 */
import { POPUP_TEXT } from './contract/online-report.ts';

/** 'a,b' or ['a', 'b'] → ['a', 'b'] (blank parts dropped). */
export function popupFieldList(fields: string | readonly string[] | null | undefined): string[] {
  const list = typeof fields === 'string' ? fields.split(',') : [...(fields ?? [])];
  return list.map((f) => f.trim()).filter((f) => f !== '');
}

/** The configuration's problem (a §5.5 message), or null when it is usable. */
export function checkPopupConfig(
  code: string | null | undefined,
  orgFields: string | readonly string[] | null | undefined,
  destFields: string | readonly string[] | null | undefined,
): string | null {
  const org = popupFieldList(orgFields);
  const dest = popupFieldList(destFields);
  if (!code?.trim() || org.length === 0 || dest.length === 0) return POPUP_TEXT.misconfigured;
  if (org.length !== dest.length) return POPUP_TEXT.countMismatch;
  return null;
}

export type PopupResult = { ok: true; values: Record<string, string> } | { ok: false; message: string };

/** A row value as text: '' for null/undefined, objects as JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return `${v}`;
  return JSON.stringify(v);
}

/** What OK copies: destination field → value; refused with '请选择一条记录' for no row, or several in single mode. */
export function popupValues(
  rows: readonly Readonly<Record<string, unknown>>[],
  orgFields: string | readonly string[],
  destFields: string | readonly string[],
  multi: boolean,
): PopupResult {
  const problem = checkPopupConfig('code', orgFields, destFields);
  if (problem) return { ok: false, message: problem };
  if (rows.length === 0 || (!multi && rows.length > 1)) return { ok: false, message: POPUP_TEXT.selectOne };
  const org = popupFieldList(orgFields);
  const dest = popupFieldList(destFields);
  const values: Record<string, string> = {};
  dest.forEach((d, i) => {
    values[d] = rows.map((r) => cellText(r[org[i]!])).join(',');
  });
  return { ok: true, values };
}
