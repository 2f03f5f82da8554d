/**
 * Frozen: base-data seeding becomes a list of named steps applied once each (so rows an administrator deletes
 * stay deleted), sign-in identifiers become unique among live users, and PostgreSQL keeps menu sort numbers
 * as double precision like JeecgBoot (0001 declared `real`, which is 4-byte there).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_seed_step')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('applied_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // Live users only: a removed account (del_flag 1) keeps its values without blocking a new one.
  for (const column of ['phone', 'work_no', 'email']) {
    await db.schema
      .createIndex(`sys_user_${column}_live_uq`)
      .on('sys_user')
      .column(column)
      .unique()
      .where(column, 'is not', null)
      .where('del_flag', '=', 0)
      .execute();
  }

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table sys_permission alter column sort_no type double precision`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table sys_permission alter column sort_no type real`.execute(db);
  }
  for (const column of ['phone', 'work_no', 'email']) {
    await db.schema.dropIndex(`sys_user_${column}_live_uq`).execute();
  }
  await db.schema.dropTable('sys_seed_step').execute();
}
