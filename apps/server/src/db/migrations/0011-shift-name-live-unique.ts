/**
 * Frozen: a live shift's name is unique in the database too (hr_attendance_shift, del_flag 0), not only in the
 * save's check: two saves running at once on PostgreSQL could each pass the check and both write the same name.
 * A removed shift (del_flag 1) keeps its name without blocking a new one.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Typed as a plain string, the column lets the partial-index condition name del_flag (as 0002 does).
  const column: string = 'name';
  await db.schema
    .createIndex('hr_attendance_shift_name_live_uq')
    .on('hr_attendance_shift')
    .column(column)
    .unique()
    .where('del_flag', '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('hr_attendance_shift_name_live_uq').execute();
}
