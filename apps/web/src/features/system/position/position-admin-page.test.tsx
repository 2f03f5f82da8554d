import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { POSITION_TEXT, type PositionRecord } from '@houtai/shared/contract/admin-position';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { PositionAdminPage } from './position-admin-page.tsx';

const ALL = Object.values(ADMIN_PERMISSIONS.position).map((action) => ({ action, type: '2' as const }));

const position = (id: string, code: string, name: string, postRank: string | null): PositionRecord => ({
  id,
  code,
  name,
  postRank,
  postRank_dictText: postRank === '5' ? '正高级' : postRank === '4' ? '副高级' : null,
  companyId: null,
  sysOrgCode: null,
  createBy: 'admin',
  createTime: '2026-11-20 10:00:00',
  updateBy: null,
  updateTime: null,
  version: 2,
});
const ROWS = [position('p1', 'general_manager', '总经理', '5'), position('p2', 'depart_manager', '部门经理', '4')];
const listRoute = () => ({ result: { records: ROWS, total: 2 } });

function recordUrls(): string[] {
  const urls: string[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    urls.push(url);
    return inner(url, init);
  });
  return urls;
}
const queryOf = (urls: string[], path: string) =>
  urls.filter((u) => u.includes(path)).map((u) => new URL(u, 'http://localhost').searchParams);

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}

beforeEach(() => {
  signInAs({ username: 'admin' }, ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
});

describe('职务管理', () => {
  it('lists the positions with their columns and searches by name', async () => {
    const calls = mockApi({ 'GET /sys/position/list': listRoute });
    const urls = recordUrls();
    renderInShell(<PositionAdminPage />);
    const gm = (await screen.findByText('总经理')).closest('tr')!;
    expect(within(gm).getByText('general_manager')).toBeTruthy();
    expect(within(gm).getByText('正高级')).toBeTruthy();
    expect(within(gm).getByText('2026-11-20 10:00:00')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['职务名称', '职务编码', '职级', '创建时间', '操作']));
    fireEvent.change(screen.getByLabelText('职务名称'), { target: { value: '经理' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/position/list')).toHaveLength(2));
    expect(queryOf(urls, '/sys/position/list').at(-1)!.get('name')).toBe('经理');
  });

  it('the add form refuses a bad code with the shared message and sends nothing', async () => {
    const calls = mockApi({ 'GET /sys/position/list': listRoute });
    renderInShell(<PositionAdminPage />);
    await screen.findByText('总经理');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('position-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('职务名称'), { target: { value: '主管' } });
    fireEvent.change(within(dialog).getByLabelText('职务编码'), { target: { value: 'a,b' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(POSITION_TEXT.codeFormat)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(calls.some((c) => c.path === '/sys/position/checkCode')).toBe(false);
  });

  it('checks the code on blur, saves a new position with Enter and reloads the list', async () => {
    let taken = true;
    const calls = mockApi({
      'GET /sys/position/list': listRoute,
      'GET /sys/position/checkCode': () =>
        taken ? { success: false, message: POSITION_TEXT.codeTaken } : { result: true },
      'POST /sys/position/add': () => ({ message: '添加成功！', result: position('p3', 'lead', '组长', null) }),
    });
    renderInShell(<PositionAdminPage />);
    await screen.findByText('总经理');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('position-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('职务名称'), { target: { value: '组长' } });
    const code = within(dialog).getByLabelText('职务编码');
    fireEvent.change(code, { target: { value: 'general_manager' } });
    fireEvent.blur(code);
    expect(await within(dialog).findByText(POSITION_TEXT.codeTaken)).toBeTruthy();
    taken = false;
    fireEvent.change(code, { target: { value: 'lead' } });
    fireEvent.submit(code.closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/position/add')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/position/add')!.body).toEqual({
      name: '组长',
      code: 'lead',
      postRank: null,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/position/list')).toHaveLength(2));
  });

  it('edits a position with its version', async () => {
    const calls = mockApi({
      'GET /sys/position/list': listRoute,
      'GET /sys/position/queryById': () => ({ result: ROWS[1] }),
      'PUT /sys/position/edit': () => ({ message: '修改成功!' }),
    });
    renderInShell(<PositionAdminPage />);
    await screen.findByText('部门经理');
    fireEvent.click(screen.getByTestId('position-edit-p2'));
    const dialog = await screen.findByTestId('position-form-dialog');
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>('职务名称').value).toBe('部门经理'));
    fireEvent.change(within(dialog).getByLabelText('职务名称'), { target: { value: '部门主管' } });
    fireEvent.submit(within(dialog).getByLabelText('职务名称').closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/position/edit')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/position/edit')!.body).toEqual({
      id: 'p2',
      name: '部门主管',
      code: 'depart_manager',
      postRank: '4',
      version: 2,
    });
  });

  it('删除 shows the server’s reason when users hold the position', async () => {
    const reason = POSITION_TEXT.inUse('总经理', 2);
    const calls = mockApi({
      'GET /sys/position/list': listRoute,
      'DELETE /sys/position/delete': () => ({ success: false, message: reason }),
    });
    renderInShell(<PositionAdminPage />);
    await screen.findByText('总经理');
    fireEvent.click(screen.getByTestId('position-delete-p1'));
    const confirm = (await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/position/delete')).toBe(true));
    expect(await screen.findByText(reason)).toBeTruthy();
  });

  it('hides 新增, 编辑 and 删除 without the edit code', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.position.list, type: '2' as const }]);
    mockApi({ 'GET /sys/position/list': listRoute });
    renderInShell(<PositionAdminPage />);
    await screen.findByText('总经理');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByTestId('position-edit-p1')).toBeNull();
    expect(screen.queryByTestId('position-delete-p1')).toBeNull();
  });

  it('shows cards on a phone', async () => {
    viewport(375, 812);
    mockApi({ 'GET /sys/position/list': listRoute });
    renderInShell(<PositionAdminPage />);
    expect((await screen.findAllByTestId('position-card')).length).toBe(2);
  });
});
