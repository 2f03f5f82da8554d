/** Login statistics for the home page (GET /sys/loginfo, /sys/visitInfo); days are Asia/Shanghai days. */
import type { Db } from '../../db/connection.ts';
import { shanghaiDate, shanghaiDayStart } from '../../lib/time.ts';
import { countLogins, countLoginsBetween } from '../auth/login-log.service.ts';

const DAY_MS = 24 * 3600 * 1000;
export const VISIT_DAYS = 7;

export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

export interface VisitDay {
  visit: number;
  ip: number;
  /** 'yyyy-MM-dd' */
  tian: string;
  /** 'MM-dd' */
  type: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

export async function loginInfo(db: Db, now: number): Promise<LoginInfo> {
  const start = shanghaiDayStart(now);
  const [total, today] = await Promise.all([countLogins(db), countLoginsBetween(db, iso(start), iso(start + DAY_MS))]);
  return { totalVisitCount: total, todayVisitCount: today.visit, todayIp: today.ip };
}

/** The last seven days including today, oldest first; days without logins count zero. */
export async function visitInfo(db: Db, now: number): Promise<VisitDay[]> {
  const today = shanghaiDayStart(now);
  const starts = Array.from({ length: VISIT_DAYS }, (_, i) => today - (VISIT_DAYS - 1 - i) * DAY_MS);
  const counts = await Promise.all(starts.map((s) => countLoginsBetween(db, iso(s), iso(s + DAY_MS))));
  return starts.map((s, i) => {
    const tian = shanghaiDate(s);
    return { visit: counts[i]!.visit, ip: counts[i]!.ip, tian, type: tian.slice(5) };
  });
}
