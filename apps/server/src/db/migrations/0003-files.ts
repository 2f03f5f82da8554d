/** Frozen: uploaded files (the storage driver holds the bytes; this row holds who, what and where). */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_file')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('path', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('biz', 'varchar(32)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(64)')
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sys_file_owner_idx').on('sys_file').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_file').execute();
}
