/** The shift picker: the §2.5 columns (班次名称, 上午上班, 上午下班, 下午上班, 下午下班), search by name, the id as value. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PickerShift } from '@houtai/shared/contract/pickers-rules';
import type { RecordLoader } from '../record-picker/record-picker-modal.tsx';
import { ShiftPicker } from './shift-picker.tsx';

const SHIFTS: PickerShift[] = [
  { id: 's1', name: '标准班', amStart: '09:00', amEnd: '12:00', pmStart: '13:30', pmEnd: '18:00' },
  { id: 's2', name: '早班', amStart: '07:30', amEnd: '11:30', pmStart: '12:30', pmEnd: '15:30' },
];

const load = vi.fn<RecordLoader<PickerShift>>((p) => {
  const name = typeof p.name === 'string' ? p.name : '';
  const records = SHIFTS.filter((s) => s.name.includes(name));
  return Promise.resolve({ records, total: records.length });
});

function Harness({ spy }: { spy: (v: string) => void }) {
  const [client] = useState(() => new QueryClient());
  const [value, setValue] = useState('');
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN}>
        <App>
          <ShiftPicker
            load={load}
            value={value}
            onChange={(v) => {
              setValue(v);
              spy(v);
            }}
            aria-label="班次"
          />
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

afterEach(cleanup);

describe('ShiftPicker', () => {
  it('shows the shift columns, searches by name and stores the chosen id', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    fireEvent.click(screen.getByLabelText('班次'));
    expect(await screen.findByText('选择班次')).toBeTruthy();
    await screen.findByText('07:30');
    const headers = screen.getAllByRole('columnheader').map((h) => h.getAttribute('aria-label') ?? h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['班次名称', '上午上班', '上午下班', '下午上班', '下午下班']));
    fireEvent.change(screen.getByRole('textbox', { name: '班次名称' }), { target: { value: '早' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ name: '早', pageNo: 1 })));
    await waitFor(() => expect(screen.queryByText('标准班')).toBeNull());
    fireEvent.click(screen.getByLabelText('选择 早班'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith('s2'));
    expect(screen.getByLabelText<HTMLInputElement>('班次').value).toBe('早班');
  });
});
