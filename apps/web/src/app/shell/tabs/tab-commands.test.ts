import { describe, expect, it } from 'vitest';
import { HOME_PATH } from '@houtai/shared/constants';
import { TAB_COMMANDS, findTabCommand, tabMenuFor, type TabCommandId } from './tab-commands.ts';
import { createTabState, findTab, reduceTabs, type TabState } from './tab-model.ts';

function visited(...fullPaths: string[]): TabState {
  let state = createTabState();
  for (const fullPath of fullPaths) {
    const name = fullPath.split('?')[0]!.slice(1);
    state = reduceTabs(state, {
      type: 'visit',
      route: { name, path: `/${name}`, fullPath, meta: { title: name, keepAlive: true, componentName: name } },
    }).state;
  }
  return state;
}

function enabled(state: TabState, fullPath: string): TabCommandId[] {
  const tab = findTab(state, fullPath)!;
  return tabMenuFor(state, tab)
    .filter((e) => !e.disabled)
    .map((e) => e.id);
}

describe('tab context-menu commands', () => {
  it('lists 刷新, 关闭左侧, 关闭右侧, 关闭其它 in that order', () => {
    expect(TAB_COMMANDS.map((c) => c.label)).toEqual(['刷新', '关闭左侧', '关闭右侧', '关闭其它']);
  });

  it('on a middle tab every command is enabled', () => {
    expect(enabled(visited('/a', '/b', '/c'), '/b')).toEqual(['reload', 'closeLeft', 'closeRight', 'closeOthers']);
  });

  it('关闭左侧 is disabled on home', () => {
    expect(enabled(visited('/a'), HOME_PATH)).not.toContain('closeLeft');
  });

  it('关闭左侧 is disabled on the tab right after home (only home is to its left)', () => {
    expect(enabled(visited('/a', '/b'), '/a')).not.toContain('closeLeft');
  });

  it('关闭右侧 is disabled on the last tab', () => {
    expect(enabled(visited('/a', '/b'), '/b')).not.toContain('closeRight');
  });

  it('关闭其它 is disabled when only home and this tab are open', () => {
    expect(enabled(visited('/a'), '/a')).not.toContain('closeOthers');
  });

  it('关闭其它 is enabled on a ticke= tab even when only home is beside it', () => {
    expect(enabled(visited('/sso?ticke=1'), '/sso?ticke=1')).toContain('closeOthers');
  });

  it('only 刷新 is enabled when home is the only tab', () => {
    expect(enabled(createTabState(), HOME_PATH)).toEqual(['reload']);
  });

  it('each command performs the reducer action of the same name on its tab', () => {
    const state = visited('/a');
    const tab = findTab(state, '/a')!;
    for (const command of TAB_COMMANDS) {
      expect(command.perform(tab)).toEqual({ type: command.id, fullPath: '/a' });
    }
  });

  it('performing 关闭右侧 through its command closes the tabs to the right', () => {
    const state = visited('/a', '/b', '/c');
    const action = findTabCommand('closeRight')!.perform(findTab(state, '/a')!);
    expect(reduceTabs(state, action).state.tabs.map((t) => t.fullPath)).toEqual([HOME_PATH, '/a']);
  });
});
