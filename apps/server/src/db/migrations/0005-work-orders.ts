/**
 * Frozen: work orders (bi_work_order), their numbering (bi_work_order_seq), their history (bi_work_order_log), and
 * values saved per user under a fixed
 * set of keys (sys_user_kv, e.g. WORK_ORDER: the unread work orders; spec §4, §7 /sys/redis/get|set).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await s
    .createTable('bi_work_order')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // Human number, GD<yyyyMMdd>-<nnnn> by the Asia/Shanghai day of creation.
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text')
    // L / M / H (dictionary priority).
    .addColumn('priority', 'varchar(1)', (c) => c.notNull().defaultTo('M'))
    // 0 待处理, 1 处理中, 2 已完成, 3 已关闭 (dictionary work_order_status).
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('reporter_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('assignee_id', 'varchar(64)')
    .addColumn('closed_by', 'varchar(64)')
    .addColumn('closed_time', 'varchar(32)')
    .addColumn('close_note', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s.createIndex('bi_work_order_status_idx').on('bi_work_order').column('status').execute();
  await s.createIndex('bi_work_order_reporter_idx').on('bi_work_order').column('reporter_id').execute();
  await s.createIndex('bi_work_order_assignee_idx').on('bi_work_order').column('assignee_id').execute();
  await s.createIndex('bi_work_order_create_time_idx').on('bi_work_order').column('create_time').execute();

  // The last number given per day (prefix GD<yyyyMMdd>-): taken with one upsert, so concurrent creations queue on
  // the row instead of racing for the same number.
  await s
    .createTable('bi_work_order_seq')
    .addColumn('prefix', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('last_no', 'integer', (c) => c.notNull())
    .execute();

  await s
    .createTable('bi_work_order_log')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
    // create / assign / complete / close / reopen / comment (dictionary work_order_action).
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_user', 'varchar(64)')
    .addColumn('to_user', 'varchar(64)')
    .addColumn('note', 'text')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .execute();
  await s
    .createIndex('bi_work_order_log_order_idx')
    .on('bi_work_order_log')
    .columns(['order_id', 'create_time'])
    .execute();

  await s
    .createTable('sys_user_kv')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('k', 'varchar(64)', (c) => c.notNull())
    .addColumn('v', 'text', (c) => c.notNull())
    .addColumn('update_time', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_user_kv_pk', ['user_id', 'k'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_user_kv').execute();
  await db.schema.dropTable('bi_work_order_log').execute();
  await db.schema.dropTable('bi_work_order_seq').execute();
  await db.schema.dropTable('bi_work_order').execute();
}
