/**
 * The task centre across a crash: the real server (node --import tsx apps/server/src/main.ts) on a temporary
 * DATA_DIR runs a large import, is killed with SIGKILL mid-way, and starts again: the task is failed (服务重启，任务
 * 已中断，请重试), the rows committed so far are whole batches, and a retry completes with every row exactly once.
 * SQLite and the in-process runner (the spawned server gets no DATABASE_URL / REDIS_URL).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../src/db/connection.ts';
import { writeXlsx } from '../src/excel/writer.ts';
import { childServerEnv, freePort, startChildServer } from './child-server.ts';

// Enough batches (of 500) that the kill, sent as soon as the first is committed, lands well before the last.
const ROWS = 30_000;
const PASSWORD = `Kill_${randomBytes(6).toString('hex')}`;

let dataDir: string;
let port: number;
let child: ChildProcess | null = null;
let db: DbHandle | null = null;

async function start(): Promise<void> {
  child = await startChildServer(childServerEnv(dataDir, port, PASSWORD));
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const c = child;
  child = null;
  if (!c || c.exitCode !== null || c.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    c.once('exit', () => resolve());
    c.kill(signal);
  });
}

async function call<T>(token: string | null, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/api${url}`, {
    ...init,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(init.headers ?? {}) },
  });
  return (await res.json()) as T;
}

async function login(): Promise<string> {
  const b = await call<{ success: boolean; message: string; result: { token: string } }>(null, '/sys/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!b.success) throw new Error(b.message);
  return b.result.token;
}

interface Task {
  id: string;
  status: string;
  content: string | null;
}

async function task(token: string, id: string): Promise<Task | undefined> {
  const b = await call<{ result: { records: Task[] } }>(token, '/task/asyncTask/list/mine?pageSize=100');
  return b.result.records.find((r) => r.id === id);
}

async function count(sqlTable: 'biWorkOrder' | 'taskImportRow', taskId?: string): Promise<number> {
  let q = db!.db.selectFrom(sqlTable as 'taskImportRow').select((eb) => eb.fn.countAll<number>().as('n'));
  if (taskId) q = q.where('taskId', '=', taskId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'houtai-kill-'));
  port = await freePort();
});
afterAll(async () => {
  await kill('SIGTERM');
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an import killed with SIGKILL', () => {
  it('is failed after the restart, and its retry writes every row exactly once', { timeout: 240_000 }, async () => {
    await start();
    let token = await login();
    const file = path.join(dataDir, 'big.xlsx');
    await writeXlsx(
      file,
      [
        { key: 'title', title: '标题', type: 'string' },
        { key: 'priority', title: '优先级', type: 'string' },
      ],
      Array.from({ length: ROWS }, (_, i) => ({ title: `大批导入${String(i + 1).padStart(6, '0')}`, priority: 'M' })),
    );
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)]), 'big.xlsx');
    const up = await call<{ success: boolean; message: string }>(token, '/sys/common/upload', {
      method: 'POST',
      body: form,
    });
    expect(up.success, up.message).toBe(true);
    const added = await call<{ success: boolean; message: string; result: string }>(token, '/task/asyncTask/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessType: 'WORK_ORDER', name: '大批导入', importUrl: up.message }),
    });
    expect(added.success, added.message).toBe(true);
    const id = added.result;

    db = openDatabase({ databaseUrl: null, dataDir });
    // Kill it once some batches are committed and before the last one.
    let committed = 0;
    for (let i = 0; i < 2000; i++) {
      committed = await count('taskImportRow', id);
      if (committed > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await kill('SIGKILL');
    committed = await count('taskImportRow', id);
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(ROWS);
    // Whole batches only (the first batch of 500 rows holds the header row): every committed key has its order,
    // and nothing else was written.
    expect((committed - 499) % 500).toBe(0);
    expect(await count('biWorkOrder')).toBe(committed);
    await db.close();
    db = null;

    await start();
    token = await login();
    expect(await task(token, id)).toMatchObject({ status: '3', content: '服务重启，任务已中断，请重试' });
    const retried = await call<{ success: boolean; message: string }>(token, '/task/asyncTask/retry', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    expect(retried.success, retried.message).toBe(true);
    let done: Task | undefined;
    for (let i = 0; i < 2400; i++) {
      done = await task(token, id);
      if (done && done.status !== '1') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(done).toMatchObject({ status: '2' });
    await kill('SIGTERM');

    db = openDatabase({ databaseUrl: null, dataDir });
    const titles = await db.db.selectFrom('biWorkOrder').select('title').execute();
    expect(titles.length).toBe(ROWS);
    expect(new Set(titles.map((t) => t.title)).size).toBe(ROWS);
    expect(await count('taskImportRow', id)).toBe(ROWS);
  });
});
