/**
 * Fire times of a parsed Quartz expression. The search runs on wall-clock fields of the expression's zone
 * (year → month → day → hour → minute → second, resetting the finer fields whenever a coarser one moves), then
 * turns the wall time into an instant the way Quartz.NET does across daylight saving: a time inside a gap fires
 * shifted forward by the gap, a time inside an overlap fires once, at its first occurrence.
 */
import type { Cron } from './parse.ts';
import {
  epochToLocal,
  instantToLocal,
  localCandidates,
  localToEpoch,
  localToInstant,
  type LocalDateTime,
} from './zone.ts';

const MAX_YEAR = 2199;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Quartz weekday of a date: 1 = SUN ... 7 = SAT. */
function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1;
}

/** The weekday (Mon-Fri) nearest to `day`, staying in the month. */
function nearestWeekday(year: number, month: number, day: number, last: number): number {
  const w = weekdayOf(year, month, day);
  if (w === 7) return day === 1 ? 3 : day - 1; // Saturday → Friday, or Monday the 3rd
  if (w === 1) return day === last ? day - 2 : day + 1; // Sunday → Monday, or Friday before the last
  return day;
}

/** Bit d set when day d of the month fires (day-of-month and day-of-week rules). */
export function firingDays(cron: Cron, year: number, month: number): number {
  const last = daysInMonth(year, month);
  let mask = 0;
  const set = (d: number) => {
    if (d >= 1 && d <= last) mask |= 1 << d;
  };
  const { day, week } = cron;
  if (day) {
    for (let d = 1; d <= last; d++) if (day.days[d]) set(d);
    for (const n of day.fromLast) set(last - n);
    for (const n of day.fromLastWeekday) {
      const d = last - n;
      if (d >= 1) set(nearestWeekday(year, month, d, last));
    }
    if (day.lastWeekdayMinus.length) {
      const lw = nearestWeekday(year, month, last, last);
      for (const n of day.lastWeekdayMinus) set(lw - n);
    }
    for (const d of day.nearestWeekday) if (d <= last) set(nearestWeekday(year, month, d, last));
  }
  if (week) {
    const first = weekdayOf(year, month, 1);
    for (let d = 1; d <= last; d++) if (week.days[((first - 1 + d - 1) % 7) + 1]) set(d);
    if (week.last !== null) {
      const lastW = weekdayOf(year, month, last);
      set(last - ((lastW - week.last + 7) % 7));
    }
    if (week.nth) {
      const firstOf = 1 + ((week.nth.weekday - first + 7) % 7);
      set(firstOf + (week.nth.n - 1) * 7);
    }
  }
  return mask;
}

function nextFlag(flags: boolean[], from: number, max: number): number {
  for (let v = from; v <= max; v++) if (flags[v]) return v;
  return -1;
}

function nextYear(cron: Cron, from: number): number {
  if (!cron.years) return from <= MAX_YEAR ? from : -1;
  for (const y of cron.years) if (y >= from) return y;
  return -1;
}

/** The first wall-clock time at or after `t` that the expression fires on, or null when there is none. */
export function nextLocal(cron: Cron, t: LocalDateTime): LocalDateTime | null {
  let { year, month, day, hour, minute, second } = t;
  for (let guard = 0; guard < 100_000; guard++) {
    const y = nextYear(cron, year);
    if (y < 0) return null;
    if (y !== year) {
      year = y;
      month = 1;
      day = 1;
      hour = minute = second = 0;
    }
    const m = nextFlag(cron.month, month, 12);
    if (m < 0) {
      year++;
      month = day = 1;
      hour = minute = second = 0;
      continue;
    }
    if (m !== month) {
      month = m;
      day = 1;
      hour = minute = second = 0;
    }
    const mask = firingDays(cron, year, month) >>> day;
    if (!mask) {
      month++;
      day = 1;
      hour = minute = second = 0;
      if (month > 12) {
        year++;
        month = 1;
      }
      continue;
    }
    const d = day + 31 - Math.clz32(mask & -mask);
    if (d !== day) {
      day = d;
      hour = minute = second = 0;
    }
    const h = nextFlag(cron.hour, hour, 23);
    if (h < 0) {
      ({ year, month, day } = epochToLocal(Date.UTC(year, month - 1, day + 1)));
      hour = minute = second = 0;
      continue;
    }
    if (h !== hour) {
      hour = h;
      minute = second = 0;
    }
    const mi = nextFlag(cron.minute, minute, 59);
    if (mi < 0) {
      hour++;
      minute = second = 0;
      if (hour > 23) {
        ({ year, month, day } = epochToLocal(Date.UTC(year, month - 1, day + 1)));
        hour = 0;
      }
      continue;
    }
    if (mi !== minute) {
      minute = mi;
      second = 0;
    }
    const s = nextFlag(cron.second, second, 59);
    if (s < 0) {
      minute++;
      second = 0;
      if (minute > 59) {
        minute = 0;
        hour++;
        if (hour > 23) {
          ({ year, month, day } = epochToLocal(Date.UTC(year, month - 1, day + 1)));
          hour = 0;
        }
      }
      continue;
    }
    return { year, month, day, hour, minute, second: s };
  }
  return null;
}

/** Does the expression fire at this wall-clock time (seconds included)? */
export function matchesLocal(cron: Cron, t: LocalDateTime): boolean {
  const next = nextLocal(cron, t);
  return next !== null && localToEpoch(next) === localToEpoch(t);
}

/** Does the expression fire at this instant, read in `zone`? */
export function matches(cron: Cron, instant: Date | number, zone: string): boolean {
  return matchesLocal(cron, instantToLocal(instant, zone));
}

/** The first fire instant strictly after `from` (epoch ms), or null. */
export function nextFireTime(cron: Cron, from: number, zone: string): number | null {
  const start = Math.floor(from / 1000) * 1000 + 1000;
  let wall: LocalDateTime | null = instantToLocal(start, zone);
  for (let guard = 0; guard < 1000 && wall; guard++) {
    const found = nextLocal(cron, wall);
    if (!found) return null;
    const instant = localToInstant(found, zone);
    if (instant > from) return instant;
    // Inside an overlap after its first occurrence: the repeated wall time is still ahead.
    const later = localCandidates(found, zone).find((c) => c > from);
    if (later !== undefined) return later;
    wall = epochToLocal(localToEpoch(found) + 1000);
  }
  return null;
}

/** The next `count` fire instants strictly after `from`, fewer when the expression stops firing. */
export function nextFireTimes(cron: Cron, from: Date | number, zone: string, count: number): Date[] {
  const out: Date[] = [];
  let at = typeof from === 'number' ? from : from.getTime();
  while (out.length < count) {
    const next = nextFireTime(cron, at, zone);
    if (next === null) break;
    out.push(new Date(next));
    at = next;
  }
  return out;
}
