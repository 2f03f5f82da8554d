/**
 * Frozen: online reports (JeecgBoot's onl_cgreport_head / _item / _param, contract §3): a report is one checked
 * read-only SELECT (registry/report-sql.ts), its result columns (items: title, type, shown, sortable, query field
 * and mode, dictionary) and its parameters with their defaults. `group_id` set means results may be cached ~30 s.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('onl_cgreport_head')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('cgr_sql', 'text', (c) => c.notNull())
    // Set: answers may be cached for about 30 s (per report and parameters); null: always read.
    .addColumn('group_id', 'varchar(64)')
    // A permission code the caller must hold; null: any signed-in user (pickers of business forms).
    .addColumn('perms', 'varchar(100)')
    .addColumn('content', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();

  await s
    .createTable('onl_cgreport_item')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('cgrhead_id', 'varchar(64)', (c) => c.notNull())
    // A result column of the report's SQL.
    .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('field_txt', 'varchar(100)', (c) => c.notNull())
    .addColumn('field_width', 'integer')
    // String, Integer, Date, Datetime.
    .addColumn('field_type', 'varchar(16)', (c) => c.notNull().defaultTo('String'))
    // single / group (a range: <field>_begin, <field>_end).
    .addColumn('search_mode', 'varchar(8)', (c) => c.notNull().defaultTo('single'))
    .addColumn('is_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_search', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_show', 'integer', (c) => c.notNull().defaultTo(1))
    // A query field shown only when the form is expanded.
    .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    // A sys_dict code; its items translate the column and fill the query field's options.
    .addColumn('dict_code', 'varchar(100)')
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .execute();
  await s
    .createIndex('onl_cgreport_item_head_idx')
    .on('onl_cgreport_item')
    .columns(['cgrhead_id', 'order_num'])
    .execute();

  await s
    .createTable('onl_cgreport_param')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('cgrhead_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('param_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('param_txt', 'varchar(100)')
    // Default when the request sends no self_<name>.
    .addColumn('param_value', 'varchar(200)')
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('onl_cgreport_param_head_idx').on('onl_cgreport_param').column('cgrhead_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onl_cgreport_param').execute();
  await db.schema.dropTable('onl_cgreport_item').execute();
  await db.schema.dropTable('onl_cgreport_head').execute();
}
