import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '../../../lib/session-store.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
}

beforeEach(() => signInAs({ username: 'zhangsan' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('修改密码 dialog', () => {
  it('is titled 修改密码 and asks for every field when submitted empty, without calling the server', async () => {
    const calls = mockApi({});
    renderInShell(<ChangePasswordDialog open onClose={vi.fn()} />);
    expect(screen.getByText('修改密码')).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ant-modal')?.style.width).toBe('800px');
    submit();
    expect(await screen.findByText('请输入旧密码!')).toBeTruthy();
    expect(await screen.findByText('请输入新密码!')).toBeTruthy();
    expect(await screen.findByText('请确认新密码!')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('rejects a one-kind new password and a confirmation that differs', async () => {
    const calls = mockApi({});
    renderInShell(<ChangePasswordDialog open onClose={vi.fn()} />);
    fill('旧密码', 'old-pass-1');
    fill('新密码', 'abcdefgh');
    fill('确认新密码', 'abcdefgX');
    submit();
    expect(await screen.findByText('密码必须由6位以上数字、字母、特殊字符的任意两种组合!')).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一样！')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends {username, oldpassword, password, confirmpassword}, shows the server message and closes', async () => {
    const calls = mockApi({ 'PUT /sys/user/updatePassword': () => ({ message: '密码重置成功!' }) });
    const onClose = vi.fn();
    renderInShell(<ChangePasswordDialog open onClose={onClose} />);
    fill('旧密码', 'old-pass-1');
    fill('新密码', 'New_pass-2');
    fill('确认新密码', 'New_pass-2');
    submit();
    expect(await screen.findByText('密码重置成功!')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/sys/user/updatePassword',
        body: {
          username: 'zhangsan',
          oldpassword: 'old-pass-1',
          password: 'New_pass-2',
          confirmpassword: 'New_pass-2',
        },
      },
    ]);
  });

  it("shows the server's refusal and stays open", async () => {
    mockApi({ 'PUT /sys/user/updatePassword': () => ({ success: false, message: '旧密码输入错误!' }) });
    const onClose = vi.fn();
    renderInShell(<ChangePasswordDialog open onClose={onClose} />);
    fill('旧密码', 'wrong-pass-1');
    fill('新密码', 'New_pass-2');
    fill('确认新密码', 'New_pass-2');
    submit();
    expect(await screen.findByText('旧密码输入错误!')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('旧密码')).toBeTruthy();
  });

  it('warns 当前系统无登录用户! instead of opening without a signed-in user', async () => {
    useSessionStore.getState().clear();
    const onClose = vi.fn();
    renderInShell(<ChangePasswordDialog open onClose={onClose} />);
    expect(await screen.findByText('当前系统无登录用户!')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByLabelText('旧密码')).toBeNull();
  });
});

describe('a password an administrator reset', () => {
  it('keeps 修改密码 open until a new one is saved, then clears the flag; 退出登录 instead of 取消', async () => {
    const { ForcedPasswordChange } = await import('./forced-password-change.tsx');
    const userInfo = useSessionStore.getState().userInfo!;
    useSessionStore.getState().setUserInfo({ ...userInfo, mustChangePassword: true });
    const calls = mockApi({ 'PUT /sys/user/updatePassword': () => ({ message: '密码重置成功!' }) });
    renderInShell(<ForcedPasswordChange />);
    expect(await screen.findByText('管理员已重置您的密码，请先修改密码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('button', { name: /退出登录/ })).toBeTruthy();
    // Escape does not dismiss it.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.getByTestId('change-password-dialog')).toBeTruthy();

    fill('旧密码', 'Reset_123');
    fill('新密码', 'Picked_456');
    fill('确认新密码', 'Picked_456');
    submit();
    await waitFor(() => expect(useSessionStore.getState().userInfo?.mustChangePassword).toBe(false));
    expect(calls.map((c) => c.path)).toEqual(['/sys/user/updatePassword']);
  });
});
