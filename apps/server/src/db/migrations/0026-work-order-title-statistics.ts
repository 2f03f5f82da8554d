/**
 * Frozen. The work-order list's keyword filter (`lower(title) like '%…%'`) on PostgreSQL: statistics on the
 * expression, so that the planner knows how many titles a keyword matches (issue 16). Without them it guesses a
 * handful in a million, and reads and sorts every row of the status and time range (36 ms at 1M rows) instead of
 * walking the create-time index until a page is full (0.6 ms). Expression statistics need PostgreSQL 14; older
 * servers keep the guess. SQLite has no such statistics and needs none (its plan is fixed by the indexes).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

async function supported(db: Kysely<unknown>): Promise<boolean> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return false;
  const { rows } = await sql<{ n: number }>`select current_setting('server_version_num')::int as n`.execute(db);
  return Number(rows[0]?.n ?? 0) >= 140000;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(await supported(db))) return;
  await sql`create statistics bi_work_order_lower_title_stx on (lower(title)) from bi_work_order`.execute(db);
  // Gathered now (a sample of at most 30,000 rows), not at the next automatic analyze.
  await sql`analyze bi_work_order`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(await supported(db))) return;
  await sql`drop statistics if exists bi_work_order_lower_title_stx`.execute(db);
}
