/**
 * Wall-clock time in a time zone without a library: IANA zones through Intl, fixed offsets ('UTC', 'Z',
 * '+08:00', 'UTC-06:00') by arithmetic. Calendar fields are plain integers computed with Date.UTC, so the
 * cron search never depends on the machine's own zone.
 */

/** A wall-clock time: month 1-12, day 1-31, hour 0-23. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Milliseconds since the epoch of a wall-clock time read as if it were UTC. */
export function localToEpoch(t: LocalDateTime): number {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}

export function epochToLocal(ms: number): LocalDateTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'YYYY-MM-DDTHH:mm:ss'. */
export function formatLocal(t: LocalDateTime): string {
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DDTHH:mm[:ss]' → fields, or null when it is not a real calendar time. */
export function parseLocal(text: string): LocalDateTime | null {
  const m = LOCAL_RE.exec(text.trim());
  if (!m) return null;
  const t: LocalDateTime = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
  };
  const back = epochToLocal(localToEpoch(t));
  return formatLocal(back) === formatLocal(t) ? t : null;
}

/** Offset in minutes of a fixed-offset zone name, or null when the name is not one. */
function fixedOffset(zone: string): number | null {
  if (zone === 'UTC' || zone === 'Z' || zone === 'GMT' || zone === 'Etc/UTC') return 0;
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  if (minutes > 18 * 60) return null;
  return m[1] === '-' ? -minutes : minutes;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True for 'UTC', fixed offsets and the IANA names this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (fixedOffset(zone) !== null) return true;
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone's offset from UTC in milliseconds at an instant. Offsets change on whole minutes, so results are
 * cached per zone and minute (a cron search asks for the same few instants again and again).
 */
const offsetCache = new Map<string, Map<number, number>>();

export function zoneOffsetMs(zone: string, epochMs: number): number {
  const fixed = fixedOffset(zone);
  if (fixed !== null) return fixed * MINUTE_MS;
  const minute = Math.floor(epochMs / MINUTE_MS);
  let cache = offsetCache.get(zone);
  if (!cache) {
    cache = new Map();
    offsetCache.set(zone, cache);
  }
  const hit = cache.get(minute);
  if (hit !== undefined) return hit;
  const at = minute * MINUTE_MS;
  const parts = formatterFor(zone).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  let year = get('year');
  if (parts.find((p) => p.type === 'era')?.value === 'BC') year = 1 - year;
  const wall = Date.UTC(year, get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const offset = wall - at;
  if (cache.size > 50_000) cache.clear();
  cache.set(minute, offset);
  return offset;
}

/** The wall-clock time of an instant in a zone. */
export function instantToLocal(instant: Date | number, zone: string): LocalDateTime {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const whole = Math.floor(ms / 1000) * 1000;
  return epochToLocal(whole + zoneOffsetMs(zone, whole));
}

/**
 * The instants a wall-clock time stands for: one normally, two in an overlap (earlier first), none in a gap.
 * Assumes at most one offset change within a day of the time, as every real zone does.
 */
export function localCandidates(t: LocalDateTime, zone: string): number[] {
  const wall = localToEpoch(t);
  const before = zoneOffsetMs(zone, wall - DAY_MS);
  const after = zoneOffsetMs(zone, wall + DAY_MS);
  const out: number[] = [];
  for (const o of before === after ? [before] : [before, after]) {
    const instant = wall - o;
    if (zoneOffsetMs(zone, instant) === o) out.push(instant);
  }
  return out.sort((a, b) => a - b);
}

/**
 * The instant of a wall-clock time as Quartz fires it: in an overlap the first (daylight) occurrence; in a gap
 * the time shifted forward by the gap (02:30 in a one-hour spring-forward gap fires at 03:30).
 */
export function localToInstant(t: LocalDateTime, zone: string): number {
  const candidates = localCandidates(t, zone);
  if (candidates.length) return candidates[0]!;
  const wall = localToEpoch(t);
  return wall - zoneOffsetMs(zone, wall - DAY_MS);
}
