/**
 * Values remembered key by key while the database is unchanged (lib/compiled-query.ts lookupMemo), as the users'
 * names of the lists use them: on SQLite a name is read once per change of the database, only unknown ids are read,
 * an unknown id is remembered as unknown, and any write makes every name fresh. On PostgreSQL the change marker is
 * the snapshot (db/connection.ts changeMarkerOf), and the same holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserNamesByIds } from '../src/modules/user/user.service.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.handle.db
    .selectFrom('sysUser')
    .select(['id', 'username'])
    .where('username', 'in', ['admin', 'zhangsan', 'lisi'])
    .execute();
  for (const r of rows) ids[r.username] = r.id;
});

afterAll(async () => {
  await t?.close();
});

/** The sys_user reads made while `run` ran, with their bound values. */
async function userReads(run: () => Promise<unknown>): Promise<unknown[][]> {
  const before = t.statements.length;
  await run();
  return t.statements
    .slice(before)
    .filter((s) => /from "sys_user"/.test(s.sql))
    .map((s) => [...s.parameters]);
}

function names(rows: { id: string; realname: string }[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.id, r.realname]));
}

describe('names of users by id, remembered while the database is unchanged', () => {
  it('reads each id once and then only the ids it does not know yet', async () => {
    const first = await findUserNamesByIds(t.handle.db, [ids.admin!, ids.zhangsan!, ids.admin!]);
    expect(first.map((u) => u.username).sort()).toEqual(['admin', 'zhangsan']);

    let again: typeof first = [];
    const repeat = await userReads(async () => {
      again = await findUserNamesByIds(t.handle.db, [ids.zhangsan!, ids.admin!]);
    });
    expect(names(again)).toEqual(names(first));
    expect(repeat).toHaveLength(0);

    const more = await userReads(() => findUserNamesByIds(t.handle.db, [ids.admin!, ids.lisi!]));
    expect(more).toHaveLength(1);
    // Only the new id is asked for.
    expect(more[0]).toEqual([ids.lisi]);
  });

  it('remembers an unknown id as unknown, until a write', async () => {
    const ghost = 'no-such-user-id-0000000000000001';
    expect(await findUserNamesByIds(t.handle.db, [ghost])).toEqual([]);
    const repeat = await userReads(() => findUserNamesByIds(t.handle.db, [ghost]));
    expect(repeat).toHaveLength(0);

    await t.handle.db
      .insertInto('sysUser')
      .values({ id: ghost, username: 'ghost_user', realname: '后来者', password: null })
      .execute();
    const found = await findUserNamesByIds(t.handle.db, [ghost]);
    expect(found.map((u) => u.realname)).toEqual(['后来者']);
  });

  it('answers a renamed user by the new name at once', async () => {
    await findUserNamesByIds(t.handle.db, [ids.zhangsan!]);
    await t.handle.db.updateTable('sysUser').set({ realname: '张三改名' }).where('id', '=', ids.zhangsan!).execute();
    const after = await findUserNamesByIds(t.handle.db, [ids.zhangsan!, ids.admin!]);
    expect(names(after)[ids.zhangsan!]).toBe('张三改名');
    expect(names(after)[ids.admin!]).toBeTruthy();
  });
});
