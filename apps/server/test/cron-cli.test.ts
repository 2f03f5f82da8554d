/**
 * `npm run -s houtai -- cron next|check|vectors` spawned as an operator runs it: exact output, exit codes, and
 * no database (the data folder stays empty) and no banner.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataFile } from '@houtai/shared/shared-data';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function houtai(args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'houtai', '--', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'houtai-cron-cli-'));
});
afterAll(() => {
  expect(readdirSync(dataDir)).toEqual([]); // no database, no generated secrets
  rmSync(dataDir, { recursive: true, force: true });
});

// Each spawn loads the whole server CLI (tsx): seconds apiece on a busy machine.
describe('houtai cron', { timeout: 120_000 }, () => {
  it('next prints one local time of the zone per line, across a spring-forward gap', async () => {
    const r = await houtai([
      'cron',
      'next',
      '0 30 2 * * ?',
      '--from',
      '2024-03-09T12:00:00',
      '--tz',
      'America/New_York',
      '--count',
      '3',
    ]);
    expect(r).toEqual({
      code: 0,
      stdout: '2024-03-10T03:30:00\n2024-03-11T02:30:00\n2024-03-12T02:30:00\n',
      stderr: '',
    });
  });

  it('next with a bad expression exits 1 with the message; with a bad zone exits 2', async () => {
    const bad = await houtai(['cron', 'next', '0 0 25 * * ?', '--from', '2026-01-01T00:00:00', '--tz', 'UTC']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('小时的取值范围为0-23');
    const zone = await houtai(['cron', 'next', '0 0 1 * * ?', '--tz', 'Mars/Olympus']);
    expect(zone.code).toBe(2);
    expect(zone.stderr).toContain('unknown time zone: Mars/Olympus');
  });

  it('check exits 0 silently for a valid expression and 1 with the message otherwise', async () => {
    expect(await houtai(['cron', 'check', '0 15 10 ? * MON-FRI'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const r = await houtai(['cron', 'check', '0 0 0 * * *']);
    expect(r.code).toBe(1);
    expect(r.stdout.trim()).toBe('日和周不能同时指定，其中一个必须为?');
  });

  it('vectors runs both shared files', async () => {
    const next = await houtai(['cron', 'vectors', sharedDataFile(root, 'cron-quartz-next.json')]);
    expect(next.code).toBe(0);
    expect(next.stdout).toMatch(/^\d+ passed, 0 failed\n$/);
    const match = await houtai(['cron', 'vectors', sharedDataFile(root, 'cron-quartz-match.json')]);
    expect(match.code).toBe(0);
    expect(match.stdout).toMatch(/^\d+ passed, 0 failed\n$/);
  });

  it('vectors counts a wrong answer as failed and exits 1', async () => {
    const file = path.join(tmpdir(), `cron-vectors-${process.pid}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        vectors: [
          {
            id: 'right',
            expr: '0 0 12 * * ?',
            from: '2026-01-01T00:00:00Z',
            tz: 'UTC',
            next: ['2026-01-01T12:00:00Z'],
          },
          {
            id: 'wrong',
            expr: '0 0 12 * * ?',
            from: '2026-01-01T00:00:00Z',
            tz: 'UTC',
            next: ['2026-01-01T13:00:00Z'],
          },
        ],
        validity: [{ expr: '0 0 0 * * *', valid: false }],
      }),
    );
    try {
      const r = await houtai(['cron', 'vectors', file]);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('FAILED wrong');
      expect(r.stdout.trim().split('\n').at(-1)).toBe('2 passed, 1 failed');
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('a missing sub-command prints the usage and exits 2', async () => {
    const r = await houtai(['cron']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('usage: npm run -s houtai -- cron next');
  });
});
