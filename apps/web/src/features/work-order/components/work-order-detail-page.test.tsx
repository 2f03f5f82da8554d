import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import type { WorkOrderDetail } from '@houtai/shared/contract/work-order-rules';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { useUnreadWorkOrdersStore } from '../unread-work-orders.ts';
import { WorkOrderDetailPage } from './work-order-detail-page.tsx';

const ME = 'u-zhang';

const ORDER: WorkOrderDetail = {
  id: 'wo1',
  orderNo: 'GD20261122-0001',
  title: '凭证同步失败',
  content: '第一行\n第二行',
  priority: 'H',
  priority_dictText: '高',
  status: '1',
  status_dictText: '处理中',
  reporterId: 'u-li',
  reporterId_dictText: '李四',
  assigneeId: ME,
  assigneeId_dictText: '张三',
  closedBy: null,
  closedBy_dictText: null,
  closedTime: null,
  closeNote: null,
  createBy: 'lisi',
  createTime: '2026-11-22 09:00:00',
  updateBy: 'admin',
  updateTime: '2026-11-22 10:00:00',
  version: 2,
  attachments: '',
  attachmentFiles: [],
  logs: [
    {
      id: 'l1',
      action: 'create',
      action_dictText: '创建',
      fromUser: null,
      fromUser_dictText: null,
      toUser: null,
      toUser_dictText: null,
      note: null,
      createBy: 'lisi',
      createBy_dictText: '李四',
      createTime: '2026-11-22 09:00:00',
    },
    {
      id: 'l2',
      action: 'assign',
      action_dictText: '指派',
      fromUser: null,
      fromUser_dictText: null,
      toUser: ME,
      toUser_dictText: '张三',
      note: '请今天内处理',
      createBy: 'admin',
      createBy_dictText: '管理员',
      createTime: '2026-11-22 10:00:00',
    },
  ],
};

function renderDetail() {
  return renderInShell(
    <Routes>
      <Route path="/" element={<Navigate to="/bi/workOrder/WorkOrderDetail/wo1" replace />} />
      <Route path="/bi/workOrder/WorkOrderDetail/:id" element={<WorkOrderDetailPage />} />
    </Routes>,
  );
}

beforeEach(() => {
  useUnreadWorkOrdersStore.setState({ ids: ['wo1'], loaded: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('work-order detail page', () => {
  it('shows the order, its history, the steps for the assignee, and marks it read', async () => {
    signInAs({ id: ME }, [{ action: 'bi:workOrder:list', type: '1' }]);
    let stored = ['wo1', 'wo2'];
    const calls = mockApi({
      'GET /bi/workOrder/queryById': () => ({ result: ORDER }),
      'GET /sys/redis/get': () => ({ result: stored }),
      'PUT /sys/redis/set': (b) => {
        stored = (b as { v: string[] }).v;
        return { result: stored };
      },
    });
    renderDetail();
    expect(await screen.findByTestId('work-order-title')).toHaveProperty('textContent', '凭证同步失败');
    expect(screen.getByTestId('work-order-no').textContent).toBe('GD20261122-0001');
    expect(screen.getByTestId('work-order-detail-status').textContent).toBe('处理中');
    expect(screen.getByTestId('work-order-content').textContent).toBe('第一行\n第二行');
    const history = screen.getByTestId('work-order-history');
    expect(within(history).getByText('李四 创建')).toBeTruthy();
    expect(within(history).getByText('管理员 指派给 张三')).toBeTruthy();
    expect(within(history).getByText('请今天内处理')).toBeTruthy();
    const actions = within(screen.getByTestId('work-order-detail-actions'))
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(actions).toEqual(expect.arrayContaining(['完成', '关闭']));
    expect(actions).not.toContain('指派');
    await waitFor(() => expect(stored).toEqual(['wo2']));
    expect(useUnreadWorkOrdersStore.getState().ids).toEqual(['wo2']);
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/sys/redis/set')).toBe(true);
  });

  it('lists the attachments by name and downloads one through the order', async () => {
    signInAs({ id: ME }, [{ action: 'bi:workOrder:list', type: '1' }]);
    const path = 'temp/20261122/00000000-0000-0000-0000-00000000000a.pdf';
    mockApi({
      'GET /bi/workOrder/queryById': () => ({
        result: { ...ORDER, attachments: path, attachmentFiles: [{ path, name: '报价单.pdf', size: 2048 }] },
      }),
      'GET /sys/redis/get': () => ({ result: [] }),
    });
    const requested: string[] = [];
    const api = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (url.includes('/bi/workOrder/attachment')) {
        requested.push(url);
        return Promise.resolve(new Response('%PDF', { headers: { 'content-type': 'application/pdf' } }));
      }
      return api(url, init);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderDetail();
    const box = await screen.findByTestId('work-order-attachments');
    fireEvent.click(within(box).getByText('报价单.pdf'));
    await waitFor(() => expect(requested).toHaveLength(1));
    const q = new URL(requested[0]!, 'http://x').searchParams;
    expect([q.get('id'), q.get('path')]).toEqual(['wo1', path]);
  });

  it('posts a comment and needs its text', async () => {
    signInAs({ id: ME }, [{ action: 'bi:workOrder:list', type: '1' }]);
    const calls = mockApi({
      'GET /bi/workOrder/queryById': () => ({ result: ORDER }),
      'GET /sys/redis/get': () => ({ result: [] }),
      'POST /bi/workOrder/comment': () => ({ message: '评论成功！' }),
    });
    renderDetail();
    const box = await screen.findByTestId('work-order-comment');
    fireEvent.click(within(box).getByRole('button', { name: /发表评论/ }));
    expect(await within(box).findByText('请输入评论内容')).toBeTruthy();
    fireEvent.change(within(box).getByPlaceholderText('写下评论'), { target: { value: '已在处理' } });
    fireEvent.click(within(box).getByRole('button', { name: /发表评论/ }));
    expect(await screen.findByText('评论成功！')).toBeTruthy();
    expect(calls.find((c) => c.path === '/bi/workOrder/comment')!.body).toEqual({ id: 'wo1', note: '已在处理' });
  });

  it('says so when the order cannot be seen', async () => {
    signInAs({ id: ME }, [{ action: 'bi:workOrder:list', type: '1' }]);
    mockApi({
      'GET /bi/workOrder/queryById': () => ({ success: false, message: '工单不存在或无权查看' }),
      'GET /sys/redis/get': () => ({ result: [] }),
    });
    renderDetail();
    expect(await screen.findByText('无法查看该工单')).toBeTruthy();
    expect(screen.getByText('工单不存在或无权查看')).toBeTruthy();
    expect(screen.getByRole('button', { name: /返回列表/ })).toBeTruthy();
  });
});
