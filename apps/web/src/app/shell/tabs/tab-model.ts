/**
 * The multi-tab workspace as a pure reducer (spec 000 §2.4). The reducer never touches the router,
 * storage or antd: what the UI must do (warn, navigate, announce a closed page) comes back as effects.
 */
import { HOME_PATH, HOME_TITLE, KEEP_ALIVE_LIMIT_DEFAULT, TAB_TEXT, TAB_TICKET_MARKER } from '@houtai/shared/constants';

export interface TabMeta {
  title: string;
  icon?: string;
  /** Whether the page's view is kept alive while another tab is shown. */
  keepAlive: boolean;
  /** The cache key of the page's view; pages without one are never kept alive. */
  componentName?: string;
}

/** A route as the router reports it (the spec's tab page record). */
export interface TabRoute {
  name: string;
  path: string;
  fullPath: string;
  meta: TabMeta;
}

export interface Tab extends TabRoute {
  /** Bumped on every reload; the UI keys the view with it so the page remounts. */
  reloadKey: number;
}

export interface TabOptions {
  multiTab: boolean;
  /** On mobile only the current route is kept, whatever multiTab says. */
  isMobile: boolean;
  /** Most pages kept alive at once; the least recently shown one is dropped beyond it. */
  keepAliveLimit: number;
  /** The home route; its tab is always first and never closes. */
  home: TabRoute;
}

export interface TabState {
  tabs: readonly Tab[];
  activeFullPath: string;
  /** Component names whose views are kept alive, least recently shown first. */
  keepAlive: readonly string[];
  options: TabOptions;
}

export type TabAction =
  | { type: 'visit'; route: TabRoute }
  | { type: 'close'; fullPath: string }
  | { type: 'closeLeft'; fullPath: string }
  | { type: 'closeRight'; fullPath: string }
  | { type: 'closeOthers'; fullPath: string }
  | { type: 'reload'; fullPath: string }
  /** Drag and drop: move the tab `fullPath` to where the tab `to` is. */
  | { type: 'move'; fullPath: string; to: string }
  | { type: 'setOptions'; options: Partial<TabOptions> }
  /** Tabs read back from storage after a browser reload (already validated). */
  | { type: 'restore'; tabs: readonly TabRoute[] };

export type TabEffect =
  | { type: 'warn'; text: string }
  | { type: 'navigate'; to: string }
  | { type: 'pageClosed'; fullPath: string; componentName: string | undefined };

export interface TabResult {
  state: TabState;
  effects: TabEffect[];
}

export const DEFAULT_HOME_ROUTE: TabRoute = {
  name: 'dashboard-analysis',
  path: HOME_PATH,
  fullPath: HOME_PATH,
  meta: { title: HOME_TITLE, keepAlive: true },
};

export function createTabState(options: Partial<TabOptions> = {}): TabState {
  const full: TabOptions = {
    multiTab: true,
    isMobile: false,
    keepAliveLimit: KEEP_ALIVE_LIMIT_DEFAULT,
    home: DEFAULT_HOME_ROUTE,
    ...options,
  };
  return {
    tabs: [toTab(full.home)],
    activeFullPath: full.home.fullPath,
    keepAlive: [],
    options: full,
  };
}

// ---------------------------------------------------------------------------------------------
// Selectors

/** Multi-tab is in force only when it is on and the device is not mobile. */
export function isMultiTab(options: TabOptions): boolean {
  return options.multiTab && !options.isMobile;
}

export function isHomeTab(state: TabState, fullPath: string): boolean {
  return fullPath === state.options.home.fullPath;
}

export function isTicketTab(fullPath: string): boolean {
  return fullPath.includes(TAB_TICKET_MARKER);
}

export function findTab(state: TabState, fullPath: string): Tab | undefined {
  return state.tabs.find((t) => t.fullPath === fullPath);
}

export function selectActiveTab(state: TabState): Tab | undefined {
  return findTab(state, state.activeFullPath);
}

/**
 * Tabs whose views stay mounted: the active one, plus every tab whose component is kept alive.
 * The UI renders these (hidden unless active) and drops the others.
 */
export function selectMountedTabs(state: TabState): Tab[] {
  return state.tabs.filter((t) => t.fullPath === state.activeFullPath || isKeptAlive(state, t));
}

function isKeptAlive(state: TabState, tab: TabRoute): boolean {
  const name = cacheName(tab);
  return name !== undefined && state.keepAlive.includes(name);
}

/** React key of a tab's view: a new key (after a reload) remounts the page. */
export function tabViewKey(tab: Tab): string {
  return `${tab.fullPath}#${tab.reloadKey}`;
}

/** Tabs to the left of `fullPath` that 关闭左侧 would close (the home tab stays). */
export function tabsLeftOf(state: TabState, fullPath: string): Tab[] {
  const index = indexOf(state, fullPath);
  if (index < 0) return [];
  return state.tabs.slice(0, index).filter((t) => !isHomeTab(state, t.fullPath));
}

/** Tabs to the right of `fullPath` that 关闭右侧 would close. */
export function tabsRightOf(state: TabState, fullPath: string): Tab[] {
  const index = indexOf(state, fullPath);
  if (index < 0) return [];
  return state.tabs.slice(index + 1);
}

/** Tabs that 关闭其它 would close: all but this one and home, or all but this one for home and `ticke=` tabs. */
export function tabsOtherThan(state: TabState, fullPath: string): Tab[] {
  if (indexOf(state, fullPath) < 0) return [];
  const keepHome = !isHomeTab(state, fullPath) && !isTicketTab(fullPath);
  return state.tabs.filter((t) => t.fullPath !== fullPath && !(keepHome && isHomeTab(state, t.fullPath)));
}

// ---------------------------------------------------------------------------------------------
// Reducer

export function reduceTabs(state: TabState, action: TabAction): TabResult {
  switch (action.type) {
    case 'visit':
      return visit(state, action.route);
    case 'close':
      return close(state, action.fullPath);
    case 'closeLeft':
      return closeSome(state, action.fullPath, tabsLeftOf(state, action.fullPath), false);
    case 'closeRight':
      return closeSome(state, action.fullPath, tabsRightOf(state, action.fullPath), false);
    case 'closeOthers':
      // The original activates the tab the menu was opened on, even when the active one survives.
      return closeSome(state, action.fullPath, tabsOtherThan(state, action.fullPath), true);
    case 'reload':
      return reload(state, action.fullPath);
    case 'move':
      return move(state, action.fullPath, action.to);
    case 'setOptions':
      return setOptions(state, action.options);
    case 'restore':
      return restore(state, action.tabs);
  }
}

function visit(state: TabState, route: TabRoute): TabResult {
  const isHome = isHomeTab(state, route.fullPath);
  const existing = findTab(state, route.fullPath);

  if (!isMultiTab(state.options)) {
    // Only the current route is kept; anything else open is closed.
    const tab = { ...route, reloadKey: existing?.reloadKey ?? 0 };
    const closed = state.tabs.filter((t) => t.fullPath !== route.fullPath);
    const next = withTabs(state, [homeReloaded(state, tab, isHome)], route.fullPath);
    return { state: touch(next, tab), effects: closedEffects(closed) };
  }

  let tabs = withHomeFirst(state, state.tabs, route);
  let sameName: Tab | undefined;
  if (existing) {
    // Revisit: activate and refresh the record; a revisit of the active tab changes nothing else.
    const revisitingActive = route.fullPath === state.activeFullPath;
    tabs = tabs.map((t) =>
      t.fullPath === route.fullPath
        ? revisitingActive
          ? { ...route, reloadKey: t.reloadKey }
          : homeReloaded(state, { ...route, reloadKey: t.reloadKey }, isHome)
        : t,
    );
  } else {
    sameName = route.name
      ? tabs.find((t) => t.name === route.name && t.path !== route.path && !isHomeTab(state, t.fullPath))
      : undefined;
    tabs = sameName
      ? // Same named route, another path: the tab is replaced in place and its page reloads.
        tabs.map((t) => (t === sameName ? { ...route, reloadKey: t.reloadKey + 1 } : t))
      : tabs.some((t) => t.fullPath === route.fullPath)
        ? tabs // home, just put back first by withHomeFirst
        : [...tabs, toTab(route)];
  }
  const next = withTabs(state, tabs, route.fullPath);
  // The replaced page is closed as by 关闭: its view goes (a new key), withTabs drops its kept-alive
  // entry unless an open tab still uses it, and the UI forgets its location and announces it.
  return { state: touch(next, route), effects: sameName ? closedEffects([sameName]) : [] };
}

/** Visiting home reloads it when its page is not kept alive (spec §2.4). */
function homeReloaded(state: TabState, tab: Tab, isHome: boolean): Tab {
  if (!isHome || state.activeFullPath === tab.fullPath || tab.meta.keepAlive) return tab;
  return { ...tab, reloadKey: tab.reloadKey + 1 };
}

function close(state: TabState, fullPath: string): TabResult {
  const index = indexOf(state, fullPath);
  if (index < 0) return { state, effects: [] };
  if (isHomeTab(state, fullPath)) return { state, effects: [{ type: 'warn', text: TAB_TEXT.homeNotClosable }] };
  if (state.tabs.length === 1) return { state, effects: [{ type: 'warn', text: TAB_TEXT.lastTab }] };

  const closed = state.tabs[index];
  const tabs = state.tabs.filter((t) => t.fullPath !== fullPath);
  // The neighbour takes over: the tab that moved into the closed one's place, else the new last one.
  // As in the original, this happens whether or not the closed tab was the active one.
  const neighbour = tabs[Math.min(index, tabs.length - 1)];
  const active = neighbour?.fullPath ?? state.activeFullPath;
  const effects: TabEffect[] = closed ? closedEffects([closed]) : [];
  if (active !== state.activeFullPath) effects.unshift({ type: 'navigate', to: active });
  return { state: withTabs(state, tabs, active), effects };
}

function closeSome(state: TabState, target: string, closing: readonly Tab[], activateTarget: boolean): TabResult {
  if (closing.length === 0) return { state, effects: [] };
  const gone = new Set(closing.map((t) => t.fullPath));
  const tabs = state.tabs.filter((t) => !gone.has(t.fullPath));
  const active = activateTarget || gone.has(state.activeFullPath) ? target : state.activeFullPath;
  const effects = closedEffects(closing);
  if (active !== state.activeFullPath) effects.unshift({ type: 'navigate', to: active });
  return { state: withTabs(state, tabs, active), effects };
}

function reload(state: TabState, fullPath: string): TabResult {
  if (indexOf(state, fullPath) < 0) return { state, effects: [] };
  const tabs = state.tabs.map((t) => (t.fullPath === fullPath ? { ...t, reloadKey: t.reloadKey + 1 } : t));
  // Reloading a background tab also brings it to the front, so the reload is seen.
  const effects: TabEffect[] = fullPath === state.activeFullPath ? [] : [{ type: 'navigate', to: fullPath }];
  return { state: withTabs(state, tabs, fullPath), effects };
}

function move(state: TabState, fullPath: string, to: string): TabResult {
  const from = indexOf(state, fullPath);
  let target = indexOf(state, to);
  if (from < 0 || target < 0 || from === target || isHomeTab(state, fullPath)) return { state, effects: [] };
  // Home stays first: nothing may be dropped in front of it.
  if (target === 0 && state.tabs[0] && isHomeTab(state, state.tabs[0].fullPath)) target = 1;
  const tabs = [...state.tabs];
  const [moved] = tabs.splice(from, 1);
  if (!moved) return { state, effects: [] };
  tabs.splice(target, 0, moved);
  return { state: { ...state, tabs }, effects: [] };
}

function setOptions(state: TabState, patch: Partial<TabOptions>): TabResult {
  const options: TabOptions = { ...state.options, ...patch };
  const wasMulti = isMultiTab(state.options);
  const nowMulti = isMultiTab(options);
  let next: TabState = { ...state, options };
  let effects: TabEffect[] = [];

  if (wasMulti && !nowMulti) {
    // Turning multi-tab off resets to the current tab alone.
    const active = selectActiveTab(state) ?? toTab(options.home);
    effects = closedEffects(state.tabs.filter((t) => t.fullPath !== active.fullPath));
    next = withTabs(next, [active], active.fullPath);
  } else if (!wasMulti && nowMulti) {
    next = withTabs(next, withHomeFirst(next, next.tabs, undefined), next.activeFullPath);
  }
  return { state: { ...next, keepAlive: bounded(next.keepAlive, options.keepAliveLimit) }, effects };
}

/**
 * Merges tabs read from storage with what is open now (home, and maybe the page the browser reloaded
 * on, visited before the store knew the user): stored order first, open records win. The active tab
 * stays what the router last reported; the URL, not storage, says which page is shown.
 */
function restore(state: TabState, stored: readonly TabRoute[]): TabResult {
  if (!isMultiTab(state.options)) return { state, effects: [] };
  const open = new Map(state.tabs.map((t) => [t.fullPath, t]));
  const seen = new Set<string>();
  const merged: Tab[] = [];
  for (const route of [...stored, ...state.tabs]) {
    if (seen.has(route.fullPath)) continue;
    seen.add(route.fullPath);
    merged.push(open.get(route.fullPath) ?? toTab(route));
  }
  return { state: withTabs(state, withHomeFirst(state, merged, undefined), state.activeFullPath), effects: [] };
}

// ---------------------------------------------------------------------------------------------
// Helpers

function toTab(route: TabRoute): Tab {
  return { name: route.name, path: route.path, fullPath: route.fullPath, meta: { ...route.meta }, reloadKey: 0 };
}

function indexOf(state: TabState, fullPath: string): number {
  return state.tabs.findIndex((t) => t.fullPath === fullPath);
}

/** Puts the home tab first (adding it if missing); `visiting` supplies fresh home data when it is home. */
function withHomeFirst(state: TabState, tabs: readonly Tab[], visiting: TabRoute | undefined): Tab[] {
  const homePath = state.options.home.fullPath;
  const home =
    tabs.find((t) => t.fullPath === homePath) ?? toTab(visiting?.fullPath === homePath ? visiting : state.options.home);
  return [home, ...tabs.filter((t) => t.fullPath !== homePath)];
}

/** Sets tabs and the active path, and drops kept-alive components no open tab uses any more. */
function withTabs(state: TabState, tabs: readonly Tab[], activeFullPath: string): TabState {
  const used = new Set(tabs.map(cacheName).filter((n): n is string => n !== undefined));
  return { ...state, tabs, activeFullPath, keepAlive: state.keepAlive.filter((n) => used.has(n)) };
}

/** Marks the shown page's component as most recently used and applies the bound. */
function touch(state: TabState, route: TabRoute): TabState {
  const name = cacheName(route);
  if (name === undefined) return state;
  const keepAlive = [...state.keepAlive.filter((n) => n !== name), name];
  return { ...state, keepAlive: bounded(keepAlive, state.options.keepAliveLimit) };
}

function bounded(list: readonly string[], limit: number): readonly string[] {
  const max = Math.max(0, Math.floor(limit));
  return list.length > max ? list.slice(list.length - max) : list;
}

function cacheName(tab: TabRoute): string | undefined {
  return tab.meta.keepAlive && tab.meta.componentName ? tab.meta.componentName : undefined;
}

function closedEffects(closed: readonly Tab[]): TabEffect[] {
  return closed.map((t) => ({ type: 'pageClosed', fullPath: t.fullPath, componentName: t.meta.componentName }));
}
