import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { UserRecycleRecord } from '@houtai/shared/contract/admin-user-recycle';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { UserAdminPage } from './user-admin-page.tsx';
import { recycleConfirmText, USER_RECYCLE_EMPTY, UserRecycleDialog } from './user-recycle-dialog.tsx';

function binRow(id: string, username: string, realname: string, status = 1): UserRecycleRecord {
  return {
    id,
    username,
    realname,
    avatar: null,
    sex: 1,
    sex_dictText: '男',
    birthday: null,
    phone: null,
    email: null,
    workNo: null,
    post: null,
    status,
    status_dictText: status === 2 ? '冻结' : '正常',
    orgCode: '研发部',
    orgCodeTxt: '研发部',
    delFlag: 1,
    createBy: 'admin',
    createTime: '2026-11-01 08:00:00',
    updateBy: 'admin',
    updateTime: '2026-11-20 09:30:00',
  };
}

const BIN = [binRow('u1', 'zhangsan', '张三'), binRow('u2', 'lisi', '李四', 2)];
const binPage = (records: UserRecycleRecord[] = BIN) => ({
  result: { records, total: records.length, size: 10, current: 1, pages: 1 },
});
const ALL = Object.values(ADMIN_PERMISSIONS.user).map((action) => ({ action, type: '2' as const }));

/** The URLs fetched for `path`, with their query strings (mockApi records only the path). */
function urlsOf(method: string, path: string): URL[] {
  return (fetch as unknown as Mock).mock.calls
    .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname.replace(/^\/api/, '') === path);
}

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <UserRecycleDialog
      open={open}
      onClose={() => {
        setOpen(false);
        onClose();
      }}
    />
  );
}

const dialog = () => screen.findByTestId('user-recycle-dialog');
const confirmOk = async () => fireEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!);

beforeEach(() => {
  signInAs({ username: 'admin' }, ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('用户回收站', () => {
  it('lists the deleted accounts a page at a time with who deleted them and when', async () => {
    mockApi({ 'GET /sys/user/recycleBin': () => binPage() });
    renderInShell(<Harness />);
    const first = (await screen.findByText('zhangsan')).closest('tr')!;
    expect(within(first).getByText('张三')).toBeTruthy();
    expect(within(first).getByText('研发部')).toBeTruthy();
    expect(within(first).getByText('2026-11-20 09:30:00')).toBeTruthy();
    expect(within(screen.getByText('lisi').closest('tr')!).getByText('冻结')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['用户账号', '用户姓名', '删除人', '删除时间', '操作']));
    const q = urlsOf('GET', '/sys/user/recycleBin')[0]!.searchParams;
    expect(q.get('pageNo')).toBe('1');
    expect(q.get('pageSize')).toBe('10');
    // Nothing ticked: the batch buttons wait.
    expect(screen.getByTestId('user-recycle-restore').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('user-recycle-purge').hasAttribute('disabled')).toBe(true);
  });

  it('restores the ticked accounts in one call after a confirm counting them, then reloads', async () => {
    const calls = mockApi({
      'GET /sys/user/recycleBin': () => binPage(),
      'PUT /sys/user/putRecycleBin': () => ({ message: '还原成功' }),
    });
    renderInShell(<Harness />);
    const first = (await screen.findByText('zhangsan')).closest('tr')!;
    fireEvent.click(within(first).getByRole('checkbox'));
    fireEvent.click(within(screen.getByText('lisi').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: /还原（2）/ }));
    expect(await screen.findByText('确定要还原选中的 2 个用户吗?', {}, { timeout: 5000 })).toBeTruthy();
    await confirmOk();
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/user/putRecycleBin')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/user/putRecycleBin')!.body).toEqual({ userIds: 'u1,u2' });
    expect(await screen.findByText('还原成功')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/user/recycleBin')).toHaveLength(2));
  }, 30_000);

  it('removes one account for good after a confirm that names it and warns it is final', async () => {
    const calls = mockApi({
      'GET /sys/user/recycleBin': () => binPage(),
      'DELETE /sys/user/deleteRecycleBin': () => ({ message: '删除成功!' }),
    });
    renderInShell(<Harness />);
    fireEvent.click(await screen.findByTestId('user-recycle-purge-u2'));
    expect(
      await screen.findByText('确定彻底删除用户「李四」吗?彻底删除后无法恢复。', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await confirmOk();
    await waitFor(() => expect(urlsOf('DELETE', '/sys/user/deleteRecycleBin')).toHaveLength(1));
    expect(urlsOf('DELETE', '/sys/user/deleteRecycleBin')[0]!.searchParams.get('userIds')).toBe('u2');
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/user/recycleBin')).toHaveLength(2));
  }, 30_000);

  it('shows the server’s refusal as it is and keeps the bin as it was', async () => {
    const refusal = '用户「张三」的手机号已被其他用户使用，不能还原，请先修改该用户的手机号';
    const calls = mockApi({
      'GET /sys/user/recycleBin': () => binPage(),
      'PUT /sys/user/putRecycleBin': () => ({ success: false, message: refusal }),
    });
    renderInShell(<Harness />);
    fireEvent.click(await screen.findByTestId('user-recycle-restore-u1'));
    expect(await screen.findByText('确定还原用户「张三」吗?', {}, { timeout: 5000 })).toBeTruthy();
    await confirmOk();
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls.find((c) => c.path === '/sys/user/putRecycleBin')!.body).toEqual({ userIds: 'u1' });
    expect(screen.getByText('zhangsan')).toBeTruthy();
  }, 30_000);

  it('says 回收站为空 when nothing is deleted, and shows a failed load with 重试', async () => {
    let fail = true;
    mockApi({
      'GET /sys/user/recycleBin': () => (fail ? { success: false, message: '服务暂不可用' } : binPage([])),
    });
    renderInShell(<Harness />);
    const alert = await screen.findByTestId('user-recycle-error');
    expect(within(alert).getByText('回收站加载失败')).toBeTruthy();
    expect(within(alert).getByText('服务暂不可用')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(USER_RECYCLE_EMPTY)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('user-recycle-error')).toBeNull());
  });

  it('closes with Escape and with 关闭', async () => {
    mockApi({ 'GET /sys/user/recycleBin': () => binPage() });
    const onClose = vi.fn();
    renderInShell(<Harness onClose={onClose} />);
    const d = await dialog();
    await screen.findByText('zhangsan');
    fireEvent.keyDown(d.closest('.ant-modal-wrap') ?? d, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    cleanup();
    const onClose2 = vi.fn();
    renderInShell(<Harness onClose={onClose2} />);
    const footer = (await dialog()).querySelector<HTMLElement>('.ant-modal-footer')!;
    fireEvent.click(within(footer).getByRole('button', { name: /关\s*闭/ }));
    expect(onClose2).toHaveBeenCalledTimes(1);
  });

  it('has named buttons and checkboxes (axe wcag2a/aa, no colour)', async () => {
    const axe = (await import('axe-core')).default;
    mockApi({ 'GET /sys/user/recycleBin': () => binPage() });
    renderInShell(<Harness />);
    await screen.findByText('zhangsan');
    // antd's zero-height measure row is hidden by global.css (not loaded here), as on every table of the app.
    const result = await axe.run(
      { include: [['.ant-modal']], exclude: [['.ant-table-measure-row']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } },
    );
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  }, 60_000);

  it('confirm texts name one account or count them', () => {
    expect(recycleConfirmText('restore', [{ realname: '', username: 'wangwu' }])).toBe('确定还原用户「wangwu」吗?');
    expect(recycleConfirmText('purge', BIN)).toBe('确定要彻底删除选中的 2 个用户吗?彻底删除后无法恢复。');
  });
});

describe('用户管理 回收站 button', () => {
  const listed = () => ({ result: { records: [], total: 0 } });

  it('opens the bin from the toolbar for a holder of the delete code', async () => {
    const calls = mockApi({ 'GET /sys/user/list': listed, 'GET /sys/user/recycleBin': () => binPage() });
    renderInShell(<UserAdminPage />);
    fireEvent.click(await screen.findByTestId('user-recycle-open'));
    expect(within(await dialog()).getByText('用户回收站')).toBeTruthy();
    await screen.findByText('zhangsan');
    expect(calls.some((c) => c.path === '/sys/user/recycleBin')).toBe(true);
  });

  it('is not shown without the delete code', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.user.list, type: '2' }]);
    mockApi({ 'GET /sys/user/list': listed });
    renderInShell(<UserAdminPage />);
    await screen.findByText('暂无用户');
    expect(screen.queryByTestId('user-recycle-open')).toBeNull();
  });
});
