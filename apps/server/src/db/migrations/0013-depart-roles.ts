/**
 * Frozen: department permissions and department roles (contract §3): the menus and buttons a department may hand
 * out (sys_depart_permission), its roles (sys_depart_role), what each role grants (sys_depart_role_permission,
 * always a subset of its department's) and which users hold a role (sys_depart_role_user). A user's permission
 * codes and menus include the grants of the department roles they hold in a live department they belong to.
 */
import type { Kysely } from 'kysely';

type Builder = ReturnType<Kysely<unknown>['schema']['createTable']>;

const id = (t: Builder): Builder => t.addColumn('id', 'varchar(64)', (c) => c.primaryKey());
const audit = (t: Builder): Builder =>
  t
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)');

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await id(s.createTable('sys_depart_permission'))
    .addColumn('depart_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')
    .addUniqueConstraint('sys_depart_permission_uq', ['depart_id', 'permission_id'])
    .execute();
  await s
    .createIndex('sys_depart_permission_permission_idx')
    .on('sys_depart_permission')
    .column('permission_id')
    .execute();

  await audit(
    id(s.createTable('sys_depart_role'))
      .addColumn('depart_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(255)')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('sys_depart_role_code_uq', ['depart_id', 'role_code']),
  ).execute();

  await id(s.createTable('sys_depart_role_permission'))
    .addColumn('depart_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')
    .addColumn('operate_date', 'varchar(32)')
    .addColumn('operate_ip', 'varchar(100)')
    .addUniqueConstraint('sys_depart_role_permission_uq', ['role_id', 'permission_id'])
    .execute();
  await s
    .createIndex('sys_depart_role_permission_permission_idx')
    .on('sys_depart_role_permission')
    .columns(['depart_id', 'permission_id'])
    .execute();

  await id(s.createTable('sys_depart_role_user'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('drole_id', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('sys_depart_role_user_uq', ['user_id', 'drole_id'])
    .execute();
  await s.createIndex('sys_depart_role_user_role_idx').on('sys_depart_role_user').column('drole_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sys_depart_role_user', 'sys_depart_role_permission', 'sys_depart_role', 'sys_depart_permission']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
