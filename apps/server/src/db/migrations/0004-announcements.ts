/**
 * Frozen: announcements and their per-user send records (contract §3 sys_announcement, sys_announcement_send).
 * `depart_ids` is our addition for department audiences; `version` guards concurrent edits.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_announcement')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('titile', 'varchar(255)', (c) => c.notNull())
    .addColumn('msg_content', 'text')
    .addColumn('start_time', 'varchar(32)')
    .addColumn('end_time', 'varchar(32)')
    .addColumn('sender', 'varchar(100)')
    .addColumn('priority', 'varchar(10)', (c) => c.notNull().defaultTo('L'))
    .addColumn('msg_category', 'varchar(10)', (c) => c.notNull().defaultTo('2'))
    .addColumn('msg_type', 'varchar(10)', (c) => c.notNull().defaultTo('ALL'))
    .addColumn('send_status', 'varchar(10)', (c) => c.notNull().defaultTo('0'))
    .addColumn('send_time', 'varchar(32)')
    .addColumn('cancel_time', 'varchar(32)')
    .addColumn('del_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('bus_type', 'varchar(64)')
    .addColumn('bus_id', 'varchar(64)')
    .addColumn('open_type', 'varchar(32)')
    .addColumn('open_page', 'varchar(255)')
    .addColumn('user_ids', 'text')
    .addColumn('depart_ids', 'text')
    .addColumn('msg_abstract', 'text')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The back-fill of broadcast announcements and the admin list (newest first).
  await db.schema
    .createIndex('sys_announcement_status_idx')
    .on('sys_announcement')
    .columns(['send_status', 'msg_type', 'del_flag'])
    .execute();
  await db.schema
    .createIndex('sys_announcement_create_time_idx')
    .on('sys_announcement')
    .column('create_time')
    .execute();

  await db.schema
    .createTable('sys_announcement_send')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('annt_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('read_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('read_time', 'varchar(32)')
    .addColumn('star_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addUniqueConstraint('sys_announcement_send_uq', ['annt_id', 'user_id'])
    .execute();
  // The bell's unread counts and the caller's message list.
  await db.schema
    .createIndex('sys_announcement_send_user_idx')
    .on('sys_announcement_send')
    .columns(['user_id', 'read_flag'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_announcement_send').execute();
  await db.schema.dropTable('sys_announcement').execute();
}
