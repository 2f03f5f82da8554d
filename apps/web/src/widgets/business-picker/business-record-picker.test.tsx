/**
 * The business-record picker: '<name>选择', page size 5, cells cut at 12 with the text in a tooltip, the side list
 * (kept across pages, items removable), '请选择一条记录' on an empty OK, the value of the chosen keys.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BusinessRecordPicker } from './business-record-picker.tsx';
import type { RecordLoader } from '../record-picker/record-picker-modal.tsx';

interface Rule {
  id: string;
  title: string;
  ruleDesc: string;
}

const RULES: Rule[] = Array.from({ length: 8 }, (_, i) => ({
  id: `r${i}`,
  title: `规则${i}`,
  ruleDesc: `第${i}条规则的说明文字超过十二个字符会被截断`,
}));

const load = vi.fn<RecordLoader<Rule>>((p) =>
  Promise.resolve({ records: RULES.slice((p.pageNo - 1) * p.pageSize, p.pageNo * p.pageSize), total: RULES.length }),
);

function Harness({ spy }: { spy: (v: string) => void }) {
  const [client] = useState(() => new QueryClient());
  const [value, setValue] = useState('');
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN}>
        <App>
          <BusinessRecordPicker<Rule>
            name="不良事件规则"
            columns={[
              { title: '规则标题', dataIndex: 'title' },
              { title: '规则说明', dataIndex: 'ruleDesc' },
            ]}
            load={load}
            rowKey="id"
            labelOf={(r) => r.title}
            value={value}
            onChange={(v) => {
              setValue(v);
              spy(v);
            }}
            aria-label="规则"
          />
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

afterEach(cleanup);

describe('BusinessRecordPicker', () => {
  it('pages by 5, cuts cells at 12, keeps the side list across pages and returns the chosen keys', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    fireEvent.click(screen.getByLabelText('规则'));
    expect(await screen.findByText('不良事件规则选择')).toBeTruthy();
    await screen.findByText('规则0');
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 5 }));
    expect(screen.getAllByRole('row').filter((r) => r.classList.contains('ant-table-row'))).toHaveLength(5);
    expect(screen.getByText('第0条规则的说明文字超过…')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择一条记录')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('选择 规则0'));
    fireEvent.click(screen.getByLabelText('选择 规则1'));
    const chosen = screen.getByTestId('record-picker-chosen');
    await waitFor(() => expect(chosen.querySelectorAll('.ant-list-item')).toHaveLength(2));

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('规则5');
    fireEvent.click(screen.getByLabelText('选择 规则6'));
    await waitFor(() => expect(chosen.querySelectorAll('.ant-list-item')).toHaveLength(3));

    fireEvent.click(within(chosen).getByRole('button', { name: '移除 规则0' }));
    await waitFor(() => expect(chosen.querySelectorAll('.ant-list-item')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith('r1,r6'));
    expect(screen.getByLabelText<HTMLInputElement>('规则').value).toBe('规则1,规则6');
  });
});
