/**
 * The department picker: '您尚未设置部门信息!' on an empty OK, choosing one, the clear button, a stored value shown by
 * name, and deleted departments hidden (showDelDepart) or disabled (selectedDelDepart).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import type { DepartNode } from '@houtai/shared/contract/pickers-rules';
import { DepartPicker, type DepartPickerLoaders, type DepartPickerProps } from './depart-picker.tsx';

function depart(id: string, name: string, extra: Partial<DepartNode> = {}): DepartNode {
  return {
    id,
    key: id,
    value: id,
    title: name,
    parentId: null,
    departName: name,
    orgCode: id.toUpperCase(),
    orgCategory: '1',
    orgType: '1',
    departOrder: 0,
    status: '1',
    delFlag: '0',
    isLeaf: true,
    children: [],
    ...extra,
  };
}

const ROOTS = [depart('a01', '后台集团'), depart('a99', '已撤销部', { delFlag: '1' })];

function loaders(): DepartPickerLoaders {
  return {
    children: vi.fn(() => Promise.resolve(ROOTS)),
    search: vi.fn(() => Promise.resolve([ROOTS[0]!])),
    byKeys: vi.fn((keys: string[]) => Promise.resolve(ROOTS.filter((d) => keys.includes(d.id)))),
  };
}

function Harness(
  props: Omit<DepartPickerProps, 'value' | 'onChange'> & { initial?: string; spy?: (v: string) => void },
) {
  const { initial = '', spy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <ConfigProvider locale={zhCN}>
      <App>
        <DepartPicker
          {...rest}
          value={value}
          onChange={(v) => {
            setValue(v);
            spy?.(v);
          }}
          aria-label="部门"
        />
      </App>
    </ConfigProvider>
  );
}

afterEach(cleanup);

describe('DepartPicker', () => {
  it('warns 您尚未设置部门信息! on an empty OK, then stores the chosen id and shows its name', async () => {
    const spy = vi.fn();
    render(<Harness loaders={loaders()} spy={spy} />);
    fireEvent.click(screen.getByLabelText('部门'));
    expect(await screen.findByText('选择部门')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('您尚未设置部门信息!')).toBeTruthy();
    fireEvent.click(await screen.findByText('后台集团'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith('a01'));
    expect(screen.getByLabelText<HTMLInputElement>('部门').value).toBe('后台集团');
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(spy).toHaveBeenLastCalledWith('');
    expect(screen.getByLabelText<HTMLInputElement>('部门').value).toBe('');
  });

  it('shows a stored value by its department name', async () => {
    const l = loaders();
    render(<Harness loaders={l} initial="a01" />);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('部门').value).toBe('后台集团'));
    expect(l.byKeys).toHaveBeenCalledWith(['a01'], 'id');
  });

  it('hides deleted departments unless showDelDepart; shown ones are disabled unless selectedDelDepart', async () => {
    render(<Harness loaders={loaders()} />);
    fireEvent.click(screen.getByLabelText('部门'));
    expect(await screen.findByText('后台集团')).toBeTruthy();
    expect(screen.queryByText(/已撤销部/)).toBeNull();
    cleanup();

    render(<Harness loaders={loaders()} showDelDepart />);
    fireEvent.click(screen.getByLabelText('部门'));
    const deleted = await screen.findByText('已撤销部（已删除）');
    expect(deleted.closest('.ant-tree-treenode')?.className).toContain('ant-tree-treenode-disabled');
    cleanup();

    render(<Harness loaders={loaders()} showDelDepart selectedDelDepart />);
    fireEvent.click(screen.getByLabelText('部门'));
    const allowed = await screen.findByText('已撤销部（已删除）');
    expect(allowed.closest('.ant-tree-treenode')?.className).not.toContain('ant-tree-treenode-disabled');
  });
});
