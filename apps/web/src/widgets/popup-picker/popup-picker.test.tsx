/** The popup picker against fake loaders: configuration messages, the dialog, search, paging, choosing and copying. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReportColumns, ReportData, ReportQueryItem } from '@houtai/shared/contract/online-report';
import {
  PopupPicker as Picker,
  reportFilterParams,
  type PopupPickerLoaders,
  type PopupPickerProps,
} from './popup-picker.tsx';

function PopupPicker(props: PopupPickerProps): ReactElement {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN}>
        <Picker {...props} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}

const COLUMNS: ReportColumns = {
  columns: [
    {
      title: '账号',
      dataIndex: 'username',
      fieldType: 'String',
      align: 'center',
      sorter: 'true',
      width: null,
      isTotal: null,
      groupTitle: null,
    },
    {
      title: '姓名',
      dataIndex: 'realname',
      fieldType: 'String',
      align: 'center',
      sorter: 'false',
      width: null,
      isTotal: null,
      groupTitle: null,
    },
    {
      title: '性别',
      dataIndex: 'sex',
      fieldType: 'Integer',
      align: 'center',
      sorter: 'false',
      width: null,
      isTotal: null,
      groupTitle: null,
      customRender: 'sex',
    },
  ],
  dictOptions: {
    sex: [
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ],
  },
  fieldHrefSlots: [],
  isGroupTitle: false,
  cgRpConfigId: 'rpt-1',
  cgRpConfigName: '用户选择',
};

const QUERY: ReportQueryItem[] = [
  { label: '账号', field: 'username', mode: 'single', view: 'string' },
  { label: '性别', field: 'sex', mode: 'single', view: 'list', hidden: '1', dictCode: 'sex' },
];

const ROWS = Array.from({ length: 12 }, (_, i) => ({
  id: `u${i}`,
  username: `user${i}`,
  realname: `用户${i}`,
  sex: i % 2 === 0 ? 1 : 2,
}));

function loaders(): PopupPickerLoaders & { data: ReturnType<typeof vi.fn> } {
  return {
    columns: vi.fn(async () => COLUMNS),
    queryInfo: vi.fn(async () => QUERY),
    data: vi.fn(async (_id: string, p: Record<string, string | number>): Promise<ReportData> => {
      const size = Number(p.pageSize);
      const from = (Number(p.pageNo) - 1) * size;
      const match = typeof p.username === 'string' ? p.username.replace(/\*/g, '') : '';
      const rows = ROWS.filter((r) => r.username.includes(match));
      return { total: rows.length, records: rows.slice(from, from + size) };
    }),
  };
}

afterEach(cleanup);

async function openDialog(_l: PopupPickerLoaders) {
  fireEvent.click(screen.getByLabelText('用户'));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('user0');
  return dialog;
}

describe('popup picker', () => {
  it("refuses a missing code, origin or destination field with 'popup参数未正确配置!'", async () => {
    const l = loaders();
    render(<PopupPicker code="" orgFields="id" destFields="userId" loaders={l} aria-label="用户" />);
    fireEvent.click(screen.getByLabelText('用户'));
    expect(await screen.findByText('popup参数未正确配置!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(l.columns).not.toHaveBeenCalled();
  });

  it('refuses origin and destination lists of different lengths', async () => {
    const l = loaders();
    render(<PopupPicker code="r" orgFields="id,username" destFields="userId" loaders={l} aria-label="用户" />);
    fireEvent.click(screen.getByLabelText('用户'));
    expect(await screen.findByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeTruthy();
    expect(l.columns).not.toHaveBeenCalled();
  });

  it('opens the report 1200 wide with its columns, dictionary texts and first page', async () => {
    const l = loaders();
    render(<PopupPicker code="user_select" orgFields="id" destFields="userId" loaders={l} aria-label="用户" />);
    const dialog = await openDialog(l);
    expect(l.columns).toHaveBeenCalledWith('user_select');
    expect(l.queryInfo).toHaveBeenCalledWith('rpt-1');
    expect(l.data).toHaveBeenCalledWith('rpt-1', { pageNo: 1, pageSize: 10 });
    expect(within(dialog).getByText('用户选择')).toBeTruthy();
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['账号', '姓名', '性别']));
    expect(within(dialog).getAllByText('男').length).toBeGreaterThan(0);
    const modal = document.querySelector('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('1200px');
  });

  it("OK with nothing chosen says '请选择一条记录' and stays open", async () => {
    const l = loaders();
    const onSelect = vi.fn();
    render(
      <PopupPicker code="r" orgFields="id" destFields="userId" loaders={l} onSelect={onSelect} aria-label="用户" />,
    );
    const dialog = await openDialog(l);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择一条记录')).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('single mode: the clicked row is copied into the destination fields and shown in the input', async () => {
    const l = loaders();
    const onSelect = vi.fn();
    render(
      <PopupPicker
        code="r"
        orgFields="username,realname"
        destFields="account,name"
        loaders={l}
        onSelect={onSelect}
        aria-label="用户"
      />,
    );
    const dialog = await openDialog(l);
    fireEvent.click(within(dialog).getByText('user1'));
    fireEvent.click(within(dialog).getByText('user2'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSelect).toHaveBeenCalled());
    expect(onSelect.mock.calls[0]![0]).toEqual({ account: 'user2', name: '用户2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('用户').value).toBe('user2');
  });

  it('multi mode: chosen rows across pages are comma-joined', async () => {
    const l = loaders();
    const onSelect = vi.fn();
    render(
      <PopupPicker code="r" orgFields="id" destFields="ids" multi loaders={l} onSelect={onSelect} aria-label="用户" />,
    );
    const dialog = await openDialog(l);
    fireEvent.click(within(dialog).getByText('user0'));
    fireEvent.click(within(dialog).getByTitle('2'));
    await waitFor(() => expect(l.data).toHaveBeenLastCalledWith('rpt-1', { pageNo: 2, pageSize: 10 }));
    fireEvent.click(await within(dialog).findByText('user11'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSelect).toHaveBeenCalled());
    expect(onSelect.mock.calls[0]![0]).toEqual({ ids: 'u0,u11' });
  });

  it('searches by a query field (wildcard), and shows hidden fields behind 展开', async () => {
    const l = loaders();
    render(<PopupPicker code="r" orgFields="id" destFields="x" loaders={l} aria-label="用户" />);
    const dialog = await openDialog(l);
    expect(within(dialog).queryByLabelText('性别')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '展开' }));
    expect(within(dialog).getByLabelText('性别')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '账号' }), { target: { value: 'user1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(l.data).toHaveBeenLastCalledWith('rpt-1', { pageNo: 1, pageSize: 10, username: '*user1*' }),
    );
    expect(await within(dialog).findByText('共 3 条', { exact: false })).toBeTruthy();
  });
});

describe('reportFilterParams', () => {
  it('wraps text fields in *, keeps dictionary values and ranges, drops blanks', () => {
    const query: ReportQueryItem[] = [
      ...QUERY,
      { label: '创建时间', field: 'create_time', mode: 'group', view: 'datetime' },
    ];
    expect(
      reportFilterParams(query, { username: ' ab ', sex: '2', create_time_begin: '2026-01-01', create_time_end: '' }),
    ).toEqual({ username: '*ab*', sex: '2', create_time_begin: '2026-01-01' });
  });
});
