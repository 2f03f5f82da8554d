import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OnlineUser } from '@houtai/shared/contract/auth';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { clientText, OnlineUsersPage } from './online-users-page.tsx';

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
const viewport = (width: number, height: number) =>
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const session = (id: string, over: Partial<OnlineUser> = {}): OnlineUser => ({
  id,
  token: `${id}.mac`,
  current: false,
  username: `user${id}`,
  realname: `用户${id}`,
  avatar: null,
  loginTime: '2026-11-22 08:00:00',
  lastSeenTime: '2026-11-22 09:30:00',
  ip: '10.0.0.9',
  loginType: 'password',
  userAgent: CHROME,
  sex: null,
  birthday: null,
  phone: null,
  ...over,
});

const rowOf = (id: string) =>
  waitFor(() => {
    const row = document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`);
    if (!row) throw new Error(`no row ${id}`);
    return row;
  });

const FORCE = [
  { action: 'system:online:list', type: '2' as const },
  { action: 'system:online:forceLogout', type: '2' as const },
];

beforeEach(() => viewport(1440, 900));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('在线用户', () => {
  it('lists sessions with their client and marks the caller’s own, which cannot be forced out', async () => {
    signInAs({ username: 'admin' }, FORCE);
    mockApi({
      'GET /sys/online/list': () => ({
        result: { records: [session('s1', { current: true, username: 'admin' }), session('s2')], total: 2 },
      }),
    });
    renderInShell(<OnlineUsersPage />);
    const mine = await rowOf('s1');
    const other = await rowOf('s2');
    expect(within(mine).getByTestId('online-current').textContent).toBe('当前会话');
    expect(within(mine).queryByText('强制退出')).toBeNull();
    expect(within(other).getByText('用户s2')).toBeTruthy();
    expect(within(other).getByText('Chrome 120 / Windows')).toBeTruthy();
    expect(within(other).getByText('2026-11-22 09:30:00')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['用户账号', '姓名', 'IP', '登录时间', '最后活动', '客户端']));
  });

  it('forces a session out after the confirm, sending its handle, and reloads', async () => {
    signInAs({ username: 'admin' }, FORCE);
    let records = [session('s2')];
    const calls = mockApi({
      'GET /sys/online/list': () => ({ result: { records, total: records.length } }),
      'POST /sys/online/forceLogout': () => {
        records = [];
        return { message: '强制退出成功' };
      },
    });
    renderInShell(<OnlineUsersPage />);
    fireEvent.click(await screen.findByTestId('online-kick-s2'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/online/forceLogout')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/online/forceLogout')!.body).toEqual({ token: 's2.mac' });
    expect(await screen.findByText('暂无在线用户')).toBeTruthy();
    expect(await screen.findByText('强制退出成功')).toBeTruthy();
  });

  it('filters by account and reloads on 刷新', async () => {
    signInAs({ username: 'admin' }, FORCE);
    mockApi({ 'GET /sys/online/list': () => ({ result: { records: [session('s2')], total: 1 } }) });
    renderInShell(<OnlineUsersPage />);
    await rowOf('s2');
    fireEvent.change(screen.getByRole('textbox', { name: '用户账号' }), { target: { value: 'zhang' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    const queries = () =>
      (globalThis.fetch as Mock<(url: string) => Promise<Response>>).mock.calls.map(
        ([url]) => new URL(url, 'http://localhost').searchParams,
      );
    await waitFor(() => expect(queries().at(-1)!.get('username')).toBe('zhang'));
    const before = queries().length;
    fireEvent.click(screen.getByTestId('online-reload'));
    await waitFor(() => expect(queries().length).toBe(before + 1));
  });

  it('hides 强制退出 without system:online:forceLogout; shows cards on a phone', async () => {
    signInAs({ username: 'viewer' }, [{ action: 'system:online:list', type: '2' }]);
    mockApi({ 'GET /sys/online/list': () => ({ result: { records: [session('s2')], total: 1 } }) });
    viewport(375, 812);
    renderInShell(<OnlineUsersPage />);
    const card = await screen.findByTestId('online-card');
    expect(within(card).getByText('users2')).toBeTruthy();
    expect(screen.queryByText('强制退出')).toBeNull();
  });

  it('names the client in words', () => {
    expect(clientText(null)).toBe('-');
    expect(clientText('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1')).toBe(
      'Safari 17 / iOS',
    );
    expect(clientText('curl/8.0')).toBe('curl/8.0');
  });
});
