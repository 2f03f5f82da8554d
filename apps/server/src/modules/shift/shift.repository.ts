/** SQL of attendance shifts (hr_attendance_shift): the shift picker's page and the shift grid's save. */
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

/** What a read answers: the picker's columns and the grid's order and lock. */
const SHIFT_COLUMNS = ['id', 'name', 'amStart', 'amEnd', 'pmStart', 'pmEnd', 'sortOrder', 'version'] as const;

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
    .select(SHIFT_COLUMNS)
    .orderBy(sortFor('hr_attendance_shift', sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Every stored (not deleted) shift, in the list's order. */
export function findAllShifts(db: Db) {
  return db
    .selectFrom('hrAttendanceShift')
    .select(SHIFT_COLUMNS)
    .where('delFlag', '=', 0)
    .orderBy('sortOrder', 'asc')
    .orderBy('name', 'asc')
    .orderBy('id')
    .execute();
}

export interface ShiftValues {
  name: string;
  amStart: string;
  amEnd: string;
  pmStart: string;
  pmEnd: string;
  sortOrder: number;
}

export async function insertShift(
  db: Db,
  row: ShiftValues & { id: string; createBy: string; createTime: string; sysOrgCode: string | null },
): Promise<void> {
  await db
    .insertInto('hrAttendanceShift')
    .values({ ...row, updateBy: null, updateTime: null })
    .execute();
}

/** Updates a stored shift read at `version`, bumping the version; the number of rows changed (0 when stale). */
export async function updateShift(
  db: Db,
  id: string,
  version: number,
  values: ShiftValues & { updateBy: string; updateTime: string },
): Promise<number> {
  const res = await db
    .updateTable('hrAttendanceShift')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Sets only the name of a stored shift read at `version` (no version bump): the first step of a save that renames
 * shifts, so that names swapped among them never meet the live-name unique index half way.
 */
export async function setShiftName(db: Db, id: string, version: number, name: string): Promise<number> {
  const res = await db
    .updateTable('hrAttendanceShift')
    .set({ name })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Logical delete (delFlag = 1) of stored shifts. */
export async function removeShifts(
  db: Db,
  ids: readonly string[],
  audit: { updateBy: string; updateTime: string },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('hrAttendanceShift')
    .set((eb) => ({ delFlag: 1, version: eb('version', '+', 1), ...audit }))
    .where('id', 'in', ids)
    .where('delFlag', '=', 0)
    .execute();
}
