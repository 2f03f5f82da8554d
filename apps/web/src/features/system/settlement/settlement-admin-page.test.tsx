import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { SETTLEMENT_TEXT, type SettlementRecord } from '@houtai/shared/contract/admin-settlement';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { SettlementAdminPage } from './settlement-admin-page.tsx';

const ALL = Object.values(ADMIN_PERMISSIONS.settlement).map((action) => ({ action, type: '2' as const }));

const org = (id: string, code: string, name: string, userCount: number, ledgerCount: number): SettlementRecord => ({
  id,
  code,
  name,
  status: '1',
  status_dictText: '启用',
  sortOrder: 1,
  userCount,
  ledgerCount,
  createBy: 'admin',
  createTime: '2026-11-20 10:00:00',
  updateBy: null,
  updateTime: null,
  version: 4,
});
const ROWS = [org('o1', 'SO001', '上海后台贸易有限公司', 3, 2), org('o2', 'SO002', '杭州后台物流有限公司', 0, 0)];
const listRoute = () => ({ result: { records: ROWS, total: 2 } });

const user = (id: string, username: string, realname: string): PickerUser =>
  ({
    id,
    username,
    realname,
    workNo: null,
    sex: 1,
    sex_dictText: '男',
    orgCode: 'A01',
    orgCodeTxt: '总部',
    departIds: null,
    departIds_dictText: null,
    post: null,
    post_dictText: null,
    status: 1,
    status_dictText: '正常',
  }) as PickerUser;

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

describe('结算组织', () => {
  it('lists the organisations with status and counts', async () => {
    mockApi({ 'GET /sys/settlementOrg/list': listRoute });
    renderInShell(<SettlementAdminPage />);
    const row = (await screen.findByText('上海后台贸易有限公司')).closest('tr')!;
    expect(within(row).getByText('SO001')).toBeTruthy();
    expect(within(row).getByText('启用')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['名称', '编码', '状态', '用户数', '操作']));
  });

  it('the add form refuses a bad code with the shared message and sends nothing', async () => {
    const calls = mockApi({ 'GET /sys/settlementOrg/list': listRoute });
    renderInShell(<SettlementAdminPage />);
    await screen.findByText('上海后台贸易有限公司');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('settlement-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '广州' } });
    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: "x' or 1=1" } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(SETTLEMENT_TEXT.codeFormat)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves a new organisation with Enter and reloads the list', async () => {
    const calls = mockApi({
      'GET /sys/settlementOrg/list': listRoute,
      'POST /sys/settlementOrg/add': () => ({ message: '添加成功！', result: org('o3', 'SO009', '广州', 0, 0) }),
    });
    renderInShell(<SettlementAdminPage />);
    await screen.findByText('上海后台贸易有限公司');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('settlement-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '广州后台' } });
    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'SO009' } });
    fireEvent.submit(within(dialog).getByLabelText('编码').closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/settlementOrg/add')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/settlementOrg/add')!.body).toEqual({
      name: '广州后台',
      code: 'SO009',
      status: '1',
      sortOrder: 0,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/settlementOrg/list')).toHaveLength(2));
  });

  it('edits with the version', async () => {
    const calls = mockApi({
      'GET /sys/settlementOrg/list': listRoute,
      'GET /sys/settlementOrg/queryById': () => ({ result: ROWS[1] }),
      'PUT /sys/settlementOrg/edit': () => ({ message: '修改成功!' }),
    });
    renderInShell(<SettlementAdminPage />);
    await screen.findByText('杭州后台物流有限公司');
    fireEvent.click(screen.getByTestId('settlement-edit-o2'));
    const dialog = await screen.findByTestId('settlement-form-dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLInputElement>('名称').value).toBe('杭州后台物流有限公司'),
    );
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '杭州物流' } });
    fireEvent.submit(within(dialog).getByLabelText('名称').closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/settlementOrg/edit')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/settlementOrg/edit')!.body).toEqual({
      id: 'o2',
      name: '杭州物流',
      code: 'SO002',
      status: '1',
      sortOrder: 1,
      version: 4,
    });
  });

  it('删除 shows the server’s reason while users are linked', async () => {
    const reason = SETTLEMENT_TEXT.hasUsers('上海后台贸易有限公司', 3);
    const calls = mockApi({
      'GET /sys/settlementOrg/list': listRoute,
      'DELETE /sys/settlementOrg/delete': () => ({ success: false, message: reason }),
    });
    renderInShell(<SettlementAdminPage />);
    await screen.findByText('上海后台贸易有限公司');
    fireEvent.click(screen.getByTestId('settlement-delete-o1'));
    fireEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/settlementOrg/delete')).toBe(true));
    expect(await screen.findByText(reason)).toBeTruthy();
  });

  it('用户 lists the organisation’s users, adds with the picker and removes one', async () => {
    let members = [user('u1', 'zhangsan', '张三')];
    const calls = mockApi({
      'GET /sys/settlementOrg/list': listRoute,
      'GET /sys/settlementOrg/users': () => ({ result: { records: members, total: members.length } }),
      'GET /sys/user/list': () => ({ result: { records: [user('u9', 'lisi', '李四')], total: 1 } }),
      'POST /sys/settlementOrg/addUsers': () => {
        members = [...members, user('u9', 'lisi', '李四')];
        return { message: '添加成功！' };
      },
      'DELETE /sys/settlementOrg/removeUsers': () => {
        members = members.filter((m) => m.id !== 'u1');
        return { message: '删除成功!' };
      },
    });
    const urls = recordUrls();
    renderInShell(<SettlementAdminPage />);
    await screen.findByText('上海后台贸易有限公司');
    fireEvent.click(screen.getByTestId('settlement-users-o1'));
    const drawer = await screen.findByTestId('settlement-users-drawer');
    expect(await within(drawer).findByText('张三')).toBeTruthy();
    expect(queryOf(urls, '/sys/settlementOrg/users')[0]!.get('settlementOrgId')).toBe('o1');

    fireEvent.click(within(drawer).getByRole('button', { name: /添加用户/ }));
    const picker = await screen.findByTestId('settlement-users-picker');
    fireEvent.click(await within(picker).findByText('李四'));
    fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/settlementOrg/addUsers')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/settlementOrg/addUsers')!.body).toEqual({
      settlementOrgId: 'o1',
      userIds: ['u9'],
    });
    expect(await within(drawer).findByText('李四')).toBeTruthy();

    fireEvent.click(within(drawer).getByTestId('settlement-users-remove-u1'));
    const confirm = (await screen.findByText('确定将该用户移出结算组织吗?')).closest('.ant-popover')!;
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/settlementOrg/removeUsers')).toBe(true));
    const q = queryOf(urls, '/sys/settlementOrg/removeUsers')[0]!;
    expect(q.get('settlementOrgId')).toBe('o1');
    expect(q.get('userIds')).toBe('u1');
    await waitFor(() => expect(within(drawer).queryByText('张三')).toBeNull());
  });

  it('hides 新增, 编辑, 删除 and the users’ writes without the edit code', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.settlement.list, type: '2' as const }]);
    mockApi({
      'GET /sys/settlementOrg/list': listRoute,
      'GET /sys/settlementOrg/users': () => ({ result: { records: [user('u1', 'zhangsan', '张三')], total: 1 } }),
    });
    renderInShell(<SettlementAdminPage />);
    await screen.findByText('上海后台贸易有限公司');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByTestId('settlement-edit-o1')).toBeNull();
    expect(screen.queryByTestId('settlement-delete-o1')).toBeNull();
    fireEvent.click(screen.getByTestId('settlement-users-o1'));
    const drawer = await screen.findByTestId('settlement-users-drawer');
    await within(drawer).findByText('张三');
    expect(within(drawer).queryByRole('button', { name: /添加用户/ })).toBeNull();
    expect(within(drawer).queryByTestId('settlement-users-remove-u1')).toBeNull();
  });

  it('shows cards on a phone', async () => {
    viewport(375, 812);
    mockApi({ 'GET /sys/settlementOrg/list': listRoute });
    renderInShell(<SettlementAdminPage />);
    expect((await screen.findAllByTestId('settlement-card')).length).toBe(2);
  });
});
