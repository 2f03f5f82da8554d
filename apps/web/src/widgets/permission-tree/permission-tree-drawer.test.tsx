import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BusinessError } from '../../lib/http.ts';
import { renderInShell } from '../../testing/render.tsx';
import { PermissionTreeDrawer, type PermissionTreeDrawerProps } from './permission-tree-drawer.tsx';
import { SAMPLE_TREE_RESULT } from './permission-tree.fixture.ts';

afterEach(cleanup);

function setup(overrides: Partial<PermissionTreeDrawerProps> = {}) {
  const props = {
    open: true,
    title: '角色权限配置',
    loadTree: vi.fn(async () => SAMPLE_TREE_RESULT),
    loadChecked: vi.fn(async () => ['sys', 'user', 'user-add']),
    save: vi.fn(async (_ids: string[], _last: string[]) => '保存成功！'),
    onClose: vi.fn(),
    ...overrides,
  };
  renderInShell(<PermissionTreeDrawer {...props} />);
  return props;
}

const nodeOf = (title: string) => screen.getByText(title).closest('.ant-tree-treenode') as HTMLElement;
const checkboxOf = (title: string) => nodeOf(title).querySelector('.ant-tree-checkbox') as HTMLElement;
const isTicked = (title: string) => checkboxOf(title).classList.contains('ant-tree-checkbox-checked');
const ticked = () =>
  [...document.querySelectorAll('.ant-tree-treenode')]
    .filter((n) => n.querySelector('.ant-tree-checkbox-checked'))
    .map((n) => n.querySelector('[data-testid="permission-tree-title"]')!.textContent);
const clickButton = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('the permission-tree drawer', () => {
  it('shows the whole tree expanded with the granted ids ticked and buttons marked', async () => {
    setup();
    expect(await screen.findByText('添加用户')).toBeTruthy();
    expect(screen.getByText('角色权限配置')).toBeTruthy();
    expect(ticked()).toEqual(['系统管理', '用户管理', '添加用户']);
    expect(within(nodeOf('添加用户')).getByText('按钮/权限')).toBeTruthy();
    expect(within(nodeOf('删除用户')).getByText('禁用规则')).toBeTruthy();
    expect(within(nodeOf('角色管理')).queryByText('按钮/权限')).toBeNull();
    expect(screen.getByTestId('permission-tree-count').textContent).toBe('已选 3 / 6');
  });

  it('ticks a parent alone by default and 仅保存 sends the ticks with those loaded, staying open', async () => {
    const props = setup({ loadChecked: vi.fn(async () => ['user-add']) });
    await screen.findByText('添加用户');
    fireEvent.click(checkboxOf('系统管理'));
    expect(ticked()).toEqual(['系统管理', '添加用户']);
    fireEvent.click(checkboxOf('添加用户'));
    expect(isTicked('添加用户')).toBe(false);
    clickButton(/仅保存/);
    await waitFor(() => expect(props.save).toHaveBeenCalledTimes(1));
    expect(props.save).toHaveBeenLastCalledWith(['sys'], ['user-add']);
    expect(await screen.findByText('保存成功！')).toBeTruthy();
    expect(props.onClose).not.toHaveBeenCalled();
    // The next save diffs against what was just saved.
    fireEvent.click(checkboxOf('首页'));
    clickButton(/仅保存/);
    await waitFor(() => expect(props.save).toHaveBeenCalledTimes(2));
    expect(props.save).toHaveBeenLastCalledWith(['sys', 'home'], ['sys']);
  });

  it('父子关联 ticks the descendants and the menus above; unticking drops the subtree', async () => {
    setup({ loadChecked: vi.fn(async () => []) });
    await screen.findByText('添加用户');
    fireEvent.click(screen.getByRole('switch', { name: '父子关联' }));
    fireEvent.click(checkboxOf('用户管理'));
    expect(ticked()).toEqual(['系统管理', '用户管理', '添加用户', '删除用户']);
    fireEvent.click(checkboxOf('用户管理'));
    expect(ticked()).toEqual(['系统管理']);
  });

  it('全部勾选 and 取消全选, then 保存并关闭 sends the set and closes', async () => {
    const props = setup();
    await screen.findByText('添加用户');
    clickButton(/全部勾选/);
    expect(ticked()).toHaveLength(6);
    clickButton(/取消全选/);
    expect(ticked()).toEqual([]);
    clickButton(/保存并关闭/);
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    expect(props.save).toHaveBeenCalledWith([], ['sys', 'user', 'user-add']);
  });

  it('合拢所有 hides the children; 展开所有 shows them again', async () => {
    setup();
    await screen.findByText('添加用户');
    clickButton(/合拢所有/);
    await waitFor(() => expect(screen.queryByText('添加用户')).toBeNull());
    clickButton(/展开所有/);
    expect(await screen.findByText('添加用户')).toBeTruthy();
  });

  it('the search box keeps the matching nodes and the menus above them', async () => {
    setup();
    await screen.findByText('添加用户');
    fireEvent.change(screen.getByRole('textbox', { name: '搜索菜单' }), { target: { value: '角色' } });
    await waitFor(() => expect(screen.queryByText('用户管理')).toBeNull());
    expect(screen.getByText('系统管理')).toBeTruthy();
    expect(screen.getByText('角色管理')).toBeTruthy();
    expect(screen.queryByText('首页')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: '搜索菜单' }), { target: { value: '无此菜单' } });
    expect(await screen.findByText('没有匹配的菜单')).toBeTruthy();
  });

  it('a failed save shows the server message and keeps the drawer open', async () => {
    const props = setup({
      save: vi.fn(async () => {
        throw new BusinessError('不能取消管理员角色的角色管理权限', 500, null);
      }),
    });
    await screen.findByText('添加用户');
    clickButton(/保存并关闭/);
    expect(await screen.findByText('不能取消管理员角色的角色管理权限')).toBeTruthy();
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('a failed load says so with 重试, which loads again', async () => {
    let fail = true;
    const loadTree = vi.fn(async () => {
      if (fail) throw new BusinessError('没有权限', 500, null);
      return SAMPLE_TREE_RESULT;
    });
    setup({ loadTree });
    const alert = await screen.findByTestId('permission-tree-error');
    expect(within(alert).getByText('权限树加载失败')).toBeTruthy();
    expect(within(alert).getByText('没有权限')).toBeTruthy();
    expect(screen.getByRole('button', { name: /保存并关闭/ }).hasAttribute('disabled')).toBe(true);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('添加用户')).toBeTruthy();
    expect(loadTree).toHaveBeenCalledTimes(2);
  });

  it('loads afresh on every opening', async () => {
    const loadChecked = vi.fn(async () => ['home']);
    const props = {
      title: '部门权限配置',
      loadTree: vi.fn(async () => SAMPLE_TREE_RESULT),
      loadChecked,
      save: vi.fn(async () => ''),
      onClose: vi.fn(),
    };
    const view = renderInShell(<PermissionTreeDrawer open {...props} />);
    await screen.findByText('添加用户');
    expect(isTicked('首页')).toBe(true);
    view.rerender(<PermissionTreeDrawer open={false} {...props} />);
    loadChecked.mockResolvedValue(['role']);
    view.rerender(<PermissionTreeDrawer open {...props} />);
    await waitFor(() => expect(loadChecked).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(ticked()).toEqual(['角色管理']));
    // Grants of permissions no longer in the tree are not kept.
    loadChecked.mockResolvedValue(['gone', 'home']);
    view.rerender(<PermissionTreeDrawer open={false} {...props} />);
    view.rerender(<PermissionTreeDrawer open {...props} />);
    await waitFor(() => expect(loadChecked).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(ticked()).toEqual(['首页']));
    fireEvent.click(screen.getByRole('button', { name: /仅保存/ }));
    await waitFor(() => expect(props.save).toHaveBeenCalledWith(['home'], ['home']));
  });

  it('an empty tree says so', async () => {
    setup({ loadTree: vi.fn(async () => ({ treeList: [], ids: [] })) });
    expect(await screen.findByText('暂无菜单权限')).toBeTruthy();
  });

  it('renders the extra of leaf menus only, and a click on it does not tick the node', async () => {
    const onExtra = vi.fn<(key: string) => void>();
    setup({
      loadChecked: vi.fn(async () => []),
      renderNodeExtra: (node) =>
        node.ruleFlag === 1 ? (
          <button type="button" onClick={() => onExtra(node.key)}>
            数据规则
          </button>
        ) : null,
    });
    await screen.findByText('添加用户');
    const extras = screen.getAllByRole('button', { name: '数据规则' });
    expect(extras).toHaveLength(1);
    expect(nodeOf('用户管理').contains(extras[0]!)).toBe(true);
    fireEvent.click(extras[0]!);
    expect(onExtra).toHaveBeenCalledWith('user');
    expect(ticked()).toEqual([]);
  });
});
