/**
 * Frozen: the data rules of a menu (sys_permission_data_rule, contract §3): a rule narrows the rows a list shows to a
 * role that is granted the rule on the menu (sys_role_permission.data_rule_ids). rule_column is an API name of the
 * field registry, rule_conditions one of the closed set (=, !=, >, >=, <, <=, IN, LIKE, LEFT_LIKE, RIGHT_LIKE),
 * rule_value a bound value that may name #{sys_user_code}, #{sys_org_code} or #{sys_date}; status '1' active.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('sys_permission_data_rule')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('permission_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rule_column', 'varchar(64)', (c) => c.notNull())
    .addColumn('rule_conditions', 'varchar(20)', (c) => c.notNull())
    .addColumn('rule_value', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await s
    .createIndex('sys_permission_data_rule_perm_idx')
    .on('sys_permission_data_rule')
    .column('permission_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_permission_data_rule').ifExists().execute();
}
