/** The operator CLI in the exact forms other tools use: npm run houtai -- migrate | seed | create-admin | reset-password. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { verifyPassword } from '../src/lib/password.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;

function houtai(args: string[], env: Record<string, string> = {}) {
  return run('npm', ['run', '--silent', 'houtai', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    timeout: 60_000,
  });
}

function storedHash(username: string): Promise<string | null> {
  return storedHashIn(dataDir, username);
}

async function storedHashIn(dir: string, username: string): Promise<string | null> {
  const h = openDatabase({ databaseUrl: null, dataDir: dir });
  try {
    const row = await h.db.selectFrom('sysUser').select('password').where('username', '=', username).executeTakeFirst();
    return row?.password ?? null;
  } finally {
    await h.close();
  }
}

/** The exit code and stderr of a command that must fail. */
async function failureOf(run: Promise<unknown>): Promise<{ code: number; stderr: string }> {
  try {
    await run;
  } catch (err) {
    return err as { code: number; stderr: string };
  }
  throw new Error('the command succeeded');
}

/** Runs `fn` with a data folder of its own, removed afterwards. */
async function withFreshDataDir(name: string, fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), `houtai-cli-${name}-`));
  try {
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'houtai-cli-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('houtai CLI', () => {
  it('migrate creates data/houtai.sqlite and is idempotent', async () => {
    const first = await houtai(['migrate']);
    expect(first.stdout).toContain('0001-init');
    const second = await houtai(['migrate']);
    expect(second.stdout).toContain('up to date');
  });

  it('seed creates the admin with a random password printed once', async () => {
    const first = await houtai(['seed']);
    const match = /password: (\S+)/.exec(first.stdout);
    expect(match).not.toBeNull();
    expect(await verifyPassword(await storedHash('admin'), match![1]!)).toBe(true);
    const second = await houtai(['seed']);
    expect(second.stdout).not.toMatch(/password: /);
  });

  it('reset-password <username> <new-password> sets the password', async () => {
    await houtai(['reset-password', 'admin', 'Reset_pass1']);
    expect(await verifyPassword(await storedHash('admin'), 'Reset_pass1')).toBe(true);
  });

  it('reset-password refuses a password against the rule', async () => {
    await expect(houtai(['reset-password', 'admin', 'short'])).rejects.toMatchObject({ code: 1 });
    expect(await verifyPassword(await storedHash('admin'), 'Reset_pass1')).toBe(true);
  });

  it('create-admin creates another administrator', async () => {
    const res = await houtai(['create-admin', 'ops_admin', 'Ops_admin1']);
    expect(res.stdout).toContain('ops_admin');
    expect(await verifyPassword(await storedHash('ops_admin'), 'Ops_admin1')).toBe(true);
  });

  it('create-admin on an existing account gives it the admin role and leaves its password alone', async () => {
    const before = await storedHash('zhangsan');
    expect(before).not.toBeNull();
    const res = await houtai(['create-admin', 'zhangsan', 'Other_pass2']);
    expect(res.stdout).toContain('exists already');
    expect(res.stdout).toContain('reset-password zhangsan');
    expect(await storedHash('zhangsan')).toBe(before);
    const h = openDatabase({ databaseUrl: null, dataDir });
    try {
      const roles = await h.db
        .selectFrom('sysUserRole')
        .innerJoin('sysUser', 'sysUser.id', 'sysUserRole.userId')
        .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
        .select('sysRole.roleCode')
        .where('sysUser.username', '=', 'zhangsan')
        .execute();
      expect(roles.map((r) => r.roleCode)).toContain('admin');
    } finally {
      await h.close();
    }
    // Run again: nothing changes, still a success.
    await houtai(['create-admin', 'zhangsan']);
    expect(await storedHash('zhangsan')).toBe(before);
  });

  it('create-admin works on a database that was never seeded', async () => {
    await withFreshDataDir('fresh', async (fresh) => {
      const res = await houtai(['create-admin', 'first_admin', 'First_adm1'], { DATA_DIR: fresh });
      expect(res.stdout).toContain('first_admin');
      const h = openDatabase({ databaseUrl: null, dataDir: fresh });
      try {
        const roles = await h.db
          .selectFrom('sysUserRole')
          .innerJoin('sysUser', 'sysUser.id', 'sysUserRole.userId')
          .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
          .select('sysRole.roleCode')
          .where('sysUser.username', '=', 'first_admin')
          .execute();
        expect(roles).toEqual([{ roleCode: 'admin' }]);
      } finally {
        await h.close();
      }
    });
  });

  it('refuses a first start whose HOUTAI_ADMIN_PASSWORD breaks the password rule, creating nobody', async () => {
    await withFreshDataDir('weak', async (fresh) => {
      const failed = await failureOf(houtai(['seed'], { DATA_DIR: fresh, HOUTAI_ADMIN_PASSWORD: '1' }));
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('HOUTAI_ADMIN_PASSWORD');
      expect(await storedHashIn(fresh, 'admin')).toBeNull();
    });
  });

  it('seeds no demo people in production unless HOUTAI_DEMO_DATA=true', async () => {
    await withFreshDataDir('prod', async (fresh) => {
      const res = await houtai(['seed'], {
        DATA_DIR: fresh,
        NODE_ENV: 'production',
        HOUTAI_ADMIN_PASSWORD: 'Prod_pass1',
      });
      expect(res.stdout).not.toContain('demo users');
      expect(await storedHashIn(fresh, 'zhangsan')).toBeNull();
      expect(await storedHashIn(fresh, 'admin')).not.toBeNull();
    });
  });

  it('refuses a DATABASE_URL it cannot use instead of writing to the embedded file', async () => {
    await withFreshDataDir('url', async (fresh) => {
      const failed = await failureOf(houtai(['migrate'], { DATA_DIR: fresh, DATABASE_URL: 'mysql://u@127.0.0.1/db' }));
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('DATABASE_URL');
      expect(existsSync(path.join(fresh, 'houtai.sqlite'))).toBe(false);
    });
  });
});
