/**
 * Frozen. Lists at a million rows (issue 16): the work-order list answers every allowed sort and its filters from an
 * index. Each index holds live rows only (`where del_flag = 0`, the list's own predicate, written as that literal),
 * ends with the unique order number that breaks ties in the sort's direction, and so gives a page by walking the
 * index: no sort of the table, and a deep page skips index entries without reading rows. They replace the
 * single-column indexes of 0005 and 0007.
 */
import type { Kysely } from 'kysely';

/** index name → its columns, on bi_work_order where del_flag = 0. */
const LIVE_INDEXES: Record<string, string[]> = {
  bi_work_order_live_create_idx: ['create_time', 'order_no'],
  bi_work_order_live_status_create_idx: ['status', 'create_time', 'order_no'],
  bi_work_order_live_status_idx: ['status', 'order_no'],
  bi_work_order_live_priority_idx: ['priority', 'order_no'],
  bi_work_order_live_title_idx: ['title', 'order_no'],
  bi_work_order_live_reporter_idx: ['reporter_id', 'order_no'],
  bi_work_order_live_assignee_idx: ['assignee_id', 'order_no'],
  bi_work_order_live_closed_idx: ['closed_time', 'order_no'],
  bi_work_order_live_create_by_idx: ['create_by', 'order_no'],
  bi_work_order_live_update_by_idx: ['update_by', 'order_no'],
  bi_work_order_live_update_idx: ['update_time', 'order_no'],
  bi_work_order_live_no_idx: ['order_no'],
};

const REPLACED: Record<string, string[]> = {
  bi_work_order_status_idx: ['status'],
  bi_work_order_reporter_idx: ['reporter_id'],
  bi_work_order_assignee_idx: ['assignee_id'],
  bi_work_order_create_time_idx: ['create_time'],
  bi_work_order_create_time_no_idx: ['create_time', 'order_no'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(LIVE_INDEXES)) {
    // The predicate is written into the DDL as the literal 0 (Kysely inlines values in schema statements).
    await db.schema.createIndex(name).on('bi_work_order').columns(columns).where('del_flag', '=', 0).execute();
  }
  for (const name of Object.keys(REPLACED)) await db.schema.dropIndex(name).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(REPLACED)) {
    await db.schema.createIndex(name).on('bi_work_order').columns(columns).execute();
  }
  for (const name of Object.keys(LIVE_INDEXES)) await db.schema.dropIndex(name).execute();
}
