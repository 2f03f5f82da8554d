/**
 * Navigation usage records (spec §3 "Navigation usage record", §9 local key analysisNavigate): every
 * route change of the signed-in frame counts one visit of its page, and the home page shows the most
 * visited pages as quick links.
 *
 * Kept in localStorage under the browser key 'analysisNavigate' as `{ [userId]: NavRecord[] }`, so
 * that two users of one browser do not see each other's pages. Counting is a pure function
 * (`recordVisit`); the storage helpers tolerate anything a user or an older version left in the key.
 *
 * Wiring: the signed-in layout calls `useRecordNavigation()` once (it runs on every route change).
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { matchPath, useLocation, useMatches } from 'react-router';
import type { MenuNode } from '@houtai/shared/contract/permission';
import { useSessionStore } from './session-store.ts';

export const ANALYSIS_NAVIGATE_KEY = 'analysisNavigate';
/** Bound on the pages kept per user; the least visited are dropped first. */
export const MAX_NAV_RECORDS = 50;
/** Quick links on the home page. */
export const QUICK_LINK_COUNT = 8;

export interface NavVisit {
  icon?: string | undefined;
  title: string;
  path: string;
}

export interface NavRecord extends NavVisit {
  /** Visit count, incremented on each route change to the page. */
  analysisNavigateTotal: number;
}

/**
 * One more visit of `visit.path`: its count goes up by one (title and icon follow the latest menu), or
 * a new record with count 1 is appended. The list never grows beyond `max`; the least visited (then the
 * oldest) records go first, never the one just visited.
 */
export function recordVisit(records: readonly NavRecord[], visit: NavVisit, max = MAX_NAV_RECORDS): NavRecord[] {
  const index = records.findIndex((r) => r.path === visit.path);
  let next: NavRecord[];
  if (index >= 0) {
    const old = records[index]!;
    next = records.slice();
    next[index] = {
      ...old,
      icon: visit.icon ?? old.icon,
      title: visit.title,
      analysisNavigateTotal: old.analysisNavigateTotal + 1,
    };
  } else {
    next = [...records, { icon: visit.icon, title: visit.title, path: visit.path, analysisNavigateTotal: 1 }];
  }
  while (next.length > max) {
    let drop = -1;
    for (let i = 0; i < next.length; i++) {
      if (next[i]!.path === visit.path) continue;
      if (drop < 0 || next[i]!.analysisNavigateTotal < next[drop]!.analysisNavigateTotal) drop = i;
    }
    if (drop < 0) break;
    next.splice(drop, 1);
  }
  return next;
}

/** The most visited pages, most visits first (ties keep the order of first visit); `exclude` paths left out. */
export function topVisited(
  records: readonly NavRecord[],
  count = QUICK_LINK_COUNT,
  exclude: readonly string[] = [],
): NavRecord[] {
  return records
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => !exclude.includes(r.path) && r.analysisNavigateTotal > 0)
    .sort((a, b) => b.r.analysisNavigateTotal - a.r.analysisNavigateTotal || a.i - b.i)
    .slice(0, count)
    .map(({ r }) => r);
}

// ---- storage ----

type NavBook = Record<string, NavRecord[]>;

function isRecord(v: unknown): v is NavRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.path === 'string' &&
    r.path.startsWith('/') &&
    typeof r.title === 'string' &&
    typeof r.analysisNavigateTotal === 'number' &&
    Number.isFinite(r.analysisNavigateTotal) &&
    (r.icon === undefined || r.icon === null || typeof r.icon === 'string')
  );
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readBook(storage: Storage | null): NavBook {
  return parseBook(storage?.getItem(ANALYSIS_NAVIGATE_KEY) ?? null);
}

function parseBook(raw: string | null): NavBook {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as NavBook) : {};
  } catch {
    return {};
  }
}

/** The user's records as stored; malformed entries are skipped. */
export function readNavRecords(userId: string, storage: Storage | null = safeLocalStorage()): NavRecord[] {
  return parseNavRecords(storage?.getItem(ANALYSIS_NAVIGATE_KEY) ?? null, userId);
}

/** The user's records out of the stored text of the key. */
export function parseNavRecords(raw: string | null, userId: string): NavRecord[] {
  const list = parseBook(raw)[userId];
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((r) => ({
    ...(r.icon ? { icon: r.icon } : {}),
    title: r.title,
    path: r.path,
    analysisNavigateTotal: r.analysisNavigateTotal,
  }));
}

const listeners = new Set<() => void>();

export function writeNavRecords(
  userId: string,
  records: readonly NavRecord[],
  storage: Storage | null = safeLocalStorage(),
): void {
  if (!storage) return;
  const book = readBook(storage);
  book[userId] = [...records];
  try {
    storage.setItem(ANALYSIS_NAVIGATE_KEY, JSON.stringify(book));
  } catch {
    // A full storage only loses the statistics; navigation goes on.
    return;
  }
  listeners.forEach((l) => l());
}

// ---- React ----

/** The page title and icon for a path: from the matched route's handle when it has one, else from the menu. */
export function resolveNavVisit(pathname: string, menu: readonly MenuNode[], handle?: unknown): NavVisit | null {
  if (typeof handle === 'object' && handle !== null) {
    const h = handle as { title?: unknown; icon?: unknown };
    if (typeof h.title === 'string' && h.title) {
      return { title: h.title, path: pathname, ...(typeof h.icon === 'string' && h.icon ? { icon: h.icon } : {}) };
    }
  }
  const node = findMenuNode(menu, pathname);
  if (!node) return null;
  return { title: node.meta.title, path: pathname, ...(node.meta.icon ? { icon: node.meta.icon } : {}) };
}

function findMenuNode(menu: readonly MenuNode[], pathname: string): MenuNode | null {
  for (const node of menu) {
    const below = node.children ? findMenuNode(node.children, pathname) : null;
    if (below) return below;
    // External links get an md5 path and keep their address in meta.url: never a page of this app.
    if (node.meta?.url || !node.meta?.title || !node.path.startsWith('/')) continue;
    if (node.path === pathname || matchPath({ path: node.path, end: true }, pathname)) return node;
  }
  return null;
}

/**
 * Counts one visit per route change (a path change; query changes are the same page). Pages outside the
 * menu (e.g. /404) are not counted. Call once in the signed-in layout.
 */
export function useRecordNavigation(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const userId = useSessionStore((s) => s.userInfo?.id ?? null);
  const menu = useSessionStore((s) => s.permissions?.menu);
  const handle = matches[matches.length - 1]?.handle;
  // Under StrictMode effects run twice for one route change: the last counted path guards against that.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || !menu) return;
    const key = `${userId}\n${pathname}`;
    if (counted.current === key) return;
    counted.current = key;
    const visit = resolveNavVisit(pathname, menu, handle);
    if (!visit) return;
    writeNavRecords(userId, recordVisit(readNavRecords(userId), visit));
  }, [pathname, userId, menu, handle]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === ANALYSIS_NAVIGATE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function rawBook(): string | null {
  return safeLocalStorage()?.getItem(ANALYSIS_NAVIGATE_KEY) ?? null;
}

/** The signed-in user's records, updated when a visit is recorded (also from another tab). */
export function useNavRecords(): NavRecord[] {
  const userId = useSessionStore((s) => s.userInfo?.id ?? null);
  const raw = useSyncExternalStore(subscribe, rawBook, () => null);
  return useMemo(() => (userId ? parseNavRecords(raw, userId) : []), [raw, userId]);
}
