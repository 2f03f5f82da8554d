/** Instants are stored as ISO-8601 UTC text; the wire shows Asia/Shanghai 'yyyy-MM-dd HH:mm:ss'. */

export function nowIso(): string {
  return new Date().toISOString();
}

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

const DAY_MS = 86_400_000;
/** 'yyyy-MM-dd' of Shanghai days already written (every row of a list page has a few times to write). */
const dayTexts = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** Years 0000–9999, where toISOString writes four digits: outside them the general path runs. */
const MIN_FAST_MS = Date.parse('0000-01-01T00:00:00.000Z');
const MAX_FAST_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** An instant (ISO text) as the wire's 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai; text that is no instant unchanged. */
export function toWireTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const local = t + SHANGHAI_OFFSET_MS;
  if (local < MIN_FAST_MS || local > MAX_FAST_MS) return new Date(local).toISOString().slice(0, 19).replace('T', ' ');
  const day = Math.floor(local / DAY_MS);
  let date = dayTexts.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayTexts.size >= 4096) dayTexts.clear();
    dayTexts.set(day, date);
  }
  const s = Math.floor((local - day * DAY_MS) / 1000);
  return `${date} ${TWO_DIGITS[Math.floor(s / 3600)]!}:${TWO_DIGITS[Math.floor(s / 60) % 60]!}:${TWO_DIGITS[s % 60]!}`;
}

/** 'yyyy-MM-dd' of an instant in Asia/Shanghai. */
export function shanghaiDate(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC instant at which the Shanghai day of `ms` starts. */
export function shanghaiDayStart(ms: number): number {
  const d = shanghaiDate(ms);
  return Date.parse(`${d}T00:00:00.000Z`) - SHANGHAI_OFFSET_MS;
}

/**
 * A wire time ('yyyy-MM-dd' or 'yyyy-MM-dd HH:mm[:ss]', Asia/Shanghai) as an ISO instant. The end of a range is
 * exclusive: a bare date ends after its day, a time after its second.
 */
export function wireToIso(text: string | undefined, end: boolean): string | undefined {
  if (!text) return undefined;
  const [date, time] = text.split(' ');
  const [hh = '00', mm = '00', ss = '00'] = (time ?? '').split(':').filter(Boolean);
  const local = Date.parse(`${date}T${hh}:${mm}:${ss}.000Z`);
  if (Number.isNaN(local)) return undefined;
  const step = end ? (time ? 1000 : 86_400_000) : 0;
  return new Date(local - SHANGHAI_OFFSET_MS + step).toISOString();
}
