/**
 * Fault-test services of our own: a PostgreSQL cluster (initdb) and a redis-server on free loopback ports, which the
 * fault tests stop, crash and start again. They never touch the machine's shared PostgreSQL and Redis.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './child-server.ts';

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** The directory of PostgreSQL's server programs (initdb, pg_ctl, postgres), newest major first; null when absent. */
function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const majors = readdirSync(root)
      .filter((d) => /^\d+$/.test(d))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const bin = path.join(root, major, 'bin');
      if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
    }
  }
  const found = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  const pgCtl = found.status === 0 ? found.stdout.trim() : '';
  return pgCtl && existsSync(path.join(path.dirname(pgCtl), 'initdb')) ? path.dirname(pgCtl) : null;
}

function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

/**
 * Why the fault tests cannot run here (missing programs), or null when they can. initdb refuses to run as root; as
 * root the cluster belongs to the `postgres` account, through runuser.
 */
export function faultServicesMissing(): string | null {
  const missing: string[] = [];
  if (!postgresBinDir()) missing.push('initdb/pg_ctl (PostgreSQL server programs)');
  if (!onPath('redis-server')) missing.push('redis-server');
  if (userInfo().uid === 0 && !(onPath('runuser') && spawnSync('id', ['postgres']).status === 0)) {
    missing.push('runuser and a postgres account (initdb refuses root)');
  }
  return missing.length ? `missing: ${missing.join(', ')}` : null;
}

/** The same program line run as the cluster's owner: ourselves, or `postgres` when we are root. */
function asOwner(program: string, args: string[]): { command: string; args: string[] } {
  return userInfo().uid === 0
    ? { command: 'runuser', args: ['-u', 'postgres', '--', program, ...args] }
    : { command: program, args };
}

async function run(program: string, args: string[], what: string): Promise<void> {
  const line = asOwner(program, args);
  // Asynchronous, so that the requests of a test keep flowing (and are timed truly) while pg_ctl works.
  await new Promise<void>((resolve, reject) => {
    execFile(line.command, line.args, { timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${what} failed: ${stderr || stdout || err.message}`));
      else resolve();
    });
  });
}

export interface PostgresInstance {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  /** pg_ctl stop: 'fast' (clients disconnected, clean shutdown) or 'immediate' (a crash; recovery on start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl start on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes the cluster. */
  destroy(): Promise<void>;
}

/**
 * A fresh cluster on a free port: initdb (trust), started, listening on 127.0.0.1 only. fsync is off for speed: a
 * crash of PostgreSQL alone (`-m immediate`) still finds every committed WAL record in the OS page cache.
 * synchronous_commit stays on, or an acknowledged commit could sit in shared memory when the crash comes.
 */
export async function startPostgres(): Promise<PostgresInstance> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server programs not found');
  const root = mkdtempSync(path.join(tmpdir(), 'houtai-fault-pg-'));
  const data = path.join(root, 'data');
  const sockets = path.join(root, 'sockets');
  mkdirSync(sockets);
  if (userInfo().uid === 0) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    for (const dir of [root, sockets]) chownSync(dir, Number(ids), Number(gid));
  }
  await run(
    path.join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
    'initdb',
  );
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${sockets}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
    '-c shared_buffers=32MB',
  ].join(' ');
  const log = path.join(root, 'postgres.log');
  let running = false;
  const instance: PostgresInstance = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await run(
        path.join(bin, 'pg_ctl'),
        ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start'],
        'pg_ctl start',
      );
      running = true;
    },
    async stop(mode) {
      await run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'], `pg_ctl stop -m ${mode}`);
      running = false;
    },
    async destroy() {
      if (running) await instance.stop('immediate').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
  await instance.start();
  return instance;
}

/** Whether a Redis server on the port answers PING (inline command) within half a second. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk: Buffer) => done(chunk.toString('latin1').startsWith('+PONG')));
  });
}

export interface RedisInstance {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Ends the server: SIGTERM (a clean shutdown) or SIGKILL (a crash); resolves once the process is gone. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same port and directory; resolves once it answers PING. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A redis-server child on a free port. `persistent` keeps an append-only file (what a deployment running the task
 * queue needs: BullMQ holds waiting jobs in Redis only), so a restart finds the queue again; else nothing is kept.
 */
export async function startRedis(opts: { persistent?: boolean } = {}): Promise<RedisInstance> {
  const dir = mkdtempSync(path.join(tmpdir(), 'houtai-fault-redis-'));
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--daemonize',
    'no',
    '--dir',
    dir,
    '--save',
    '',
    // 'always': with 'everysec' Redis may hold back the AOF write while a slow fsync runs (a loaded CI disk) and
    // acknowledge jobs a SIGKILL then loses.
    ...(opts.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
  ];
  let child: ChildProcess | null = null;
  const instance: RedisInstance = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      const proc = spawn('redis-server', args, { stdio: 'ignore' });
      child = proc;
      for (let i = 0; i < 200; i++) {
        if (proc.exitCode !== null) throw new Error(`redis-server exited (${proc.exitCode})`);
        if (await answersPing(port)) return;
        await sleep(25);
      }
      throw new Error('redis-server did not answer PING');
    },
    async stop(signal) {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill(signal);
      await gone;
    },
    async destroy() {
      await instance.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await instance.start();
  return instance;
}
