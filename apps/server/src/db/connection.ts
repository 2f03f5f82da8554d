/** Opens the database: SQLite (WAL) under DATA_DIR by default, PostgreSQL when DATABASE_URL is postgres://. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type LogEvent, type SqliteDatabase } from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Receives every executed statement; tests use it to prove request text never reaches SQL. */
  onQuery?: (sqlText: string, parameters: readonly unknown[]) => void;
}

/**
 * A synchronous read of SQLite, for the hottest compiled queries (lib/compiled-query.ts): Kysely's driver costs
 * more than the query itself. Answers null when it cannot run now (a transaction holds the connection, whose
 * uncommitted rows it must not see), and the caller then goes through Kysely.
 */
export interface RawReader {
  all(sqlText: string, parameters: readonly unknown[]): Record<string, unknown>[] | null;
  /**
   * Like `all`, each row as an array of its values in the order the query selects them (better-sqlite3's raw
   * mode: no object per row, about half the cost of a wide row; for long reads such as an export).
   */
  values(sqlText: string, parameters: readonly unknown[]): unknown[][] | null;
  /**
   * Changes whenever the database content may have changed: a commit by another connection (PRAGMA
   * data_version) or any change by this one (total_changes()). Null while a transaction is open. A result
   * read at version V is exactly what the same query answers as long as the version is still V.
   */
  version(): string | null;
}

const rawReaders = new WeakMap<object, RawReader>();

const changeMarkers = new WeakMap<object, () => Promise<string | null>>();

/**
 * PostgreSQL's change marker (the SQLite one is RawReader.version): the snapshot the server would give a statement
 * now (`pg_current_snapshot()`: the oldest running transaction, the next to be numbered, those in progress). Two
 * equal snapshots mean that no transaction committed in between, on any instance, whatever wrote; a snapshot read
 * earlier never comes back once one has. So a result read after the marker was V is exactly what the same query
 * answers while the marker is still V. Each call answers a snapshot read that started after the call (concurrent
 * callers share one read); it fails as a query would while the database cannot be reached (a 503, at once, not
 * after a second wait). PostgreSQL 13 or later. Only for a database opened by openDatabase, never for a
 * transaction object.
 */
export function changeMarkerOf(db: Db): (() => Promise<string | null>) | undefined {
  return changeMarkers.get(db);
}

/**
 * `read`, shared by concurrent callers, so that each caller gets the answer of a read that started after it called:
 * while one runs, later callers wait for the next, which starts when it ends and serves all of them.
 */
export function freshShared<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const p: Promise<T> = read().finally(() => {
      if (running === p) running = null;
    });
    running = p;
    return p;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

/** The raw reader of a database opened by openDatabase (SQLite only; never for a transaction object). */
export function rawReaderOf(db: Db): RawReader | undefined {
  return rawReaders.get(db);
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (metrics read it on scrape). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** The SQLite file the server uses: DATABASE_URL=sqlite:<file>, else DATA_DIR/houtai.sqlite (backup/restore read it too). */
export function sqliteFileOf(databaseUrl: string | null, dataDir: string): string {
  return databaseUrl?.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : path.join(dataDir, 'houtai.sqlite');
}

export function openDatabase(opts: DbOptions): DbHandle {
  const log = opts.onQuery
    ? (event: LogEvent) => {
        opts.onQuery?.(event.query.sql, event.query.parameters);
      }
    : undefined;
  const plugins = [new CamelCasePlugin()];
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    // Integers beyond 2^53 never occur here; count(*) comes back as bigint text otherwise.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    // While the database is down a request waits at most POOL_CONNECT_TIMEOUT_MS for a connection, then answers
    // 503 (plugins/errors.ts); keepAlive lets a dead peer be noticed on idle connections.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // A connection that breaks (the database restarted) emits 'error': an idle one on the pool (which drops it), a
    // checked-out one (inside a transaction, between its statements) on the client itself, where nobody listens.
    // Unheard, either would end the process; the statement running or the next one fails instead (→ 503), and
    // the pool does not reuse the broken client.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, log });
    changeMarkers.set(
      db,
      freshShared(() =>
        pool.query<{ v: string }>('select pg_current_snapshot()::text as v').then((r) => r.rows[0]?.v ?? null),
      ),
    );
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (opts.databaseUrl && !opts.databaseUrl.startsWith('sqlite:')) {
    // Never fall back to the embedded file silently: a mistyped URL would put production data in DATA_DIR.
    throw new Error(
      `DATABASE_URL must start with postgres:// or postgresql:// (or sqlite: for a file), not ${opts.databaseUrl.split(':')[0]}:`,
    );
  }
  const file = sqliteFileOf(opts.databaseUrl, opts.dataDir);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }), plugins, log });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  let externalVersion: string | null = null;
  const valueStatements = new Map<string, SQLite.Statement>();
  rawReaders.set(db, {
    all(sqlText, parameters) {
      if (sqlite.inTransaction) return null;
      opts.onQuery?.(sqlText, parameters);
      return cached.prepare(sqlText).all(parameters) as Record<string, unknown>[];
    },
    values(sqlText, parameters) {
      if (sqlite.inTransaction) return null;
      opts.onQuery?.(sqlText, parameters);
      // Statements of their own: raw mode is a property of the statement, and the shared cache answers objects.
      let stmt = valueStatements.get(sqlText);
      if (!stmt || stmt.busy) {
        stmt = sqlite.prepare(sqlText).raw(true);
        if (valueStatements.size >= VALUE_STATEMENTS) valueStatements.clear();
        valueStatements.set(sqlText, stmt);
      }
      return stmt.all(parameters) as unknown[][];
    },
    version() {
      if (sqlite.inTransaction) return null;
      // Other connections' commits are looked up once per event-loop turn: requests handled in one turn are
      // concurrent with such a commit anyway. This connection's own changes are counted on every call.
      if (externalVersion === null) {
        externalVersion = String(dataVersion.get());
        setImmediate(() => {
          externalVersion = null;
        });
      }
      return `${externalVersion}:${String(totalChanges.get())}`;
    },
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** How long a request waits for a PostgreSQL connection before it answers 503 (an outage answers within 2 s). */
const POOL_CONNECT_TIMEOUT_MS = 1500;

const STATEMENT_CACHE_SIZE = 500;
/** Raw-mode statements kept (RawReader.values): a few export queries. */
const VALUE_STATEMENTS = 20;

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs more than running a simple query.
 * better-sqlite3 statements are reusable, so they are kept by SQL text (least recently used dropped).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      // A statement still being iterated (a streamed query) cannot run again until it finishes.
      if (stmt?.busy) return sqlite.prepare(sqlText);
      if (stmt) {
        cache.delete(sqlText);
      } else {
        stmt = sqlite.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, stmt);
      return stmt;
    },
  };
}
