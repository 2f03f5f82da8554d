import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { ROLE_TEXT, type RoleRecord } from '@houtai/shared/contract/admin-role';
import type { PickerRole, PickerUser } from '@houtai/shared/contract/pickers-rules';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { SAMPLE_TREE_RESULT } from '../../../widgets/permission-tree/permission-tree.fixture.ts';
import { RoleAdminPage } from './role-admin-page.tsx';

const ALL = Object.values(ADMIN_PERMISSIONS.role).map((action) => ({ action, type: '2' as const }));

const role = (id: string, roleCode: string, roleName: string): PickerRole => ({
  id,
  roleCode,
  roleName,
  description: `${roleName}的描述`,
  createTime: '2026-11-20 10:00:00',
});
const ROLES = [role('r1', 'admin', '管理员'), role('r2', 'hr_manager', '人事经理')];
const record = (r: PickerRole): RoleRecord => ({
  ...r,
  createBy: 'admin',
  updateBy: null,
  updateTime: null,
  version: 3,
});

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

/** The URLs fetched (mockApi records paths and bodies only). */
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

const listRoute = () => ({ result: { records: ROLES, total: 2 } });

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

describe('角色管理', () => {
  it('lists the server roles with their columns and searches by name', async () => {
    const calls = mockApi({ 'GET /sys/role/list': listRoute });
    const urls = recordUrls();
    renderInShell(<RoleAdminPage />);
    const admin = (await screen.findByText('管理员')).closest('tr')!;
    expect(within(admin).getByText('admin')).toBeTruthy();
    expect(within(admin).getByText('2026-11-20 10:00:00')).toBeTruthy();
    expect(screen.getByText('人事经理')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['角色名称', '角色编码', '创建时间', '操作']));
    fireEvent.change(screen.getByLabelText('角色名称'), { target: { value: '人事' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/role/list')).toHaveLength(2));
    expect(queryOf(urls, '/sys/role/list').at(-1)!.get('roleName')).toBe('人事');
  });

  it('the add form refuses a bad code with the shared message and sends nothing', async () => {
    const calls = mockApi({ 'GET /sys/role/list': listRoute });
    renderInShell(<RoleAdminPage />);
    await screen.findByText('管理员');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('role-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '财务' } });
    fireEvent.change(within(dialog).getByLabelText('角色编码'), { target: { value: 'fin ance!' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(ROLE_TEXT.roleCodeFormat)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(calls.some((c) => c.path === '/sys/role/checkRoleCode')).toBe(false);
  });

  it('checks the code on blur, then saves a new role and reloads the list', async () => {
    let taken = true;
    const calls = mockApi({
      'GET /sys/role/list': listRoute,
      'GET /sys/role/checkRoleCode': () =>
        taken ? { success: false, message: ROLE_TEXT.roleCodeTaken } : { result: true },
      'POST /sys/role/add': () => ({ message: '添加成功！', result: record(role('r3', 'finance', '财务')) }),
    });
    renderInShell(<RoleAdminPage />);
    await screen.findByText('管理员');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('role-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '财务' } });
    const code = within(dialog).getByLabelText('角色编码');
    fireEvent.change(code, { target: { value: 'hr_manager' } });
    fireEvent.blur(code);
    expect(await within(dialog).findByText(ROLE_TEXT.roleCodeTaken)).toBeTruthy();
    taken = false;
    fireEvent.change(code, { target: { value: 'finance' } });
    fireEvent.change(within(dialog).getByLabelText('描述'), { target: { value: '财务人员' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/role/add')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/role/add')!.body).toEqual({
      roleName: '财务',
      roleCode: 'finance',
      description: '财务人员',
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/role/list')).toHaveLength(2));
  });

  it('edits a role with its version', async () => {
    const calls = mockApi({
      'GET /sys/role/list': listRoute,
      'GET /sys/role/queryById': () => ({ result: record(ROLES[1]!) }),
      'PUT /sys/role/edit': () => ({ message: '修改成功!' }),
    });
    renderInShell(<RoleAdminPage />);
    const row = (await screen.findByText('人事经理')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByTestId('role-form-dialog');
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>('角色名称').value).toBe('人事经理'));
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '人事主管' } });
    fireEvent.submit(within(dialog).getByLabelText('角色名称').closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/role/edit')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/role/edit')!.body).toEqual({
      id: 'r2',
      roleName: '人事主管',
      roleCode: 'hr_manager',
      description: '人事经理的描述',
      version: 3,
    });
  });

  it('授权 loads the tree and the grants, and saves the diff as comma text', async () => {
    const calls = mockApi({
      'GET /sys/role/list': listRoute,
      'GET /sys/role/queryTreeList': () => ({ result: SAMPLE_TREE_RESULT }),
      'GET /sys/permission/queryRolePermission': () => ({ result: ['sys', 'user', 'user-add'] }),
      'POST /sys/permission/saveRolePermission': () => ({ message: ROLE_TEXT.saved }),
    });
    const urls = recordUrls();
    renderInShell(<RoleAdminPage />);
    await screen.findByText('人事经理');
    fireEvent.click(screen.getByTestId('role-grant-r2'));
    const drawer = await screen.findByTestId('permission-tree-drawer');
    expect(await within(drawer).findByText('添加用户')).toBeTruthy();
    expect(within(drawer).getByText('角色权限配置 - 人事经理')).toBeTruthy();
    expect(queryOf(urls, '/sys/permission/queryRolePermission')[0]!.get('roleId')).toBe('r2');
    const checkbox = (title: string) =>
      within(drawer).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    fireEvent.click(checkbox('添加用户'));
    fireEvent.click(checkbox('首页'));
    fireEvent.click(within(drawer).getByRole('button', { name: /保存并关闭/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/permission/saveRolePermission')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/permission/saveRolePermission')!.body).toEqual({
      roleId: 'r2',
      permissionIds: 'sys,user,home',
      lastpermissionIds: 'sys,user,user-add',
    });
    expect(await screen.findByText(ROLE_TEXT.saved)).toBeTruthy();
  });

  it('数据规则 of a menu ticks the role’s rules and saves them', async () => {
    const calls = mockApi({
      'GET /sys/role/list': listRoute,
      'GET /sys/role/queryTreeList': () => ({ result: SAMPLE_TREE_RESULT }),
      'GET /sys/permission/queryRolePermission': () => ({ result: ['sys', 'user'] }),
      'GET /sys/role/datarule/user/r2': () => ({
        result: {
          datarule: [
            {
              id: 'd1',
              permissionId: 'user',
              ruleName: '本部门',
              ruleColumn: 'org_code',
              ruleConditions: 'LIKE',
              ruleValue: '#{sys_org_code}',
              status: '1',
              createBy: null,
              createTime: null,
              updateBy: null,
              updateTime: null,
            },
            {
              id: 'd2',
              permissionId: 'user',
              ruleName: '本人',
              ruleColumn: 'create_by',
              ruleConditions: '=',
              ruleValue: '#{sys_user_code}',
              status: '1',
              createBy: null,
              createTime: null,
              updateBy: null,
              updateTime: null,
            },
          ],
          drChecked: 'd1',
        },
      }),
      'POST /sys/role/datarule': () => ({ message: '保存成功!' }),
    });
    renderInShell(<RoleAdminPage />);
    await screen.findByText('人事经理');
    fireEvent.click(screen.getByTestId('role-grant-r2'));
    const drawer = await screen.findByTestId('permission-tree-drawer');
    fireEvent.click(await within(drawer).findByRole('button', { name: '数据规则' }));
    const dialog = await screen.findByTestId('role-data-rule-dialog');
    const own = await within(dialog).findByRole('checkbox', { name: /本人/ });
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /本部门/ }).checked).toBe(true);
    fireEvent.click(own);
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/role/datarule')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/role/datarule')!.body).toEqual({
      permissionId: 'user',
      roleId: 'r2',
      dataRuleIds: 'd1,d2',
    });
  });

  it('用户 lists the role’s users and adds existing normal users', async () => {
    let members = [user('u1', 'zhangsan', '张三')];
    const calls = mockApi({
      'GET /sys/role/list': listRoute,
      'GET /sys/user/userRoleList': () => ({ result: { records: members, total: members.length } }),
      'GET /sys/user/list': () => ({ result: { records: [user('u9', 'lisi', '李四')], total: 1 } }),
      'POST /sys/user/addSysUserRole': () => {
        members = [...members, user('u9', 'lisi', '李四')];
        return { message: '添加成功！' };
      },
    });
    const urls = recordUrls();
    renderInShell(<RoleAdminPage />);
    await screen.findByText('人事经理');
    fireEvent.click(screen.getByTestId('role-users-r2'));
    const drawer = await screen.findByTestId('role-users-drawer');
    expect(await within(drawer).findByText('张三')).toBeTruthy();
    expect(queryOf(urls, '/sys/user/userRoleList')[0]!.get('roleId')).toBe('r2');

    fireEvent.click(within(drawer).getByRole('button', { name: /添加已有用户/ }));
    const picker = await screen.findByTestId('role-users-picker');
    fireEvent.click(await within(picker).findByText('李四'));
    fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/user/addSysUserRole')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/user/addSysUserRole')!.body).toEqual({
      roleId: 'r2',
      userIdList: ['u9'],
    });
    expect(queryOf(urls, '/sys/user/list')[0]!.get('status')).toBe('1');
    expect(await within(drawer).findByText('李四')).toBeTruthy();
  });

  it('取消关联 takes the role from one user and reloads the role’s users', async () => {
    let members = [user('u1', 'zhangsan', '张三'), user('u2', 'wangwu', '王五')];
    const calls = mockApi({
      'GET /sys/role/list': listRoute,
      'GET /sys/user/userRoleList': () => ({ result: { records: members, total: members.length } }),
      'DELETE /sys/user/deleteUserRole': () => {
        members = members.filter((m) => m.id !== 'u1');
        return { message: '删除成功!' };
      },
    });
    const urls = recordUrls();
    renderInShell(<RoleAdminPage />);
    await screen.findByText('人事经理');
    fireEvent.click(screen.getByTestId('role-users-r2'));
    const drawer = await screen.findByTestId('role-users-drawer');
    await within(drawer).findByText('张三');
    fireEvent.click(within(drawer).getByTestId('role-users-remove-u1'));
    const confirm = (await screen.findByText('确定取消该用户与角色的关联吗?')).closest('.ant-popover')!;
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/user/deleteUserRole')).toBe(true));
    const q = queryOf(urls, '/sys/user/deleteUserRole')[0]!;
    expect([q.get('roleId'), q.get('userId')]).toEqual(['r2', 'u1']);
    await waitFor(() => expect(within(drawer).queryByText('张三')).toBeNull());
    expect(within(drawer).getByText('王五')).toBeTruthy();
  });

  it('shows one card per role on a phone, its actions beside it and no pinned column', async () => {
    viewport(375, 812);
    mockApi({ 'GET /sys/role/list': listRoute });
    renderInShell(<RoleAdminPage />);
    const card = (await screen.findAllByTestId('role-card'))[1]!;
    expect(within(card).getByText('人事经理')).toBeTruthy();
    expect(within(card).getByText('hr_manager')).toBeTruthy();
    expect(within(card.closest('tr')!).getByTestId('role-grant-r2')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['角色', '操作']),
    );
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });

  it('hides the buttons the caller holds no code for', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.role.list, type: '2' }]);
    mockApi({ 'GET /sys/role/list': listRoute });
    renderInShell(<RoleAdminPage />);
    const row = (await screen.findByText('人事经理')).closest('tr')!;
    for (const name of [/用\s*户/, /授\s*权/, /编\s*辑/, /删\s*除/]) {
      expect(within(row).queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
