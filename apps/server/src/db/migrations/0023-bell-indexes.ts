/**
 * Frozen. The bell at scale (issue 16): a user's unread counts and newest unread messages are read from two covering
 * indexes — the user's send rows (user_id, read_flag, annt_id, id) and the announcement's visibility, category and
 * send time by id — so that no announcement row is read to count or sort them. The first replaces 0004's
 * (user_id, read_flag).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sys_announcement_send_user_cover_idx')
    .on('sys_announcement_send')
    .columns(['user_id', 'read_flag', 'annt_id', 'id'])
    .execute();
  await db.schema.dropIndex('sys_announcement_send_user_idx').execute();
  await db.schema
    .createIndex('sys_announcement_visible_idx')
    .on('sys_announcement')
    .columns(['id', 'send_status', 'del_flag', 'msg_category', 'send_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sys_announcement_visible_idx').execute();
  await db.schema
    .createIndex('sys_announcement_send_user_idx')
    .on('sys_announcement_send')
    .columns(['user_id', 'read_flag'])
    .execute();
  await db.schema.dropIndex('sys_announcement_send_user_cover_idx').execute();
}
