import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { PermissionEntry } from '@houtai/shared/contract/permission';
import type { WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { renderInShell, signInAs } from '../../../testing/render.tsx';
import { useUnreadWorkOrdersStore } from '../unread-work-orders.ts';
import { WorkOrderListPage } from './work-order-list-page.tsx';

const ME = 'u-zhang';

function record(i: number, overrides: Partial<WorkOrderRecord> = {}): WorkOrderRecord {
  return {
    id: `wo${i}`,
    orderNo: `GD20261122-${String(i).padStart(4, '0')}`,
    title: `工单 ${i}`,
    content: '',
    priority: 'M',
    priority_dictText: '中',
    status: '0',
    status_dictText: '待处理',
    reporterId: 'u-admin',
    reporterId_dictText: '管理员',
    assigneeId: null,
    assigneeId_dictText: null,
    closedBy: null,
    closedBy_dictText: null,
    closedTime: null,
    closeNote: null,
    createBy: 'admin',
    createTime: `2026-11-22 10:${String(i).padStart(2, '0')}:00`,
    updateBy: null,
    updateTime: null,
    version: 1,
    attachments: '',
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => { success?: boolean; message?: string; result?: unknown };

let calls: Call[] = [];

function serve(routes: Record<string, Handler>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      const answer = handler ? handler(call) : { success: false, message: `unmocked ${call.method} ${call.path}` };
      return new Response(
        JSON.stringify({ success: true, message: '', code: 200, result: null, timestamp: 0, ...answer }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
}

function page(records: WorkOrderRecord[], total = records.length) {
  return { result: { records, total, size: 10, current: 1, pages: 1 } };
}

const auth = (...codes: string[]): PermissionEntry[] => codes.map((action) => ({ action, type: '1' }));

function renderList() {
  return renderInShell(
    <Routes>
      <Route path="/" element={<WorkOrderListPage />} />
      <Route path="/bi/workOrder/WorkOrderDetail/:id" element={<div data-testid="detail-route">detail</div>} />
    </Routes>,
  );
}

function rowOf(title: string): HTMLElement {
  const row = screen.getByText(title).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}

beforeEach(() => {
  useUnreadWorkOrdersStore.setState({ ids: [], loaded: false });
  // happy-dom's own size: antd's breakpoints see a 1024 px (lg) screen.
  viewport(1024, 768);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('work-order list page', () => {
  it('at 1000 px leaves 提交人 out so the title keeps its room, and scrolls by no more than its columns need', async () => {
    signInAs({ id: ME }, auth('bi:workOrder:list'));
    serve({ 'GET /bi/workOrder/list': () => page([record(1)], 1), 'GET /sys/redis/get': () => ({ result: [] }) });
    viewport(1000, 800);
    renderList();
    expect(await screen.findByText('工单 1')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('处理人');
    expect(headers).not.toContain('提交人');
    // The table's scroll width is what its columns need: the title's 160 px minimum included, no more.
    const table = screen.getByTestId('work-order-table').querySelector('table')!;
    expect(table.style.width).toBe('928px');
  });

  it('lists the orders newest first with coloured tags, names, the total, and a dot on unread ones', async () => {
    signInAs({ id: ME }, auth('bi:workOrder:list', 'bi:workOrder:add'));
    serve({
      'GET /bi/workOrder/list': () =>
        page(
          [
            record(1, { priority: 'H', priority_dictText: '高' }),
            record(2, { status: '1', status_dictText: '处理中', assigneeId: ME, assigneeId_dictText: '张三' }),
          ],
          12,
        ),
      'GET /sys/redis/get': () => ({ result: ['wo2'] }),
    });
    viewport(1440, 900);
    renderList();
    expect(await screen.findByText('工单 1')).toBeTruthy();
    const list = calls.find((c) => c.path === '/bi/workOrder/list')!;
    expect(Object.fromEntries([...list.query].filter(([k]) => k !== '_t'))).toEqual({
      pageNo: '1',
      pageSize: '10',
      column: 'createTime',
      order: 'desc',
    });
    expect(within(rowOf('工单 1')).getByText('高')).toBeTruthy();
    expect(within(rowOf('工单 2')).getByText('处理中')).toBeTruthy();
    expect(within(rowOf('工单 2')).getByText('张三')).toBeTruthy();
    expect(within(rowOf('工单 1')).getByText('管理员')).toBeTruthy();
    expect(screen.getByText('1-10 共 12 条')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('工单 2')).queryByTestId('work-order-unread')).not.toBeNull());
    expect(within(rowOf('工单 1')).queryByTestId('work-order-unread')).toBeNull();
  });

  it('offers only the steps the rule allows: staff complete and close their own, never assign', async () => {
    signInAs({ id: ME }, auth('bi:workOrder:list'));
    serve({
      'GET /bi/workOrder/list': () =>
        page([
          record(1, { reporterId: ME }),
          record(2, { status: '1', status_dictText: '处理中', assigneeId: ME }),
          record(3, { status: '3', status_dictText: '已关闭', reporterId: ME }),
        ]),
      'GET /sys/redis/get': () => ({ result: [] }),
    });
    renderList();
    await screen.findByText('工单 1');
    const actions = (title: string) =>
      within(within(rowOf(title)).getByTestId('work-order-actions'))
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(actions('工单 1')).toEqual(['查看', '关闭']);
    expect(actions('工单 2')).toEqual(['查看', '完成', '关闭']);
    expect(actions('工单 3')).toEqual(['查看', '重新打开']);
    expect(screen.queryByTestId('work-order-add')).toBeNull();
  });

  it('gives dispatchers 指派 on open orders, and 新建工单 to holders of the add code', async () => {
    signInAs(
      { id: 'u-admin' },
      auth('bi:workOrder:list', 'bi:workOrder:add', 'bi:workOrder:assign', 'bi:workOrder:close'),
    );
    serve({
      'GET /bi/workOrder/list': () => page([record(1), record(2, { status: '2', status_dictText: '已完成' })]),
      'GET /sys/redis/get': () => ({ result: [] }),
    });
    renderList();
    await screen.findByText('工单 1');
    expect(within(rowOf('工单 1')).getByRole('button', { name: /指\s*派/ })).toBeTruthy();
    expect(within(rowOf('工单 2')).queryByRole('button', { name: /指\s*派/ })).toBeNull();
    expect(screen.getByTestId('work-order-add')).toBeTruthy();
  });

  it('searches with the form (blank fields left out) and 重置 clears the search', async () => {
    signInAs({ id: ME }, auth('bi:workOrder:list'));
    serve({
      'GET /bi/workOrder/list': () => page([record(1)]),
      'GET /sys/redis/get': () => ({ result: [] }),
    });
    renderList();
    await screen.findByText('工单 1');
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '  打印机 ' } });
    fireEvent.click(screen.getByTestId('work-order-query'));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/bi/workOrder/list').at(-1)!;
      expect(last.query.get('title')).toBe('打印机');
      expect(last.query.get('pageNo')).toBe('1');
      expect(last.query.has('status')).toBe(false);
    });
    fireEvent.click(screen.getByTestId('work-order-reset'));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/bi/workOrder/list').at(-1)!;
      expect(last.query.has('title')).toBe(false);
    });
  });

  it('opening an unread order clears its mark on the server and shows the detail page', async () => {
    signInAs({ id: ME }, auth('bi:workOrder:list'));
    let stored = ['wo1', 'wo9'];
    serve({
      'GET /bi/workOrder/list': () => page([record(1)]),
      'GET /sys/redis/get': () => ({ result: stored }),
      'PUT /sys/redis/set': (c) => {
        stored = (c.body as { v: string[] }).v;
        return { result: stored };
      },
    });
    renderList();
    await waitFor(() => expect(screen.queryByTestId('work-order-unread')).not.toBeNull());
    fireEvent.click(within(rowOf('工单 1')).getByRole('button', { name: /查\s*看/ }));
    expect(await screen.findByTestId('detail-route')).toBeTruthy();
    await waitFor(() => expect(stored).toEqual(['wo9']));
    const save = calls.find((c) => c.method === 'PUT')!;
    expect(save.body).toEqual({ k: 'WORK_ORDER', v: ['wo9'], t: 0 });
  });

  it('shows the failure with 重试, and 暂无工单 when there is nothing', async () => {
    signInAs({ id: ME }, auth('bi:workOrder:list'));
    let fail = true;
    serve({
      'GET /bi/workOrder/list': () => (fail ? { success: false, message: '排序字段不正确' } : page([])),
      'GET /sys/redis/get': () => ({ result: [] }),
    });
    renderList();
    expect(await screen.findByText('工单列表加载失败')).toBeTruthy();
    expect(screen.getByText('排序字段不正确')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无工单')).toBeTruthy();
    expect(screen.queryByText('工单列表加载失败')).toBeNull();
  });

  it('新建工单 checks the title, sends the order and reloads the list', async () => {
    signInAs({ id: ME }, auth('bi:workOrder:list', 'bi:workOrder:add'));
    serve({
      'GET /bi/workOrder/list': () => page([]),
      'GET /sys/redis/get': () => ({ result: [] }),
      'POST /bi/workOrder/add': () => ({ message: '添加成功！', result: { id: 'new1', orderNo: 'GD20261122-0009' } }),
    });
    renderList();
    await screen.findByText('暂无工单');
    fireEvent.click(screen.getByTestId('work-order-add'));
    const dialog = await screen.findByTestId('work-order-add-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请输入标题')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入标题'), { target: { value: '打印机无法连接' } });
    fireEvent.click(within(dialog).getByText('高'));
    fireEvent.change(within(dialog).getByPlaceholderText('请描述问题或需求'), { target: { value: '三楼' } });
    const listsBefore = calls.filter((c) => c.path === '/bi/workOrder/list').length;
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/bi/workOrder/add')).toBe(true));
    expect(calls.find((c) => c.path === '/bi/workOrder/add')!.body).toEqual({
      title: '打印机无法连接',
      priority: 'H',
      content: '三楼',
      attachments: '',
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/bi/workOrder/list').length).toBeGreaterThan(listsBefore),
    );
  });

  it('关闭 asks for a note and sends it with the version the user saw; a refusal is shown', async () => {
    signInAs({ id: ME }, auth('bi:workOrder:list'));
    serve({
      'GET /bi/workOrder/list': () => page([record(1, { reporterId: ME, version: 4 })]),
      'GET /sys/redis/get': () => ({ result: [] }),
      'PUT /bi/workOrder/close': () => ({ success: false, message: '工单已关闭' }),
    });
    renderList();
    await screen.findByText('工单 1');
    fireEvent.click(within(rowOf('工单 1')).getByRole('button', { name: /关\s*闭/ }));
    const dialog = await screen.findByTestId('work-order-note-dialog');
    const footer = () => dialog.querySelector<HTMLElement>('.ant-modal-footer')!;
    fireEvent.click(within(footer()).getByRole('button', { name: /关\s*闭/ }));
    expect(await within(dialog).findByText('请输入关闭说明')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入关闭说明'), { target: { value: '已解决' } });
    fireEvent.click(within(footer()).getByRole('button', { name: /关\s*闭/ }));
    expect(await screen.findByText('工单已关闭')).toBeTruthy();
    expect(calls.find((c) => c.path === '/bi/workOrder/close')!.body).toEqual({
      id: 'wo1',
      note: '已解决',
      version: 4,
    });
  });
});
