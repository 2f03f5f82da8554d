/**
 * Frozen. Lists at a million rows (issue 16): the operate log's list pages come from an index walk for its default
 * order and its sorts, the id breaking ties in the sort's direction (so one index serves asc and desc), and a
 * user's own operations from (user_id, operate_time, id). They replace the single-column time index of 0001.
 */
import type { Kysely } from 'kysely';

const INDEXES: Record<string, string[]> = {
  operate_log_time_id_idx: ['operate_time', 'id'],
  operate_log_user_time_idx: ['user_id', 'operate_time', 'id'],
  operate_log_username_idx: ['username', 'id'],
  operate_log_type_idx: ['operate_type', 'id'],
  operate_log_ip_idx: ['ip', 'id'],
  operate_log_cost_idx: ['cost_time', 'id'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('operate_log').columns(columns).execute();
  }
  await db.schema.dropIndex('operate_log_time_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('operate_log_time_idx').on('operate_log').column('operate_time').execute();
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
}
