/** Seed steps apply once (deletions stay), landed migrations stay frozen, and the schema's identifier rules. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.ts';
import { MIGRATIONS } from '../src/db/migrate.ts';
import { ORG_STAMPED_TABLES } from '../src/db/org-code-stamp.ts';
import { applyBaseSteps, BASE_STEPS, seed } from '../src/db/seed/index.ts';
import { newUserRow } from '../src/modules/user/user.service.ts';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seed steps', () => {
  it('are recorded once applied, and a later start applies none again', async () => {
    const recorded = await t.handle.db.selectFrom('sysSeedStep').select('name').execute();
    expect(recorded.map((r) => r.name)).toEqual(BASE_STEPS.map((s) => s.name));
    expect(await applyBaseSteps(t.handle.db)).toEqual([]);
  });

  it('leave base rows an administrator deleted deleted on the next start', async () => {
    const leaf = await t.handle.db
      .selectFrom('sysCategory')
      .select(['id', 'code'])
      .where('code', 'like', 'A01A05%')
      .orderBy('code', 'desc')
      .executeTakeFirstOrThrow();
    await t.handle.db.deleteFrom('sysCategory').where('id', '=', leaf.id).execute();
    const report = await seed(t.handle.db, { adminPassword: TEST_PASSWORD });
    expect(report).toMatchObject({ adminCreated: false, stepsApplied: [] });
    const again = await t.handle.db.selectFrom('sysCategory').select('id').where('code', '=', leaf.code).execute();
    expect(again).toEqual([]);
  });

  it('apply a new step exactly once, in a transaction with its record', async () => {
    let runs = 0;
    const steps = [
      ...BASE_STEPS,
      {
        name: 'test-extra',
        run: async () => {
          runs++;
          return Promise.resolve();
        },
      },
    ];
    expect(await applyBaseSteps(t.handle.db, steps)).toEqual(['test-extra']);
    expect(await applyBaseSteps(t.handle.db, steps)).toEqual([]);
    expect(runs).toBe(1);

    const failing = [{ name: 'test-failing', run: () => Promise.reject(new Error('boom')) }];
    await expect(applyBaseSteps(t.handle.db, failing)).rejects.toThrow('boom');
    const names = (await t.handle.db.selectFrom('sysSeedStep').select('name').execute()).map((r) => r.name);
    expect(names).not.toContain('test-failing');
  });
});

describe('migrations', () => {
  // Landed migrations are frozen: a change here means a landed file was edited. Add a new migration instead,
  // and pin its hash here when it lands.
  const LANDED: Record<string, string> = {
    '0001-init': '3a02ead0db02a7c5c28954fd3da4764ceadc92f7711ac0c9e58232eaae3a813c',
    '0002-seed-steps-and-identifiers': 'd130146b59ed9be0f288b7599d1a09f1eb507c964a98a5f05ed05c9561dbb1b1',
    '0003-files': '83720d19627faa1a8967d00e7ae124786068a3bf30a44d562ad15ecafcaeefb5',
    '0004-announcements': '1ca4c033819e314cb95ea539f44a37331003551354e814ebe3cf3f1c6dc284e3',
    '0005-work-orders': '439f1b3e4d885fa31e4f246889109edc6cf66fb757685c4e5faa3a295de6a338',
    '0006-async-tasks': 'f03b44e026017620c630a796a12dfdfeeb034bc18deb090f5f89ccee79c1f7c1',
    '0007-direct-upload-and-attachments': '146a78b7cd8e596aa22dd5477ae05d4937f5a3b73f284261d9c35f9ed3fa4599',
    '0008-announcement-markdown-source': '850358959b77de7e6e0d07a67fbf089f2da786ad9b4a31a2bde194492bbfee1b',
    '0009-hr-shifts-and-demo-rules': '7674a46c9c90e9870c16ad5658a806bdbd76defc187c38c74a8550c20c1998b4',
    '0010-online-reports': '2063d006d31aa250ac27da9857fc11431b71083b4df72608442e0882495c03e1',
  };

  it('every migration file is registered, and the landed ones are unchanged', () => {
    const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(Object.keys(MIGRATIONS).sort());
    for (const [name, hash] of Object.entries(LANDED)) {
      const text = readFileSync(path.join(dir, `${name}.ts`));
      expect(createHash('sha256').update(text).digest('hex'), name).toBe(hash);
    }
  });

  it('every table with a sys_org_code stamp is listed, so that a department move rewrites it', async () => {
    const tables = await t.handle.db.introspection.getTables();
    // PostgreSQL lists every schema's tables: other test files' schemas may exist at the same time.
    const own =
      t.handle.dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.handle.db)).rows[0]?.schema
        : undefined;
    const stamped = tables
      .filter((table) => own === undefined || table.schema === own)
      .filter((table) => table.columns.some((c) => c.name === 'sys_org_code' || c.name === 'sysOrgCode'))
      .map((table) => table.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()))
      .sort();
    expect(stamped.length).toBeGreaterThan(0);
    expect(stamped).toEqual([...ORG_STAMPED_TABLES].sort());
  });
});

describe('sign-in identifiers', () => {
  async function insertUser(username: string, phone: string, delFlag: number): Promise<void> {
    await t.handle.db
      .insertInto('sysUser')
      .values(newUserRow({ id: newId(), username, phone, delFlag }))
      .execute();
  }

  it('a phone belongs to one live user; removed users keep theirs without blocking it', async () => {
    await insertUser('phone_a', '13911112222', 0);
    await expect(insertUser('phone_b', '13911112222', 0)).rejects.toThrow();
    await insertUser('phone_c', '13911112222', 1);
    const rows = await t.handle.db
      .selectFrom('sysUser')
      .select('username')
      .where('phone', '=', '13911112222')
      .execute();
    expect(rows.map((r) => r.username).sort()).toEqual(['phone_a', 'phone_c']);
  });
});
