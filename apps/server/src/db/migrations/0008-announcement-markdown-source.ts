/**
 * Frozen: announcement content becomes sanitised HTML in msg_content (what the JeecgBoot UIs render); the Markdown
 * our editor writes is kept beside it in msg_content_md for re-editing. Existing rows are converted by the seed
 * step '0004-announcement-html' (it needs the app's sanitiser, which a migration may not import).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_announcement').addColumn('msg_content_md', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_announcement').dropColumn('msg_content_md').execute();
}
