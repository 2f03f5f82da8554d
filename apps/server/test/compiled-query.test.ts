/** The hot compiled queries: same rows on the fast SQLite read as through Kysely, never another transaction's rows. */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.ts';
import { findTokenWithUser, hashToken } from '../src/modules/session/session.service.ts';
import { createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('findTokenWithUser', () => {
  it('answers the camelCase row Kysely would answer', async () => {
    const token = await login(t.app, 'zhangsan');
    const fast = await findTokenWithUser(t.handle.db, hashToken(token));
    // Inside a transaction the query goes through Kysely.
    const viaKysely = await t.handle.db.transaction().execute((trx) => findTokenWithUser(trx, hashToken(token)));
    expect(fast).toEqual(viaKysely);
    expect(fast).toMatchObject({ username: 'zhangsan', status: 1, delFlag: 0, revokedAt: null });
    expect(typeof fast?.permissionEpoch).toBe('number');
  });

  it("does not read another transaction's uncommitted rows", async () => {
    const user = await t.handle.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'lisi')
      .executeTakeFirstOrThrow();
    const hash = hashToken(`uncommitted-${newId()}`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const trx = t.handle.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sysUserToken')
        .values({
          id: newId(),
          tokenHash: hash,
          userId: user.id,
          loginType: 'password',
          impersonatorId: null,
          ip: null,
          userAgent: null,
          createdAt: new Date().toISOString(),
          lastSeenAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
          revokedAt: null,
          revokedReason: null,
        })
        .execute();
      inserted();
      await held;
      throw new Error('rolled back');
    });
    await didInsert;
    const during = findTokenWithUser(t.handle.db, hash);
    release();
    await expect(trx).rejects.toThrow('rolled back');
    expect(await during).toBeUndefined();
  });

  it('is remembered while the database is unchanged, and read afresh after any change, from any connection', async () => {
    const token = await login(t.app, 'wangwu');
    const hash = hashToken(token);
    const first = await findTokenWithUser(t.handle.db, hash);
    expect(first?.revokedAt).toBeNull();
    const sqlOf = () => t.statements.filter((q) => q.parameters.includes(hash)).length;
    const before = sqlOf();
    expect(await findTokenWithUser(t.handle.db, hash)).toEqual(first);
    // The second read ran no statement (on PostgreSQL only the shared snapshot read, which is not logged).
    expect(sqlOf()).toBe(before);

    // A change by this connection (here: a revocation) is seen at once.
    await t.handle.db
      .updateTable('sysUserToken')
      .set({ revokedAt: new Date().toISOString() })
      .where('tokenHash', '=', hash)
      .execute();
    expect((await findTokenWithUser(t.handle.db, hash))?.revokedAt).not.toBeNull();

    // So is a commit by another connection (another process: the CLI, a second server).
    if (t.handle.dialect === 'sqlite') {
      const other = new SQLite(path.join(t.config.dataDir, 'houtai.sqlite'));
      try {
        other.prepare('update sys_user_token set revoked_at = null where token_hash = ?').run(hash);
      } finally {
        other.close();
      }
      // Seen from the next turn of the event loop on (a request handled in this very turn is concurrent with it).
      await new Promise((resolve) => setImmediate(resolve));
    } else {
      const other = new pg.Client({ connectionString: t.config.databaseUrl! });
      await other.connect();
      try {
        await other.query('update sys_user_token set revoked_at = null where token_hash = $1', [hash]);
      } finally {
        await other.end();
      }
    }
    expect((await findTokenWithUser(t.handle.db, hash))?.revokedAt).toBeNull();
  });
});
