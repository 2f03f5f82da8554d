/**
 * Frozen: multipart direct uploads in progress (oss_multipart, its parts in oss_multipart_part; the parts' bytes
 * live in the storage driver under generated keys), the attachments of a work order (comma-joined stored paths) and
 * an index for the work-order list's order.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('oss_multipart')
    .addColumn('upload_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    // The credential's scope {biz}/{username}/{yyyyMMdd}/{HHmmss}/{filename}.
    .addColumn('scope_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await s.createIndex('oss_multipart_expires_idx').on('oss_multipart').column('expires_at').execute();
  await s
    .createTable('oss_multipart_part')
    .addColumn('upload_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('part_number', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('oss_multipart_part_pk', ['upload_id', 'part_number'])
    .execute();

  await s.alterTable('bi_work_order').addColumn('attachments', 'text').execute();
  // The list's default order and the export's keyset (create_time desc, order_no desc): an import's batch shares
  // one create time, so the number breaks the tie without sorting the whole batch.
  await s
    .createIndex('bi_work_order_create_time_no_idx')
    .on('bi_work_order')
    .columns(['create_time', 'order_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bi_work_order_create_time_no_idx').execute();
  await db.schema.alterTable('bi_work_order').dropColumn('attachments').execute();
  await db.schema.dropTable('oss_multipart_part').execute();
  await db.schema.dropTable('oss_multipart').execute();
}
