/**
 * Frozen: attendance shifts (hr_attendance_shift, the shift picker: times as HH:mm text, the same on SQLite and
 * PostgreSQL) and the demo accident rules (demo_adverse_accident_rule, the business-record picker's demo data;
 * category and level are dictionary values). Their rows come from the seed step '0007-picker-demo-data'.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await s
    .createTable('hr_attendance_shift')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('am_start', 'varchar(5)', (c) => c.notNull())
    .addColumn('am_end', 'varchar(5)', (c) => c.notNull())
    .addColumn('pm_start', 'varchar(5)', (c) => c.notNull())
    .addColumn('pm_end', 'varchar(5)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await s
    .createTable('demo_adverse_accident_rule')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('level', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('rule_desc', 'varchar(1000)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .createIndex('demo_adverse_accident_rule_category_idx')
    .on('demo_adverse_accident_rule')
    .column('category')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_adverse_accident_rule').execute();
  await db.schema.dropTable('hr_attendance_shift').execute();
}
