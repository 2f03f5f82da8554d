/**
 * Accounting (issue 15): the chart of accounts (acc_subject), voucher templates per business source leaf
 * (acc_voucher_template + lines), business records (acc_biz_record), documents (acc_bill), vouchers and their lines
 * (acc_voucher, acc_voucher_line), accounting periods per ledger (acc_period: the row a generate or sync locks, and
 * the 结账 flag), per-subject period sums (acc_ledger_balance) and the sync log (acc_sync_log). The ledger gets an
 * is_main flag: an organisation's documents are vouchered into its main ledger.
 *
 * Money is integer fen (bigint); rates are basis points. The database enforces what must never happen twice:
 * one document per business record (acc_bill.biz_record_id unique), one voucher per document, one number per
 * ledger and period (acc_voucher (ledger_id, period, voucher_seq) unique), one balance row per subject.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('ledger')
    .addColumn('is_main', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .execute();

  await s
    .createTable('acc_subject')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(32)')
    // 'D' 借, 'C' 贷: the subject's normal balance side.
    .addColumn('direction', 'varchar(1)', (c) => c.notNull())
    // 资产, 负债, 共同, 所有者权益, 成本, 损益
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s.createIndex('acc_subject_parent_idx').on('acc_subject').column('parent_code').execute();

  await s
    .createTable('acc_voucher_template')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // A leaf code under A01.
    .addColumn('data_source', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .createTable('acc_voucher_template_line')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('template_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    // 'D' debit, 'C' credit
    .addColumn('side', 'varchar(1)', (c) => c.notNull())
    .addColumn('subject_code', 'varchar(32)', (c) => c.notNull())
    // 'gross' 价税合计, 'net' 不含税金额, 'tax' 税额
    .addColumn('amount_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)')
    .execute();
  await s
    .createIndex('acc_voucher_template_line_uq')
    .on('acc_voucher_template_line')
    .columns(['template_id', 'line_no'])
    .unique()
    .execute();

  await s
    .createTable('acc_biz_record')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_source', 'varchar(64)', (c) => c.notNull())
    .addColumn('biz_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('period', 'varchar(7)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('tax_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counterparty', 'varchar(100)')
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    // '0' 未生成, '1' 已生成单据
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('bill_id', 'varchar(64)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .createIndex('acc_biz_record_pending_idx')
    .on('acc_biz_record')
    .columns(['period', 'org_id', 'status', 'data_source'])
    .execute();
  await s.createIndex('acc_biz_record_date_idx').on('acc_biz_record').columns(['biz_date', 'id']).execute();

  await s
    .createTable('acc_bill')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('bill_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('biz_record_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('ledger_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_source', 'varchar(64)', (c) => c.notNull())
    .addColumn('biz_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('period', 'varchar(7)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('tax_amount', 'bigint', (c) => c.notNull())
    .addColumn('counterparty', 'varchar(100)')
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .execute();
  await s.createIndex('acc_bill_ledger_idx').on('acc_bill').columns(['ledger_id', 'period', 'seq']).execute();

  await s
    .createTable('acc_voucher')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('bill_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ledger_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('period', 'varchar(7)', (c) => c.notNull())
    .addColumn('biz_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('data_source', 'varchar(64)', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('debit_total', 'bigint', (c) => c.notNull())
    .addColumn('credit_total', 'bigint', (c) => c.notNull())
    // '0' draft, '1' posted
    .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    // 1, 2, 3 … per ledger and period once posted (shown as 记-0001).
    .addColumn('voucher_seq', 'integer')
    .addColumn('sync_log_id', 'varchar(64)')
    .addColumn('post_by', 'varchar(64)')
    .addColumn('post_time', 'varchar(32)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)')
    .execute();
  await s
    .createIndex('acc_voucher_no_uq')
    .on('acc_voucher')
    .columns(['ledger_id', 'period', 'voucher_seq'])
    .unique()
    .execute();
  await s
    .createIndex('acc_voucher_ledger_idx')
    .on('acc_voucher')
    .columns(['ledger_id', 'period', 'status', 'data_source'])
    .execute();

  await s
    .createTable('acc_voucher_line')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('voucher_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('debit', 'bigint', (c) => c.notNull())
    .addColumn('credit', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createIndex('acc_voucher_line_uq')
    .on('acc_voucher_line')
    .columns(['voucher_id', 'line_no'])
    .unique()
    .execute();

  await s
    .createTable('acc_period')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('ledger_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('period', 'varchar(7)', (c) => c.notNull())
    // '1' 已结账
    .addColumn('closed', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    // The last bill sequence of the ledger's organisation in this period (bill numbers).
    .addColumn('bill_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_by', 'varchar(64)')
    .addColumn('closed_time', 'varchar(32)')
    .addColumn('reopened_by', 'varchar(64)')
    .addColumn('reopened_time', 'varchar(32)')
    .addColumn('reopen_reason', 'varchar(200)')
    .execute();
  await s.createIndex('acc_period_uq').on('acc_period').columns(['ledger_id', 'period']).unique().execute();

  await s
    .createTable('acc_ledger_balance')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('ledger_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('period', 'varchar(7)', (c) => c.notNull())
    .addColumn('subject_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('debit', 'bigint', (c) => c.notNull())
    .addColumn('credit', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createIndex('acc_ledger_balance_uq')
    .on('acc_ledger_balance')
    .columns(['ledger_id', 'period', 'subject_code'])
    .unique()
    .execute();

  await s
    .createTable('acc_sync_log')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('ledger_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('period', 'varchar(7)', (c) => c.notNull())
    .addColumn('data_source', 'varchar(64)', (c) => c.notNull())
    .addColumn('voucher_count', 'integer', (c) => c.notNull())
    .addColumn('first_seq', 'integer')
    .addColumn('last_seq', 'integer')
    .addColumn('debit_total', 'bigint', (c) => c.notNull())
    .addColumn('credit_total', 'bigint', (c) => c.notNull())
    // '1' 成功, '0' 失败
    .addColumn('status', 'varchar(1)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
  await s.createIndex('acc_sync_log_ledger_idx').on('acc_sync_log').columns(['ledger_id', 'create_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'acc_sync_log',
    'acc_ledger_balance',
    'acc_period',
    'acc_voucher_line',
    'acc_voucher',
    'acc_bill',
    'acc_biz_record',
    'acc_voucher_template_line',
    'acc_voucher_template',
    'acc_subject',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.alterTable('ledger').dropColumn('is_main').execute();
}
