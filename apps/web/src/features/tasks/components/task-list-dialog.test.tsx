import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TASK_MESSAGE_MARKER, type RealtimeMessage } from '@houtai/shared/messaging';
import { renderInShell, signInAs } from '../../../testing/render.tsx';
import { saveDictItems } from '../../../lib/dict/dict-cache.ts';
import type { AsyncTaskRecord } from '../api/my-tasks.ts';
import { TaskListDialog } from './task-list-dialog.tsx';
import type * as RealtimeModule from '../../../lib/realtime.ts';

const realtime = vi.hoisted(() => ({ listeners: new Set<(m: RealtimeMessage) => void>() }));
vi.mock('../../../lib/realtime.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof RealtimeModule>()),
  subscribeRealtime: (l: (m: RealtimeMessage) => void) => {
    realtime.listeners.add(l);
    return () => realtime.listeners.delete(l);
  },
}));
const files = vi.hoisted(() => ({ download: vi.fn<(url: string) => Promise<void>>() }));
vi.mock('../../../lib/download-stored-file.ts', () => ({ downloadStoredFile: files.download }));

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

let tasks: AsyncTaskRecord[];
let calls: Call[];
let retryAnswer: { success: boolean; message: string };

function task(i: number, extra: Partial<AsyncTaskRecord> = {}): AsyncTaskRecord {
  return {
    id: `t${i}`,
    title: `导出任务 ${i}`,
    startTime: '2026-11-22 10:00:00',
    endTime: '2026-11-22 10:00:01',
    status: '1',
    status_dictText: '进行中',
    duration: 1200,
    content: `内容 ${i}`,
    createTime: '2026-11-22 09:59:59',
    downloadUrl: null,
    ...extra,
  };
}

function answer(body: Record<string, unknown>) {
  return new Response(JSON.stringify({ success: true, message: '', code: 200, result: null, timestamp: 0, ...body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  signInAs();
  saveDictItems({
    async_task_status: [
      { value: '1', text: '进行中', title: '进行中', label: '进行中' },
      { value: '2', text: '已完成', title: '已完成', label: '已完成' },
      { value: '3', text: '失败', title: '失败', label: '失败' },
    ],
  });
  tasks = [];
  calls = [];
  retryAnswer = { success: true, message: '已重新执行' };
  files.download.mockReset().mockResolvedValue(undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const query = Object.fromEntries(u.searchParams);
      delete query._t;
      const call: Call = {
        method: init?.method ?? 'GET',
        path: u.pathname.replace(/^\/api/, ''),
        query,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.path === '/task/asyncTask/list/mine') {
        const pageNo = Number(query.pageNo);
        const pageSize = Number(query.pageSize);
        const rows = tasks.filter(
          (t) => (!query.title || t.title.includes(query.title)) && (!query.status || t.status === query.status),
        );
        return answer({
          result: { records: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length },
        });
      }
      if (call.path === '/task/asyncTask/retry') return answer(retryAnswer);
      return answer({ success: false, message: `unmocked ${call.path}` });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  realtime.listeners.clear();
});

const listCalls = () => calls.filter((c) => c.path === '/task/asyncTask/list/mine');

function open() {
  return renderInShell(<TaskListDialog open onClose={vi.fn()} />);
}

describe('task list dialog', () => {
  it('is titled 任务列表 with the columns of the spec and asks for page 1 of 10', async () => {
    tasks = [task(1)];
    open();
    expect(screen.getByText('任务列表')).toBeTruthy();
    expect(await screen.findByText('导出任务 1')).toBeTruthy();
    expect(listCalls()[0]?.query).toEqual({ pageNo: '1', pageSize: '10' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['ID', '标题', '任务时间', '状态', '耗时', '内容', '创建日期', '操作']),
    );
    expect(screen.getByText('开始：2026-11-22 10:00:00')).toBeTruthy();
    expect(screen.getByText('结束：2026-11-22 10:00:01')).toBeTruthy();
    expect(screen.getByText('1.2 秒')).toBeTruthy();
    // The 关闭 button, and the corner's close icon (named 关闭 in Chinese too).
    expect(screen.getAllByRole('button', { name: /^关\s?闭$/ }).length).toBe(2);
  });

  it('shows the empty state', async () => {
    open();
    await waitFor(() => expect(listCalls().length).toBe(1));
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('shows an error with 重试 when the list fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ success: false, message: '服务器开小差' })),
    );
    open();
    expect(await screen.findByText('任务列表加载失败')).toBeTruthy();
    expect(screen.getByText('服务器开小差')).toBeTruthy();
  });

  it('searches by 标题 with 查询 and with Enter, and 重置 clears the form', async () => {
    tasks = [task(1), task(2, { title: '导入客户' })];
    open();
    expect(await screen.findByText('导入客户')).toBeTruthy();
    const input = screen.getByPlaceholderText('请输入标题');
    fireEvent.change(input, { target: { value: '导入' } });
    fireEvent.click(screen.getByRole('button', { name: /^查\s?询$/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query).toEqual({ pageNo: '1', pageSize: '10', title: '导入' }));
    await waitFor(() => expect(screen.queryByText('导出任务 1')).toBeNull());

    // Enter in 标题 submits the form (the browser's implicit submission; happy-dom does not do it on a key).
    fireEvent.change(input, { target: { value: '导出' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(listCalls().at(-1)?.query).toEqual({ pageNo: '1', pageSize: '10', title: '导出' }));

    fireEvent.click(screen.getByRole('button', { name: /^重\s?置$/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query).toEqual({ pageNo: '1', pageSize: '10' }));
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLInputElement>('请输入标题').value).toBe(''));
  });

  it("pages with 'a-b 共 N 条'", async () => {
    tasks = Array.from({ length: 25 }, (_, i) => task(i));
    open();
    expect(await screen.findByText('1-10 共 25 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listCalls().at(-1)?.query).toEqual({ pageNo: '2', pageSize: '10' }));
    expect(await screen.findByText('11-20 共 25 条')).toBeTruthy();
    expect(screen.getByText('导出任务 10')).toBeTruthy();
  });

  it('shows 点击下载 only for a finished task with a file, and downloads it', async () => {
    tasks = [
      task(1, { status: '2', status_dictText: '已完成', downloadUrl: 'temp/a.xlsx' }),
      task(2, { status: '2', status_dictText: '已完成', downloadUrl: null }),
    ];
    open();
    await screen.findByText('导出任务 1');
    const links = screen.getAllByRole('button', { name: '点击下载' });
    expect(links.length).toBe(1);
    const row1 = screen.getByText('导出任务 1').closest('tr')!;
    expect(within(row1).getByRole('button', { name: '点击下载' })).toBeTruthy();
    fireEvent.click(links[0]!);
    await waitFor(() => expect(files.download).toHaveBeenCalledWith('temp/a.xlsx'));
  });

  it('says 文件下载失败 when the file cannot be fetched', async () => {
    files.download.mockRejectedValue(new Error('no file'));
    tasks = [task(1, { status: '2', status_dictText: '已完成', downloadUrl: 'temp/a.xlsx' })];
    open();
    fireEvent.click(await screen.findByRole('button', { name: '点击下载' }));
    expect(await screen.findByText('文件下载失败')).toBeTruthy();
  });

  it('retries a failed task: success shows the message and reloads', async () => {
    tasks = [task(1, { status: '3', status_dictText: '失败' })];
    open();
    await screen.findByText('导出任务 1');
    expect(screen.getByText('失败')).toBeTruthy();
    const before = listCalls().length;
    fireEvent.click(screen.getAllByRole('button', { name: /^重\s?试$/ })[0]!);
    expect(await screen.findByText('已重新执行')).toBeTruthy();
    expect(calls.find((c) => c.path === '/task/asyncTask/retry')?.body).toEqual({ id: 't1' });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it("retries a failed task: failure shows the server's message and does not reload", async () => {
    retryAnswer = { success: false, message: '任务正在执行，不能重试' };
    tasks = [task(1, { status: '3', status_dictText: '失败' })];
    open();
    await screen.findByText('导出任务 1');
    const before = listCalls().length;
    fireEvent.click(screen.getAllByRole('button', { name: /^重\s?试$/ })[0]!);
    expect(await screen.findByText('任务正在执行，不能重试')).toBeTruthy();
    expect(listCalls().length).toBe(before);
  });

  it('reloads when a task message arrives while open', async () => {
    tasks = [task(1)];
    open();
    await screen.findByText('导出任务 1');
    const before = listCalls().length;
    for (const l of realtime.listeners) l({ cmd: 'user', msgTxt: '普通消息' });
    for (const l of realtime.listeners) l({ cmd: 'user', msgTxt: `${TASK_MESSAGE_MARKER}导出完成` });
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });
});
