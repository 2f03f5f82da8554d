import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ANNOUNCEMENT_PERMISSIONS, ANNOUNCEMENT_TEXT } from '@houtai/shared/contract/announcement';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { NoticeBannerAdminPage } from './notice-banner-admin-page.tsx';

beforeEach(() => {
  signInAs({ username: 'admin' }, [{ action: ANNOUNCEMENT_PERMISSIONS.noticeEdit, type: '2' }]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('通知横幅 administration', () => {
  it('shows the stored notice, refuses an empty text while on, and saves status and content', async () => {
    const calls = mockApi({
      'GET /sys/sysConfig/getByCode': () => ({ result: { status: '0', content: '' } }),
      'PUT /sys/sysConfig/editNotice': () => ({ message: ANNOUNCEMENT_TEXT.noticeSaved }),
    });
    renderInShell(<NoticeBannerAdminPage />);
    expect(await screen.findByText('横幅已关闭，用户看不到通知')).toBeTruthy();
    fireEvent.click(screen.getByTestId('notice-banner-switch'));
    fireEvent.click(screen.getByTestId('notice-banner-save'));
    expect(await screen.findByText(ANNOUNCEMENT_TEXT.noticeContentRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByTestId('notice-banner-content'), { target: { value: '今晚 22:00 升级维护' } });
    await waitFor(() => expect(screen.getByTestId('notice-banner-preview').textContent).toBe('今晚 22:00 升级维护'));
    fireEvent.click(screen.getByTestId('notice-banner-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: '1', content: '今晚 22:00 升级维护' }),
    );
    expect(await screen.findByText(ANNOUNCEMENT_TEXT.noticeSaved)).toBeTruthy();
  });

  it('says so when the setting cannot be loaded, and loads again on 重试', async () => {
    let fail = true;
    mockApi({
      'GET /sys/sysConfig/getByCode': () =>
        fail ? { success: false, message: '加载出错' } : { result: { status: '1', content: '维护通知' } },
    });
    renderInShell(<NoticeBannerAdminPage />);
    expect(await screen.findByText('通知横幅加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getByTestId('notice-banner-preview').textContent).toBe('维护通知'));
  });

  it('is read-only without the edit code', async () => {
    signInAs({ username: 'viewer' }, []);
    mockApi({ 'GET /sys/sysConfig/getByCode': () => ({ result: { status: '1', content: '维护通知' } }) });
    renderInShell(<NoticeBannerAdminPage />);
    expect(await screen.findByText('您没有编辑通知横幅的权限')).toBeTruthy();
    expect(screen.getByTestId<HTMLTextAreaElement>('notice-banner-content').disabled).toBe(true);
  });
});
