/**
 * Frozen. Change markers for the bell (issue 16): sys_cache_epoch counters that the database itself moves on every
 * write of the inbox tables, so that a user's bell answer can be remembered exactly until something it reads
 * changes — on every instance, on both databases, whichever code path writes.
 *
 * - 'inbox': any insert, update or delete of an announcement;
 * - 'inbox:<user id>': any write of that user's send rows (a new message, read, starred, removed).
 *
 * Each counter's row is made by its first write (insert … on conflict do update). The statements are literal
 * text: DDL takes no bound values.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into sys_cache_epoch (name, epoch) values ('inbox', 1)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function sys_announcement_epoch() returns trigger language plpgsql as $$ begin
      insert into sys_cache_epoch (name, epoch) values ('inbox', 1)
        on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
      return null;
    end $$`.execute(db);
    await sql`create trigger sys_announcement_epoch after insert or update or delete on sys_announcement
      for each statement execute function sys_announcement_epoch()`.execute(db);
    await sql`create function sys_announcement_send_epoch() returns trigger language plpgsql as $$ begin
      if tg_op <> 'DELETE' then
        insert into sys_cache_epoch (name, epoch) values ('inbox:' || new.user_id, 1)
          on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
      end if;
      if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.user_id is distinct from new.user_id) then
        insert into sys_cache_epoch (name, epoch) values ('inbox:' || old.user_id, 1)
          on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
      end if;
      return null;
    end $$`.execute(db);
    await sql`create trigger sys_announcement_send_epoch after insert or update or delete on sys_announcement_send
      for each row execute function sys_announcement_send_epoch()`.execute(db);
    return;
  }
  // SQLite has row triggers only, one per event. `where true` lets its parser read an upsert after a select.
  await sql`create trigger sys_announcement_epoch_insert after insert on sys_announcement begin
    insert into sys_cache_epoch (name, epoch) select 'inbox', 1 where true
      on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
  end`.execute(db);
  await sql`create trigger sys_announcement_epoch_update after update on sys_announcement begin
    insert into sys_cache_epoch (name, epoch) select 'inbox', 1 where true
      on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
  end`.execute(db);
  await sql`create trigger sys_announcement_epoch_delete after delete on sys_announcement begin
    insert into sys_cache_epoch (name, epoch) select 'inbox', 1 where true
      on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
  end`.execute(db);
  await sql`create trigger sys_announcement_send_epoch_insert after insert on sys_announcement_send begin
    insert into sys_cache_epoch (name, epoch) select 'inbox:' || new.user_id, 1 where true
      on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
  end`.execute(db);
  await sql`create trigger sys_announcement_send_epoch_update after update on sys_announcement_send begin
    insert into sys_cache_epoch (name, epoch) select 'inbox:' || new.user_id, 1 where true
      on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
    insert into sys_cache_epoch (name, epoch) select 'inbox:' || old.user_id, 1 where old.user_id is not new.user_id
      on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
  end`.execute(db);
  await sql`create trigger sys_announcement_send_epoch_delete after delete on sys_announcement_send begin
    insert into sys_cache_epoch (name, epoch) select 'inbox:' || old.user_id, 1 where true
      on conflict (name) do update set epoch = sys_cache_epoch.epoch + 1;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger sys_announcement_send_epoch on sys_announcement_send`.execute(db);
    await sql`drop trigger sys_announcement_epoch on sys_announcement`.execute(db);
    await sql`drop function sys_announcement_send_epoch()`.execute(db);
    await sql`drop function sys_announcement_epoch()`.execute(db);
  } else {
    await sql`drop trigger sys_announcement_epoch_insert`.execute(db);
    await sql`drop trigger sys_announcement_epoch_update`.execute(db);
    await sql`drop trigger sys_announcement_epoch_delete`.execute(db);
    await sql`drop trigger sys_announcement_send_epoch_insert`.execute(db);
    await sql`drop trigger sys_announcement_send_epoch_update`.execute(db);
    await sql`drop trigger sys_announcement_send_epoch_delete`.execute(db);
  }
  await sql`delete from sys_cache_epoch where name = 'inbox' or name like 'inbox:%'`.execute(db);
}
