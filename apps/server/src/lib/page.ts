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
