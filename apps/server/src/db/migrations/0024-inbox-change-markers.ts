/**
 * Frozen. Change markers for the bell (issue 16): sys_cache_epoch counters that the database itself moves on every
 * write of the inbox tables, so that a user's bell answer can be remembered exactly until something it reads
 * changes — on every instance, on both databases, whichever code path writes.
 *
 * - 'inbox': any insert, update or delete of an announcement;
 * - 'inbox:<user id>': any write of that user's send rows (a new message, read, starred, removed).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Moves a counter (its row is made on the first write). */
function bump(nameExpr: string, when = 'true'): string {
  return (
    `insert into sys_cache_epoch (name, epoch) select ${nameExpr}, 1 where ${when} ` +
    'on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;'
  );
}

const ANNOUNCEMENTS = `'inbox'`;
const userOf = (row: 'new' | 'old') => `'inbox:' || ${row}.user_id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into sys_cache_epoch (name, epoch) values ('inbox', 1)`.execute(db);
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await run(
      `create function sys_announcement_epoch() returns trigger language plpgsql as $$ begin ${bump(ANNOUNCEMENTS)} ` +
        'return null; end $$',
    );
    await run(
      'create trigger sys_announcement_epoch after insert or update or delete on sys_announcement ' +
        'for each statement execute function sys_announcement_epoch()',
    );
    await run(
      'create function sys_announcement_send_epoch() returns trigger language plpgsql as $$ begin ' +
        `if tg_op <> 'DELETE' then ${bump(userOf('new'))} end if; ` +
        `if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.user_id is distinct from new.user_id) then ${bump(userOf('old'))} end if; ` +
        'return null; end $$',
    );
    await run(
      'create trigger sys_announcement_send_epoch after insert or update or delete on sys_announcement_send ' +
        'for each row execute function sys_announcement_send_epoch()',
    );
    return;
  }
  // SQLite has row triggers only, one per event.
  for (const event of ['insert', 'update', 'delete']) {
    await run(
      `create trigger sys_announcement_epoch_${event} after ${event} on sys_announcement begin ${bump(ANNOUNCEMENTS)} end`,
    );
  }
  await run(
    `create trigger sys_announcement_send_epoch_insert after insert on sys_announcement_send begin ${bump(userOf('new'))} end`,
  );
  await run(
    'create trigger sys_announcement_send_epoch_update after update on sys_announcement_send begin ' +
      `${bump(userOf('new'))} ${bump(userOf('old'), 'old.user_id is not new.user_id')} end`,
  );
  await run(
    `create trigger sys_announcement_send_epoch_delete after delete on sys_announcement_send begin ${bump(userOf('old'))} end`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await run('drop trigger sys_announcement_send_epoch on sys_announcement_send');
    await run('drop trigger sys_announcement_epoch on sys_announcement');
    await run('drop function sys_announcement_send_epoch()');
    await run('drop function sys_announcement_epoch()');
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await run(`drop trigger sys_announcement_epoch_${event}`);
      await run(`drop trigger sys_announcement_send_epoch_${event}`);
    }
  }
  await sql`delete from sys_cache_epoch where name = 'inbox' or name like 'inbox:%'`.execute(db);
}
