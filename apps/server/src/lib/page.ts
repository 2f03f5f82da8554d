import type { ListTotal } from './list-total.ts';

/** The JeecgBoot page (IPage) every list answers: {records, total, size, current, pages}. */
export interface PageOf<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export interface PageParams {
  pageNo: number;
  pageSize: number;
}

/** Rows to skip for a page (pageNo counts from 1). */
export function offsetOf(p: PageParams): number {
  return (p.pageNo - 1) * p.pageSize;
}

export function pageOf<T>(records: T[], total: number, p: PageParams): PageOf<T> {
  return { records, total, size: p.pageSize, current: p.pageNo, pages: Math.ceil(total / p.pageSize) };
}

/** A page whose total came from lib/list-total.ts: it says `totalExact: false` when the total is remembered. */
export function pageOfTotal<T>(records: T[], t: ListTotal, p: PageParams): PageOf<T> & { totalExact?: false } {
  return { ...pageOf(records, t.total, p), ...(t.exact ? {} : { totalExact: false as const }) };
}
