/**
 * Money for the accounting workspace (issue 15): amounts are kept as integer fen (分) and travel as decimal strings
 * with two places ('1234.50'); tax rates are kept as basis points (1300 = 13%) and travel as percent strings with at
 * most two places ('13', '6.5'). Never a float in between: parsing is textual and the tax split is integer
 * arithmetic, rounded half up, once per business record.
 */

/** The largest amount of one business record: 99,999,999.99 元 (sums of a million records stay exact integers). */
export const MONEY_MAX_FEN = 9_999_999_999;
/** 100.00% in basis points. */
export const RATE_MAX_BP = 10_000;

const AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;
const RATE = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** '1234.5' / '1234.50' / 1234.5 → 123450 fen; anything else (negative, 3 places, text, too large) → null. */
export function parseMoney(value: unknown): number | null {
  const text = typeof value === 'number' ? numberText(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null) return null;
  const m = AMOUNT.exec(text);
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen <= MONEY_MAX_FEN ? fen : null;
}

/** '13' / '6.5' / 13 → basis points (1300, 650); 0 to 100 with at most two places, else null. */
export function parseRate(value: unknown): number | null {
  const text = typeof value === 'number' ? numberText(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null) return null;
  const m = RATE.exec(text);
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= RATE_MAX_BP ? bp : null;
}

/** A finite number as plain decimal text (no exponent), or null. */
function numberText(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  const text = String(n);
  return /e/i.test(text) ? null : text;
}

/** Integer fen → '1234.50' (negative → '-1234.50'). Exact for every safe integer. */
export function formatMoney(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a whole number of fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer fen → '1,234.50' for screens. */
export function formatMoneyDisplay(fen: number): string {
  const [whole, cents] = formatMoney(fen).split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Basis points → '13' / '6.5' / '0'. */
export function formatRate(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const part = bp % 100;
  if (part === 0) return String(whole);
  return `${whole}.${String(part).padStart(2, '0').replace(/0$/, '')}`;
}

export interface TaxSplit {
  /** 不含税金额 */
  net: number;
  /** 税额 */
  tax: number;
}

/**
 * 价税分离: a tax-inclusive amount (价税合计, fen) at a rate (basis points) → net + tax, with
 * tax = gross × rate / (1 + rate) rounded half up to the fen, and net = gross − tax (so the parts always add up).
 */
export function splitTax(grossFen: number, rateBp: number): TaxSplit {
  if (!Number.isSafeInteger(grossFen) || grossFen < 0) throw new RangeError(`bad amount: ${grossFen}`);
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > RATE_MAX_BP) throw new RangeError(`bad rate: ${rateBp}`);
  if (rateBp === 0) return { net: grossFen, tax: 0 };
  // round half up of gross·r / (10000 + r) = floor((2·gross·r + d) / 2d), d = 10000 + r; BigInt keeps it exact.
  const d = BigInt(RATE_MAX_BP + rateBp);
  const tax = Number((2n * BigInt(grossFen) * BigInt(rateBp) + d) / (2n * d));
  return { net: grossFen - tax, tax };
}

/** 'YYYY-MM' of a 'YYYY-MM-DD' (or 'YYYY-MM') date text, or null. */
export function periodOf(date: string): string | null {
  const m = /^(\d{4})-(\d{2})(?:-\d{2})?/.exec(date);
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? `${m[1]}-${m[2]}` : null;
}

/** The period before 'YYYY-MM'. */
export function previousPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
