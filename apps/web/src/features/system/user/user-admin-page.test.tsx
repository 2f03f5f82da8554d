import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { TEXT } from '@houtai/shared/constants';
import { EMAIL, MOBILE, PASSWORDS_DIFFER } from '@houtai/shared/validation';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import type { UserListRecord } from './api/list-users.ts';
import { UserAdminPage } from './user-admin-page.tsx';

function row(id: string, username: string, realname: string, status = 1): UserListRecord {
  return {
    id,
    username,
    realname,
    workNo: null,
    sex: 1,
    sex_dictText: '男',
    orgCode: 'A01',
    orgCodeTxt: '研发部',
    departIds: 'd1',
    departIds_dictText: '研发部',
    post: null,
    post_dictText: null,
    status,
    status_dictText: { 1: '正常', 2: '冻结', 3: '离职' }[status] ?? null,
    createTime: '2026-11-20 08:00:00',
    phone: '13800138000',
    email: null,
    avatar: null,
  };
}

const ROWS = [row('a1', 'zhangsan', '张三'), row('a2', 'lisi', '李四', 2)];
const ALL = Object.values(ADMIN_PERMISSIONS.user).map((action) => ({ action, type: '2' as const }));

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}

/** The query strings of the calls to `path` (mockApi records only the path). */
function queriesOf(path: string): URLSearchParams[] {
  return (fetch as unknown as Mock).mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname.replace(/^\/api/, '') === path)
    .map((u) => u.searchParams);
}

const listed = () => ({ result: { records: ROWS, total: 2 } });

function type(label: string, value: string, within_: HTMLElement = document.body) {
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });
}

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
  return screen.findByTestId('user-form-dialog');
}

function fillValid(dialog: HTMLElement) {
  type('用户账号', 'wangwu', dialog);
  type('用户姓名', '王五', dialog);
  type('登录密码', 'abc123', dialog);
  type('确认密码', 'abc123', dialog);
  type('手机号', '13912345678', dialog);
}

const save = () => fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));

beforeEach(() => {
  signInAs({ username: 'admin' }, ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
});

describe('用户管理', () => {
  it('lists the users the server answers with their department and state', async () => {
    viewport(1440, 900);
    mockApi({ 'GET /sys/user/list': listed });
    renderInShell(<UserAdminPage />);
    const first = (await screen.findByText('zhangsan')).closest('tr')!;
    expect(within(first).getByText('张三')).toBeTruthy();
    expect(within(first).getByText('研发部')).toBeTruthy();
    expect(within(first).getByText('正常')).toBeTruthy();
    expect(within(screen.getByText('lisi').closest('tr')!).getByText('冻结')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['用户账号', '用户姓名', '头像', '性别', '手机号', '部门', '状态', '创建时间', '操作']),
    );
    expect(screen.getByText('1-2 共 2 条')).toBeTruthy();
  });

  it('sends the filters as the list call parameters', async () => {
    mockApi({ 'GET /sys/user/list': listed });
    renderInShell(<UserAdminPage />);
    await screen.findByText('zhangsan');
    type('用户账号', 'zhang');
    type('用户姓名', '张');
    fireEvent.mouseDown(screen.getByLabelText('状态'));
    fireEvent.click(await screen.findByTitle('冻结'));
    fireEvent.click(screen.getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(queriesOf('/sys/user/list')).toHaveLength(2));
    const q = queriesOf('/sys/user/list')[1]!;
    expect(q.get('username')).toBe('zhang');
    expect(q.get('realname')).toBe('张');
    expect(q.get('status')).toBe('2');
    expect(q.get('pageNo')).toBe('1');
  });

  it('shows one card per user on a phone, with no pinned column', async () => {
    viewport(375, 812);
    mockApi({ 'GET /sys/user/list': listed });
    renderInShell(<UserAdminPage />);
    const cards = await screen.findAllByTestId('user-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('张三')).toBeTruthy();
    expect(within(cards[0]!.closest('tr')!).getByText('编辑')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });

  it('the new-user form refuses a bad mobile and e-mail with the shared messages and sends nothing', async () => {
    const calls = mockApi({
      'GET /sys/user/list': listed,
      'GET /sys/user/checkOnlyUser': () => ({ result: true }),
    });
    renderInShell(<UserAdminPage />);
    const dialog = await openAdd();
    fillValid(dialog);
    type('手机号', '12345', dialog);
    type('邮箱', 'not-an-email', dialog);
    type('确认密码', 'abc124', dialog);
    save();
    expect(await within(dialog).findByText(MOBILE.message)).toBeTruthy();
    expect(within(dialog).getByText(EMAIL.message)).toBeTruthy();
    expect(within(dialog).getByText(PASSWORDS_DIFFER)).toBeTruthy();
    expect(calls.some((c) => c.path === '/sys/user/add')).toBe(false);
  }, 30_000);

  it('says the username is taken once the field is left, with the server message, and does not add', async () => {
    const calls = mockApi({
      'GET /sys/user/list': listed,
      'GET /sys/user/checkOnlyUser': () => ({ success: false, message: TEXT.usernameTaken }),
    });
    renderInShell(<UserAdminPage />);
    const dialog = await openAdd();
    fillValid(dialog);
    fireEvent.blur(within(dialog).getByLabelText('用户账号'));
    expect(await within(dialog).findByText(TEXT.usernameTaken)).toBeTruthy();
    expect(queriesOf('/sys/user/checkOnlyUser')[0]?.get('username')).toBe('wangwu');
    save();
    await waitFor(() => expect(queriesOf('/sys/user/checkOnlyUser').length).toBeGreaterThan(1));
    expect(calls.some((c) => c.path === '/sys/user/add')).toBe(false);
  }, 30_000);

  it('adds a user with the wire body and reloads the list', async () => {
    const calls = mockApi({
      'GET /sys/user/list': listed,
      'GET /sys/user/checkOnlyUser': () => ({ result: true }),
      'GET /sys/role/queryall': () => ({ result: [{ id: 'r1', roleName: '管理员', roleCode: 'admin' }] }),
      'POST /sys/user/add': () => ({ message: '添加成功！' }),
    });
    renderInShell(<UserAdminPage />);
    const dialog = await openAdd();
    fillValid(dialog);
    type('邮箱', 'wangwu@example.com', dialog);
    save();
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/user/add')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/user/add')!.body).toMatchObject({
      username: 'wangwu',
      realname: '王五',
      password: 'abc123',
      confirmpassword: 'abc123',
      phone: '13912345678',
      email: 'wangwu@example.com',
      userIdentity: 1,
      selectedroles: [],
      selecteddeparts: [],
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/user/list')).toHaveLength(2));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  }, 30_000);

  it('edits a user read by queryById, queryUserRole and userDepartList, sending its id and version', async () => {
    const calls = mockApi({
      'GET /sys/user/list': listed,
      'GET /sys/user/queryById': () => ({
        result: {
          ...row('a1', 'zhangsan', '张三'),
          nickname: null,
          birthday: '1990-01-02',
          telephone: null,
          userIdentity: 1,
          departIds: null,
          version: 3,
          selectedroles: 'r1',
          selecteddeparts: 'd1',
          settlementOrgIds: '',
        },
      }),
      'GET /sys/user/queryUserRole': () => ({ result: ['r1', 'r2'] }),
      'GET /sys/user/userDepartList': () => ({ result: [{ key: 'd1', value: 'd1', title: '研发部' }] }),
      'PUT /sys/user/edit': () => ({ message: '修改成功!' }),
    });
    renderInShell(<UserAdminPage />);
    fireEvent.click(await screen.findByTestId('user-edit-a1'));
    const dialog = await screen.findByTestId('user-form-dialog');
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>('用户姓名').value).toBe('张三'));
    expect(within(dialog).queryByLabelText('登录密码')).toBeNull();
    type('用户姓名', '张三丰', dialog);
    save();
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/user/edit')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/user/edit')!.body).toMatchObject({
      id: 'a1',
      version: 3,
      realname: '张三丰',
      birthday: '1990-01-02',
      selectedroles: ['r1', 'r2'],
      selecteddeparts: ['d1'],
    });
    expect(calls.some((c) => c.path === '/sys/user/queryUserRole')).toBe(true);
    expect(calls.some((c) => c.path === '/sys/user/userDepartList')).toBe(true);
  }, 30_000);

  it('freezes the ticked users in one call after a confirm, then reloads', async () => {
    const calls = mockApi({
      'GET /sys/user/list': listed,
      'PUT /sys/user/frozenBatch': () => ({ message: '操作成功!' }),
    });
    renderInShell(<UserAdminPage />);
    const first = (await screen.findByText('zhangsan')).closest('tr')!;
    const second = screen.getByText('lisi').closest('tr')!;
    fireEvent.click(within(first).getByRole('checkbox'));
    fireEvent.click(within(second).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: /批量操作（2）/ }));
    fireEvent.click(await screen.findByText('冻结', { selector: '.ant-dropdown-menu-title-content' }));
    expect(await screen.findByText('确定要冻结这 2 个用户吗?', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/user/frozenBatch')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/user/frozenBatch')!.body).toEqual({ ids: 'a1,a2', status: '2' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/user/list')).toHaveLength(2));
  }, 30_000);

  it('sets a password from 更多 with the shared rule', async () => {
    const calls = mockApi({
      'GET /sys/user/list': listed,
      'PUT /sys/user/changePassword': () => ({ message: '密码修改成功!' }),
    });
    renderInShell(<UserAdminPage />);
    fireEvent.click(await screen.findByTestId('user-more-a1'));
    fireEvent.click(await screen.findByText('密码', { selector: '.ant-dropdown-menu-title-content' }));
    const dialog = await screen.findByTestId('user-password-dialog');
    expect(within(dialog).getByText(/下次登录时须修改密码/)).toBeTruthy();
    type('新密码', 'abc123', dialog);
    type('确认密码', 'abc123', dialog);
    fireEvent.click(within(document.body).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/user/changePassword')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/user/changePassword')!.body).toEqual({
      username: 'zhangsan',
      password: 'abc123',
      confirmpassword: 'abc123',
    });
  }, 30_000);

  it('hides the buttons the caller holds no code for', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.user.list, type: '2' }]);
    mockApi({ 'GET /sys/user/list': listed });
    renderInShell(<UserAdminPage />);
    const first = (await screen.findByText('zhangsan')).closest('tr')!;
    expect(within(first).queryByText('编辑')).toBeNull();
    expect(within(first).queryByText(/更多/)).toBeNull();
    expect(within(first).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByTestId('user-batch')).toBeNull();
  });
  it('has labelled controls and named buttons on the list and the new-user form (axe wcag2a/aa, no colour)', async () => {
    const axe = (await import('axe-core')).default;
    mockApi({ 'GET /sys/user/list': listed });
    renderInShell(<UserAdminPage />);
    await screen.findByText('zhangsan');
    await openAdd();
    // The search form, the toolbar and the dialog (the table is the kit's; axe over it all is slow in happy-dom).
    const result = await axe.run(
      { include: [['#user-search'], ['.ant-card-head'], ['.ant-modal']] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
        rules: { 'color-contrast': { enabled: false } },
      },
    );
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    expect(result.passes.some((p) => p.id === 'label')).toBe(true);
  }, 60_000);
});

describe('用户管理: role filter, export and import', () => {
  const ROLES = () => ({
    result: [
      { id: 'r1', roleName: '管理员', roleCode: 'admin' },
      { id: 'r2', roleName: '访客', roleCode: 'guest' },
    ],
  });

  it('filters by the role chosen in 角色 (roleId), and exports with the same filters', async () => {
    mockApi({ 'GET /sys/user/list': listed, 'GET /sys/role/queryall': ROLES });
    renderInShell(<UserAdminPage />);
    await screen.findByText('zhangsan');
    fireEvent.mouseDown(screen.getByLabelText('角色'));
    fireEvent.click(await screen.findByTitle('访客'));
    fireEvent.click(screen.getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(queriesOf('/sys/user/list')).toHaveLength(2));
    expect(queriesOf('/sys/user/list')[1]!.get('roleId')).toBe('r2');
    expect(queriesOf('/sys/user/list')[0]!.get('roleId')).toBeNull();

    fireEvent.click(screen.getByTestId('user-export'));
    await waitFor(() => expect(queriesOf('/sys/user/exportXls')).toHaveLength(1));
    expect(queriesOf('/sys/user/exportXls')[0]!.get('roleId')).toBe('r2');
  });

  it('shows 导出 and 导入 only with the export and import codes', async () => {
    mockApi({ 'GET /sys/user/list': listed, 'GET /sys/role/queryall': ROLES });
    renderInShell(<UserAdminPage />);
    await screen.findByText('zhangsan');
    expect(screen.getByTestId('user-export')).toBeTruthy();
    expect(screen.getByTestId('user-import')).toBeTruthy();
    cleanup();

    const P = ADMIN_PERMISSIONS.user;
    signInAs(
      { username: 'admin' },
      ALL.filter((a) => a.action !== P.export && a.action !== P.import),
    );
    renderInShell(<UserAdminPage />);
    await screen.findByText('zhangsan');
    expect(screen.queryByTestId('user-export')).toBeNull();
    expect(screen.queryByTestId('user-import')).toBeNull();
  });

  it('导入 opens the import dialog titled 导入用户 with the user import rule', async () => {
    mockApi({ 'GET /sys/user/list': listed, 'GET /sys/role/queryall': ROLES });
    renderInShell(<UserAdminPage />);
    await screen.findByText('zhangsan');
    fireEvent.click(screen.getByTestId('user-import'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('导入用户')).toBeTruthy();
    expect(within(dialog).getByText(/已被占用的行不导入/)).toBeTruthy();
  });
});
