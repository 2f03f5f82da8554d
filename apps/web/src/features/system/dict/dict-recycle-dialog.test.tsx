import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { DictRecord } from '@houtai/shared/contract/dict-admin';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { DictAdminPage } from './dict-admin-page.tsx';
import { DICT_RECYCLE_EMPTY, DictRecycleDialog, dictRecycleConfirmText } from './dict-recycle-dialog.tsx';

const ALL = Object.values(ADMIN_PERMISSIONS.dict).map((action) => ({ action, type: '2' as const }));

const deleted = (id: string, dictCode: string, dictName: string): DictRecord => ({
  id,
  dictCode,
  dictName,
  description: null,
  delFlag: 1,
  type: 0,
  createBy: 'admin',
  createTime: '2026-11-01 10:00:00',
  updateBy: 'admin',
  updateTime: '2026-11-20 11:15:00',
  version: 3,
});
const BIN = [deleted('d1', 'old_status', '旧状态'), deleted('d2', 'old_level', '旧级别')];

/** The methods and paths fetched (mockApi's records hold the same; this keeps the order of every call). */
function fetched(): string[] {
  return (fetch as unknown as Mock).mock.calls.map(
    ([url, init]) =>
      `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(url), 'http://localhost').pathname.replace(/^\/api/, '')}`,
  );
}

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <DictRecycleDialog
      open={open}
      onClose={() => {
        setOpen(false);
        onClose();
      }}
    />
  );
}

const dialog = () => screen.findByTestId('dict-recycle-dialog');
const confirmOk = async () => fireEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!);

beforeEach(() => {
  signInAs({ username: 'admin' }, ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('字典回收站', () => {
  it('lists the deleted dictionaries with who deleted them and when', async () => {
    mockApi({ 'GET /sys/dict/deleteList': () => ({ result: BIN }) });
    renderInShell(<Harness />);
    const first = (await screen.findByText('旧状态')).closest('tr')!;
    expect(within(first).getByText('old_status')).toBeTruthy();
    expect(within(first).getByText('admin')).toBeTruthy();
    expect(within(first).getByText('2026-11-20 11:15:00')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['字典名称', '字典编码', '删除人', '删除时间', '操作']));
    expect(screen.getByTestId('dict-recycle-restore').hasAttribute('disabled')).toBe(true);
  });

  it('restores the ticked dictionaries one call each after a confirm counting them, then reloads', async () => {
    const calls = mockApi({
      'GET /sys/dict/deleteList': () => ({ result: BIN }),
      'PUT /sys/dict/back/d1': () => ({ message: '还原成功!' }),
      'PUT /sys/dict/back/d2': () => ({ message: '还原成功!' }),
      'GET /sys/dict/queryAllDictItems': () => ({ result: {} }),
    });
    renderInShell(<Harness />);
    fireEvent.click(within((await screen.findByText('旧状态')).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(within(screen.getByText('旧级别').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: /还原（2）/ }));
    expect(await screen.findByText('确定要还原选中的 2 个字典吗?', {}, { timeout: 5000 })).toBeTruthy();
    await confirmOk();
    expect(await screen.findByText('还原成功!')).toBeTruthy();
    expect(fetched().filter((c) => c.startsWith('PUT'))).toEqual(['PUT /sys/dict/back/d1', 'PUT /sys/dict/back/d2']);
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/dict/deleteList')).toHaveLength(2));
    // This browser's dictionaries are read again: a restored dictionary is usable at once.
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/dict/queryAllDictItems')).toBe(true));
  }, 30_000);

  it('removes one dictionary for good after a confirm that names it and warns it is final', async () => {
    const calls = mockApi({
      'GET /sys/dict/deleteList': () => ({ result: BIN }),
      'DELETE /sys/dict/deletePhysic/d2': () => ({ message: '删除成功!' }),
    });
    renderInShell(<Harness />);
    fireEvent.click(await screen.findByTestId('dict-recycle-purge-d2'));
    expect(
      await screen.findByText('确定彻底删除字典「旧级别」吗?彻底删除后字典及其字典项无法恢复。', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await confirmOk();
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(fetched().filter((c) => c.startsWith('DELETE'))).toEqual(['DELETE /sys/dict/deletePhysic/d2']);
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/dict/deleteList')).toHaveLength(2));
  }, 30_000);

  it('stops at the first refusal, shows it, and reloads the bin', async () => {
    const calls = mockApi({
      'GET /sys/dict/deleteList': () => ({ result: BIN }),
      'PUT /sys/dict/back/d1': () => ({ success: false, message: '该字典未被删除' }),
      'PUT /sys/dict/back/d2': () => ({ message: '还原成功!' }),
    });
    renderInShell(<Harness />);
    fireEvent.click(within((await screen.findByText('旧状态')).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(within(screen.getByText('旧级别').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: /还原（2）/ }));
    await screen.findByText('确定要还原选中的 2 个字典吗?', {}, { timeout: 5000 });
    await confirmOk();
    expect(await screen.findByText('该字典未被删除')).toBeTruthy();
    expect(fetched().filter((c) => c.startsWith('PUT'))).toEqual(['PUT /sys/dict/back/d1']);
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/dict/deleteList')).toHaveLength(2));
  }, 30_000);

  it('says 回收站为空 when nothing is deleted, and shows a failed load with 重试', async () => {
    let fail = true;
    mockApi({
      'GET /sys/dict/deleteList': () => (fail ? { success: false, message: '服务暂不可用' } : { result: [] }),
    });
    renderInShell(<Harness />);
    const alert = await screen.findByTestId('dict-recycle-error');
    expect(within(alert).getByText('回收站加载失败')).toBeTruthy();
    expect(within(alert).getByText('服务暂不可用')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(DICT_RECYCLE_EMPTY)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('dict-recycle-error')).toBeNull());
  });

  it('closes with Escape and with 关闭', async () => {
    mockApi({ 'GET /sys/dict/deleteList': () => ({ result: BIN }) });
    const onClose = vi.fn();
    renderInShell(<Harness onClose={onClose} />);
    const d = await dialog();
    await screen.findByText('旧状态');
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
    mockApi({ 'GET /sys/dict/deleteList': () => ({ result: BIN }) });
    renderInShell(<Harness />);
    await screen.findByText('旧状态');
    // antd's zero-height measure row is hidden by global.css (not loaded here), as on every table of the app.
    const result = await axe.run(
      { include: [['.ant-modal']], exclude: [['.ant-table-measure-row']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } },
    );
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  }, 60_000);

  it('confirm texts name one dictionary or count them', () => {
    expect(dictRecycleConfirmText('restore', [{ dictName: '性别' }])).toBe('确定还原字典「性别」吗?');
    expect(dictRecycleConfirmText('purge', BIN)).toBe(
      '确定要彻底删除选中的 2 个字典吗?彻底删除后字典及其字典项无法恢复。',
    );
  });
});

describe('数据字典 回收站 button', () => {
  const listed = () => ({ result: { records: [], total: 0 } });

  it('opens the bin from the toolbar for a holder of the delete code', async () => {
    const calls = mockApi({ 'GET /sys/dict/list': listed, 'GET /sys/dict/deleteList': () => ({ result: BIN }) });
    renderInShell(<DictAdminPage />);
    fireEvent.click(await screen.findByTestId('dict-recycle-open'));
    expect(within(await dialog()).getByText('字典回收站')).toBeTruthy();
    await screen.findByText('旧状态');
    expect(calls.some((c) => c.path === '/sys/dict/deleteList')).toBe(true);
  });

  it('is not shown without the delete code', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.dict.list, type: '2' }]);
    mockApi({ 'GET /sys/dict/list': listed });
    renderInShell(<DictAdminPage />);
    await screen.findByText('暂无字典');
    expect(screen.queryByTestId('dict-recycle-open')).toBeNull();
  });
});
