import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { ANNOUNCEMENT_TEXT } from '@houtai/shared/contract/announcement';
import { SYS_CONFIG_DEFS, type SysConfigRecord } from '@houtai/shared/contract/sys-config';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { ConfigAdminPage } from './config-admin-page.tsx';

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
const viewport = (width: number, height: number) =>
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });

const def = SYS_CONFIG_DEFS[0]!;
const notice = (value: Record<string, unknown>): SysConfigRecord => ({
  code: def.code,
  name: def.name,
  description: def.description,
  fields: [...def.fields],
  value,
  updateBy: 'admin',
  updateTime: '2026-11-22 08:00:00',
});

const ALL = Object.values(ADMIN_PERMISSIONS.config).map((action) => ({ action, type: '2' as const }));

beforeEach(() => viewport(1440, 900));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openEditor() {
  fireEvent.click(await screen.findByTestId(`config-edit-${def.code}`));
  return screen.findByTestId('config-form-dialog');
}

describe('系统配置', () => {
  it('lists the settings with their values in words', async () => {
    signInAs({ username: 'admin' }, ALL);
    mockApi({
      'GET /sys/sysConfig/list': () => ({
        result: { records: [notice({ status: '1', content: '今晚维护' })], total: 1 },
      }),
    });
    renderInShell(<ConfigAdminPage />);
    const value = await screen.findByTestId(`config-value-${def.code}`);
    expect(within(value).getByText('开启')).toBeTruthy();
    expect(within(value).getByText('今晚维护')).toBeTruthy();
    expect(screen.getByText('系统通知横幅')).toBeTruthy();
  });

  it('refuses a banner switched on without text, with the shared message, sending nothing', async () => {
    signInAs({ username: 'admin' }, ALL);
    const calls = mockApi({
      'GET /sys/sysConfig/list': () => ({ result: { records: [notice({ status: '0', content: '' })], total: 1 } }),
      'PUT /sys/sysConfig/edit': () => ({ message: '保存成功!' }),
    });
    renderInShell(<ConfigAdminPage />);
    const dialog = await openEditor();
    fireEvent.click(within(dialog).getByRole('switch', { name: '显示横幅' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(ANNOUNCEMENT_TEXT.noticeContentRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/sys/sysConfig/edit')).toBe(false);
  });

  it('saves with Enter: sends {code, value} and reloads the list', async () => {
    signInAs({ username: 'admin' }, ALL);
    let value: Record<string, unknown> = { status: '0', content: '' };
    const calls = mockApi({
      'GET /sys/sysConfig/list': () => ({ result: { records: [notice(value)], total: 1 } }),
      'PUT /sys/sysConfig/edit': (body) => {
        value = (body as { value: Record<string, unknown> }).value;
        return { message: '保存成功!' };
      },
    });
    renderInShell(<ConfigAdminPage />);
    const dialog = await openEditor();
    fireEvent.click(within(dialog).getByRole('switch', { name: '显示横幅' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '通知内容' }), { target: { value: '周日维护' } });
    fireEvent.submit(within(dialog).getByTestId('enter-submit').closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/sysConfig/edit')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/sysConfig/edit')!.body).toEqual({
      code: def.code,
      value: { status: '1', content: '周日维护' },
    });
    await waitFor(() => expect(screen.getByTestId(`config-value-${def.code}`).textContent).toContain('周日维护'));
    expect(calls.filter((c) => c.path === '/sys/sysConfig/list').length).toBeGreaterThanOrEqual(2);
  });

  it('hides 编辑 without system:config:edit; shows a card on a phone', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.config.list, type: '2' }]);
    mockApi({
      'GET /sys/sysConfig/list': () => ({ result: { records: [notice({ status: '1', content: 'x' })], total: 1 } }),
    });
    viewport(375, 812);
    renderInShell(<ConfigAdminPage />);
    expect(await screen.findByTestId('config-card')).toBeTruthy();
    expect(screen.queryByTestId(`config-edit-${def.code}`)).toBeNull();
  });

  it('shows a failed load with 重试', async () => {
    signInAs({ username: 'admin' }, ALL);
    mockApi({ 'GET /sys/sysConfig/list': () => ({ success: false, message: '数据库忙' }) });
    renderInShell(<ConfigAdminPage />);
    expect(await screen.findByText('系统配置加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy();
  });
});
