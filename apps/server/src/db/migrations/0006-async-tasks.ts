/**
 * Frozen: the task centre's tasks (async_task) and the rows each import task has written (task_import_row), whose
 * primary key makes a re-run of an import skip what an earlier run committed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('async_task')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('business_type', 'varchar(64)')
    // export / import
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('module', 'varchar(64)')
    .addColumn('method', 'varchar(64)')
    .addColumn('url', 'varchar(500)')
    .addColumn('params', 'text')
    // 1 进行中, 2 已完成, 3 失败 (dictionary async_task_status).
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'text')
    .addColumn('start_time', 'varchar(32)')
    .addColumn('end_time', 'varchar(32)')
    .addColumn('duration', 'integer')
    .addColumn('download_url', 'varchar(500)')
    .addColumn('error_file', 'varchar(500)')
    .addColumn('source_file', 'varchar(500)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await s.createIndex('async_task_owner_idx').on('async_task').columns(['create_by', 'create_time']).execute();
  await s.createIndex('async_task_status_idx').on('async_task').column('status').execute();

  await s
    .createTable('task_import_row')
    .addColumn('task_id', 'varchar(64)', (c) => c.notNull())
    // sheet name + '!' + row number
    .addColumn('row_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(64)')
    .addPrimaryKeyConstraint('task_import_row_pk', ['task_id', 'row_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_import_row').execute();
  await db.schema.dropTable('async_task').execute();
}
