import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_PATH, KEEP_ALIVE_LIMIT_DEFAULT } from '@houtai/shared/constants';
import { DEFAULT_RUNTIME_CONFIG } from '../../../lib/runtime-config.ts';
import { createTtlStorage, type TtlStorage } from '../../../lib/storage.ts';
import { selectMountedTabs, type TabEffect, type TabRoute } from './tab-model.ts';
import { createTabsStore, keepAliveLimitFrom, readStoredTabs, tabsStorageKey } from './tabs-store.ts';

function route(fullPath: string): TabRoute {
  const path = fullPath.split('?')[0]!;
  return { name: path.slice(1), path, fullPath, meta: { title: path, keepAlive: true, componentName: path } };
}

let backend: Storage;
let storage: TtlStorage;

beforeEach(() => {
  window.sessionStorage.clear();
  backend = window.sessionStorage;
  storage = createTtlStorage(backend);
});

const paths = (store: ReturnType<typeof createTabsStore>) => store.getState().model.tabs.map((t) => t.fullPath);

describe('tabs store', () => {
  it('saves the open tabs under the bound user and restores them in a new store (browser reload)', () => {
    const first = createTabsStore({ storage });
    first.getState().bindUser('admin');
    first.getState().visit(route('/a'));
    first.getState().visit(route('/b?x=1'));

    const reloaded = createTabsStore({ storage });
    reloaded.getState().bindUser('admin');
    expect(paths(reloaded)).toEqual([HOME_PATH, '/a', '/b?x=1']);
  });

  it('keeps each user’s tabs apart', () => {
    const store = createTabsStore({ storage });
    store.getState().bindUser('admin');
    store.getState().visit(route('/a'));
    store.getState().bindUser('zhangsan');
    expect(paths(store)).toEqual([HOME_PATH]);
    store.getState().bindUser('admin');
    expect(paths(store)).toEqual([HOME_PATH, '/a']);
  });

  it('keeps the page visited before the user was bound, and leaves it active', () => {
    const first = createTabsStore({ storage });
    first.getState().bindUser('admin');
    first.getState().visit(route('/a'));

    const reloaded = createTabsStore({ storage });
    reloaded.getState().visit(route('/b'));
    reloaded.getState().bindUser('admin');
    expect(paths(reloaded)).toEqual([HOME_PATH, '/a', '/b']);
    expect(reloaded.getState().model.activeFullPath).toBe('/b');
  });

  it('signing out (binding no user) goes back to home alone and saves nothing', () => {
    const store = createTabsStore({ storage });
    store.getState().bindUser('admin');
    store.getState().visit(route('/a'));
    store.getState().bindUser(null);
    store.getState().visit(route('/c'));
    expect(paths(store)).toEqual([HOME_PATH, '/c']);
    expect(readStoredTabs(storage.get(tabsStorageKey('admin'))).map((t) => t.fullPath)).toEqual([HOME_PATH, '/a']);
  });

  it('does not save reload keys: a restored tab starts at reload key 0', () => {
    const first = createTabsStore({ storage });
    first.getState().bindUser('admin');
    first.getState().visit(route('/a'));
    first.getState().runCommand('reload', '/a');

    const reloaded = createTabsStore({ storage });
    reloaded.getState().bindUser('admin');
    expect(reloaded.getState().model.tabs.find((t) => t.fullPath === '/a')?.reloadKey).toBe(0);
  });

  it('restores nothing from stored text that is not JSON', () => {
    backend.setItem(`houtai:${tabsStorageKey('admin')}`, '{not json');
    const store = createTabsStore({ storage });
    store.getState().bindUser('admin');
    expect(paths(store)).toEqual([HOME_PATH]);
  });

  it('hands effects to subscribers and stops after unsubscribe', () => {
    const store = createTabsStore({ storage });
    const seen: TabEffect[] = [];
    const unsubscribe = store.subscribeEffects((e) => seen.push(e));
    store.getState().close(HOME_PATH);
    expect(seen).toEqual([{ type: 'warn', text: '首页不能关闭!' }]);
    unsubscribe();
    store.getState().close(HOME_PATH);
    expect(seen).toHaveLength(1);
  });

  it('runCommand does nothing when the command is disabled for the tab', () => {
    const store = createTabsStore({ storage });
    store.getState().visit(route('/a'));
    const before = store.getState().model;
    expect(store.getState().runCommand('closeLeft', '/a')).toEqual([]);
    expect(store.getState().model).toBe(before);
  });

  it('runCommand performs an enabled command and returns its effects', () => {
    const store = createTabsStore({ storage });
    store.getState().visit(route('/a'));
    store.getState().visit(route('/b'));
    store.getState().visit(route('/a'));
    const effects = store.getState().runCommand('closeOthers', '/b');
    expect(paths(store)).toEqual([HOME_PATH, '/b']);
    expect(effects[0]).toEqual({ type: 'navigate', to: '/b' });
  });

  it('setOptions with multi-tab off resets to the current tab', () => {
    const store = createTabsStore({ storage });
    store.getState().visit(route('/a'));
    store.getState().setOptions({ multiTab: false });
    expect(paths(store)).toEqual(['/a']);
  });

  it('move reorders tabs and is saved', () => {
    const store = createTabsStore({ storage });
    store.getState().bindUser('admin');
    store.getState().visit(route('/a'));
    store.getState().visit(route('/b'));
    store.getState().move('/b', '/a');
    expect(readStoredTabs(storage.get(tabsStorageKey('admin'))).map((t) => t.fullPath)).toEqual([
      HOME_PATH,
      '/b',
      '/a',
    ]);
  });
});

describe('reading stored tabs', () => {
  const good = { name: 'a', path: '/a', fullPath: '/a', meta: { title: 'A', keepAlive: true, componentName: 'A' } };

  it('reads well-formed records', () => {
    expect(readStoredTabs({ version: 1, tabs: [good] })).toEqual([good]);
  });

  it('drops records with missing or mistyped fields and keeps the rest', () => {
    const stored = {
      version: 1,
      tabs: [
        good,
        { ...good, fullPath: 42 },
        { ...good, fullPath: '/b', meta: { title: 'B' } },
        { ...good, fullPath: '/c', meta: { ...good.meta, icon: 7 } },
        null,
        'x',
      ],
    };
    expect(readStoredTabs(stored)).toEqual([good]);
  });

  it('drops paths that would leave the app', () => {
    const stored = {
      version: 1,
      tabs: [
        { ...good, fullPath: 'https://evil.example/' },
        { ...good, path: '//evil.example', fullPath: '//evil.example' },
      ],
    };
    expect(readStoredTabs(stored)).toEqual([]);
  });

  it('drops duplicate full paths', () => {
    expect(readStoredTabs({ version: 1, tabs: [good, good] })).toEqual([good]);
  });

  it('drops unknown properties of a record', () => {
    const [tab] = readStoredTabs({ version: 1, tabs: [{ ...good, extra: 1, meta: { ...good.meta, x: 2 } }] });
    expect(tab).toEqual(good);
  });

  it('reads nothing from a value of another version or shape', () => {
    expect(readStoredTabs({ version: 2, tabs: [good] })).toEqual([]);
    expect(readStoredTabs([good])).toEqual([]);
    expect(readStoredTabs(null)).toEqual([]);
  });
});

describe('keep-alive bound', () => {
  afterEach(() => {
    vi.doUnmock('../../../lib/runtime-config.ts');
    vi.resetModules();
  });

  it('keeps at most the configured number of pages alive, dropping the least recently shown', () => {
    const store = createTabsStore({ storage, options: { keepAliveLimit: 2 } });
    store.getState().bindUser('admin');
    for (const path of ['/a', '/b', '/c']) store.getState().visit(route(path));
    const { model } = store.getState();
    expect(model.keepAlive).toEqual(['/b', '/c']);
    expect(selectMountedTabs(model).map((t) => t.fullPath)).toEqual(['/b', '/c']);
  });

  it('keeps the configured bound when the layout sets its options and when another user signs in', () => {
    const store = createTabsStore({ storage, options: { keepAliveLimit: 1 } });
    store.getState().setOptions({ multiTab: true, isMobile: false });
    store.getState().bindUser('admin');
    store.getState().bindUser('zhangsan');
    store.getState().visit(route('/a'));
    store.getState().visit(route('/b'));
    expect(store.getState().model.options.keepAliveLimit).toBe(1);
    expect(store.getState().model.keepAlive).toEqual(['/b']);
  });

  it('reads keepAliveLimit from the runtime settings, a whole number of pages, else the default', () => {
    expect(keepAliveLimitFrom({ keepAliveLimit: 3 })).toBe(3);
    expect(keepAliveLimitFrom({ keepAliveLimit: 0 })).toBe(0);
    for (const keepAliveLimit of [-1, 2.5, '5', null, Number.POSITIVE_INFINITY]) {
      expect(keepAliveLimitFrom({ keepAliveLimit })).toBe(KEEP_ALIVE_LIMIT_DEFAULT);
    }
    expect(keepAliveLimitFrom(DEFAULT_RUNTIME_CONFIG)).toBe(KEEP_ALIVE_LIMIT_DEFAULT);
    expect(keepAliveLimitFrom(null)).toBe(KEEP_ALIVE_LIMIT_DEFAULT);
  });

  it('gives the application store the bound of the runtime settings', async () => {
    vi.resetModules();
    vi.doMock('../../../lib/runtime-config.ts', () => ({
      getRuntimeConfig: () => ({ ...DEFAULT_RUNTIME_CONFIG, keepAliveLimit: 4 }),
    }));
    const { tabsStore } = await import('./tabs-store.ts');
    expect(tabsStore.getState().model.options.keepAliveLimit).toBe(4);
  });
});
