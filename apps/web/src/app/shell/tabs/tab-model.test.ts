import { describe, expect, it } from 'vitest';
import { HOME_PATH, KEEP_ALIVE_LIMIT_DEFAULT } from '@houtai/shared/constants';
import {
  createTabState,
  reduceTabs,
  selectActiveTab,
  selectMountedTabs,
  tabViewKey,
  type TabAction,
  type TabEffect,
  type TabMeta,
  type TabRoute,
  type TabState,
} from './tab-model.ts';

function route(fullPath: string, opts: { name?: string; meta?: Partial<TabMeta> } = {}): TabRoute {
  const path = fullPath.split('?')[0] ?? fullPath;
  const name = opts.name ?? path.replaceAll('/', '-').slice(1);
  return {
    name,
    path,
    fullPath,
    meta: { title: name, keepAlive: true, componentName: `C:${name}`, ...opts.meta },
  };
}

const home = route(HOME_PATH, { name: 'dashboard-analysis', meta: { title: '首页', componentName: 'Analysis' } });

function run(state: TabState, ...actions: TabAction[]): { state: TabState; effects: TabEffect[] } {
  let effects: TabEffect[] = [];
  for (const action of actions) {
    const result = reduceTabs(state, action);
    state = result.state;
    effects = result.effects;
  }
  return { state, effects };
}

function visited(...fullPaths: string[]): TabState {
  return run(createTabState({ home }), ...fullPaths.map((p) => ({ type: 'visit', route: route(p) }) as const)).state;
}

const paths = (state: TabState) => state.tabs.map((t) => t.fullPath);
const reloadKeyOf = (state: TabState, fullPath: string) => state.tabs.find((t) => t.fullPath === fullPath)?.reloadKey;

describe('opening and activating tabs', () => {
  it('starts with the home tab alone, active', () => {
    const state = createTabState();
    expect(paths(state)).toEqual([HOME_PATH]);
    expect(state.activeFullPath).toBe(HOME_PATH);
    expect(state.tabs[0]?.meta.title).toBe('首页');
  });

  it('opens one tab per visited full path, after home', () => {
    const state = visited('/a', '/b', '/b?x=1');
    expect(paths(state)).toEqual([HOME_PATH, '/a', '/b', '/b?x=1']);
    expect(state.activeFullPath).toBe('/b?x=1');
  });

  it('revisiting a path activates its tab without opening another', () => {
    const state = run(visited('/a', '/b'), { type: 'visit', route: route('/a') }).state;
    expect(paths(state)).toEqual([HOME_PATH, '/a', '/b']);
    expect(state.activeFullPath).toBe('/a');
    expect(reloadKeyOf(state, '/a')).toBe(0);
  });

  it('visiting the active path again changes nothing and has no effects', () => {
    const before = visited('/a');
    const { state, effects } = run(before, { type: 'visit', route: route('/a') });
    expect(paths(state)).toEqual(paths(before));
    expect(reloadKeyOf(state, '/a')).toBe(0);
    expect(effects).toEqual([]);
  });

  it('the same named route with a different path replaces its tab in place and reloads it', () => {
    const start = run(
      createTabState({ home }),
      { type: 'visit', route: route('/detail/1', { name: 'detail' }) },
      { type: 'visit', route: route('/b') },
    ).state;
    const { state, effects } = run(start, { type: 'visit', route: route('/detail/2', { name: 'detail' }) });
    expect(paths(state)).toEqual([HOME_PATH, '/detail/2', '/b']);
    expect(state.activeFullPath).toBe('/detail/2');
    expect(reloadKeyOf(state, '/detail/2')).toBe(1);
    expect(effects).toEqual([{ type: 'pageClosed', fullPath: '/detail/1', componentName: 'C:detail' }]);
  });

  it('replacing a tab closes the replaced page as 关闭 does: its view and kept-alive entry go', () => {
    const start = run(
      createTabState({ home }),
      { type: 'visit', route: route('/detail/1', { name: 'detail', meta: { componentName: 'DetailV1' } }) },
      { type: 'visit', route: route('/b') },
    ).state;
    expect(start.keepAlive).toContain('DetailV1');
    const replacing = route('/detail/2', { name: 'detail', meta: { componentName: 'DetailV2' } });
    const { state, effects } = run(start, { type: 'visit', route: replacing });
    expect(effects).toEqual([{ type: 'pageClosed', fullPath: '/detail/1', componentName: 'DetailV1' }]);
    expect(state.keepAlive).not.toContain('DetailV1');
    expect(state.keepAlive.at(-1)).toBe('DetailV2');
    expect(selectMountedTabs(state).map(tabViewKey)).not.toContain('/detail/1#0');
  });

  it('opening a new tab or activating an open one closes nothing', () => {
    const opened = run(visited('/a'), { type: 'visit', route: route('/b') });
    expect(opened.effects).toEqual([]);
    expect(run(opened.state, { type: 'visit', route: route('/a') }).effects).toEqual([]);
  });

  it('the same named route with the same path but another query opens its own tab', () => {
    const state = run(
      createTabState({ home }),
      { type: 'visit', route: route('/list?a=1', { name: 'list' }) },
      { type: 'visit', route: route('/list?a=2', { name: 'list' }) },
    ).state;
    expect(paths(state)).toEqual([HOME_PATH, '/list?a=1', '/list?a=2']);
  });

  it('visiting home reloads it when its meta keepAlive is false', () => {
    const noCacheHome = route(HOME_PATH, { meta: { keepAlive: false } });
    const start = run(createTabState({ home: noCacheHome }), { type: 'visit', route: route('/a') }).state;
    const state = run(start, { type: 'visit', route: noCacheHome }).state;
    expect(state.activeFullPath).toBe(HOME_PATH);
    expect(reloadKeyOf(state, HOME_PATH)).toBe(1);
  });

  it('visiting home keeps it as it was when its meta keepAlive is true', () => {
    const state = run(visited('/a'), { type: 'visit', route: home }).state;
    expect(reloadKeyOf(state, HOME_PATH)).toBe(0);
  });
});

describe('closing a tab', () => {
  it('closing the home tab warns 首页不能关闭!', () => {
    const before = visited('/a');
    const { state, effects } = run(before, { type: 'close', fullPath: HOME_PATH });
    expect(effects).toEqual([{ type: 'warn', text: '首页不能关闭!' }]);
    expect(state).toBe(before);
  });

  it('closing the only remaining tab warns 这是最后一页，不能再关闭了啦', () => {
    const single = run(createTabState({ home, multiTab: false }), { type: 'visit', route: route('/a') }).state;
    const { state, effects } = run(single, { type: 'close', fullPath: '/a' });
    expect(effects).toEqual([{ type: 'warn', text: '这是最后一页，不能再关闭了啦' }]);
    expect(paths(state)).toEqual(['/a']);
  });

  it('closing the active tab activates its right neighbour and navigates there', () => {
    const before = run(visited('/a', '/b', '/c'), { type: 'visit', route: route('/b') }).state;
    const { state, effects } = run(before, { type: 'close', fullPath: '/b' });
    expect(paths(state)).toEqual([HOME_PATH, '/a', '/c']);
    expect(state.activeFullPath).toBe('/c');
    expect(effects[0]).toEqual({ type: 'navigate', to: '/c' });
  });

  it('closing the last tab on the right activates its left neighbour', () => {
    const { state, effects } = run(visited('/a', '/b'), { type: 'close', fullPath: '/b' });
    expect(state.activeFullPath).toBe('/a');
    expect(effects[0]).toEqual({ type: 'navigate', to: '/a' });
  });

  it('closing a background tab activates its neighbour too, as the spec says', () => {
    const { state } = run(visited('/a', '/b', '/c'), { type: 'close', fullPath: '/a' });
    expect(state.activeFullPath).toBe('/b');
  });

  it('closing a tab emits page-closed with its full path and component name', () => {
    const { effects } = run(visited('/a', '/b'), { type: 'close', fullPath: '/a' });
    expect(effects).toContainEqual({ type: 'pageClosed', fullPath: '/a', componentName: 'C:a' });
  });

  it('closing a tab removes its component name from the keep-alive list', () => {
    const before = visited('/a', '/b');
    expect(before.keepAlive).toContain('C:a');
    const { state } = run(before, { type: 'close', fullPath: '/a' });
    expect(state.keepAlive).not.toContain('C:a');
    expect(state.keepAlive).toContain('C:b');
  });

  it('closing one of two tabs sharing a component keeps that component alive', () => {
    const before = visited('/list?a=1', '/list?a=2');
    const { state } = run(before, { type: 'close', fullPath: '/list?a=1' });
    expect(state.keepAlive).toContain('C:list');
  });

  it('a closed and reopened page gets a fresh view (it was unmounted in between)', () => {
    const closed = run(visited('/a', '/b'), { type: 'close', fullPath: '/a' }).state;
    expect(selectMountedTabs(closed).map((t) => t.fullPath)).not.toContain('/a');
    const reopened = run(closed, { type: 'visit', route: route('/a') }).state;
    expect(paths(reopened)).toEqual([HOME_PATH, '/b', '/a']);
  });

  it('closing a path that is not open does nothing', () => {
    const before = visited('/a');
    const { state, effects } = run(before, { type: 'close', fullPath: '/nope' });
    expect(state).toBe(before);
    expect(effects).toEqual([]);
  });
});

describe('context-menu actions', () => {
  it('刷新 bumps the tab reload key so its view remounts', () => {
    const before = visited('/a');
    const { state } = run(before, { type: 'reload', fullPath: '/a' });
    expect(reloadKeyOf(state, '/a')).toBe(1);
    expect(tabViewKey(selectActiveTab(state)!)).not.toBe(tabViewKey(selectActiveTab(before)!));
  });

  it('刷新 on a background tab activates it and navigates there', () => {
    const { state, effects } = run(visited('/a', '/b'), { type: 'reload', fullPath: '/a' });
    expect(state.activeFullPath).toBe('/a');
    expect(effects).toEqual([{ type: 'navigate', to: '/a' }]);
  });

  it('关闭左侧 closes the tabs left of it but keeps home', () => {
    const { state, effects } = run(visited('/a', '/b', '/c'), { type: 'closeLeft', fullPath: '/b' });
    expect(paths(state)).toEqual([HOME_PATH, '/b', '/c']);
    expect(effects.filter((e) => e.type === 'pageClosed').map((e) => e.fullPath)).toEqual(['/a']);
  });

  it('关闭左侧 keeps the active tab active when it survives', () => {
    const { state, effects } = run(visited('/a', '/b', '/c'), { type: 'closeLeft', fullPath: '/b' });
    expect(state.activeFullPath).toBe('/c');
    expect(effects.some((e) => e.type === 'navigate')).toBe(false);
  });

  it('关闭左侧 activates the clicked tab when the active one was closed', () => {
    const before = run(visited('/a', '/b', '/c'), { type: 'visit', route: route('/a') }).state;
    const { state, effects } = run(before, { type: 'closeLeft', fullPath: '/c' });
    expect(paths(state)).toEqual([HOME_PATH, '/c']);
    expect(state.activeFullPath).toBe('/c');
    expect(effects[0]).toEqual({ type: 'navigate', to: '/c' });
  });

  it('关闭右侧 closes the tabs right of it', () => {
    const { state } = run(visited('/a', '/b', '/c'), { type: 'closeRight', fullPath: '/a' });
    expect(paths(state)).toEqual([HOME_PATH, '/a']);
    expect(state.activeFullPath).toBe('/a');
  });

  it('关闭右侧 on home closes every other tab', () => {
    const { state } = run(visited('/a', '/b'), { type: 'closeRight', fullPath: HOME_PATH });
    expect(paths(state)).toEqual([HOME_PATH]);
  });

  it('关闭其它 keeps home and the clicked tab, and activates the clicked tab', () => {
    const { state, effects } = run(visited('/a', '/b', '/c'), { type: 'closeOthers', fullPath: '/b' });
    expect(paths(state)).toEqual([HOME_PATH, '/b']);
    expect(state.activeFullPath).toBe('/b');
    expect(effects[0]).toEqual({ type: 'navigate', to: '/b' });
  });

  it('关闭其它 on home keeps home alone', () => {
    const { state } = run(visited('/a', '/b'), { type: 'closeOthers', fullPath: HOME_PATH });
    expect(paths(state)).toEqual([HOME_PATH]);
    expect(state.activeFullPath).toBe(HOME_PATH);
  });

  it('关闭其它 on a tab whose path contains ticke= keeps only that tab', () => {
    const { state } = run(visited('/a', '/sso?ticke=xyz'), { type: 'closeOthers', fullPath: '/sso?ticke=xyz' });
    expect(paths(state)).toEqual(['/sso?ticke=xyz']);
  });

  it('home comes back first on the next visit after a ticke= tab was kept alone', () => {
    const alone = run(visited('/sso?ticke=xyz'), { type: 'closeOthers', fullPath: '/sso?ticke=xyz' }).state;
    const { state } = run(alone, { type: 'visit', route: route('/a') });
    expect(paths(state)).toEqual([HOME_PATH, '/sso?ticke=xyz', '/a']);
  });

  it('bulk closes emit page-closed for each closed tab and clean the keep-alive list', () => {
    const { state, effects } = run(visited('/a', '/b', '/c'), { type: 'closeOthers', fullPath: '/b' });
    expect(effects.filter((e) => e.type === 'pageClosed').map((e) => e.fullPath)).toEqual(['/a', '/c']);
    expect(state.keepAlive).toEqual(['C:b']);
  });
});

describe('multi-tab off and mobile', () => {
  it('with multi-tab off only the current route is kept', () => {
    const state = run(
      createTabState({ home, multiTab: false }),
      { type: 'visit', route: route('/a') },
      { type: 'visit', route: route('/b') },
    ).state;
    expect(paths(state)).toEqual(['/b']);
  });

  it('with multi-tab off leaving a page announces it closed', () => {
    const start = run(createTabState({ home, multiTab: false }), { type: 'visit', route: route('/a') }).state;
    const { effects } = run(start, { type: 'visit', route: route('/b') });
    expect(effects).toEqual([{ type: 'pageClosed', fullPath: '/a', componentName: 'C:a' }]);
  });

  it('on mobile only the current route is kept even with multi-tab on', () => {
    const state = run(
      createTabState({ home, multiTab: true, isMobile: true }),
      { type: 'visit', route: route('/a') },
      { type: 'visit', route: route('/b') },
    ).state;
    expect(paths(state)).toEqual(['/b']);
  });

  it('turning multi-tab off resets to the current tab alone', () => {
    const { state, effects } = run(visited('/a', '/b'), { type: 'setOptions', options: { multiTab: false } });
    expect(paths(state)).toEqual(['/b']);
    expect(state.activeFullPath).toBe('/b');
    expect(effects.filter((e) => e.type === 'pageClosed').map((e) => e.fullPath)).toEqual([HOME_PATH, '/a']);
  });

  it('becoming mobile resets to the current tab alone', () => {
    const { state } = run(visited('/a', '/b'), { type: 'setOptions', options: { isMobile: true } });
    expect(paths(state)).toEqual(['/b']);
  });

  it('turning multi-tab back on puts home first again', () => {
    const { state } = run(
      visited('/a'),
      { type: 'setOptions', options: { multiTab: false } },
      { type: 'setOptions', options: { multiTab: true } },
    );
    expect(paths(state)).toEqual([HOME_PATH, '/a']);
    expect(state.activeFullPath).toBe('/a');
  });
});

describe('drag to reorder', () => {
  it('moves a tab to the place of the tab it is dropped on', () => {
    const { state } = run(visited('/a', '/b', '/c'), { type: 'move', fullPath: '/c', to: '/a' });
    expect(paths(state)).toEqual([HOME_PATH, '/c', '/a', '/b']);
  });

  it('moves a tab rightwards', () => {
    const { state } = run(visited('/a', '/b', '/c'), { type: 'move', fullPath: '/a', to: '/c' });
    expect(paths(state)).toEqual([HOME_PATH, '/b', '/c', '/a']);
  });

  it('dropping a tab on home puts it right after home', () => {
    const { state } = run(visited('/a', '/b'), { type: 'move', fullPath: '/b', to: HOME_PATH });
    expect(paths(state)).toEqual([HOME_PATH, '/b', '/a']);
  });

  it('the home tab cannot be dragged', () => {
    const before = visited('/a', '/b');
    const { state } = run(before, { type: 'move', fullPath: HOME_PATH, to: '/b' });
    expect(state).toBe(before);
  });
});

describe('keep-alive bound', () => {
  it('keeps the component of every shown keep-alive page, least recently shown first', () => {
    const state = run(visited('/a', '/b'), { type: 'visit', route: route('/a') }).state;
    expect(state.keepAlive).toEqual(['C:b', 'C:a']);
  });

  it('pages without keepAlive or a component name are not kept alive', () => {
    const state = run(
      createTabState({ home }),
      { type: 'visit', route: route('/a', { meta: { keepAlive: false } }) },
      { type: 'visit', route: route('/b', { meta: { componentName: undefined } }) },
    ).state;
    expect(state.keepAlive).toEqual([]);
  });

  it(`defaults to ${KEEP_ALIVE_LIMIT_DEFAULT} pages kept alive`, () => {
    const many = Array.from({ length: KEEP_ALIVE_LIMIT_DEFAULT + 2 }, (_, i) => `/p${i}`);
    const state = visited(...many);
    expect(state.keepAlive).toHaveLength(KEEP_ALIVE_LIMIT_DEFAULT);
  });

  it('evicts the least recently shown page beyond the bound but keeps its tab open', () => {
    const state = run(
      createTabState({ home, keepAliveLimit: 2 }),
      { type: 'visit', route: route('/a') },
      { type: 'visit', route: route('/b') },
      { type: 'visit', route: route('/a') },
      { type: 'visit', route: route('/c') },
    ).state;
    expect(state.keepAlive).toEqual(['C:a', 'C:c']);
    expect(paths(state)).toEqual([HOME_PATH, '/a', '/b', '/c']);
    expect(selectMountedTabs(state).map((t) => t.fullPath)).toEqual(['/a', '/c']);
  });

  it('lowering the bound evicts at once', () => {
    const { state } = run(visited('/a', '/b', '/c'), { type: 'setOptions', options: { keepAliveLimit: 1 } });
    expect(state.keepAlive).toEqual(['C:c']);
  });

  it('the active page stays mounted even when nothing may be kept alive', () => {
    const state = run(createTabState({ home, keepAliveLimit: 0 }), { type: 'visit', route: route('/a') }).state;
    expect(state.keepAlive).toEqual([]);
    expect(selectMountedTabs(state).map((t) => t.fullPath)).toEqual(['/a']);
  });
});

describe('restore after a browser reload', () => {
  it('restores stored tabs in their order behind home', () => {
    const { state } = run(createTabState({ home }), { type: 'restore', tabs: [route('/b'), route('/a')] });
    expect(paths(state)).toEqual([HOME_PATH, '/b', '/a']);
    expect(state.activeFullPath).toBe(HOME_PATH);
  });

  it('keeps a page visited before the restore and leaves it active', () => {
    const start = run(createTabState({ home }), { type: 'visit', route: route('/c') }).state;
    const { state } = run(start, { type: 'restore', tabs: [route('/a'), route('/c')] });
    expect(paths(state)).toEqual([HOME_PATH, '/a', '/c']);
    expect(state.activeFullPath).toBe('/c');
    expect(state.keepAlive).toEqual(['C:c']);
  });

  it('ignores stored tabs when multi-tab is off', () => {
    const { state } = run(createTabState({ home, multiTab: false }), { type: 'restore', tabs: [route('/a')] });
    expect(paths(state)).toEqual([HOME_PATH]);
  });
});
