/**
 * `backup <file> [--force]` and `restore <file>` of the SQLite database (DATA_DIR/houtai.sqlite or DATABASE_URL=
 * sqlite:<file>). The backup is `VACUUM INTO` on a connection of its own: one read transaction, so it is a consistent
 * snapshot while the server goes on writing (WAL), and it never restarts under write load the way the page-by-page
 * backup API does when another process writes between its steps. PostgreSQL is backed up with pg_dump (README).
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import type { Config } from '../config.ts';
import { openDatabase, sqliteFileOf } from '../db/connection.ts';
import { MIGRATIONS, migrateToLatest } from '../db/migrate.ts';

/** The tables whose row counts a backup and a restore print: people, work orders, the operate log. */
const COUNTED_TABLES = ['sys_user', 'bi_work_order', 'operate_log'] as const;
/** The sidecar files of a SQLite database; they belong to the file they sit next to. */
const SIDECARS = ['-wal', '-shm', '-journal'] as const;

const POSTGRES_MESSAGE =
  'DATABASE_URL points at PostgreSQL: back it up with pg_dump and restore it with pg_restore into a fresh database ' +
  '(README.md, section "Backups"). This command handles the embedded SQLite database only.';

class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

interface Parsed {
  file: string;
  force: boolean;
}

function parseArgs(command: 'backup' | 'restore', args: string[]): Parsed {
  const usage =
    command === 'backup'
      ? 'usage: npm run houtai -- backup <file> [--force]'
      : 'usage: npm run houtai -- restore <file>';
  const flags = args.filter((a) => a.startsWith('--'));
  const files = args.filter((a) => !a.startsWith('--'));
  const allowed = command === 'backup' ? ['--force'] : [];
  if (files.length !== 1 || flags.some((f) => !allowed.includes(f))) throw new CommandError(usage, 2);
  return { file: path.resolve(files[0]!), force: flags.includes('--force') };
}

/** The SQLite file of this deployment, or a CommandError for PostgreSQL and in-memory databases. */
function databaseFile(config: Config): string {
  if (config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl)) throw new CommandError(POSTGRES_MESSAGE, 2);
  const file = sqliteFileOf(config.databaseUrl, config.dataDir);
  if (file === ':memory:')
    throw new CommandError('an in-memory database (DATABASE_URL=sqlite::memory:) has no file to back up', 2);
  return path.resolve(file);
}

function sqliteCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

function fsyncFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

interface Inspection {
  migrations: string[];
  counts: { table: string; rows: number | null }[];
}

/**
 * Opens a database file (read-only unless told) and checks that it is one of ours: `PRAGMA integrity_check` answers ok and the
 * migrator's table is there. Answers its applied migrations and the counted tables' rows.
 */
function inspect(file: string, readonly = true): Inspection {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly, fileMustExist: true });
  } catch (err) {
    throw new CommandError(`cannot open ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    let result: string[];
    try {
      result = db.prepare('pragma integrity_check').pluck().all() as string[];
    } catch (err) {
      if (sqliteCode(err) === 'SQLITE_NOTADB') throw new CommandError(`${file} is not a SQLite database`);
      throw err;
    }
    if (result.length !== 1 || result[0] !== 'ok') {
      throw new CommandError(`${file} failed PRAGMA integrity_check: ${result.slice(0, 5).join('; ')}`);
    }
    const tables = new Set(db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]);
    if (!tables.has(DEFAULT_MIGRATION_TABLE)) {
      throw new CommandError(
        `${file} is a SQLite database but not a Houtai one (it has no ${DEFAULT_MIGRATION_TABLE} table)`,
      );
    }
    const migrations = db
      .prepare(`select name from ${DEFAULT_MIGRATION_TABLE} order by name`)
      .pluck()
      .all() as string[];
    const counts = COUNTED_TABLES.map((table) => ({
      table,
      rows: tables.has(table) ? (db.prepare(`select count(*) from ${table}`).pluck().get() as number) : null,
    }));
    return { migrations, counts };
  } finally {
    db.close();
  }
}

function describe(inspection: Inspection): string[] {
  const latest = inspection.migrations.at(-1) ?? 'none';
  return [
    `schema: ${inspection.migrations.length} migrations, latest ${latest}`,
    `rows: ${inspection.counts.map((c) => `${c.table} ${c.rows ?? '-'}`).join(', ')}`,
  ];
}

/** Writes a consistent copy of the live database to `file`, checks it, and prints what it holds. */
function backup(config: Config, args: string[]): void {
  const { file, force } = parseArgs('backup', args);
  const source = databaseFile(config);
  if (!existsSync(source)) throw new CommandError(`no database at ${source} (DATA_DIR=${config.dataDir})`);
  if (file === source || SIDECARS.some((s) => file === `${source}${s}`)) {
    throw new CommandError('the backup file must not be the database itself');
  }
  if (existsSync(file) && !force) throw new CommandError(`${file} exists already; add --force to replace it`);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written beside the target and renamed into place once checked: a failed backup never leaves a half file there.
  const partial = `${file}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  try {
    const db = new SQLite(source, { fileMustExist: true, timeout: 10_000 });
    try {
      db.prepare('VACUUM INTO ?').run(partial);
    } finally {
      db.close();
    }
    fsyncFile(partial);
    const inspection = inspect(partial);
    renameSync(partial, file);
    const size = statSync(file).size;
    console.log(
      [
        `backup written: ${file}`,
        `size: ${humanSize(size)} (${size} bytes)`,
        `source: ${source}`,
        'integrity_check: ok',
        ...describe(inspection),
      ].join('\n'),
    );
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Whether another process has the database open (the running server). A connection in exclusive locking mode
 * needs an EXCLUSIVE lock on a WAL database's file, and every open WAL connection holds a SHARED one.
 */
function inUseByAnotherProcess(file: string): boolean {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('begin exclusive; commit');
    } catch (err) {
      if (sqliteCode(err) === 'SQLITE_BUSY') return true;
      throw err;
    }
    // Nobody else has it: fold the WAL into the file so that the copy kept aside is complete on its own.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return false;
  } finally {
    db.close();
  }
}

/** Moves a database file and its sidecars to `to` (the sidecars keep matching names, so they stay one set). */
function moveDatabase(from: string, to: string): void {
  renameSync(from, to);
  for (const suffix of SIDECARS) {
    if (existsSync(`${from}${suffix}`)) renameSync(`${from}${suffix}`, `${to}${suffix}`);
  }
}

/** Puts a checked backup in place of the current database (kept aside), then migrates it up. */
async function restore(config: Config, args: string[]): Promise<void> {
  const { file } = parseArgs('restore', args);
  const target = databaseFile(config);
  if (!existsSync(file)) throw new CommandError(`no backup at ${file}`);
  if (file === target) throw new CommandError('the backup file is the database itself');
  const inspection = inspect(file);
  const unknown = inspection.migrations.filter((name) => !(name in MIGRATIONS));
  if (unknown.length) {
    throw new CommandError(
      `${file} was made by a newer version of Houtai (migrations unknown here: ${unknown.join(', ')}); ` +
        'restore it with that version',
    );
  }
  mkdirSync(path.dirname(target), { recursive: true });
  const lines = [`restored from: ${file}`, `database: ${target}`];
  let kept: string | null = null;
  if (existsSync(target)) {
    if (inUseByAnotherProcess(target)) {
      throw new CommandError(`${target} is open in another process (is the server running?): stop the server first`);
    }
    kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    moveDatabase(target, kept);
    lines.push(`previous database kept as: ${kept}`);
  } else {
    for (const suffix of SIDECARS) rmSync(`${target}${suffix}`, { force: true });
    lines.push('previous database: none');
  }
  const incoming = `${target}.restoring-${process.pid}`;
  copyFileSync(file, incoming);
  fsyncFile(incoming);
  renameSync(incoming, target);
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let applied: string[];
  try {
    applied = await migrateToLatest(handle.db);
  } catch (err) {
    const back = kept ? `; to go back: stop everything, then mv ${kept} ${target}` : '';
    throw new CommandError(
      `the backup is in place but its migration failed: ${err instanceof Error ? err.message : String(err)}${back}`,
    );
  } finally {
    await handle.close();
  }
  lines.push(applied.length ? `migrations applied: ${applied.join(', ')}` : 'migrations: the backup was up to date');
  // Read-write, so that closing it removes the WAL sidecars a read-only connection would leave behind.
  lines.push(...describe(inspect(target, false)));
  lines.push('start the server as usual; files in DATA_DIR/files (or S3) are not part of the database backup.');
  console.log(lines.join('\n'));
}

async function run(fn: () => void | Promise<void>): Promise<number> {
  try {
    await fn();
    return 0;
  } catch (err) {
    if (err instanceof CommandError) {
      console.error(err.message);
      return err.exitCode;
    }
    throw err;
  }
}

/** `houtai backup <file> [--force]`; answers the exit code. */
export function backupCommand(config: Config, args: string[]): Promise<number> {
  return run(() => backup(config, args));
}

/** `houtai restore <file>`; answers the exit code. */
export function restoreCommand(config: Config, args: string[]): Promise<number> {
  return run(() => restore(config, args));
}
