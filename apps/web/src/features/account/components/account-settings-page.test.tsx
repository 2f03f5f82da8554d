import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useSessionStore } from '../../../lib/session-store.ts';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { AccountSettingsPage } from './account-settings-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
  window.localStorage.clear();
});

const field = (label: string) => screen.getByLabelText(label);
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('account settings', () => {
  it('checks phone and e-mail with the §5 rules and sends nothing while they are wrong', async () => {
    signInAs({ realname: '张三', phone: '13800000001', email: 'zhangsan@example.com' });
    const calls = mockApi({});
    renderInShell(<AccountSettingsPage />);
    fireEvent.change(field('手机号'), { target: { value: '12800000001' } });
    fireEvent.change(field('邮箱'), { target: { value: 'not-an-email' } });
    save();
    expect(await screen.findByText('请输入正确手机号')).toBeTruthy();
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('lets phone and e-mail be cleared (neither is required) and stores the server’s answer', async () => {
    signInAs({ realname: '张三', nickname: '三哥', phone: '13800000001', email: 'zhangsan@example.com' });
    const calls = mockApi({
      'PUT /sys/user/editSelf': (body) => ({
        message: '保存成功！',
        result: { userInfo: { ...useSessionStore.getState().userInfo, ...(body as object), phone: null, email: null } },
      }),
    });
    renderInShell(<AccountSettingsPage />);
    fireEvent.change(field('手机号'), { target: { value: '' } });
    fireEvent.change(field('邮箱'), { target: { value: '' } });
    save();
    expect(await screen.findByText('保存成功！')).toBeTruthy();
    expect(screen.queryByText('请输入手机号')).toBeNull();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/sys/user/editSelf',
        body: { avatar: '', realname: '张三', nickname: '三哥', email: '', phone: '' },
      },
    ]);
    expect(useSessionStore.getState().userInfo).toMatchObject({ phone: null, email: null, nickname: '三哥' });
  });

  it('shows the avatar with the user’s initial when there is no picture', () => {
    signInAs({ realname: '李四', avatar: null });
    renderInShell(<AccountSettingsPage />);
    expect(screen.getByTestId('account-settings-avatar').textContent).toContain('李');
    expect(screen.getByTestId('profile-avatar').textContent).toBe('李');
  });

  it('uploads a new avatar to the avatar folder and saves its path with the form', async () => {
    signInAs({ realname: '李四', avatar: null });
    const calls = mockApi({
      'POST /sys/common/upload': () => ({ message: 'avatar/20261122/0d8a1c52-aaaa-bbbb-cccc-123456789abc.png' }),
      'PUT /sys/user/editSelf': (body) => ({
        message: '保存成功！',
        result: { userInfo: { ...useSessionStore.getState().userInfo, ...(body as object) } },
      }),
    });
    renderInShell(<AccountSettingsPage />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('上传成功')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/sys/common/upload' });
    save();
    expect(await screen.findByText('保存成功！')).toBeTruthy();
    expect(calls[1]).toMatchObject({
      path: '/sys/user/editSelf',
      body: { avatar: 'avatar/20261122/0d8a1c52-aaaa-bbbb-cccc-123456789abc.png' },
    });
  });

  it('refuses a file that is no image with 请上传图片 and sends nothing', async () => {
    signInAs({ realname: '李四' });
    const calls = mockApi({});
    renderInShell(<AccountSettingsPage />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
