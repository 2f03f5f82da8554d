/** The operator CLI in the exact forms other tools use: npm run houtai -- migrate | seed | create-admin | reset-password. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

async function storedHash(username: string): Promise<string | null> {
  const h = openDatabase({ databaseUrl: null, dataDir });
  try {
    const row = await h.db.selectFrom('sysUser').select('password').where('username', '=', username).executeTakeFirst();
    return row?.password ?? null;
  } finally {
    await h.close();
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
});
