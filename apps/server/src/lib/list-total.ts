/**
 * Totals of lists over tables that grow to millions of rows (issue 16): no request counts a million rows.
 *
 * - Up to TOTAL_EXACT_LIMIT matching rows, the count is bounded (it stops reading after the limit + 1 rows) and
 *   exact.
 * - Beyond it, the full count is taken once per filter (concurrent requests share it) and remembered for
 *   TOTAL_FRESH_MS; requests meanwhile answer the remembered count. It is exact while the database is known not
 *   to have changed since (its change marker); otherwise the page says so with `totalExact: false`. A request
 *   after the fresh window answers the remembered count too and counts again in the background; after
 *   TOTAL_KEEP_MS unused it is forgotten and counted again in the request.
 *
 * The remembered counts live per database handle and per process: each instance counts for itself.
 */
import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/connection.ts';
import { changeMarker } from './compiled-query.ts';

/** Matching rows counted exactly on every request. */
export const TOTAL_EXACT_LIMIT = 10_000;
/** A full count is remembered this long before a request recounts it (in the background). */
export const TOTAL_FRESH_MS = 30_000;
/** An unused remembered count is dropped after this long. */
export const TOTAL_KEEP_MS = 5 * 60_000;
/** Filters remembered per database. */
const MAX_KEYS = 500;

export interface ListTotal {
  total: number;
  /** False when the total is a remembered count that may be behind the latest writes. */
  exact: boolean;
}

interface Remembered {
  total: number;
  countedAt: number;
  /** The database's change marker when counted, or null. */
  version: string | null;
  usedAt: number;
}

export interface TotalCounter {
  /** Counts matching rows, reading at most `limit` of them. */
  upTo(limit: number): Promise<number>;
  /** Counts every matching row. */
  all(): Promise<number>;
}

export class TotalCache {
  /** Counts taken, by key; the map's order is the order of last use (the oldest is dropped first). */
  private readonly entries = new Map<string, Remembered>();
  /** Full counts running now (the first of a key, or a background refresh): later callers share them. */
  private readonly running = new Map<string, Promise<number>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly version: () => string | null | Promise<string | null> = () => null,
  ) {}

  async total(key: string, counter: TotalCounter): Promise<ListTotal> {
    const at = this.now();
    const known = this.entries.get(key);
    if (known && at - known.usedAt <= TOTAL_KEEP_MS) {
      known.usedAt = at;
      this.remember(key, known);
      const version = await this.version();
      if (version !== null && version === known.version) return { total: known.total, exact: true };
      if (known.total > TOTAL_EXACT_LIMIT) {
        if (at - known.countedAt > TOTAL_FRESH_MS) void this.countAll(key, counter).catch(() => undefined);
        return { total: known.total, exact: false };
      }
    }
    const version = await this.version();
    const bounded = await counter.upTo(TOTAL_EXACT_LIMIT + 1);
    if (bounded <= TOTAL_EXACT_LIMIT) {
      this.remember(key, { total: bounded, countedAt: at, version, usedAt: at });
      return { total: bounded, exact: true };
    }
    return { total: await this.countAll(key, counter), exact: true };
  }

  /**
   * Counts all rows for `key` once (callers meanwhile share the running count) and remembers the answer. A count
   * that fails is not remembered: the next request counts again.
   */
  private countAll(key: string, counter: TotalCounter): Promise<number> {
    const already = this.running.get(key);
    if (already) return already;
    const startedAt = this.now();
    // The marker before the count: a change in between moves it, so the count is never taken as exact when stale.
    const count = Promise.resolve(this.version())
      .then(async (version) => ({ version, total: await counter.all() }))
      .then(
        ({ version, total }) => {
          this.running.delete(key);
          this.remember(key, { total, countedAt: startedAt, version, usedAt: this.now() });
          return total;
        },
        (err: unknown) => {
          this.running.delete(key);
          throw err;
        },
      );
    this.running.set(key, count);
    return count;
  }

  private remember(key: string, entry: Remembered): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > MAX_KEYS) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

const caches = new WeakMap<object, TotalCache>();

function cacheOf(db: Db): TotalCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TotalCache(Date.now, () => changeMarker(db));
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The total of a list's filtered query (its FROM and WHERE; no select, order or limit), as this module describes.
 * The key is the count's own SQL and parameters, so two filters never share a count.
 */
export async function listTotal<TB extends keyof Database, O>(
  db: Db,
  filtered: SelectQueryBuilder<Database, TB, O>,
): Promise<ListTotal> {
  const all = filtered.clearSelect().select((eb) => eb.fn.countAll<number>().as('n'));
  const compiled = all.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  return cacheOf(db).total(key, {
    async upTo(limit) {
      const row = await db
        .selectFrom(
          filtered
            .clearSelect()
            .select(sql<number>`1`.as('one'))
            .limit(limit)
            .as('bounded'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async all() {
      const row = await all.executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  });
}
