/**
 * The shift grid's save (POST /hr/attendance/hrAttendanceShift/saveBatch): the grid's changes re-checked with the
 * same column rules the page shows (SHIFT_GRID_COLUMNS through packages/shared/src/grid/validate.ts) over the set
 * the save would leave — stored shifts minus removed, with updates and inserts applied — so a name stays unique
 * against the database too; optimistic locking on `version`; one transaction; logical delete.
 */
import {
  SHIFT_GRID_COLUMNS,
  SHIFT_PERMISSIONS,
  SHIFT_TEXT,
  type ShiftRecord,
  type ShiftSaveBody,
  type ShiftSaveResult,
} from '@houtai/shared/contract/shift';
import { TEXT } from '@houtai/shared/constants';
import { compileGridRules, validateGridRows } from '@houtai/shared/grid/validate';
import type { GridRow } from '@houtai/shared/grid/types';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './shift.repository.ts';

/** Compiled once: the rules are constants of the shared contract. */
const RULES = compileGridRules(SHIFT_GRID_COLUMNS);

export interface ShiftSaver {
  username: string;
  orgCode: string | null;
  /** Whether the caller holds a permission code (the toolbar's 新增 / 批量删除 are enforced here, not only hidden). */
  can: (code: string) => Promise<boolean>;
}

function values(row: ShiftSaveBody['inserted'][number]): repo.ShiftValues {
  return {
    name: row.name,
    amStart: row.amStart,
    amEnd: row.amEnd,
    pmStart: row.pmStart,
    pmEnd: row.pmEnd,
    sortOrder: row.sortOrder,
  };
}

/**
 * The first rule failure over the resulting set, as the refusal's message, or null. Request rows come first
 * (inserted, then updated, as in the body) so that their failures win and are named by their position; a stored
 * shift the request did not touch is named by its name.
 */
export function firstFailure(body: ShiftSaveBody, stored: readonly ShiftRecord[]): string | null {
  const touched = new Set([...body.updated.map((r) => r.id), ...body.removedIds]);
  const requestRows: GridRow[] = [
    ...body.inserted.map((r, i) => ({ ...values(r), id: `new:${i}` })),
    ...body.updated.map((r) => ({ ...values(r), id: r.id })),
  ];
  const untouched = stored.filter((s) => !touched.has(s.id));
  const rows: GridRow[] = [...requestRows, ...untouched.map((s) => ({ ...s }))];
  const first = validateGridRows(rows, RULES).first;
  if (!first) return null;
  if (first.row < requestRows.length) return SHIFT_TEXT.rowFailure(first.row + 1, first.message);
  return SHIFT_TEXT.storedFailure(untouched[first.row - requestRows.length]?.name ?? '', first.message);
}

export async function saveShifts(db: Db, saver: ShiftSaver, body: ShiftSaveBody): Promise<ShiftSaveResult> {
  if (body.inserted.length > 0 && !(await saver.can(SHIFT_PERMISSIONS.add)))
    throw AppError.forbidden(TEXT.noPermission);
  if (body.removedIds.length > 0 && !(await saver.can(SHIFT_PERMISSIONS.batchDelete))) {
    throw AppError.forbidden(TEXT.noPermission);
  }
  try {
    return await writeShifts(db, saver, body);
  } catch (err) {
    // Another save took a name between this one's check and its write.
    if (isUniqueViolation(err)) throw AppError.conflict(SHIFT_TEXT.nameTaken);
    throw err;
  }
}

async function writeShifts(db: Db, saver: ShiftSaver, body: ShiftSaveBody): Promise<ShiftSaveResult> {
  return db.transaction().execute(async (trx) => {
    const stored = await repo.findAllShifts(trx);
    const byId = new Map(stored.map((s) => [s.id, s]));
    for (const row of body.updated) {
      const current = byId.get(row.id);
      if (!current) throw AppError.conflict(SHIFT_TEXT.notFound);
      if (current.version !== row.version) throw AppError.conflict(TEXT.versionConflict);
    }
    // Removing a shift that is already gone is what the user wanted: no refusal.
    const failure = firstFailure(body, stored);
    if (failure !== null) throw AppError.badRequest(failure);

    const now = nowIso();
    const savedIds: string[] = [];
    const audit = { updateBy: saver.username, updateTime: now };
    // Removals first, then renames through names no shift can hold, then the values, then the new rows: a name
    // moved from one shift to another in the same save never meets the live-name unique index half way.
    await repo.removeShifts(
      trx,
      body.removedIds.filter((id) => byId.has(id)),
      audit,
    );
    for (const [i, row] of body.updated.entries()) {
      if (byId.get(row.id)?.name === row.name) continue;
      if ((await repo.setShiftName(trx, row.id, row.version, `\u0001${i}`)) === 0) {
        throw AppError.conflict(TEXT.versionConflict);
      }
    }
    for (const row of body.updated) {
      const changed = await repo.updateShift(trx, row.id, row.version, { ...values(row), ...audit });
      if (changed === 0) throw AppError.conflict(TEXT.versionConflict);
      savedIds.push(row.id);
    }
    for (const row of body.inserted) {
      const id = newId();
      await repo.insertShift(trx, {
        ...values(row),
        id,
        sysOrgCode: saver.orgCode,
        createBy: saver.username,
        createTime: now,
      });
      savedIds.push(id);
    }
    return { records: await repo.findAllShifts(trx), savedIds };
  });
}
