/**
 * Deep pages of lists over tables of millions of rows (issue 16): page 5,000 by OFFSET walks 50,000 index entries on
 * every request. Instead, the position of every ANCHOR_STEP-th row of a list's order is remembered (its sort value and
 * tie-breaker, found once by OFFSET), and a deep page is read as "after that position" (keyset: an index range) with
 * a short OFFSET from there.
 *
 * Exact, not approximate: positions are used only while the database is known to be unchanged since they were read
 * (its change marker: SQLite's data version, PostgreSQL's snapshot). Without one (an open transaction) the page is
 * read by OFFSET. So is a page whose anchor row has no sort value (nulls sort by each database's own rule), and a
 * page the keyset read leaves short (the end of the list, or rows with null sort values after it): OFFSET is the
 * answer then.
 */
import type { AliasedRawBuilder, Compilable, RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../db/connection.ts';
import { changeMarker, readRows } from './compiled-query.ts';

/** Rows between remembered positions: a deep page walks fewer than this many entries past its anchor. */
export const ANCHOR_STEP = 1000;
/** Lists (filter and order) whose positions are remembered, per database. */
const MAX_LISTS = 200;

/** One row's place in the order: its sort value and its tie-breaker. */
export interface Anchor {
  k: unknown;
  t: unknown;
}

/** How one list reads its rows; the list's filter and order are inside the functions. */
export interface DeepPageSource<R> {
  /** Rows [offset, offset + limit) by OFFSET. */
  at(offset: number, limit: number): Promise<R[]>;
  /** The position of the row at `offset` (undefined past the end). */
  anchorAt(offset: number): Promise<Anchor | undefined>;
  /** Rows after `anchor` in the order: `skip` of them skipped, then `limit`. */
  after(anchor: Anchor, skip: number, limit: number): Promise<R[]>;
}

/** A list's key for deepPage: its filtered, ordered query's SQL and parameters. */
export function listKeyOf(query: Compilable): string {
  const { sql, parameters } = query.compile();
  return `${sql}\u0000${JSON.stringify(parameters)}`;
}

interface Positions {
  version: string;
  /** Offset of the row → its position (null: past the end, or no sort value). */
  byOffset: Map<number, Anchor | null>;
}

const stores = new WeakMap<Db, Map<string, Positions>>();

/**
 * One page of a list. `key` names the list's filter and order exactly (two lists with one key would share
 * positions): callers give the compiled SQL and parameters of the filtered, ordered query (asked for deep pages only).
 */
export async function deepPage<R>(
  db: Db,
  listKey: () => string,
  offset: number,
  limit: number,
  source: DeepPageSource<R>,
): Promise<R[]> {
  const version = offset >= ANCHOR_STEP ? await changeMarker(db) : null;
  if (version === null) return source.at(offset, limit);
  let store = stores.get(db);
  if (!store) {
    store = new Map();
    stores.set(db, store);
  }
  const key = listKey();
  let positions = store.get(key);
  store.delete(key);
  if (positions?.version !== version) positions = { version, byOffset: new Map() };
  store.set(key, positions);
  if (store.size > MAX_LISTS) store.delete(store.keys().next().value!);

  // The row just before the step: the page is read after it.
  const anchorOffset = Math.floor(offset / ANCHOR_STEP) * ANCHOR_STEP - 1;
  let anchor = positions.byOffset.get(anchorOffset);
  if (anchor === undefined) {
    const found = await source.anchorAt(anchorOffset);
    anchor = found && found.k !== null && found.k !== undefined ? found : null;
    positions.byOffset.set(anchorOffset, anchor);
  }
  if (anchor === null) return source.at(offset, limit);
  const rows = await source.after(anchor, offset - anchorOffset - 1, limit);
  return rows.length === limit ? rows : source.at(offset, limit);
}

/** How a list's order is paged by position (registry `keysetFor`). */
export interface KeysetOrder {
  /** Selects a row's sort value as `k` and its tie-breaker as `t`. */
  select: readonly [AliasedRawBuilder<unknown, 'k'>, AliasedRawBuilder<unknown, 't'>];
  /** The rows after a position in the order. */
  after(value: unknown, tie: unknown): RawBuilder<SqlBool>;
}

/** A list's queries, its filter and order inside them. */
export interface KeysetPageQueries<R> {
  /** The page [offset, offset + limit), of the rows after `after` when given. */
  page(offset: number, limit: number, after?: RawBuilder<SqlBool>): Compilable<R>;
  /** The row at `offset`, selecting its position (`select`: the order's). */
  position(offset: number, select: KeysetOrder['select']): Compilable<Anchor>;
}

/**
 * A list page, deep pages read after remembered positions (deepPage) when the order has a keyset, every read on
 * SQLite synchronous (readRows). The one shape every large list's repository uses.
 */
export function keysetPage<R>(
  db: Db,
  keyset: KeysetOrder | null,
  offset: number,
  limit: number,
  queries: KeysetPageQueries<R>,
): Promise<R[]> {
  const at = (from: number, n: number) => readRows(db, queries.page(from, n));
  if (!keyset) return at(offset, limit);
  return deepPage(db, () => listKeyOf(queries.page(0, 1)), offset, limit, {
    at,
    anchorAt: async (row) => (await readRows(db, queries.position(row, keyset.select)))[0],
    after: (anchor, skip, n) => readRows(db, queries.page(skip, n, keyset.after(anchor.k, anchor.t))),
  });
}
