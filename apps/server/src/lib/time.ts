/** Instants are stored as ISO-8601 UTC text; the wire shows Asia/Shanghai 'yyyy-MM-dd HH:mm:ss'. */

export function nowIso(): string {
  return new Date().toISOString();
}

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

export function toWireTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Date(t + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
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
