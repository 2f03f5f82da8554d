/**
 * The real server as a child process, for tests that signal or kill it (shutdown, a task killed mid-run) and for
 * the fault tests' own services: a free port, the server's environment on its own DATA_DIR (embedded SQLite, no
 * Redis, no demo people), and a start that waits until it answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Development mode on `dataDir` and `port`; what the machine's environment says of databases, Redis, files is dropped. */
export function childServerEnv(dataDir: string, port: number, adminPassword: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    HOUTAI_ADMIN_PASSWORD: adminPassword,
    HOUTAI_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'STORAGE_URL', 'API_PREFIX', 'WEB_DIST', 'METRICS_TOKEN'])
    delete env[k];
  return env;
}

/**
 * Starts `main.ts start` and resolves once GET /health answers 200 (at most `timeoutMs`). `onOutput` receives its
 * stdout and stderr (else they are dropped).
 */
export async function startChildServer(
  env: NodeJS.ProcessEnv,
  opts: { timeoutMs?: number; onOutput?: (text: string) => void } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'start'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', opts.onOutput ? 'pipe' : 'ignore', opts.onOutput ? 'pipe' : 'ignore'],
  });
  let output = '';
  const collect = (d: Buffer) => {
    const text = d.toString();
    output += text;
    opts.onOutput?.(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) at start:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/health`);
      if (res.status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}
