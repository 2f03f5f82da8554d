/**
 * The server's menu tree (GET /sys/permission/getUserPermissionByToken → `menu`) turned into plain
 * data the shell needs (spec §2.1, §2.2, §6): the routes to register, the menu to draw, the external
 * links to open in a new tab and the redirects of menu groups. No React here, so every rule is unit
 * tested; the router module turns `routes` into React Router objects.
 *
 * Wiring (for the session that connects this to router.tsx / basic-layout.tsx):
 *   const table = buildMenuRoutes(permissions.menu, {
 *     held: heldActions(permissions.auth),                 // shell/menu-items.ts
 *     config: { domianURL: new URL(getRuntimeConfig().apiBase || '/', location.origin).href.replace(/\/$/, '') },
 *   });
 *   - table.routes → children of the BasicLayout route: `{ path, id, lazy: PAGE_LOADERS[page], handle: route }`
 *     (React Router patterns use the same `:param` syntax). Iframe routes render the iframe page with
 *     `route.iframeUrl`; children of an alwaysShow node (`aggregateParent`) are shown inside that node's
 *     aggregate host (`aggregateHostOf`: `aggregate` as a left-side menu and the child in its <Outlet/>),
 *     and the node's own path redirects to its `landing`.
 *   - table.redirects → `{ path: from, element: <Navigate to={to} replace /> }`.
 *   - table.menu → antd Menu items; a click on an `external` entry calls window.open(url, '_blank', 'noopener').
 *   - An empty `table.routes` is the "empty menu" error of §2.2 (log out).
 */
import type { MenuNode } from '@houtai/shared/contract/permission';
import { isMenuVisible } from '@houtai/shared/permissions';
import {
  IFRAME_PAGE,
  NOT_BUILT_PAGE,
  isGroupComponent,
  isIframeComponent,
  lookupPage,
  type PageKey,
} from '../../lib/page-registry.ts';

/** Values of Jeecg's `window._CONFIG` that menu urls may reference, e.g. `{ domianURL: 'https://host/api' }`. */
export type PlaceholderConfig = Readonly<Record<string, string | undefined>>;

export interface MenuBuildOptions {
  /** Permission codes the user holds (`heldActions(auth)`), for `meta.permissionList`. */
  held: ReadonlySet<string>;
  config: PlaceholderConfig;
}

/** One step of the menu path from the top menu down to a route. */
export interface MenuCrumb {
  id: string;
  path: string;
  title: string;
  /** Where a link to this step goes: the page itself, a group's redirect target, or null (nothing to open). */
  href: string | null;
}

export interface MenuRoute {
  id: string;
  /** Absolute path pattern; `:name` segments are parameters. */
  path: string;
  name: string;
  title: string;
  icon?: string;
  component: string;
  page: PageKey;
  /** For iframe pages: the resolved address to show. */
  iframeUrl?: string;
  keepAlive: boolean;
  /** The tab cache key (spec §2.2: pages flagged keepAlive are cached by component name). */
  componentName: string;
  hidden: boolean;
  hideTab: boolean;
  hiddenHeaderContent: boolean;
  /** Ancestors from the top menu down, then this route itself. */
  chain: MenuCrumb[];
  /** On the routes below an alwaysShow node: that node's path (its aggregate host shows them). */
  aggregateParent?: string;
  /** On an alwaysShow node: its visible children, the entries of the host's left-side menu. */
  aggregate?: MenuEntry[];
  /**
   * On an alwaysShow node with an openable child: the first one. The node is its own landing page in
   * Jeecg ("redirect to itself"); here its path redirects to this child (see toRouteObjects).
   */
  landing?: string;
  /**
   * Route-'0' menu entries with a concrete address that this (parameter) route serves, e.g. 订单列表
   * at /online/cgformList/abc123 served by /online/cgformList/:code: shown with their own title.
   */
  aliases?: MenuAlias[];
}

/** A visible route-'0' menu entry served by a registered route: its address, title and menu path. */
export interface MenuAlias {
  path: string;
  title: string;
  chain: MenuCrumb[];
}

export type MenuEntryKind = 'submenu' | 'page' | 'external';

/** A visible menu entry. `key` is the absolute path (also for external links, whose path is an md5). */
export interface MenuEntry {
  id: string;
  key: string;
  title: string;
  icon?: string;
  kind: MenuEntryKind;
  /** External links: the address to open in a new tab. */
  url?: string;
  children?: MenuEntry[];
}

export interface ExternalLink {
  id: string;
  key: string;
  title: string;
  url: string;
}

export interface MenuRedirect {
  from: string;
  to: string;
}

export interface MenuRouteTable {
  routes: MenuRoute[];
  menu: MenuEntry[];
  externals: ExternalLink[];
  redirects: MenuRedirect[];
}

// ---- URLs -------------------------------------------------------------------------------------------

const PLACEHOLDER = /\{\{([^}]*)\}\}/g;
// The only expressions Jeecg's menus use: window._CONFIG['key'], window._CONFIG["key"], window._CONFIG.key.
const CONFIG_EXPRESSION = /^\s*(?:window\.)?_CONFIG(?:\[\s*(['"])([\w$-]+)\1\s*\]|\.([\w$]+))\s*$/;

/**
 * Fills `{{ window._CONFIG['key'] }}` placeholders from `config`. Jeecg evaluates the expression with
 * eval(); here only config lookups are understood, and anything else (or a missing key) makes the
 * whole address unusable (null) rather than running text from the menu table.
 */
export function resolvePlaceholders(template: string, config: PlaceholderConfig): string | null {
  let failed = false;
  const out = template.replace(PLACEHOLDER, (_whole, expression: string) => {
    const m = CONFIG_EXPRESSION.exec(expression);
    const key = m ? (m[2] ?? m[3]) : undefined;
    const value = key !== undefined && Object.hasOwn(config, key) ? config[key] : undefined;
    if (value === undefined) {
      failed = true;
      return '';
    }
    return value;
  });
  return failed ? null : out;
}

export function isHttpUrl(text: string): boolean {
  return /^https?:\/\//i.test(text.trim());
}

/**
 * An address the shell may put into an iframe or window.open: http(s) or a path on this site.
 * `javascript:`, `data:` and protocol-relative `//host` addresses from a menu row are refused.
 */
export function safeMenuUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const text = url.trim();
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return text;
  if (!isHttpUrl(text)) return null;
  try {
    new URL(text);
    return text;
  } catch {
    return null;
  }
}

function menuUrl(node: MenuNode, config: PlaceholderConfig): string | null {
  // Old servers put the address in `path`; the current one sends md5(url) there and the url in meta.url.
  const raw = node.meta.url ?? (isHttpUrl(node.path) ? node.path : undefined);
  if (raw === undefined) return null;
  return safeMenuUrl(resolvePlaceholders(raw, config));
}

// ---- paths ------------------------------------------------------------------------------------------

export function joinMenuPath(parentPath: string, path: string): string {
  if (path.startsWith('/')) return normalizePath(path);
  // Relative child paths (the md5 paths of url menus) nest under the parent, as in vue-router.
  return normalizePath(`${parentPath.replace(/\/+$/, '')}/${path}`);
}

function normalizePath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

export function hasParams(pattern: string): boolean {
  return pattern.split('/').some((segment) => segment.startsWith(':'));
}

export interface RouteMatch {
  route: MenuRoute;
  params: Record<string, string>;
  /** The menu entry whose address is exactly this location, when the route serves one. */
  alias?: MenuAlias;
}

/** The page's title: the menu entry's own (an alias) when the location is one, else the route's. */
export function matchTitle(match: RouteMatch): string {
  return match.alias?.title ?? match.route.title;
}

/** The alwaysShow route whose aggregate host shows `route`, if any. */
export function aggregateHostOf(routes: readonly MenuRoute[], route: MenuRoute): MenuRoute | undefined {
  const parent = route.aggregateParent;
  if (parent === undefined) return undefined;
  return routes.find((r) => r.path === parent && r.aggregate !== undefined);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = normalizePath(pattern).split('/');
  const got = normalizePath(pathname).split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      if (g === '') return null;
      params[w.slice(1)] = safeDecode(g);
    } else if (w !== g) return null;
  }
  return params;
}

/** The route for a location path: an exact path wins, then the pattern with the most fixed segments. */
export function matchMenuRoute(routes: readonly MenuRoute[], pathname: string): RouteMatch | null {
  let best: RouteMatch | null = null;
  let bestFixed = -1;
  for (const route of routes) {
    const params = matchPattern(route.path, pathname);
    if (!params) continue;
    const fixed = route.path.split('/').filter((s) => !s.startsWith(':')).length;
    if (fixed > bestFixed) {
      best = { route, params };
      bestFixed = fixed;
    }
  }
  const aliases = best?.route.aliases;
  if (best && aliases) {
    const path = normalizePath(pathname);
    const alias = aliases.find((a) => a.path === path || a.path === safeDecode(path));
    if (alias) best.alias = alias;
  }
  return best;
}

// ---- the builder ------------------------------------------------------------------------------------

interface Walk {
  table: MenuRouteTable;
  options: MenuBuildOptions;
  seen: Set<string>;
  /** Route-'0' menu entries, checked against the registered routes once all are known. */
  unrouted: { entry: MenuEntry; path: string; chain: MenuCrumb[] }[];
}

function isHidden(node: MenuNode): boolean {
  return node.hidden === true || node.meta.hideMenu === true;
}

function isExternal(node: MenuNode): boolean {
  if (node.meta.internalOrExternal) return true;
  // An http(s) address without the iframe component can only be opened, never routed.
  return !isIframeComponent(node.component) && (isHttpUrl(node.path) || isHttpUrl(node.meta.url ?? ''));
}

/**
 * Builds the route table. Rules (spec §2.1, §6):
 * - a node whose `meta.permissionList` names no code the user holds is dropped with its children;
 * - route flag '0': not registered; still a menu entry (navigating by path, Jeecg's "menu with a
 *   parameter url") when its path matches a registered route, otherwise left out;
 * - external links (internalOrExternal, or an http(s) url without the iframe component) are menu
 *   entries opened in a new tab, never routes;
 * - `layouts/IframePageView` nodes are routes of their own showing the resolved `meta.url`;
 * - pass-through layouts (`layouts/RouteView`, …) are menu groups: their path redirects to the
 *   node's redirect or to the first page below it;
 * - alwaysShow nodes are one menu entry linking to themselves; the routes below them are shown inside
 *   the node's aggregate host, whose left-side menu lists the node's visible children, and the node's
 *   own path lands on its first openable child;
 * - hidden nodes (and `meta.hideMenu`) are routes but not menu entries.
 */
export function buildMenuRoutes(nodes: readonly MenuNode[], options: MenuBuildOptions): MenuRouteTable {
  const walk: Walk = {
    table: { routes: [], menu: [], externals: [], redirects: [] },
    options,
    seen: new Set(),
    unrouted: [],
  };
  walk.table.menu = visit(walk, nodes, '', [], undefined);
  const { routes } = walk.table;
  const dead = new Set(walk.unrouted.filter((u) => !matchMenuRoute(routes, u.path)).map((u) => u.entry));
  if (dead.size > 0) walk.table.menu = prune(walk.table.menu, dead);
  const shown = new Set<MenuEntry>();
  collectEntries(walk.table.menu, shown);
  for (const route of routes) {
    if (!route.aggregate) continue;
    if (dead.size > 0) route.aggregate = prune(route.aggregate, dead);
    collectEntries(route.aggregate, shown);
    const landing = firstEntryPage(route.aggregate);
    if (landing !== undefined) route.landing = landing;
  }
  // Only entries a user can see in a menu lend a parameter route their title (as the highlight does).
  for (const u of walk.unrouted) {
    if (!shown.has(u.entry)) continue;
    const match = matchMenuRoute(routes, u.path);
    if (!match || match.alias || !hasParams(match.route.path)) continue;
    (match.route.aliases ??= []).push({ path: u.path, title: u.entry.title, chain: u.chain });
  }
  return walk.table;
}

function collectEntries(entries: readonly MenuEntry[], into: Set<MenuEntry>): void {
  for (const entry of entries) {
    into.add(entry);
    if (entry.children) collectEntries(entry.children, into);
  }
}

/** The first page entry a link can open (depth first; no parameters, no external link). */
function firstEntryPage(entries: readonly MenuEntry[]): string | undefined {
  for (const entry of entries) {
    if (entry.kind === 'page' && !hasParams(entry.key)) return entry.key;
    if (entry.kind === 'submenu') {
      const below = firstEntryPage(entry.children ?? []);
      if (below !== undefined) return below;
    }
  }
  return undefined;
}

function prune(entries: readonly MenuEntry[], dead: ReadonlySet<MenuEntry>): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (dead.has(entry)) continue;
    if (entry.kind === 'submenu') {
      const children = prune(entry.children ?? [], dead);
      if (children.length > 0) out.push({ ...entry, children });
    } else out.push(entry);
  }
  return out;
}

function visit(
  walk: Walk,
  nodes: readonly MenuNode[],
  parentPath: string,
  ancestors: readonly MenuCrumb[],
  aggregateParent: string | undefined,
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const node of nodes) {
    if (!isMenuVisible(node.meta.permissionList, walk.options.held)) continue;
    const entry = visitNode(walk, node, parentPath, ancestors, aggregateParent);
    if (entry && !isHidden(node)) entries.push(entry);
  }
  return entries;
}

function visitNode(
  walk: Walk,
  node: MenuNode,
  parentPath: string,
  ancestors: readonly MenuCrumb[],
  aggregateParent: string | undefined,
): MenuEntry | null {
  const path = joinMenuPath(parentPath, node.path);
  const base = { id: node.id, key: path, title: node.meta.title, ...(node.meta.icon ? { icon: node.meta.icon } : {}) };

  if (isExternal(node)) {
    const url = menuUrl(node, walk.options.config);
    if (!url) return null;
    walk.table.externals.push({ id: node.id, key: path, title: node.meta.title, url });
    return { ...base, kind: 'external', url };
  }

  const crumb: MenuCrumb = { id: node.id, path, title: node.meta.title, href: hasParams(path) ? null : path };
  const chain = [...ancestors, crumb];
  const children = node.children ?? [];
  const group = isGroupComponent(node.component) && !node.alwaysShow;

  if (group) {
    const childEntries = visit(walk, children, path, chain, aggregateParent);
    const target = node.redirect ?? firstPage(walk.table.routes, chain.length, path);
    crumb.href = target ?? null;
    if (target && target !== path && !walk.seen.has(path)) walk.table.redirects.push({ from: path, to: target });
    if (childEntries.length === 0) return null;
    return { ...base, kind: 'submenu', children: childEntries };
  }

  const routed = node.route !== '0';
  const route = routed ? addRoute(walk, node, path, chain, aggregateParent) : null;
  // The server orders by sort_no; a later node with an already registered path is unreachable.
  if (routed && !route) return null;

  if (node.alwaysShow) {
    // The children's entries make the host's own left-side menu, not the main menu.
    const childEntries = visit(walk, children, path, chain, path);
    if (route) route.aggregate = childEntries;
    return route ? { ...base, kind: 'page' } : null;
  }

  const childEntries = visit(walk, children, path, chain, aggregateParent);
  if (childEntries.length > 0) return { ...base, kind: 'submenu', children: childEntries };
  const entry: MenuEntry = { ...base, kind: 'page' };
  if (!routed) walk.unrouted.push({ entry, path, chain });
  return entry;
}

function addRoute(
  walk: Walk,
  node: MenuNode,
  path: string,
  chain: MenuCrumb[],
  aggregateParent: string | undefined,
): MenuRoute | null {
  if (walk.seen.has(path)) return null;
  const iframe = isIframeComponent(node.component);
  const iframeUrl = iframe ? menuUrl(node, walk.options.config) : null;
  // An iframe page without a usable address shows the not-built page rather than an empty frame.
  const page = iframe && !iframeUrl ? NOT_BUILT_PAGE : lookupPage(node.component, node.meta.componentName);
  walk.seen.add(path);
  const route: MenuRoute = {
    id: node.id,
    path,
    name: node.name,
    title: node.meta.title,
    ...(node.meta.icon ? { icon: node.meta.icon } : {}),
    component: node.component,
    page,
    ...(page === IFRAME_PAGE && iframeUrl ? { iframeUrl } : {}),
    keepAlive: node.meta.keepAlive,
    componentName: node.meta.componentName || node.name,
    hidden: isHidden(node),
    hideTab: node.meta.hideTab === true,
    hiddenHeaderContent: node.meta.hiddenHeaderContent === true,
    chain,
    ...(aggregateParent ? { aggregateParent } : {}),
  };
  walk.table.routes.push(route);
  return route;
}

/** The first openable page registered below a group (no parameters, not hidden), for its redirect. */
function firstPage(routes: readonly MenuRoute[], depth: number, groupPath: string): string | undefined {
  return routes.find(
    (r) => r.chain.length > depth && r.chain[depth - 1]?.path === groupPath && !r.hidden && !hasParams(r.path),
  )?.path;
}
