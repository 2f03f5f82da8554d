/**
 * The database's change marker (db/connection.ts): what lets a process remember a read exactly until something
 * changes. On PostgreSQL it is the snapshot, read once for all callers that asked before the read started; a write
 * by any connection — another instance, psql, a trigger — moves it, and an uncommitted one does not.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeMarkerOf, freshShared } from '../src/db/connection.ts';
import { findItemsByCode } from '../src/modules/dict/dict.repository.ts';
import { createTestApp, type TestContext } from './helpers.ts';

describe('freshShared', () => {
  /** A read whose answers are released by hand; `started` counts the reads begun. */
  function manualRead() {
    const pending: ((v: number) => void)[] = [];
    let started = 0;
    const read = () =>
      new Promise<number>((resolve) => {
        started += 1;
        pending.push(resolve);
      });
    return {
      read,
      get started() {
        return started;
      },
      release(value: number) {
        pending.shift()?.(value);
      },
    };
  }
  const tick = () => new Promise((r) => setImmediate(r));

  it('gives every caller a read that began after its call, one read for all who wait together', async () => {
    const m = manualRead();
    const next = freshShared(m.read);
    const a = next();
    expect(m.started).toBe(1);
    // b and c called while a's read runs: they may not use it, and share the next one.
    const b = next();
    const c = next();
    expect(m.started).toBe(1);
    m.release(1);
    expect(await a).toBe(1);
    await tick();
    expect(m.started).toBe(2);
    m.release(2);
    expect([await b, await c]).toEqual([2, 2]);
    // Nothing running: a new call starts at once.
    const d = next();
    expect(m.started).toBe(3);
    m.release(3);
    expect(await d).toBe(3);
  });

  it('passes a failed read to its callers and starts afresh for the next ones', async () => {
    let calls = 0;
    const next = freshShared(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(calls);
    });
    await expect(next()).rejects.toThrow('down');
    expect(await next()).toBe(2);
  });
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The dictionary reads made while `run` ran. */
async function dictReads(run: () => Promise<unknown>): Promise<number> {
  const before = t.statements.length;
  await run();
  return t.statements.slice(before).filter((s) => /from "sys_dict_item"/.test(s.sql)).length;
}

const labels = async () => (await findItemsByCode(t.handle.db, 'priority')).map((i) => i.itemText);

describe('a remembered read on either database', () => {
  it('is read once while nothing changes, and again after a write of this process', async () => {
    const first = await labels();
    expect(first.length).toBeGreaterThan(0);
    expect(await dictReads(labels)).toBe(0);
    await t.handle.db
      .updateTable('sysDictItem')
      .set({ itemText: '加急（改）' })
      .where('itemValue', '=', 'H')
      .where('dictId', 'in', (eb) => eb.selectFrom('sysDict').select('id').where('dictCode', '=', 'priority'))
      .execute();
    let after: string[] = [];
    expect(await dictReads(async () => (after = await labels()))).toBe(1);
    expect(after).toContain('加急（改）');
  });

  it('never remembers inside a transaction', async () => {
    await t.handle.db.transaction().execute(async (trx) => {
      await findItemsByCode(trx, 'priority');
      expect(await dictReads(() => findItemsByCode(trx, 'priority'))).toBe(1);
    });
  });
});

// PostgreSQL only: the writer here is another connection (as another instance would be), which needs a server.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: the snapshot as the marker', () => {
  let other: pg.Client;
  beforeAll(async () => {
    other = new pg.Client({ connectionString: t.config.databaseUrl! });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
  });

  const rename = (text: string) =>
    `update sys_dict_item set item_text = '${text}' where item_value = 'L'
       and dict_id in (select id from sys_dict where dict_code = 'priority')`;

  it('moves with a commit by another connection, not with its uncommitted write', async () => {
    const marker = changeMarkerOf(t.handle.db)!;
    expect(marker).toBeDefined();
    const before = await marker();
    expect(before).toMatch(/^\d+:\d+:/);
    await labels();
    expect(await dictReads(labels)).toBe(0);

    await other.query('begin');
    await other.query(rename('低（未提交）'));
    // Begun and written, not committed: the rows read are still the old ones, and may be remembered as such.
    expect(await labels()).not.toContain('低（未提交）');
    await other.query('commit');

    let after: string[] = [];
    expect(await dictReads(async () => (after = await labels()))).toBe(1);
    expect(after).toContain('低（未提交）');
    expect(await marker()).not.toBe(before);
  });

  it('is shared by concurrent callers and answers every one with the rows as of its call', async () => {
    await other.query(rename('低（并发前）'));
    const reads = await Promise.all(Array.from({ length: 20 }, () => labels()));
    for (const r of reads) expect(r).toContain('低（并发前）');
    await other.query(rename('低（并发后）'));
    const again = await Promise.all(Array.from({ length: 20 }, () => labels()));
    for (const r of again) expect(r).toContain('低（并发后）');
  });

  it('is not there for a transaction object', async () => {
    await t.handle.db.transaction().execute(async (trx) => {
      expect(changeMarkerOf(trx)).toBeUndefined();
    });
  });
});
