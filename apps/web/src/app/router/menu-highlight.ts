/**
 * Which menu entry is highlighted and which submenus are open (spec §2.3), as pure functions and
 * state transitions the layout applies:
 *   const index = useMemo(() => indexMenu(table.menu), [table]);
 *   const { selectedKeys, openKeys } = highlightFor(index, matchMenuRoute(table.routes, pathname), pathname, mode);
 *   on route change → setState(s => routeOpened(s, openKeys)); Menu onOpenChange → openChanged(s, keys, index, mode);
 *   collapse toggle → collapsedChanged(s, collapsed). The mobile drawer closes on selection (layout concern).
 */
import type { MenuEntry, RouteMatch } from './menu-routes.ts';
import { hasParams } from './menu-routes.ts';

export type MenuMode = 'inline' | 'horizontal';

export interface MenuIndex {
  /** Every visible menu key → the submenu keys above it, top first. */
  ancestors: ReadonlyMap<string, readonly string[]>;
  submenus: ReadonlySet<string>;
  rootSubmenuKeys: readonly string[];
}

export function indexMenu(menu: readonly MenuEntry[]): MenuIndex {
  const ancestors = new Map<string, string[]>();
  const submenus = new Set<string>();
  const walk = (entries: readonly MenuEntry[], above: string[]) => {
    for (const entry of entries) {
      if (!ancestors.has(entry.key)) ancestors.set(entry.key, above);
      if (entry.kind === 'submenu') {
        submenus.add(entry.key);
        walk(entry.children ?? [], [...above, entry.key]);
      }
    }
  };
  walk(menu, []);
  return {
    ancestors,
    submenus,
    rootSubmenuKeys: menu.filter((e) => e.kind === 'submenu').map((e) => e.key),
  };
}

export interface MenuHighlight {
  selectedKeys: string[];
  openKeys: string[];
}

function trimPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The selected entry is the nearest visible menu entry for the location:
 * - a route with ':' parameters first tries the full location path (a menu entry with a concrete
 *   address, e.g. an online list `/online/cgformList/abc` served by `/online/cgformList/:code`),
 *   then its own pattern;
 * - a hidden route is not in the menu, so its parent is highlighted (and so on upwards), as are the
 *   children of an alwaysShow entry;
 * In inline mode the submenus above the selection (and the selection itself when it is a submenu,
 * i.e. the parent of a hidden page) are open; the horizontal menu opens nothing by itself.
 */
export function highlightFor(
  index: MenuIndex,
  match: RouteMatch | null,
  pathname: string,
  mode: MenuMode,
): MenuHighlight {
  const path = trimPath(pathname);
  const candidates: string[] = [];
  if (!match || hasParams(match.route.path)) candidates.push(path);
  if (match) for (let i = match.route.chain.length - 1; i >= 0; i--) candidates.push(match.route.chain[i]?.path ?? '');
  const selected = candidates.find((key) => index.ancestors.has(key));
  if (selected === undefined) return { selectedKeys: [], openKeys: [] };
  const above = index.ancestors.get(selected) ?? [];
  const openKeys = mode === 'inline' ? (index.submenus.has(selected) ? [...above, selected] : [...above]) : [];
  return { selectedKeys: [selected], openKeys };
}

// ---- open keys as state -----------------------------------------------------------------------------

export interface MenuOpenState {
  openKeys: string[];
  /** The open keys to restore when the collapsed menu expands again. */
  cachedOpenKeys: string[];
  collapsed: boolean;
}

export function initialMenuOpenState(collapsed = false): MenuOpenState {
  return { openKeys: [], cachedOpenKeys: [], collapsed };
}

/** A navigation: open the submenus of the new location (remembered for later while collapsed). */
export function routeOpened(state: MenuOpenState, openKeys: readonly string[]): MenuOpenState {
  return state.collapsed ? { ...state, cachedOpenKeys: [...openKeys] } : { ...state, openKeys: [...openKeys] };
}

/**
 * The user opened or closed submenus. Inline mode keeps one root submenu open: opening a root submenu
 * closes every other one; opening a nested one or closing keeps what antd reports.
 */
export function openChanged(
  state: MenuOpenState,
  next: readonly string[],
  index: Pick<MenuIndex, 'rootSubmenuKeys'>,
  mode: MenuMode,
): MenuOpenState {
  if (mode === 'horizontal') return { ...state, openKeys: [...next] };
  const latest = next.find((key) => !state.openKeys.includes(key));
  if (latest !== undefined && index.rootSubmenuKeys.includes(latest)) return { ...state, openKeys: [latest] };
  return { ...state, openKeys: [...next] };
}

/** Collapsing remembers and clears the open keys; expanding restores them. */
export function collapsedChanged(state: MenuOpenState, collapsed: boolean): MenuOpenState {
  if (collapsed === state.collapsed) return state;
  if (collapsed) return { openKeys: [], cachedOpenKeys: [...state.openKeys], collapsed };
  return { openKeys: [...state.cachedOpenKeys], cachedOpenKeys: state.cachedOpenKeys, collapsed };
}
