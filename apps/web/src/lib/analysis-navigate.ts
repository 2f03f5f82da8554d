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
import { matchPath, useLocation } from 'react-router';
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

/**
 * The menu page a path counts for, with its title and icon, or null when the path is no page of the user's menu.
 * Quick links are menu pages: a detail page of one record (a hidden or parameter route such as
 * /bi/workOrder/WorkOrderDetail/:id) counts for the one visible page beside it in the menu (its list), or not at
 * all when there is no single such page. A page without an icon of its own shows the icon of its menu entry.
 */
export function resolveNavVisit(pathname: string, menu: readonly MenuNode[]): NavVisit | null {
  const found = findMenuNode(menu, pathname, []);
  if (!found) return null;
  const { ancestors } = found;
  let { node } = found;
  if (!isMenuPage(node)) {
    const parent = ancestors[ancestors.length - 1];
    const pages = (parent?.children ?? []).filter(isMenuPage);
    if (pages.length !== 1) return null;
    node = pages[0]!;
  }
  const icon = node.meta.icon || [...ancestors].reverse().find((a) => a.meta?.icon)?.meta.icon;
  return { title: node.meta.title, path: node.path, ...(icon ? { icon } : {}) };
}

/** A page the menu shows: not hidden, no parameters, not an external link, no submenu of its own. */
function isMenuPage(node: MenuNode): boolean {
  return (
    !node.hidden &&
    !node.meta?.hideMenu &&
    !node.meta?.url &&
    !!node.meta?.title &&
    node.path.startsWith('/') &&
    !node.path.includes(':') &&
    !(node.children && node.children.some((c) => !c.hidden))
  );
}

function findMenuNode(
  menu: readonly MenuNode[],
  pathname: string,
  ancestors: readonly MenuNode[],
): { node: MenuNode; ancestors: readonly MenuNode[] } | null {
  for (const node of menu) {
    const below = node.children ? findMenuNode(node.children, pathname, [...ancestors, node]) : null;
    if (below) return below;
    // External links get an md5 path and keep their address in meta.url: never a page of this app.
    if (node.meta?.url || !node.meta?.title || !node.path.startsWith('/')) continue;
    if (node.path === pathname || matchPath({ path: node.path, end: true }, pathname)) return { node, ancestors };
  }
  return null;
}

/**
 * The records as the current menu sees them: each counts for its menu page (title and icon as the menu has them
 * now), records of the same page add up, and pages no longer in the menu are left out. Records of an older
 * version (a detail page of one work order) fold into their list this way.
 */
export function recordsInMenu(records: readonly NavRecord[], menu: readonly MenuNode[]): NavRecord[] {
  const byPath = new Map<string, NavRecord>();
  for (const record of records) {
    const visit = resolveNavVisit(record.path, menu);
    if (!visit) continue;
    const seen = byPath.get(visit.path);
    byPath.set(visit.path, {
      ...visit,
      analysisNavigateTotal: (seen?.analysisNavigateTotal ?? 0) + record.analysisNavigateTotal,
    });
  }
  return [...byPath.values()];
}

/**
 * Counts one visit per route change (a path change; query changes are the same page) for its menu page
 * (resolveNavVisit: a detail page counts for its list). Pages outside the menu (e.g. /404) are not counted. Call
 * once in the signed-in layout.
 */
export function useRecordNavigation(): void {
  const { pathname } = useLocation();
  const userId = useSessionStore((s) => s.userInfo?.id ?? null);
  const menu = useSessionStore((s) => s.permissions?.menu);
  // Under StrictMode effects run twice for one route change: the last counted path guards against that.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || !menu) return;
    const key = `${userId}\n${pathname}`;
    if (counted.current === key) return;
    counted.current = key;
    const visit = resolveNavVisit(pathname, menu);
    if (!visit) return;
    writeNavRecords(userId, recordVisit(readNavRecords(userId), visit));
  }, [pathname, userId, menu]);
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

/**
 * The signed-in user's records as pages of the current menu (recordsInMenu), updated when a visit is recorded
 * (also from another tab).
 */
export function useNavRecords(): NavRecord[] {
  const userId = useSessionStore((s) => s.userInfo?.id ?? null);
  const menu = useSessionStore((s) => s.permissions?.menu);
  const raw = useSyncExternalStore(subscribe, rawBook, () => null);
  return useMemo(() => (userId && menu ? recordsInMenu(parseNavRecords(raw, userId), menu) : []), [raw, userId, menu]);
}
