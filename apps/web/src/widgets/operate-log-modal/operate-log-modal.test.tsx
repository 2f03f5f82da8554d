import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  OperateLogModal as Modal,
  type OperateLogLoader,
  type OperateLogModalProps,
  type OperateLogRow,
} from './operate-log-modal.tsx';

// As in the app: antd speaks Chinese (暂无数据, 共 N 条 page controls), inside the app's query client.
function OperateLogModal(props: OperateLogModalProps): ReactElement {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN}>
        <Modal {...props} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}

function row(i: number): OperateLogRow {
  return {
    id: `log-${i}`,
    user: '管理员(admin)',
    operateTime: `2026-11-22 12:${String(59 - i).padStart(2, '0')}:00`,
    operateType: '3',
    operateType_dictText: '编辑',
    content: `切换部门 ${i}`,
    relateId: i === 0 ? 'rel-0' : null,
  };
}

afterEach(cleanup);

describe('operate-log modal', () => {
  it('is titled 操作日志 and asks the loader for page 1 of 10 (with relateId) when opened', async () => {
    const loader = vi.fn<OperateLogLoader>().mockResolvedValue({ records: [row(0)], total: 1 });
    render(<OperateLogModal open onClose={vi.fn()} relateId="rel-0" loader={loader} />);
    expect(screen.getByText('操作日志')).toBeTruthy();
    await waitFor(() => expect(loader).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10, relateId: 'rel-0' }));
    expect(await screen.findByText('切换部门 0')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['操作人', '操作时间', '操作类型', '操作内容', '关联ID']));
    expect(screen.getByText('管理员(admin)')).toBeTruthy();
    expect(screen.getByText('2026-11-22 12:59:00')).toBeTruthy();
    expect(screen.getByText('编辑')).toBeTruthy();
    expect(screen.getByText('rel-0')).toBeTruthy();
  });

  it('does not call the loader while closed', () => {
    const loader = vi.fn<OperateLogLoader>().mockResolvedValue({ records: [], total: 0 });
    render(<OperateLogModal open={false} onClose={vi.fn()} loader={loader} />);
    expect(loader).not.toHaveBeenCalled();
  });

  it('shows the empty state when there are no rows', async () => {
    const loader = vi.fn<OperateLogLoader>().mockResolvedValue({ records: [], total: 0 });
    render(<OperateLogModal open onClose={vi.fn()} loader={loader} />);
    await waitFor(() => expect(loader).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10 }));
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('row').filter((r) => r.getAttribute('data-row-key')).length).toBe(0);
  });

  it('loads the next page with the page params and shows the total', async () => {
    const loader = vi.fn<OperateLogLoader>(async ({ pageNo, pageSize }) => ({
      records: Array.from({ length: pageSize }, (_, i) => row((pageNo - 1) * pageSize + i)).slice(
        0,
        25 - (pageNo - 1) * pageSize,
      ),
      total: 25,
    }));
    render(<OperateLogModal open onClose={vi.fn()} loader={loader} />);
    expect(await screen.findByText('1-10 共 25 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(loader).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 10 }));
    expect(await screen.findByText('切换部门 10')).toBeTruthy();
    expect(screen.getByText('11-20 共 25 条')).toBeTruthy();
  });

  it('shows the failure with 重试, which loads again', async () => {
    const loader = vi
      .fn<OperateLogLoader>()
      .mockRejectedValueOnce(new Error('网络超时'))
      .mockResolvedValue({ records: [row(1)], total: 1 });
    render(<OperateLogModal open onClose={vi.fn()} loader={loader} />);
    expect(await screen.findByText('操作日志加载失败')).toBeTruthy();
    expect(screen.getByText('网络超时')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('切换部门 1')).toBeTruthy();
    expect(screen.queryByText('操作日志加载失败')).toBeNull();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('calls onClose from the close button', async () => {
    const onClose = vi.fn();
    const loader = vi.fn<OperateLogLoader>().mockResolvedValue({ records: [], total: 0 });
    render(<OperateLogModal open onClose={onClose} loader={loader} />);
    fireEvent.click(await screen.findByRole('button', { name: /关闭|Close/ }));
    expect(onClose).toHaveBeenCalled();
  });
});
