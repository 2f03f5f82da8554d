import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { DEPART_TEXT, type DepartRoleRecord, type DepartTreeModel } from '@houtai/shared/contract/admin-depart';
import type { PermissionTreeDrawerProps } from '../../../widgets/permission-tree/permission-tree-drawer.tsx';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { DEPART_EMPTY_TEXT, DepartAdminPage } from './depart-admin-page.tsx';
import { toEditBody, toFormValues } from './depart-form-values.ts';

// The drawer is another widget's (tested there): a stand-in that loads, shows the ticks and saves a changed set.
vi.mock('../../../widgets/permission-tree/permission-tree-drawer.tsx', () => ({
  PermissionTreeDrawer: (props: PermissionTreeDrawerProps) => {
    const [checked, setChecked] = useState<string[] | null>(null);
    const [tree, setTree] = useState<string[]>([]);
    useEffect(() => {
      void props.loadTree().then((t) => setTree(t.ids));
      void props.loadChecked().then(setChecked);
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return (
      <div data-testid="fake-drawer">
        <span>{props.title}</span>
        <span data-testid="fake-tree">{tree.join(',')}</span>
        <span data-testid="fake-checked">{checked?.join(',')}</span>
        <button
          type="button"
          onClick={() => {
            const last = checked ?? [];
            void props.save([...last.slice(1), 'p9'], last);
          }}
        >
          fake-save
        </button>
        {/* A menu with data rules, as the real tree renders its extra. */}
        {props.renderNodeExtra?.({ key: 'p1', title: '工单列表', ruleFlag: 1 })}
      </div>
    );
  },
}));

function depart(id: string, name: string, parentId: string | null, children: DepartTreeModel[] = []): DepartTreeModel {
  return {
    key: id,
    value: id,
    title: name,
    isLeaf: children.length === 0,
    id,
    parentId,
    departName: name,
    departNameEn: null,
    departNameAbbr: null,
    departOrder: 0,
    description: null,
    orgCategory: parentId ? '2' : '1',
    orgType: parentId ? '2' : '1',
    orgCode: parentId ? 'A01A01' : 'A01',
    mobile: null,
    fax: null,
    address: null,
    memo: null,
    status: '1',
    delFlag: '0',
    qywxIdentifier: null,
    createBy: 'admin',
    createTime: '2026-11-20 09:00:00',
    updateBy: null,
    updateTime: null,
    directorUserIds: null,
    children: children.length ? children : null,
  };
}

const TREE = [depart('d1', '北京总公司', null, [depart('d2', '研发部', 'd1')])];

function role(id: string, roleName: string): DepartRoleRecord {
  return {
    id,
    departId: 'd2',
    roleName,
    roleCode: `${id}_code`,
    description: null,
    createBy: 'admin',
    createTime: '2026-11-20 09:00:00',
    updateBy: null,
    updateTime: null,
  };
}

const ALL = Object.values(ADMIN_PERMISSIONS.depart).map((action) => ({ action, type: '1' as const }));

/** The query string of the recorded fetches to a path. */
function queriesOf(path: string): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([url]) => new URL(url as string, 'http://localhost'))
    .filter((u) => u.pathname.replace(/^\/api/, '') === path)
    .map((u) => u.searchParams);
}

async function selectDepart(name: string) {
  fireEvent.click(await screen.findByText(name));
  return screen.findByTestId('depart-info-form');
}

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

describe('部门管理', () => {
  it('renders the server tree, asks for a department first, and shows the chosen one in its form', async () => {
    mockApi({ 'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }) });
    renderInShell(<DepartAdminPage />);
    expect(await screen.findByText('北京总公司')).toBeTruthy();
    // The first level is open: its child shows.
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(screen.getByText(DEPART_EMPTY_TEXT)).toBeTruthy();

    const form = await selectDepart('研发部');
    expect(within(form).getByLabelText<HTMLInputElement>('机构名称').value).toBe('研发部');
    expect(within(form).getByLabelText<HTMLInputElement>('机构编码').value).toBe('A01A01');
    expect(within(form).getByLabelText<HTMLInputElement>('机构编码').readOnly).toBe(true);
    expect(screen.queryByText(DEPART_EMPTY_TEXT)).toBeNull();
    expect(screen.getByRole('tab', { name: '部门权限' })).toBeTruthy();
  });

  it('shows the empty tree and a failed load with 重试', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /sys/sysDepart/queryTreeList': () => (fail ? { success: false, message: '数据库不可用' } : { result: [] }),
    });
    renderInShell(<DepartAdminPage />);
    expect(await screen.findByText('部门加载失败')).toBeTruthy();
    expect(screen.getByText('数据库不可用')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无部门')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/sys/sysDepart/queryTreeList')).toHaveLength(2);
  });

  it('添加下级 sends the chosen parent and reloads the tree', async () => {
    let added = false;
    const calls = mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({
        result: added
          ? [depart('d1', '北京总公司', null, [depart('d2', '研发部', 'd1'), depart('d3', '测试部', 'd1')])]
          : TREE,
      }),
      'POST /sys/sysDepart/add': () => {
        added = true;
        return { message: '添加成功！', result: { ...depart('d3', '测试部', 'd1'), children: undefined } };
      },
    });
    renderInShell(<DepartAdminPage />);
    await selectDepart('北京总公司');
    fireEvent.click(screen.getByRole('button', { name: /添加下级/ }));
    const dialog = await screen.findByTestId('depart-add-dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('上级部门').value).toBe('北京总公司');
    fireEvent.change(within(dialog).getByLabelText('机构名称'), { target: { value: ' 测试部 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/sysDepart/add')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/sysDepart/add')!.body).toMatchObject({
      parentId: 'd1',
      departName: '测试部',
      orgCategory: '2',
      departOrder: 0,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/sysDepart/queryTreeList')).toHaveLength(2));
    // The new department is chosen.
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('机构名称', { selector: '#depart-info_departName' }).value).toBe(
        '测试部',
      ),
    );
  });

  it('the add form refuses a blank name with the shared message and sends nothing', async () => {
    const calls = mockApi({ 'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }) });
    renderInShell(<DepartAdminPage />);
    await screen.findByText('北京总公司');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('depart-add-dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('上级部门').value).toBe('无（顶级部门）');
    fireEvent.change(within(dialog).getByLabelText('机构名称'), { target: { value: '   ' } });
    fireEvent.submit(within(dialog).getByLabelText('机构名称'));
    expect(await within(dialog).findByText(DEPART_TEXT.departNameRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saving 基本信息 sends the edit with the parent and reloads', async () => {
    const calls = mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }),
      'PUT /sys/sysDepart/edit': () => ({ message: '修改成功!', result: null }),
    });
    renderInShell(<DepartAdminPage />);
    const form = await selectDepart('研发部');
    fireEvent.change(within(form).getByLabelText('地址'), { target: { value: '海淀区' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/sysDepart/edit')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/sysDepart/edit')!.body).toMatchObject({
      id: 'd2',
      parentId: 'd1',
      departName: '研发部',
      address: '海淀区',
      memo: null,
    });
    expect(await screen.findByText('修改成功!')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/sysDepart/queryTreeList')).toHaveLength(2));
  });

  it('a refused delete shows the server’s reason and keeps the department', async () => {
    const reason = DEPART_TEXT.hasUsers('研发部', 3);
    const calls = mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }),
      'DELETE /sys/sysDepart/delete': () => ({ success: false, message: reason }),
    });
    renderInShell(<DepartAdminPage />);
    await selectDepart('研发部');
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(queriesOf('/sys/sysDepart/delete')[0]!.get('id')).toBe('d2');
    expect(calls.filter((c) => c.path === '/sys/sysDepart/queryTreeList')).toHaveLength(1);
    expect(screen.getByTestId('depart-info-form')).toBeTruthy();
  });

  it('部门权限 loads the whole tree and the department’s ticks, and saves the diff', async () => {
    const calls = mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }),
      'GET /sys/role/queryTreeList': () => ({ result: { treeList: [], ids: ['p1', 'p2', 'p9'] } }),
      'GET /sys/permission/queryDepartPermission': () => ({ result: ['p1', 'p2'] }),
      'POST /sys/permission/saveDepartPermission': () => ({ message: '保存成功！' }),
    });
    renderInShell(<DepartAdminPage />);
    await selectDepart('研发部');
    fireEvent.click(screen.getByRole('tab', { name: '部门权限' }));
    fireEvent.click(await screen.findByRole('button', { name: /配置部门权限/ }));
    const drawer = await screen.findByTestId('fake-drawer');
    expect(within(drawer).getByText('部门权限配置：研发部')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getByTestId('fake-checked').textContent).toBe('p1,p2'));
    expect(within(drawer).getByTestId('fake-tree').textContent).toBe('p1,p2,p9');
    expect(queriesOf('/sys/permission/queryDepartPermission')[0]!.get('departId')).toBe('d2');
    fireEvent.click(within(drawer).getByText('fake-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/permission/saveDepartPermission')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/permission/saveDepartPermission')!.body).toEqual({
      departId: 'd2',
      permissionIds: 'p2,p9',
      lastpermissionIds: 'p1,p2',
    });
  });

  it('部门角色 lists the department’s roles, refuses a bad code and grants from the department’s tree', async () => {
    const calls = mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }),
      'GET /sys/sysDepartRole/list': () => ({ result: { records: [role('r1', '研发经理')], total: 1 } }),
      'GET /sys/sysDepartPermission/queryTreeListForDeptRole': () => ({
        result: {
          treeList: [
            {
              key: 'p1',
              value: 'p1',
              title: '系统',
              slotTitle: '系统',
              label: '系统',
              icon: null,
              parentId: null,
              isLeaf: true,
              ruleFlag: 0,
              scopedSlots: null,
            },
          ],
          ids: ['p1'],
        },
      }),
      'GET /sys/sysDepartPermission/queryDeptRolePermission': () => ({ result: ['p1'] }),
      'POST /sys/sysDepartPermission/saveDeptRolePermission': () => ({ message: '保存成功！' }),
    });
    renderInShell(<DepartAdminPage />);
    await selectDepart('研发部');
    fireEvent.click(screen.getByRole('tab', { name: '部门角色' }));
    const tab = await screen.findByTestId('depart-roles-tab');
    expect(await within(tab).findByText('研发经理')).toBeTruthy();
    expect(queriesOf('/sys/sysDepartRole/list')[0]!.get('deptId')).toBe('d2');

    fireEvent.click(within(tab).getByRole('button', { name: /新增部门角色/ }));
    const dialog = await screen.findByTestId('depart-role-dialog');
    fireEvent.change(within(dialog).getByLabelText('部门角色名称'), { target: { value: '测试' } });
    fireEvent.change(within(dialog).getByLabelText('部门角色编码'), { target: { value: '测 试' } });
    fireEvent.submit(within(dialog).getByLabelText('部门角色编码'));
    expect(await within(dialog).findByText(DEPART_TEXT.roleCodeInvalid)).toBeTruthy();
    expect(calls.some((c) => c.path === '/sys/sysDepartRole/add')).toBe(false);
    fireEvent.click(within(document.body).getByRole('button', { name: /取\s*消/ }));

    fireEvent.click(within(tab).getByRole('button', { name: '授权' }));
    const drawer = await screen.findByTestId('fake-drawer');
    await waitFor(() => expect(within(drawer).getByTestId('fake-checked').textContent).toBe('p1'));
    expect(queriesOf('/sys/sysDepartPermission/queryTreeListForDeptRole')[0]!.get('departId')).toBe('d2');
    expect(queriesOf('/sys/sysDepartPermission/queryDeptRolePermission')[0]!.get('roleId')).toBe('r1');
    fireEvent.click(within(drawer).getByText('fake-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/sys/sysDepartPermission/saveDeptRolePermission')?.body).toEqual({
        roleId: 'r1',
        permissionIds: 'p9',
        lastpermissionIds: 'p1',
      }),
    );
  });

  it('数据规则 of a department’s grant and of a department role’s, each saved on its own path', async () => {
    const rules = [
      {
        id: 'dr1',
        permissionId: 'p1',
        ruleName: '本人',
        ruleColumn: 'createBy',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
        status: '1',
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      },
      {
        id: 'dr2',
        permissionId: 'p1',
        ruleName: '高优先级',
        ruleColumn: 'priority',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
        status: '1',
        createBy: null,
        createTime: null,
        updateBy: null,
        updateTime: null,
      },
    ];
    const calls = mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }),
      'GET /sys/role/queryTreeList': () => ({ result: { treeList: [], ids: ['p1'] } }),
      'GET /sys/permission/queryDepartPermission': () => ({ result: ['p1'] }),
      'GET /sys/sysDepartPermission/datarule/p1/d2': () => ({ result: { datarule: rules, drChecked: 'dr1' } }),
      'POST /sys/sysDepartPermission/datarule': () => ({ message: '保存成功!' }),
      'GET /sys/sysDepartRole/list': () => ({ result: { records: [role('r1', '研发经理')], total: 1 } }),
      'GET /sys/sysDepartPermission/queryTreeListForDeptRole': () => ({ result: { treeList: [], ids: ['p1'] } }),
      'GET /sys/sysDepartPermission/queryDeptRolePermission': () => ({ result: ['p1'] }),
      'GET /sys/sysDepartRole/datarule/p1/d2/r1': () => ({ result: { datarule: [rules[0]], drChecked: '' } }),
      'POST /sys/sysDepartRole/datarule': () => ({ message: '保存成功!' }),
    });
    renderInShell(<DepartAdminPage />);
    await selectDepart('研发部');
    fireEvent.click(screen.getByRole('tab', { name: '部门权限' }));
    fireEvent.click(await screen.findByRole('button', { name: /配置部门权限/ }));
    fireEvent.click(within(await screen.findByTestId('fake-drawer')).getByRole('button', { name: '数据规则' }));
    const forDepart = await screen.findByTestId('depart-data-rule-dialog');
    expect(within(forDepart).getByText('数据规则 - 工单列表')).toBeTruthy();
    const high = await within(forDepart).findByRole('checkbox', { name: /高优先级/ });
    expect(within(forDepart).getByRole<HTMLInputElement>('checkbox', { name: /本人/ }).checked).toBe(true);
    fireEvent.click(high);
    fireEvent.click(within(forDepart).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/sys/sysDepartPermission/datarule')?.body).toEqual({
        permissionId: 'p1',
        departId: 'd2',
        dataRuleIds: 'dr1,dr2',
      }),
    );

    fireEvent.click(screen.getByRole('tab', { name: '部门角色' }));
    const tab = await screen.findByTestId('depart-roles-tab');
    fireEvent.click(await within(tab).findByRole('button', { name: '授权' }));
    const drawers = await screen.findAllByTestId('fake-drawer');
    fireEvent.click(within(drawers[drawers.length - 1]!).getByRole('button', { name: '数据规则' }));
    const forRole = await screen.findByTestId('depart-role-data-rule-dialog');
    // Only the department's rules are offered.
    const own = await within(forRole).findByRole('checkbox', { name: /本人/ });
    expect(within(forRole).queryByRole('checkbox', { name: /高优先级/ })).toBeNull();
    fireEvent.click(own);
    fireEvent.click(within(forRole).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/sys/sysDepartRole/datarule')?.body).toEqual({
        permissionId: 'p1',
        departId: 'd2',
        roleId: 'r1',
        dataRuleIds: 'dr1',
      }),
    );
  });

  it('用户 lists the department’s users', async () => {
    mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }),
      'GET /sys/user/queryUserByDepId': () => ({
        result: [{ id: 'u9', username: 'lisi', realname: '李四', workNo: 'W09', status: 1, status_dictText: '正常' }],
      }),
    });
    renderInShell(<DepartAdminPage />);
    await selectDepart('研发部');
    fireEvent.click(screen.getByRole('tab', { name: '用户' }));
    const tab = await screen.findByTestId('depart-users-tab');
    expect(await within(tab).findByText('李四')).toBeTruthy();
    expect(queriesOf('/sys/user/queryUserByDepId')[0]!.get('id')).toBe('d2');
  });

  it('the search shows the matching departments as a flat list', async () => {
    mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }),
      'GET /sys/sysDepart/searchBy': () => ({
        result: [
          { ...depart('d2', '研发部', 'd1'), children: null },
          { ...depart('dx', '已删部门', 'd1'), delFlag: '1', children: null },
        ],
      }),
    });
    renderInShell(<DepartAdminPage />);
    await screen.findByText('北京总公司');
    const box = screen.getByRole('searchbox', { name: '按名称搜索部门' });
    fireEvent.change(box, { target: { value: '研发' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(screen.queryByText('北京总公司')).toBeNull();
    expect(screen.queryByText('已删部门')).toBeNull();
    expect(queriesOf('/sys/sysDepart/searchBy')[0]!.get('keyWord')).toBe('研发');
  });

  it('hides the writes and 部门权限 from a caller with only the list code', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.depart.list, type: '1' }]);
    mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }),
      'GET /sys/sysDepartRole/list': () => ({ result: { records: [role('r1', '研发经理')], total: 1 } }),
    });
    renderInShell(<DepartAdminPage />);
    const form = await selectDepart('研发部');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /添加下级/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(form).queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(within(form).getByLabelText<HTMLInputElement>('机构名称').disabled).toBe(true);
    expect(screen.queryByRole('tab', { name: '部门权限' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '部门角色' }));
    const tab = await screen.findByTestId('depart-roles-tab');
    expect(await within(tab).findByText('研发经理')).toBeTruthy();
    expect(within(tab).queryByRole('button', { name: '授权' })).toBeNull();
    expect(within(tab).queryByRole('button', { name: /新增部门角色/ })).toBeNull();
  });

  it('on a phone the roles are cards without a pinned column', async () => {
    viewport(375, 812);
    mockApi({
      'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }),
      'GET /sys/sysDepartRole/list': () => ({ result: { records: [role('r1', '研发经理')], total: 1 } }),
    });
    renderInShell(<DepartAdminPage />);
    await selectDepart('研发部');
    fireEvent.click(screen.getByRole('tab', { name: '部门角色' }));
    const card = await screen.findByTestId('depart-role-card');
    expect(within(card).getByText('研发经理')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });
});

describe('the department form as a wire body', () => {
  it('clears emptied texts with null and moves to the top level with a blank parent', () => {
    const values = { ...toFormValues(depart('d2', '研发部', 'd1')), memo: undefined, parentId: '' };
    expect(toEditBody(values, 'd2')).toMatchObject({ id: 'd2', parentId: null, memo: null, departName: '研发部' });
  });
});

describe('accessibility', () => {
  it('has labelled controls and named buttons (axe, wcag2a/aa without colour, which happy-dom cannot compute)', async () => {
    const axe = (await import('axe-core')).default;
    mockApi({ 'GET /sys/sysDepart/queryTreeList': () => ({ result: TREE }) });
    renderInShell(<DepartAdminPage />);
    await selectDepart('研发部');
    fireEvent.click(screen.getByRole('button', { name: /添加下级/ }));
    await screen.findByTestId('depart-add-dialog');
    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
