import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { UserInfo } from '@houtai/shared/contract/user';
import { useSessionStore } from '../../../lib/session-store.ts';
import { saveSettlementAccounts } from '../../../lib/settlement-accounts.ts';
import { envelope, mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { AccountCenterPage } from './account-center-page.tsx';

const KEPT: Partial<UserInfo> = {
  username: 'zhangsan',
  realname: '张三',
  nickname: null,
  workNo: 'W0001',
  orgCode: 'A03A01',
  orgCodeTxt: '研发一部',
  email: 'zhangsan@example.com',
  phone: '13800000001',
  accountId: 's2',
  avatar: null,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const text = (key: string) => screen.getByTestId(`account-center-${key}`).textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
  window.localStorage.clear();
});

describe('personal centre', () => {
  it('shows the kept info at once, then the server’s, with the phone masked and the organisation by name', async () => {
    signInAs(KEPT);
    saveSettlementAccounts([
      { id: 's1', settlement_org_id: 'S01', settlement_org_name: '华东结算中心' },
      { id: 's2', settlement_org_id: 'S02', settlement_org_name: '华南结算中心' },
    ]);
    // The server answers only when the test says so: first the kept info is shown.
    let answer!: (result: unknown) => void;
    const fresh = new Promise<unknown>((resolve) => (answer = resolve));
    const fetchMock = vi.fn(async () => envelope({ result: await fresh }));
    vi.stubGlobal('fetch', fetchMock);
    renderInShell(<AccountCenterPage />);

    expect(screen.getByTestId('account-center-page').getAttribute('data-state')).toBe('refreshing');
    expect(screen.getByTestId('account-center-name').textContent).toBe('张三');
    expect(screen.getByTestId('profile-avatar').textContent).toBe('张');
    expect(text('nickname')).toBe('未填写');
    expect(text('phone')).toBe('138****0001');
    expect(text('depart')).toBe('研发一部');
    expect(text('settlementOrg')).toBe('华南结算中心');

    answer({ userInfo: { ...KEPT, nickname: '三哥', phone: '13900000002', version: 3 }, sysAllDictItems: {} });
    await waitFor(() => expect(screen.getByTestId('account-center-page').getAttribute('data-state')).toBe('fresh'));

    expect(text('nickname')).toBe('三哥');
    expect(text('phone')).toBe('139****0002');
    expect(text('username')).toBe('zhangsan');
    expect(text('workNo')).toBe('W0001');
    expect(text('email')).toBe('zhangsan@example.com');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([expect.stringContaining('/sys/user/getUserInfo'), expect.anything()]);
  });

  it('opens 账户设置 at /account/settings/base', async () => {
    signInAs(KEPT);
    mockApi({ 'GET /sys/user/getUserInfo': () => ({ result: { userInfo: KEPT, sysAllDictItems: {} } }) });
    renderInShell(
      <>
        <AccountCenterPage />
        <Where />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: /账户设置/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account/settings/base'));
  });

  it('keeps the kept info with a warning when the server fails, and retries on 重试', async () => {
    signInAs(KEPT);
    let fail = true;
    const calls = mockApi({
      'GET /sys/user/getUserInfo': () =>
        fail
          ? { success: false, message: '服务器开小差了' }
          : { result: { userInfo: { ...KEPT, realname: '张三丰' }, sysAllDictItems: {} } },
    });
    renderInShell(<AccountCenterPage />);
    expect(await screen.findByTestId('account-center-stale')).toBeTruthy();
    expect(screen.getByTestId('account-center-page').getAttribute('data-state')).toBe('stale');
    expect(screen.getByTestId('account-center-name').textContent).toBe('张三');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getByTestId('account-center-name').textContent).toBe('张三丰'));
    expect(screen.queryByTestId('account-center-stale')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('without kept info shows a skeleton while loading and an error with 重试 when loading fails', async () => {
    mockApi({ 'GET /sys/user/getUserInfo': () => ({ success: false, message: '服务器开小差了' }) });
    renderInShell(<AccountCenterPage />);
    expect(screen.getByTestId('account-center-page').getAttribute('data-state')).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('account-center-page').getAttribute('data-state')).toBe('error'));
    expect(screen.getByText('获取个人信息失败')).toBeTruthy();
    expect(screen.getByText('服务器开小差了')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy();
  });
});
