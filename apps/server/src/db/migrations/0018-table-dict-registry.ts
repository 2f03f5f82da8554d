/**
 * 表字典登记 (issue 14, wave 2): sys_table_dict, the registry of the table dictionaries a request may name
 * (`table,text,value` of /sys/dict/getDictItems and friends, security design §2.1). It replaces the code-only
 * allow-list: an administrator registers a (table, text column, value column) triple chosen from the server's
 * registry of business tables; never a where clause. The 'table-dict' cache epoch tells every instance to re-read it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_table_dict')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // The entity's canonical API name in the server's registry (e.g. sys_user, lg_base_settlement_org).
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('text_field', 'varchar(64)', (c) => c.notNull())
    .addColumn('value_field', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    // 1 启用, 0 停用.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('sys_table_dict_triple_uq')
    .on('sys_table_dict')
    .columns(['table_name', 'text_field', 'value_field'])
    .unique()
    .execute();
  await sql`insert into sys_cache_epoch (name, epoch) values ('table-dict', 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_cache_epoch where name = 'table-dict'`.execute(db);
  await db.schema.dropTable('sys_table_dict').execute();
}
