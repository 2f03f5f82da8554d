/**
 * Graceful shutdown of the real server (node --import tsx apps/server/src/main.ts start, SQLite on a temporary
 * DATA_DIR): on SIGTERM it tells its sockets to reconnect (1001), takes no new connection, lets the request in
 * flight finish with its answer, and exits 0.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childServerEnv, freePort, startChildServer } from './child-server.ts';
import { connect } from './ws-client.ts';

const PASSWORD = `Down_${randomBytes(6).toString('hex')}`;

let dataDir: string;
let port: number;
let child: ChildProcess | null = null;
let output = '';

async function start(): Promise<ChildProcess> {
  const c = await startChildServer(childServerEnv(dataDir, port, PASSWORD), {
    timeoutMs: 30_000,
    onOutput: (text) => (output += text),
  });
  child = c;
  return c;
}

/** A sign-in whose body arrives in two parts: the request is in flight until `finish` sends the rest. */
function slowLogin(): { finish: () => void; answer: Promise<{ status: number; body: string }> } {
  const payload = Buffer.from(JSON.stringify({ username: 'admin', password: PASSWORD }));
  let req: ClientRequest | null = null;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/sys/login',
        // Kept alive, as a browser's or a proxy's: the server must end it after the answer to exit promptly.
        agent: new Agent({ keepAlive: true }),
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(payload.subarray(0, 10));
  });
  return {
    answer,
    finish: () => {
      req?.end(payload.subarray(10));
    },
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'houtai-shutdown-'));
  port = await freePort();
});
afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('drains the request in flight, closes sockets with 1001 and exits 0', { timeout: 20_000 }, async () => {
    const server = await start();
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

    const signIn = await fetch(`http://127.0.0.1:${port}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const signedIn = (await signIn.json()) as { success: boolean; result: { token: string; userInfo: { id: string } } };
    expect(signedIn.success).toBe(true);
    const { token, userInfo } = signedIn.result;
    const socket = await connect(`ws://127.0.0.1:${port}/websocket/${userInfo.id}`, token);

    const slow = slowLogin();
    // The headers have reached the server before the signal.
    await new Promise((r) => setTimeout(r, 300));
    server.kill('SIGTERM');

    const closed = await socket.closed;
    expect(closed.code).toBe(1001);
    // No new connection is taken (refused), or one already accepted is told 503.
    let refused = false;
    for (let i = 0; i < 20 && !refused; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/ready`);
        refused = res.status === 503;
      } catch {
        refused = true;
      }
      if (!refused) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refused).toBe(true);
    expect(server.exitCode).toBeNull();

    slow.finish();
    const answer = await slow.answer;
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { success: boolean }).success).toBe(true);

    expect(await exited, output).toBe(0);
  });
});
