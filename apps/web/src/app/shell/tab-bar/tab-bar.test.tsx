import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HOME_PATH } from '@houtai/shared/constants';
import { renderInShell } from '../../../testing/render.tsx';
import type { TabEffect } from '../tabs/tab-model.ts';
import { tabsStore } from '../tabs/tabs-store.ts';
import { TabBar } from './tab-bar.tsx';

function visit(fullPath: string, title: string) {
  tabsStore.getState().visit({
    name: fullPath.slice(1),
    path: fullPath,
    fullPath,
    meta: { title, keepAlive: true, componentName: fullPath },
  });
}

const paths = () => tabsStore.getState().model.tabs.map((t) => t.fullPath);

beforeEach(() => {
  tabsStore.getState().bindUser(null);
  visit('/account/center', '个人中心');
  visit('/account/settings/base', '个人设置');
});

afterEach(() => {
  cleanup();
  tabsStore.getState().bindUser(null);
});

describe('tab bar (accessibility)', () => {
  it('holds only tabs in its tablist: the close mark is inside the tab and hidden from assistive technology', () => {
    renderInShell(<TabBar />);
    const tablist = screen.getByRole('tablist');
    expect(within(tablist).queryAllByRole('button')).toHaveLength(0);
    expect(document.querySelectorAll('.ant-tabs-tab-remove')).toHaveLength(0);
    const tab = screen.getByRole('tab', { name: '个人中心' });
    const close = within(tab).getByTestId('tab-close');
    expect(close.getAttribute('aria-hidden')).toBe('true');
    // Home has none.
    expect(within(screen.getByRole('tab', { name: '首页' })).queryByTestId('tab-close')).toBeNull();
  });

  it('closes a tab with its close mark', () => {
    renderInShell(<TabBar />);
    fireEvent.click(within(screen.getByRole('tab', { name: '个人中心' })).getByTestId('tab-close'));
    expect(paths()).toEqual([HOME_PATH, '/account/settings/base']);
  });

  it('closes the focused tab with Delete or Backspace, never home', async () => {
    renderInShell(<TabBar />);
    fireEvent.keyDown(screen.getByRole('tab', { name: '个人设置' }), { key: 'Delete' });
    expect(paths()).toEqual([HOME_PATH, '/account/center']);
    fireEvent.keyDown(screen.getByRole('tab', { name: '个人中心' }), { key: 'Backspace' });
    expect(paths()).toEqual([HOME_PATH]);
    // Home stays (the store warns 首页不能关闭!, shown by the shell).
    const effects: TabEffect[] = [];
    const unsubscribe = tabsStore.subscribeEffects((e) => effects.push(e));
    fireEvent.keyDown(screen.getByRole('tab', { name: '首页' }), { key: 'Delete' });
    unsubscribe();
    expect(effects).toEqual([{ type: 'warn', text: '首页不能关闭!' }]);
    await waitFor(() => expect(paths()).toEqual([HOME_PATH]));
  });
});
