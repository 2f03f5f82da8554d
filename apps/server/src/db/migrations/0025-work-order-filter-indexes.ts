/**
 * Frozen. The work-order list filtered by a person or a priority (the filter boxes, "mine", the advanced query) in
 * its default order (create time, newest first): an index per filter that gives the rows already in that order, so
 * that a page reads ten entries instead of sorting every match (issue 16). Live rows only, as in 0021.
 */
import type { Kysely } from 'kysely';

const INDEXES: Record<string, string[]> = {
  bi_work_order_live_reporter_create_idx: ['reporter_id', 'create_time', 'order_no'],
  bi_work_order_live_assignee_create_idx: ['assignee_id', 'create_time', 'order_no'],
  bi_work_order_live_priority_create_idx: ['priority', 'create_time', 'order_no'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('bi_work_order').columns(columns).where('del_flag', '=', 0).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
}
