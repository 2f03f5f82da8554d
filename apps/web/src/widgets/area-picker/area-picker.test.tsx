import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component, type ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AREA_BAD_TYPE, AreaPicker, type AreaPickerProps } from './area-picker.tsx';
import { areaChildren, areaPath, areaText, loadAreaData, type AreaData } from './area-data.ts';

afterEach(cleanup);

const DATA: AreaData = {
  '86': { '440000': '广东省', '110000': '北京市' },
  '440000': { '440300': '深圳市' },
  '440300': { '440305': '南山区', '440306': '宝安区' },
  '110000': { '110100': '市辖区' },
  '110100': { '110101': '东城区' },
};
const load = () => Promise.resolve(DATA);

class Catch extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('area data', () => {
  it("finds a code's path and joined text under the root 86", () => {
    expect(areaPath(DATA, '440305')).toEqual(['440000', '440300', '440305']);
    expect(areaText(DATA, '440305')).toBe('广东省/深圳市/南山区');
    expect(areaText(DATA, '440300')).toBe('广东省/深圳市');
    expect(areaPath(DATA, '999999')).toEqual([]);
    expect(areaChildren(DATA, '86').map((c) => c.name)).toEqual(['北京市', '广东省']);
  });

  it('reads the china-area-data package (34 provinces; 南山区 under 深圳市)', async () => {
    const data = await loadAreaData();
    expect(areaChildren(data, '86')).toHaveLength(34);
    expect(areaText(data, '440305')).toBe('广东省/深圳市/南山区');
  });
});

describe('AreaPicker', () => {
  it("throws 'Bad type value' for an unknown type", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const props = { type: 'tree', loadData: load } as unknown as AreaPickerProps;
    render(
      <Catch>
        <AreaPicker {...props} />
      </Catch>,
    );
    expect(screen.getByRole('alert').textContent).toBe(AREA_BAD_TYPE);
    vi.mocked(console.error).mockRestore();
  });

  it('as a cascader shows the text of its value and emits a district code with the names joined', async () => {
    const onChange = vi.fn();
    render(<AreaPicker value="440306" onChange={onChange} loadData={load} aria-label="地区" />);
    expect(await screen.findByText('广东省 / 深圳市 / 宝安区')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '地区' }));
    fireEvent.click(await screen.findByText('南山区'));
    expect(onChange).toHaveBeenCalledWith('440305', '广东省/深圳市/南山区');
  });

  it('as linked selects clears the levels below a changed one', async () => {
    const onChange = vi.fn();
    render(<AreaPicker type="select" value="440305" onChange={onChange} loadData={load} aria-label="地区" />);
    await waitFor(() => expect(screen.getByText('南山区')).toBeTruthy());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '地区 省' }));
    fireEvent.click(await screen.findByText('北京市'));
    expect(onChange).toHaveBeenLastCalledWith('110000', '北京市');
  });

  it('stops at the city with level 2', async () => {
    const onChange = vi.fn();
    render(<AreaPicker level={2} onChange={onChange} loadData={load} aria-label="地区" />);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: '地区' }).closest('.ant-select-disabled')).toBeNull(),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '地区' }));
    fireEvent.click(await screen.findByText('广东省'));
    fireEvent.click(await screen.findByText('深圳市'));
    expect(onChange).toHaveBeenCalledWith('440300', '广东省/深圳市');
    expect(screen.queryByText('南山区')).toBeNull();
  });
});
