/**
 * Scheduled jobs (issue 14 item 6): sys_quartz_job (JeecgBoot's table; job_class_name holds the KEY of a job kind
 * of the server's registry, never a class name) and its run log sys_quartz_job_run. The run log's unique key
 * (job_id, fire_time) is the database's proof that a fire time ran at most once across every instance: an instance
 * claims a fire by inserting that row. Instants are ISO-8601 UTC text, as everywhere else.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('sys_quartz_job')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('job_class_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('cron_expression', 'varchar(200)', (c) => c.notNull())
    .addColumn('parameter', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    // 0 正常 (running), -1 停止 (paused): dictionary quartz_status.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('misfire_policy', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_fire_time', 'varchar(32)')
    // The next fire time while running; null while paused (or when the expression fires no more).
    .addColumn('next_fire_time', 'varchar(32)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s.createIndex('sys_quartz_job_due_idx').on('sys_quartz_job').columns(['status', 'next_fire_time']).execute();

  await s
    .createTable('sys_quartz_job_run')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(64)', (c) => c.notNull())
    // The scheduled fire time (a manual run: the instant it was asked for).
    .addColumn('fire_time', 'varchar(32)', (c) => c.notNull())
    // 'schedule', 'misfire' (fired late by the misfire policy) or 'manual' (执行一次).
    .addColumn('trigger_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(32)')
    .addColumn('end_time', 'varchar(32)')
    // 'running', 'success', 'failure' or 'skipped' (a misfire the policy skipped).
    .addColumn('result', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)')
    .addColumn('instance_id', 'varchar(64)')
    .addColumn('create_by', 'varchar(64)')
    .execute();
  await s
    .createIndex('sys_quartz_job_run_fire_uq')
    .on('sys_quartz_job_run')
    .columns(['job_id', 'fire_time'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_quartz_job_run').execute();
  await db.schema.dropTable('sys_quartz_job').execute();
}
