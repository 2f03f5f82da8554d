/**
 * 日志管理 (issue 14 item 7): how long each logged write took, in milliseconds (JeecgBoot's sys_log.cost_time), shown
 * by the operate log's screen. Older rows keep null.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operate_log').addColumn('cost_time', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operate_log').dropColumn('cost_time').execute();
}
