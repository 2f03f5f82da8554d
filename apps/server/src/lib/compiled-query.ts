/**
 * Hot-path queries compiled once per database handle: building and compiling a Kysely query costs several
 * times more than running it on SQLite. The query is built with marker values in place of the per-call
 * arguments; each call binds its arguments where the markers stand (constants built into the query stay).
 */
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { changeMarkerOf, rawReaderOf, type Db } from '../db/connection.ts';

interface Prepared<R> {
  query: CompiledQuery<R>;
  /** For each bound parameter: the index of the call argument it takes, or -1 to keep the built value. */
  slots: number[];
}

const cache = new WeakMap<Db, Map<string, Prepared<unknown>>>();
const marker = (i: number): string => `\u0000arg${i}\u0000`;

/**
 * Runs the query `build` makes (called once per db and key, with markers as its arguments) with `args`
 * bound in their places.
 */
export function executeCompiled<R, A extends unknown[]>(
  db: Db,
  key: string,
  build: (...markers: string[]) => { compile(): CompiledQuery<R> },
  args: A,
): Promise<QueryResult<R>> {
  let byKey = cache.get(db);
  if (!byKey) {
    byKey = new Map();
    cache.set(db, byKey);
  }
  let prepared = byKey.get(key) as Prepared<R> | undefined;
  if (!prepared) {
    const markers = args.map((_, i) => marker(i));
    const query = build(...markers).compile();
    prepared = { query, slots: query.parameters.map((p) => (typeof p === 'string' ? markers.indexOf(p) : -1)) };
    byKey.set(key, prepared);
  }
  const { query, slots } = prepared;
  const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
  // On SQLite, read synchronously when no transaction holds the connection (the CamelCasePlugin's mapping is
  // done here); otherwise, and on PostgreSQL, through Kysely.
  const raw = rawReaderOf(db)?.all(query.sql, parameters);
  if (raw) return Promise.resolve({ rows: raw.map(camelCaseRow) as R[] });
  return db.executeQuery<R>({ ...query, parameters });
}

interface Memo {
  version: string;
  result: QueryResult<unknown>;
}

const memos = new WeakMap<Db, Map<string, Memo>>();
const MEMO_ENTRIES = 10_000;

/**
 * The database's change marker now: SQLite's (RawReader.version, at once), PostgreSQL's snapshot
 * (connection.ts changeMarkerOf, a shared round trip that started after this call), or null where there is none (an
 * open transaction). A value read after the marker was V is exact for as long as the marker is still V.
 */
export function changeMarker(db: Db): string | null | Promise<string | null> {
  const reader = rawReaderOf(db);
  if (reader) return reader.version();
  return changeMarkerOf(db)?.() ?? null;
}

/**
 * executeCompiled, remembering results while the database is unchanged (its change marker): exact, not a time-based
 * cache. Where there is no marker (an open transaction) it just runs the query. On PostgreSQL a remembered result
 * still costs the marker's round trip, shared by concurrent requests. Callers must not mutate the rows they get.
 */
export function executeCompiledMemo<R, A extends (string | number)[]>(
  db: Db,
  key: string,
  build: (...markers: string[]) => { compile(): CompiledQuery<R> },
  args: A,
): Promise<QueryResult<R>> {
  const marker = changeMarker(db);
  if (marker === null) return executeCompiled(db, key, build, args);
  if (typeof marker === 'string') return memoAt(db, marker, key, build, args);
  return marker.then((version) =>
    version === null ? executeCompiled(db, key, build, args) : memoAt(db, version, key, build, args),
  );
}

function memoAt<R, A extends (string | number)[]>(
  db: Db,
  version: string,
  key: string,
  build: (...markers: string[]) => { compile(): CompiledQuery<R> },
  args: A,
): Promise<QueryResult<R>> {
  let byArgs = memos.get(db);
  if (!byArgs) {
    byArgs = new Map();
    memos.set(db, byArgs);
  }
  const memoKey = `${key}\u0000${args.join('\u0000')}`;
  const hit = byArgs.get(memoKey);
  if (hit?.version === version) return Promise.resolve(hit.result as QueryResult<R>);
  // Read after the version: a change in between moves the version, so this entry is never used stale.
  return executeCompiled(db, key, build, args).then((result) => {
    if (byArgs.size >= MEMO_ENTRIES) byArgs.clear();
    byArgs.set(memoKey, { version, result });
    return result;
  });
}

/**
 * The rows of a built query. On SQLite, outside a transaction, they are read synchronously (as executeCompiled
 * does, with the CamelCasePlugin's mapping), skipping Kysely's connection hand-over per query; otherwise through
 * Kysely. For the hot reads of lists, whose shapes vary too much to be compiled once.
 */
export function readRows<R>(db: Db, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  const raw = rawReaderOf(db)?.all(compiled.sql, compiled.parameters);
  if (raw) return Promise.resolve(raw.map(camelCaseRow) as R[]);
  return db.executeQuery(compiled).then((r) => r.rows);
}

interface KeyedMemo {
  version: string;
  /** Key → its value, or null: looked up and not found. */
  values: Map<string, unknown>;
}

const keyedMemos = new WeakMap<Db, Map<string, KeyedMemo>>();
/** Keys remembered per lookup (a call's own keys may pass it); beyond it the lookup starts afresh. */
const KEYED_ENTRIES = 20_000;

/**
 * Values looked up by key (users' names by id, say) remembered key by key while the database is unchanged (its
 * change marker, as executeCompiledMemo): only the keys not yet known are read, so the pages of a list that name the
 * same people read them once. Where there is no marker (an open transaction) every key is read. `read` answers the
 * values it found; keys it leaves out are remembered as absent. Callers must not mutate the values they get.
 */
export async function lookupMemo<V>(
  db: Db,
  name: string,
  keys: readonly string[],
  read: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
): Promise<Map<string, V>> {
  const version = await changeMarker(db);
  if (version === null) return new Map(await read(keys));
  let byName = keyedMemos.get(db);
  if (!byName) {
    byName = new Map();
    keyedMemos.set(db, byName);
  }
  let memo = byName.get(name);
  if (memo?.version !== version) {
    memo = { version, values: new Map() };
    byName.set(name, memo);
  }
  const { values } = memo;
  // Bounded: past the limit the lookup starts afresh (before this call's reads, so none of them is dropped).
  if (values.size > KEYED_ENTRIES) values.clear();
  const missing = [...new Set(keys.filter((k) => !values.has(k)))];
  if (missing.length > 0) {
    // Read after the version: a change in between moves the version, so these values are never used stale.
    const found = await read(missing);
    for (const k of missing) values.set(k, found.get(k) ?? null);
  }
  const out = new Map<string, V>();
  for (const k of keys) {
    const v = values.get(k);
    if (v != null) out.set(k, v as V);
  }
  return out;
}

const camelNames = new Map<string, string>();

/** snake_case column names to camelCase keys, as the CamelCasePlugin maps results. */
function camelCaseRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) {
    let name = camelNames.get(key);
    if (name === undefined) {
      name = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
      camelNames.set(key, name);
    }
    out[name] = row[key];
  }
  return out;
}
