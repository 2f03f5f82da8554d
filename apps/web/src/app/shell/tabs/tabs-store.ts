/**
 * The tab workspace store: the pure reducer behind a zustand store, open tabs saved per user in
 * session storage (a browser reload restores them; a new browser window starts fresh), and the
 * reducer's effects handed to subscribers for the UI to perform. The keep-alive bound comes from the
 * runtime settings (`keepAliveLimit`).
 */
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { KEEP_ALIVE_LIMIT_DEFAULT } from '@houtai/shared/constants';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { sessionStore, type TtlStorage } from '../../../lib/storage.ts';
import { findTabCommand, type TabCommandId } from './tab-commands.ts';
import {
  createTabState,
  findTab,
  reduceTabs,
  type TabAction,
  type TabEffect,
  type TabMeta,
  type TabOptions,
  type TabRoute,
  type TabState,
} from './tab-model.ts';

export interface TabsStoreState {
  model: TabState;
  /** Whose tabs these are; null until a user is bound (nothing is saved then). */
  userKey: string | null;
  /** Runs one reducer action, saves the tabs, hands the effects to subscribers and returns them. */
  dispatch: (action: TabAction) => TabEffect[];
  visit: (route: TabRoute) => TabEffect[];
  close: (fullPath: string) => TabEffect[];
  move: (fullPath: string, to: string) => TabEffect[];
  setOptions: (options: Partial<TabOptions>) => TabEffect[];
  /** Runs a context-menu command on a tab, if its predicate allows. */
  runCommand: (id: TabCommandId, fullPath: string) => TabEffect[];
  /** Switches to a user's saved tabs (null on sign-out: back to home alone, nothing saved). */
  bindUser: (userKey: string | null) => void;
}

export type TabsStoreApi = StoreApi<TabsStoreState> & {
  subscribeEffects: (listener: (effect: TabEffect) => void) => () => void;
};

const STORAGE_PREFIX = 'tabs:';
const STORED_VERSION = 1;

interface StoredTabs {
  version: number;
  tabs: TabRoute[];
}

export function tabsStorageKey(userKey: string): string {
  return STORAGE_PREFIX + userKey;
}

export function createTabsStore(deps: { storage?: TtlStorage; options?: Partial<TabOptions> } = {}): TabsStoreApi {
  const storage = deps.storage ?? sessionStore;
  const listeners = new Set<(effect: TabEffect) => void>();

  const store = createStore<TabsStoreState>()((set, get) => {
    const dispatch = (action: TabAction): TabEffect[] => {
      const { model, userKey } = get();
      const result = reduceTabs(model, action);
      if (result.state !== model) {
        set({ model: result.state });
        if (userKey !== null && result.state.tabs !== model.tabs) save(storage, userKey, result.state);
      }
      for (const effect of result.effects) for (const listener of [...listeners]) listener(effect);
      return result.effects;
    };

    return {
      model: createTabState(deps.options),
      userKey: null,
      dispatch,
      visit: (route) => dispatch({ type: 'visit', route }),
      close: (fullPath) => dispatch({ type: 'close', fullPath }),
      move: (fullPath, to) => dispatch({ type: 'move', fullPath, to }),
      setOptions: (options) => dispatch({ type: 'setOptions', options }),
      runCommand: (id, fullPath) => {
        const { model } = get();
        const command = findTabCommand(id);
        const tab = findTab(model, fullPath);
        if (!command || !tab || !command.predicate(model, tab)) return [];
        return dispatch(command.perform(tab));
      },
      bindUser: (userKey) => {
        const previous = get().userKey;
        if (userKey === previous) return;
        // Another user's tabs never carry over; pages visited before the first bind do.
        const base = previous === null ? get().model : createTabState(get().model.options);
        set({ userKey, model: base });
        if (userKey === null) return;
        const stored = readStoredTabs(storage.get<unknown>(tabsStorageKey(userKey)));
        dispatch({ type: 'restore', tabs: stored });
        save(storage, userKey, get().model);
      },
    };
  });

  return Object.assign(store, {
    subscribeEffects: (listener: (effect: TabEffect) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  });
}

function save(storage: TtlStorage, userKey: string, state: TabState): void {
  // Records only: reload keys and kept-alive views mean nothing after a browser reload.
  const value: StoredTabs = {
    version: STORED_VERSION,
    tabs: state.tabs.map(({ name, path, fullPath, meta }) => ({ name, path, fullPath, meta })),
  };
  storage.set(tabsStorageKey(userKey), value);
}

/** Reads saved tabs, keeping only well-formed records; anything else reads as none. */
export function readStoredTabs(value: unknown): TabRoute[] {
  if (!isRecord(value) || value.version !== STORED_VERSION || !Array.isArray(value.tabs)) return [];
  const tabs: TabRoute[] = [];
  for (const entry of value.tabs as unknown[]) {
    const route = toRoute(entry);
    if (route && !tabs.some((t) => t.fullPath === route.fullPath)) tabs.push(route);
  }
  return tabs;
}

function toRoute(entry: unknown): TabRoute | undefined {
  if (!isRecord(entry) || !isRecord(entry.meta)) return undefined;
  const { name, path, fullPath, meta } = entry;
  if (typeof name !== 'string' || typeof path !== 'string' || typeof fullPath !== 'string') return undefined;
  // Only in-app paths: a stored value must never send the router elsewhere.
  if (!path.startsWith('/') || !fullPath.startsWith('/') || fullPath.startsWith('//')) return undefined;
  if (typeof meta.title !== 'string' || typeof meta.keepAlive !== 'boolean') return undefined;
  if (meta.icon !== undefined && typeof meta.icon !== 'string') return undefined;
  if (meta.componentName !== undefined && typeof meta.componentName !== 'string') return undefined;
  const cleanMeta: TabMeta = { title: meta.title, keepAlive: meta.keepAlive };
  if (meta.icon !== undefined) cleanMeta.icon = meta.icon;
  if (meta.componentName !== undefined) cleanMeta.componentName = meta.componentName;
  return { name, path, fullPath, meta: cleanMeta };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The keep-alive bound of the runtime settings' `keepAliveLimit` field: a whole number of pages, 0
 * keeping none alive. A missing or malformed value reads as KEEP_ALIVE_LIMIT_DEFAULT.
 */
export function keepAliveLimitFrom(config: unknown): number {
  const value = isRecord(config) ? config.keepAliveLimit : undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : KEEP_ALIVE_LIMIT_DEFAULT;
}

/** The application's tab store. */
export const tabsStore: TabsStoreApi = createTabsStore({
  options: { keepAliveLimit: keepAliveLimitFrom(getRuntimeConfig()) },
});

export function useTabsStore<T>(selector: (state: TabsStoreState) => T): T {
  return useStore(tabsStore, selector);
}
