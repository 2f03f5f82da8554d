/** Attendance shifts: the shift picker's list (name, morning and afternoon start/end as HH:mm). */
import type { PickerShift, ShiftListQuery } from '@houtai/shared/contract/pickers';
import type { Db } from '../../db/connection.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import * as repo from './shift.repository.ts';
import { superQueryWhere } from '../../registry/index.ts';

export async function listShifts(db: Db, q: ShiftListQuery): Promise<PageOf<PickerShift>> {
  const filter = { name: q.name, where: superQueryWhere('hr_attendance_shift', q) };
  const [total, rows] = await Promise.all([
    repo.countShifts(db, filter),
    repo.pageShifts(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
  ]);
  return pageOf(rows, total, q);
}
