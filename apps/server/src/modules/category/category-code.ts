/**
 * The category code rule (fill rule category_code_rule, JeecgBoot's YouBianCodeUtil): a child's code is its parent's
 * code plus one segment, a letter and two digits — A01 … A99, B01 … Z99, then Z99A01 … as YouBianCodeUtil grows it.
 * A new category takes the segment after the highest one among its siblings' codes that follow the rule (codes
 * typed by hand that do not are ignored), skipping a candidate some code already starts with.
 */

const GROUP = 26 * 99;
const SEGMENT = /^((?:Z99)*)([A-Z])(\d\d)$/;
/** Candidates tried past the highest before giving up (each one some other code already starts with). */
const MAX_SKIPS = 200;

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
  const letter = String.fromCharCode(65 + Math.floor(rest / 99));
  return `${'Z99'.repeat(groups)}${letter}${String((rest % 99) + 1).padStart(2, '0')}`;
}

/**
 * The code of a new child of `parentCode` ('' at the top level) given its future siblings' codes; `used` tells
 * whether some code already starts with a candidate. Null when no code fits in `maxLength`.
 */
export async function nextCategoryCode(
  parentCode: string,
  siblings: readonly string[],
  used: (candidate: string) => Promise<boolean>,
  maxLength: number,
): Promise<string | null> {
  let max = -1;
  for (const code of siblings) {
    if (!code.startsWith(parentCode) || code === parentCode) continue;
    const ord = segmentOrdinal(code.slice(parentCode.length));
    if (ord !== null && ord > max) max = ord;
  }
  for (let ord = max + 1; ord <= max + MAX_SKIPS; ord++) {
    const candidate = parentCode + segmentAt(ord);
    if (candidate.length > maxLength) return null;
    if (!(await used(candidate))) return candidate;
  }
  return null;
}
