/** SQL of attendance shifts (hr_attendance_shift): the shift picker's page. */
import type { Expression, SqlBool, RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

export interface ShiftFilter {
  /** The advanced query (superQueryParams), compiled by the registry; bound values only. */
  where?: RawBuilder<SqlBool> | null;
  name?: string | undefined;
}

/** The where-clause: a list of predicates, each bound. */
function filtered(db: Db, f: ShiftFilter) {
  return db.selectFrom('hrAttendanceShift').where((eb) => {
    const preds: Expression<SqlBool>[] = [eb('delFlag', '=', 0)];
    if (f.name !== undefined) preds.push(like(eb.ref('name'), f.name));
    if (f.where) preds.push(f.where);
    return eb.and(preds);
  });
}

export async function countShifts(db: Db, f: ShiftFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageShifts(
  db: Db,
  f: ShiftFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
) {
  return filtered(db, f)
    .select(['id', 'name', 'amStart', 'amEnd', 'pmStart', 'pmEnd'])
    .orderBy(sortFor('hr_attendance_shift', sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}
