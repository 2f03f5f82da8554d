import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { MENU_TEXT, type SysPermissionDataRule, type SysPermissionTree } from '@houtai/shared/contract/admin-menu';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { MenuAdminPage } from './menu-admin-page.tsx';

function node(
  id: string,
  menuType: number,
  name: string,
  extra: Partial<SysPermissionTree> = {},
  children: SysPermissionTree[] | null = null,
): SysPermissionTree {
  return {
    id,
    key: id,
    title: name,
    parentId: null,
    name,
    perms: null,
    permsType: '1',
    icon: null,
    component: null,
    componentName: null,
    url: null,
    redirect: null,
    sortNo: 1,
    menuType,
    isLeaf: children === null,
    route: true,
    keepAlive: false,
    description: null,
    delFlag: 0,
    createBy: 'admin',
    createTime: null,
    updateBy: null,
    updateTime: null,
    alwaysShow: false,
    hidden: false,
    hideTab: false,
    status: '1',
    internalOrExternal: false,
    ruleFlag: 0,
    version: 3,
    children,
    ...extra,
  };
}

const TREE: SysPermissionTree[] = [
  node('sys', 0, '系统管理', { url: '/isystem', component: 'layouts/RouteView', icon: 'setting' }, [
    node(
      'user',
      1,
      '用户管理',
      { parentId: 'sys', url: '/isystem/user', component: 'system/UserList', description: '用户' },
      [node('user-add', 2, '添加用户', { parentId: 'user', perms: 'user:add' })],
    ),
  ]),
  node('home', 0, '首页', { url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home' }),
];

const ALL = Object.values(ADMIN_PERMISSIONS.menu).map((action) => ({ action, type: '2' as const }));

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}

/** The full URLs fetch was called with (mockApi records paths only). */
function fetchedUrls(): string[] {
  return vi.mocked(globalThis.fetch).mock.calls.map((c) => c[0] as string);
}

const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/sys/permission/list');

async function openDialog(button: HTMLElement) {
  fireEvent.click(button);
  return screen.findByTestId('menu-form-dialog');
}

beforeEach(() => {
  signInAs({ username: 'admin' }, ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
});

describe('菜单管理', () => {
  it('shows the tree: top-level menus first, their sub-menus and buttons after 展开全部, gone after 折叠全部', async () => {
    viewport(1440, 900);
    mockApi({ 'GET /sys/permission/list': () => ({ result: TREE }) });
    renderInShell(<MenuAdminPage />);
    const sys = (await screen.findByText('系统管理')).closest('tr')!;
    expect(within(sys).getByText('一级菜单')).toBeTruthy();
    expect(within(sys).getByText('layouts/RouteView')).toBeTruthy();
    expect(screen.getByText('首页')).toBeTruthy();
    expect(screen.queryByText('用户管理')).toBeNull();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['菜单名称', '菜单类型', '图标', '组件', '路径', '排序', '状态', '操作']);

    fireEvent.click(screen.getByTestId('menu-expand-all'));
    const user = (await screen.findByText('用户管理')).closest('tr')!;
    expect(within(user).getByText('子菜单')).toBeTruthy();
    const button = screen.getByText('添加用户').closest('tr')!;
    expect(within(button).getByText('按钮权限')).toBeTruthy();
    // A button has no children and no data rules.
    expect(within(button).queryByText('添加下级')).toBeNull();
    expect(within(button).queryByText('数据规则')).toBeNull();
    expect(within(user).getByText('数据规则')).toBeTruthy();

    fireEvent.click(screen.getByTestId('menu-collapse-all'));
    await waitFor(() => expect(screen.queryByText('添加用户')).toBeNull());
  });

  it('says so when the tree cannot load, and 重试 asks again', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /sys/permission/list': () => (fail ? { success: false, message: '数据库忙' } : { result: TREE }),
    });
    renderInShell(<MenuAdminPage />);
    const alert = await screen.findByTestId('menu-error');
    expect(within(alert).getByText('菜单加载失败')).toBeTruthy();
    expect(within(alert).getByText('数据库忙')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('系统管理')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('shows one card per node on a phone, with its steps beside it and no pinned column', async () => {
    viewport(375, 812);
    mockApi({ 'GET /sys/permission/list': () => ({ result: TREE }) });
    renderInShell(<MenuAdminPage />);
    const card = (await screen.findAllByTestId('menu-card'))[0]!;
    expect(within(card).getByText('系统管理')).toBeTruthy();
    expect(within(card).getByText('/isystem')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['菜单', '操作']);
    expect(within(card.closest('tr')!).getByText('编辑')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });

  it('hides every change without the codes, and keeps the tree readable', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.menu.list, type: '2' }]);
    mockApi({ 'GET /sys/permission/list': () => ({ result: TREE }) });
    renderInShell(<MenuAdminPage />);
    const sys = (await screen.findByText('系统管理')).closest('tr')!;
    for (const text of ['编辑', '添加下级', '数据规则', '删除']) expect(within(sys).queryByText(text)).toBeNull();
    expect(screen.queryByTestId('menu-add')).toBeNull();
    expect(screen.getByTestId('menu-expand-all')).toBeTruthy();
  });

  it('refuses a new menu without name and path with the shared messages, and sends nothing', async () => {
    const calls = mockApi({ 'GET /sys/permission/list': () => ({ result: [] }) });
    renderInShell(<MenuAdminPage />);
    expect(await screen.findByText('暂无菜单')).toBeTruthy();
    const dialog = await openDialog(screen.getByTestId('menu-add'));
    fireEvent.change(within(dialog).getByLabelText('访问路径'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(MENU_TEXT.nameRequired)).toBeTruthy();
    expect(await within(dialog).findByText(MENU_TEXT.urlInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('refuses a button whose code another node carries with the server message, on leaving the field and on save', async () => {
    const calls = mockApi({
      'GET /sys/permission/list': () => ({ result: TREE }),
      'GET /sys/permission/checkPermDuplication': () => ({ success: false, message: MENU_TEXT.permsTaken }),
      'POST /sys/permission/add': () => ({ success: false, message: MENU_TEXT.permsTaken }),
    });
    renderInShell(<MenuAdminPage />);
    await screen.findByText('系统管理');
    const dialog = await openDialog(screen.getByTestId('menu-add'));
    fireEvent.click(within(dialog).getByLabelText('按钮/权限'));
    fireEvent.change(await within(dialog).findByLabelText('按钮名称'), { target: { value: '添加用户2' } });
    const perms = within(dialog).getByLabelText('授权标识');
    fireEvent.change(perms, { target: { value: 'user:add' } });
    fireEvent.blur(perms);
    expect(await within(dialog).findByText(MENU_TEXT.permsTaken)).toBeTruthy();
    expect(fetchedUrls().some((u) => u.includes('checkPermDuplication') && u.includes('perms=user%3Aadd'))).toBe(true);

    // Saving anyway: the server refuses the code, and says so on the field and in a message.
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/permission/add')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/permission/add')!.body).toMatchObject({
      menuType: 2,
      perms: 'user:add',
      permsType: '1',
      status: '1',
    });
    await waitFor(() => expect(screen.getAllByText(MENU_TEXT.permsTaken).length).toBeGreaterThan(1));
    expect(within(dialog).getByText(MENU_TEXT.permsTaken)).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('添加下级 saves a sub-menu with its parent and the chosen component, then reloads the tree', async () => {
    const calls = mockApi({
      'GET /sys/permission/list': () => ({ result: TREE }),
      'GET /sys/permission/checkPermDuplication': () => ({ message: MENU_TEXT.available }),
      'POST /sys/permission/add': () => ({ result: 'new1', message: '添加成功！' }),
    });
    renderInShell(<MenuAdminPage />);
    await screen.findByText('系统管理');
    const dialog = await openDialog(screen.getByTestId('menu-add-child-sys'));
    expect(within(dialog).getByLabelText('子菜单')).toHaveProperty('checked', true);
    expect(within(screen.getByTestId('menu-parent-select')).getByText('系统管理')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('菜单名称'), { target: { value: '角色管理' } });
    fireEvent.change(within(dialog).getByLabelText('访问路径'), { target: { value: '/isystem/roleUserList' } });
    fireEvent.change(within(dialog).getByLabelText('前端组件'), { target: { value: 'system/RoleUserList' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    await waitFor(() => expect(calls.some((c) => c.path === '/sys/permission/add')).toBe(true));
    const sent = calls.find((c) => c.path === '/sys/permission/add')!.body;
    expect(sent).toMatchObject({
      menuType: 1,
      name: '角色管理',
      parentId: 'sys',
      url: '/isystem/roleUserList',
      component: 'system/RoleUserList',
      route: true,
    });
    expect(sent).not.toHaveProperty('perms');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  });

  it('编辑 sends the id, the version seen and the description the form does not show', async () => {
    const calls = mockApi({
      'GET /sys/permission/list': () => ({ result: TREE }),
      'GET /sys/permission/checkPermDuplication': () => ({ message: MENU_TEXT.available }),
      'PUT /sys/permission/edit': () => ({ message: '修改成功!' }),
    });
    renderInShell(<MenuAdminPage />);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByTestId('menu-expand-all'));
    const dialog = await openDialog(await screen.findByTestId('menu-edit-user'));
    const nameBox = within(dialog).getByLabelText('菜单名称');
    expect(nameBox).toHaveProperty('value', '用户管理');
    fireEvent.change(nameBox, { target: { value: '用户列表' } });
    fireEvent.submit(nameBox.closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/permission/edit')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/permission/edit')!.body).toMatchObject({
      id: 'user',
      version: 3,
      name: '用户列表',
      parentId: 'sys',
      component: 'system/UserList',
      description: '用户',
    });
  });

  it('picks an icon from the grid, each icon a named button, narrowed by the search box', async () => {
    mockApi({ 'GET /sys/permission/list': () => ({ result: [] }) });
    renderInShell(<MenuAdminPage />);
    await screen.findByText('暂无菜单');
    const dialog = await openDialog(screen.getByTestId('menu-add'));
    const trigger = within(dialog).getByRole('button', { name: '选择图标' });
    fireEvent.click(trigger);
    // Escape closes the grid only, not the dialog.
    fireEvent.keyDown(within(await screen.findByTestId('menu-icon-grid')).getByLabelText('搜索图标'), {
      key: 'Escape',
    });
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('false'));
    expect(within(dialog).getByLabelText('菜单名称')).toBeTruthy();
    fireEvent.click(trigger);
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
    const grid = await screen.findByTestId('menu-icon-grid');
    fireEvent.change(within(grid).getByLabelText('搜索图标'), { target: { value: 'chart' } });
    expect(within(grid).queryByRole('button', { name: 'user' })).toBeNull();
    fireEvent.click(within(grid).getByRole('button', { name: 'pie-chart' }));
    expect(within(dialog).getByLabelText('菜单图标')).toHaveProperty('value', 'pie-chart');
  });

  it('删除 asks first, then deletes the node and reloads the tree', async () => {
    const calls = mockApi({
      'GET /sys/permission/list': () => ({ result: TREE }),
      'DELETE /sys/permission/delete': () => ({ message: '删除成功!' }),
    });
    renderInShell(<MenuAdminPage />);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByTestId('menu-delete-sys'));
    expect(await screen.findByText('删除菜单将同时删除其下级菜单和按钮，确定删除吗?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/permission/delete')).toBe(true));
    expect(fetchedUrls().some((u) => u.includes('/sys/permission/delete?') && u.includes('id=sys'))).toBe(true);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });
});

describe('数据规则 of a menu', () => {
  const rule: SysPermissionDataRule = {
    id: 'r1',
    permissionId: 'user',
    ruleName: '只看自己',
    ruleColumn: 'createBy',
    ruleConditions: '=',
    ruleValue: '#{sys_user_code}',
    status: '1',
    createBy: 'admin',
    createTime: null,
    updateBy: null,
    updateTime: null,
  };

  it('lists the rules, refuses an unknown variable with the shared message, and saves a new rule', async () => {
    let rules = [rule];
    const calls = mockApi({
      'GET /sys/permission/list': () => ({ result: TREE }),
      'GET /sys/permission/getPermRuleListByPermId': () => ({ result: rules }),
      'POST /sys/permission/addPermissionRule': (body) => {
        rules = [...rules, { ...rule, ...(body as object), id: 'r2' }];
        return { message: '添加成功！' };
      },
    });
    renderInShell(<MenuAdminPage />);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByTestId('menu-expand-all'));
    fireEvent.click(await screen.findByTestId('menu-rules-user'));
    const dialog = await screen.findByTestId('data-rule-dialog');
    const row = (await within(dialog).findByText('只看自己')).closest('tr')!;
    expect(within(row).getByText('等于')).toBeTruthy();
    expect(within(row).getByText('#{sys_user_code}')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: /新\s*增/ }));
    const form = await screen.findByTestId('data-rule-form-dialog');
    fireEvent.change(within(form).getByLabelText('规则名称'), { target: { value: '本部门' } });
    fireEvent.change(within(form).getByLabelText('规则字段'), { target: { value: 'sysOrgCode' } });
    const value = within(form).getByLabelText('规则值');
    fireEvent.change(value, { target: { value: '#{sys_dept}' } });
    fireEvent.submit(value.closest('form')!);
    expect(await within(form).findByText(MENU_TEXT.ruleVariableInvalid)).toBeTruthy();
    expect(calls.some((c) => c.path === '/sys/permission/addPermissionRule')).toBe(false);

    fireEvent.change(value, { target: { value: '#{sys_org_code}' } });
    fireEvent.submit(value.closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/permission/addPermissionRule')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/permission/addPermissionRule')!.body).toEqual({
      permissionId: 'user',
      ruleName: '本部门',
      ruleColumn: 'sysOrgCode',
      ruleConditions: '=',
      ruleValue: '#{sys_org_code}',
      status: '1',
    });
    expect(await within(dialog).findByText('本部门')).toBeTruthy();
  });
});

describe('accessibility', () => {
  /** axe over the whole document: wcag2a/aa without colour, which happy-dom cannot compute. */
  async function violations(): Promise<string[]> {
    const axe = (await import('axe-core')).default;
    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  }

  it('has a labelled tree, a labelled menu form and a named icon grid', async () => {
    viewport(1440, 900);
    mockApi({ 'GET /sys/permission/list': () => ({ result: TREE }) });
    renderInShell(<MenuAdminPage />);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByTestId('menu-expand-all'));
    await screen.findByText('添加用户');
    const dialog = await openDialog(screen.getByTestId('menu-add-child-sys'));
    fireEvent.click(within(dialog).getByRole('button', { name: '选择图标' }));
    await screen.findByTestId('menu-icon-grid');
    expect(await violations()).toEqual([]);
  }, 60_000);

  it('has labelled data rule dialogs', async () => {
    mockApi({
      'GET /sys/permission/list': () => ({ result: TREE }),
      'GET /sys/permission/getPermRuleListByPermId': () => ({ result: [] }),
    });
    renderInShell(<MenuAdminPage />);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByTestId('menu-rules-sys'));
    const rules = await screen.findByTestId('data-rule-dialog');
    expect(await within(rules).findByText('暂无数据规则')).toBeTruthy();
    fireEvent.click(within(rules).getByRole('button', { name: /新\s*增/ }));
    await screen.findByTestId('data-rule-form-dialog');
    expect(await violations()).toEqual([]);
  }, 60_000);

  it('has a labelled button form', async () => {
    mockApi({ 'GET /sys/permission/list': () => ({ result: TREE }) });
    renderInShell(<MenuAdminPage />);
    await screen.findByText('系统管理');
    const dialog = await openDialog(screen.getByTestId('menu-add'));
    fireEvent.click(within(dialog).getByLabelText('按钮/权限'));
    await within(dialog).findByLabelText('授权标识');
    expect(await violations()).toEqual([]);
  }, 60_000);
});
