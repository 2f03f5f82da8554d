/** Child processes for benchmarks: a free port, a spawned server with its log in a file, readiness polling. */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  logFile: string;
  stop: () => Promise<void>;
}

/** Starts `node --import tsx <script> ...args`; stdout and stderr go to logFile so that a chatty server never blocks. */
export function startNode(
  script: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): Child {
  const fd = openSync(opts.logFile, 'a');
  // BENCH_NODE_ARGS: extra node flags for the servers a benchmark starts (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`,
  // which NODE_OPTIONS does not take).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    logFile: opts.logFile,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls url until it answers (any HTTP status) or the child exits or the time runs out. */
export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null)
      throw new Error(`the server exited (code ${child.process.exitCode}); see ${child.logFile}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s; see ${child.logFile}`);
}
