/** GET /hr/attendance/hrAttendanceShift/list: every shift (there are few) for the shift grid, with its version. */
import { useQuery } from '@tanstack/react-query';
import type { Page } from '@houtai/shared/contract/common';
import { SHIFT_LIMITS, SHIFT_TEXT, type ShiftRecord } from '@houtai/shared/contract/shift';
import { http, unwrapResult } from '../../../lib/http.ts';

export const SHIFT_QUERY_KEY = ['attendance', 'shifts'] as const;

export async function fetchShifts(): Promise<ShiftRecord[]> {
  const res = await http.get<Page<ShiftRecord>>('/hr/attendance/hrAttendanceShift/list', {
    pageNo: 1,
    pageSize: SHIFT_LIMITS.pageSize,
  });
  return unwrapResult(res, SHIFT_TEXT.loadFailed, (p) => Array.isArray(p.records)).records;
}

export function useShifts() {
  return useQuery({ queryKey: SHIFT_QUERY_KEY, queryFn: fetchShifts });
}
