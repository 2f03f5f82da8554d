/** Frozen: the foundation tables. Never edit a landed migration; add a new one. */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

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

  await audit(
    id(s.createTable('sys_user'))
      .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('realname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('nickname', 'varchar(100)')
      .addColumn('password', 'text')
      .addColumn('avatar', 'text')
      .addColumn('birthday', 'varchar(10)')
      .addColumn('sex', 'integer')
      .addColumn('email', 'varchar(100)')
      .addColumn('phone', 'varchar(32)')
      .addColumn('org_code', 'varchar(64)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('work_no', 'varchar(64)')
      .addColumn('post', 'varchar(100)')
      .addColumn('telephone', 'varchar(45)')
      .addColumn('third_org_code', 'varchar(64)')
      .addColumn('account_id', 'varchar(64)')
      .addColumn('user_identity', 'integer')
      .addColumn('depart_ids', 'text')
      .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('settings', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await s.createIndex('sys_user_phone_idx').on('sys_user').column('phone').execute();
  await s.createIndex('sys_user_work_no_idx').on('sys_user').column('work_no').execute();

  await audit(
    id(s.createTable('sys_role'))
      .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('role_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await id(s.createTable('sys_user_role'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('sys_user_role_uq', ['user_id', 'role_id'])
    .execute();
  await s.createIndex('sys_user_role_role_idx').on('sys_user_role').column('role_id').execute();

  await audit(
    id(s.createTable('sys_permission'))
      .addColumn('parent_id', 'varchar(64)')
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('url', 'text')
      .addColumn('component', 'varchar(255)')
      .addColumn('component_name', 'varchar(255)')
      .addColumn('redirect', 'varchar(255)')
      .addColumn('menu_type', 'integer', (c) => c.notNull())
      .addColumn('perms', 'varchar(255)')
      .addColumn('perms_type', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
      .addColumn('sort_no', 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('icon', 'varchar(100)')
      .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hide_tab', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden_header_content', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'text')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rule_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
      .addColumn('internal_or_external', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await s.createIndex('sys_permission_parent_idx').on('sys_permission').column('parent_id').execute();

  await id(s.createTable('sys_role_permission'))
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_rule_ids', 'text')
    .addColumn('operate_date', 'varchar(32)')
    .addColumn('operate_ip', 'varchar(100)')
    .addUniqueConstraint('sys_role_permission_uq', ['role_id', 'permission_id'])
    .execute();

  await audit(
    id(s.createTable('sys_depart'))
      .addColumn('parent_id', 'varchar(64)')
      .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('depart_name_en', 'varchar(500)')
      .addColumn('depart_name_abbr', 'varchar(500)')
      .addColumn('depart_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'text')
      .addColumn('org_category', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
      .addColumn('org_type', 'varchar(10)')
      .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('mobile', 'varchar(32)')
      .addColumn('fax', 'varchar(32)')
      .addColumn('address', 'varchar(100)')
      .addColumn('memo', 'varchar(500)')
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
      .addColumn('del_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await id(s.createTable('sys_user_depart'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('dep_id', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('sys_user_depart_uq', ['user_id', 'dep_id'])
    .execute();

  await audit(
    id(s.createTable('sys_dict'))
      .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await audit(
    id(s.createTable('sys_dict_item'))
      .addColumn('dict_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
      .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
      .addColumn('item_color', 'varchar(20)')
      .addColumn('description', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('sys_dict_item_uq', ['dict_id', 'item_value']),
  ).execute();

  await audit(
    id(s.createTable('sys_category'))
      .addColumn('pid', 'varchar(64)', (c) => c.notNull().defaultTo('0'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('code', 'varchar(100)', (c) => c.unique())
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('has_child', 'varchar(3)', (c) => c.notNull().defaultTo('0'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await s.createIndex('sys_category_pid_idx').on('sys_category').column('pid').execute();

  await audit(
    id(s.createTable('sys_check_rule'))
      .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('rule_json', 'text', (c) => c.notNull())
      .addColumn('rule_description', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await audit(
    id(s.createTable('sys_position'))
      .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('post_rank', 'varchar(2)')
      .addColumn('company_id', 'varchar(64)')
      .addColumn('sys_org_code', 'varchar(64)')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await audit(
    id(s.createTable('settlement_org'))
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await id(s.createTable('sys_user_settlement_org'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('settlement_org_id', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('sys_user_settlement_org_uq', ['user_id', 'settlement_org_id'])
    .execute();

  await audit(
    id(s.createTable('ledger'))
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('settlement_org_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('CNY'))
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await audit(
    id(s.createTable('sys_config'))
      .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();

  await id(s.createTable('sys_user_token'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('login_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('impersonator_id', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('revoked_reason', 'varchar(32)')
    .execute();
  await s.createIndex('sys_user_token_user_idx').on('sys_user_token').column('user_id').execute();

  await id(s.createTable('sys_auth_code'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await s.createIndex('sys_auth_code_subject_idx').on('sys_auth_code').columns(['purpose', 'subject']).execute();

  // Login throttling keyed by the identifier typed (also unknown ones), so answers never reveal whether a user exists.
  await s
    .createTable('sys_login_attempt')
    .addColumn('identifier', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('fail_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_failed_at', 'varchar(32)')
    .execute();

  await id(s.createTable('operate_log'))
    .addColumn('user_id', 'varchar(64)')
    .addColumn('username', 'varchar(64)')
    .addColumn('realname', 'varchar(100)')
    .addColumn('operate_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('operate_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('relate_id', 'varchar(64)')
    .addColumn('request_method', 'varchar(10)')
    .addColumn('request_url', 'varchar(255)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await s.createIndex('operate_log_relate_idx').on('operate_log').column('relate_id').execute();
  await s.createIndex('operate_log_time_idx').on('operate_log').column('operate_time').execute();

  await id(s.createTable('sys_log'))
    .addColumn('log_type', 'integer', (c) => c.notNull())
    .addColumn('log_content', 'text')
    .addColumn('operate_type', 'integer')
    .addColumn('userid', 'varchar(64)')
    .addColumn('username', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('request_url', 'varchar(255)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
  await s.createIndex('sys_log_type_time_idx').on('sys_log').columns(['log_type', 'create_time']).execute();

  // A counter bumped on every change to menus, roles or their links: lets caches of computed menus stay exact.
  await s
    .createTable('sys_cache_epoch')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('epoch', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into sys_cache_epoch (name, epoch) values ('permission', 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'sys_cache_epoch',
    'sys_log',
    'operate_log',
    'sys_login_attempt',
    'sys_auth_code',
    'sys_user_token',
    'sys_config',
    'ledger',
    'sys_user_settlement_org',
    'settlement_org',
    'sys_position',
    'sys_check_rule',
    'sys_category',
    'sys_dict_item',
    'sys_dict',
    'sys_user_depart',
    'sys_depart',
    'sys_role_permission',
    'sys_permission',
    'sys_user_role',
    'sys_role',
    'sys_user',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
