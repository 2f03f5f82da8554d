/**
 * The org_code scheme (contract §2.9, JeecgBoot's YouBianCodeUtil): each level adds one segment to its parent's
 * code; a segment is a letter and two digits, A01 … A99, B01 … Z99, and after Z99 it grows to Z99A01 … Z99Z99,
 * Z99Z99A01 and so on. A new department gets the segment after the highest one its level has ever used (deleted
 * departments' codes included), so a code is never handed out twice.
 */

/** Codes per 3-character group: 26 letters × 99 numbers. */
const GROUP = 26 * 99;
const SEGMENT = /^((?:Z99)*)([A-Z])(\d\d)$/;
/** sys_depart.org_code is varchar(64). */
export const ORG_CODE_MAX = 64;

/** The position of a segment in the sequence (A01 = 0), or null when it is not one. */
export function segmentOrdinal(segment: string): number | null {
  const m = SEGMENT.exec(segment);
  if (!m) return null;
  const n = Number(m[3]);
  if (n < 1) return null;
  return ((m[1] ?? '').length / 3) * GROUP + ((m[2] ?? 'A').charCodeAt(0) - 65) * 99 + (n - 1);
}

/** The segment at a position of the sequence. */
export function segmentAt(ordinal: number): string {
  const groups = Math.floor(ordinal / GROUP);
  const rest = ordinal % GROUP;
  return `${'Z99'.repeat(groups)}${String.fromCharCode(65 + Math.floor(rest / 99))}${String((rest % 99) + 1).padStart(2, '0')}`;
}

/**
 * The code of a new child of `parentCode` ('' for the top level), given every code that starts with it: the
 * segment after the highest used one, skipping any code already taken or already a prefix of another.
 * Null when the code would not fit the column.
 */
export function nextOrgCode(parentCode: string, existing: readonly string[]): string | null {
  let max = -1;
  for (const code of existing) {
    if (!code.startsWith(parentCode) || code === parentCode) continue;
    const ord = segmentOrdinal(code.slice(parentCode.length));
    if (ord !== null && ord > max) max = ord;
  }
  const used = (candidate: string) => existing.some((c) => c.startsWith(candidate));
  for (let ord = max + 1; ; ord++) {
    const candidate = parentCode + segmentAt(ord);
    if (candidate.length > ORG_CODE_MAX) return null;
    if (!used(candidate)) return candidate;
  }
}
