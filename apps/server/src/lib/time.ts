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
