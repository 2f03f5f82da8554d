import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { loadDictItems, saveDictItems } from '../../../lib/dict/dict-cache.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { STORAGE_KEYS, localStore } from '../../../lib/storage.ts';
import { loadPage } from '../dialogs/reload-page.ts';
import { saveSettlementAccounts } from '../../../lib/settlement-accounts.ts';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { UserMenu } from './user-menu.tsx';

vi.mock('../dialogs/reload-page.ts', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function choose(key: string) {
  fireEvent.click(screen.getByTestId('user-menu'));
  fireEvent.click(await screen.findByTestId(`user-menu-${key}`));
}

beforeEach(() => signInAs({ username: 'zhangsan', realname: '张三' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(loadPage).mockClear();
  useSessionStore.getState().clear();
  window.localStorage.clear();
});

describe('user menu', () => {
  it('shows the real name and offers the eight entries in order', async () => {
    mockApi({});
    renderInShell(<UserMenu />);
    expect(screen.getByTestId('realname').textContent).toBe('张三');
    fireEvent.click(screen.getByTestId('user-menu'));
    await screen.findByTestId('user-menu-logout');
    const texts = [...document.querySelectorAll('[data-testid^="user-menu-"]')].map((e) => e.textContent);
    expect(texts).toEqual([
      '个人中心',
      '账户设置',
      '系统设置',
      '修改密码',
      '部门切换',
      '结算组织切换',
      '清除缓存',
      '退出登录',
    ]);
  });

  it('goes to /account/center and /account/settings/base', async () => {
    mockApi({});
    renderInShell(
      <>
        <UserMenu />
        <Where />
      </>,
    );
    await choose('account-center');
    expect(screen.getByTestId('where').textContent).toBe('/account/center');
    await choose('account-settings');
    expect(screen.getByTestId('where').textContent).toBe('/account/settings/base');
  });

  it('清除缓存: refreshes on the server, reloads every dictionary into the cache and says 刷新缓存完成！', async () => {
    saveDictItems({ old: [] });
    const calls = mockApi({
      'GET /sys/dict/refleshCache': () => ({ message: '操作成功' }),
      'GET /sys/dict/queryAllDictItems': () => ({
        result: { sex: [{ value: '1', text: '男', title: '男', label: '男' }] },
      }),
    });
    renderInShell(<UserMenu />);
    await choose('clear-cache');
    expect(await screen.findByText('刷新缓存完成！')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /sys/dict/refleshCache',
      'GET /sys/dict/queryAllDictItems',
    ]);
    expect(loadDictItems()).toEqual({ sex: [{ value: '1', text: '男', title: '男', label: '男' }] });
  });

  it('清除缓存 says 刷新缓存失败！ and keeps the old cache when the server refuses', async () => {
    saveDictItems({ old: [] });
    mockApi({ 'GET /sys/dict/refleshCache': () => ({ success: false, message: '失败' }) });
    renderInShell(<UserMenu />);
    await choose('clear-cache');
    expect(await screen.findByText('刷新缓存失败！')).toBeTruthy();
    expect(loadDictItems()).toEqual({ old: [] });
  });

  it('结算组织切换 warns 您尚未设置结算组织信息! when the login result had none', async () => {
    mockApi({});
    renderInShell(<UserMenu />);
    await choose('account');
    expect(await screen.findByText('您尚未设置结算组织信息!')).toBeTruthy();
    expect(document.querySelector('.ant-modal-title')).toBeNull();
  });

  it('结算组织切换 opens 结算组织选择 with the stored organisations', async () => {
    saveSettlementAccounts([{ id: 'SO001', settlement_org_id: 'SO001', settlement_org_name: '华东结算中心' }]);
    mockApi({});
    renderInShell(<UserMenu />);
    await choose('account');
    await waitFor(() => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('结算组织选择'));
  });

  it('退出登录 asks 真的要注销登录吗 ?, clears the session, tells the server and loads /user/login', async () => {
    saveDictItems({ sex: [] });
    localStore.set(STORAGE_KEYS.tenantId, '7');
    const calls = mockApi({ 'POST /sys/logout': () => ({ message: '退出登录成功！' }) });
    renderInShell(<UserMenu />);
    await choose('logout');
    // The modal module is loaded on first use.
    expect(await screen.findByText('真的要注销登录吗 ?', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/user/login'));
    expect(calls).toEqual([{ method: 'POST', path: '/sys/logout', body: undefined }]);
    expect(useSessionStore.getState()).toMatchObject({ token: null, userInfo: null, permissions: null });
    expect(localStore.get(STORAGE_KEYS.token)).toBeNull();
    expect(localStore.get(STORAGE_KEYS.tenantId)).toBeNull();
    expect(loadDictItems()).toBeNull();
  });

  it('退出登录 still signs out when the server call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderInShell(<UserMenu />);
    await choose('logout');
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }, { timeout: 10_000 }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/user/login'));
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('系统设置 opens the settings drawer', async () => {
    mockApi({});
    renderInShell(<UserMenu />);
    await choose('system-settings');
    expect(await screen.findByText('整体风格设置')).toBeTruthy();
  });

  it('opens from the keyboard: the trigger is a button, ArrowDown opens the menu and gives it focus', async () => {
    mockApi({});
    renderInShell(<UserMenu />);
    const trigger = screen.getByTestId('user-menu');
    // A native button: Enter and Space click it in a browser.
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    await screen.findByTestId('user-menu-password');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menu'));
  });

  it('Escape closes the open menu and focus goes back to the trigger', async () => {
    mockApi({});
    renderInShell(<UserMenu />);
    const trigger = screen.getByTestId('user-menu');
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menu'));
    fireEvent.keyDown(window, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(trigger);
  });
});
