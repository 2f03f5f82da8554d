import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyAnnouncementRecord } from '@houtai/shared/contract/announcement';
import { useSessionStore } from '../../../lib/session-store.ts';
import { renderInShell, signInAs } from '../../../testing/render.tsx';
import { sendRecord, stubApi, type ApiCall } from '../../../testing/messages.fixture.ts';
import { MyMessagesDialog } from './my-messages-dialog.tsx';

// happy-dom cannot drive DOMPurify; the Markdown view is proven in Chromium (e2e/tests/notices.spec.ts).
vi.mock('../../../widgets/markdown/markdown-lazy.tsx', () => ({
  MarkdownView: ({ text, payslip }: { text: string; payslip?: boolean }) => (
    <div data-testid="markdown" data-payslip={payslip ? 'true' : 'false'}>
      {text}
    </div>
  ),
}));

type Answer = { success?: boolean; message?: string; result?: unknown };

let records: MyAnnouncementRecord[];
let calls: ApiCall[];

function page(call: ApiCall): Answer {
  const pageNo = Number(call.query.pageNo);
  const pageSize = Number(call.query.pageSize);
  const titile = call.query.titile ?? '';
  const matching = records.filter((r) => r.titile.includes(titile));
  return {
    result: {
      records: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      total: matching.length,
      size: pageSize,
      current: pageNo,
      pages: Math.ceil(matching.length / pageSize),
    },
  };
}

function stub(extra: Record<string, (call: ApiCall) => Answer> = {}) {
  calls = stubApi({
    'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': page,
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': () => ({}),
    'GET /sys/annountCement/syncNotic': () => ({}),
    'GET /sys/annountCement/listByUser': () => ({
      result: { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 },
    }),
    ...extra,
  });
}

const listCalls = () => calls.filter((c) => c.path === '/sys/sysAnnouncementSend/getMyAnnouncementSend');

async function openDialog(onRead = vi.fn()) {
  renderInShell(<MyMessagesDialog open onClose={vi.fn()} onRead={onRead} />);
  const dialog = await screen.findByTestId('my-messages-dialog');
  await within(dialog).findAllByTestId('message-item', undefined, { timeout: 5000 });
  return dialog;
}

const items = (dialog: HTMLElement) => within(dialog).getAllByTestId('message-item');

beforeEach(() => {
  signInAs();
  records = Array.from({ length: 20 }, (_, i) => sendRecord(i + 1, i % 2 ? { readFlag: '1' } : {}));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('我的消息', () => {
  it('is 900 px wide, titled 我的消息, and asks for page 1 of 7 newest first', async () => {
    stub();
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('我的消息');
    const modal =
      dialog.closest('.ant-modal') ?? dialog.querySelector('.ant-modal') ?? document.querySelector('.ant-modal');
    expect((modal as HTMLElement).style.width).toBe('900px');
    expect(listCalls()[0]?.query).toEqual({ column: 'createTime', order: 'desc', pageNo: '1', pageSize: '7' });
    expect(items(dialog)).toHaveLength(7);
    expect(within(dialog).getByText('共 20 条')).toBeTruthy();
  });

  it('shows each message folded with its category, title, send time and an unread dot', async () => {
    records = [
      sendRecord(1),
      sendRecord(2, { readFlag: '1', msgCategory: '3', msgCategory_dictText: '' }),
      sendRecord(3, { msgCategory: '2', msgCategory_dictText: '系统消息' }),
    ];
    stub();
    const dialog = await openDialog();
    const [first, second, third] = items(dialog) as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('通知公告');
    expect(first.textContent).toContain('消息1');
    expect(first.textContent).toContain('2026-11-22 10:01:00');
    expect(within(first).getByTestId('unread-dot')).toBeTruthy();
    expect(first.querySelector('.anticon-bell')).toBeTruthy();
    // Category '3': the gateway icon (its dictionary text missing: the code's name).
    expect(second.textContent).toContain('网关消息');
    expect(second.querySelector('.anticon-gateway')).toBeTruthy();
    expect(within(second).queryByTestId('unread-dot')).toBeNull();
    expect(third.textContent).toContain('系统消息');
    expect(within(dialog).queryByTestId('message-body')).toBeNull();
    expect(within(first).getByRole('button').getAttribute('aria-expanded')).toBe('false');
  });

  it('unfolding an unread message marks it read once, syncs, and tells the parent', async () => {
    stub();
    const onRead = vi.fn();
    const dialog = await openDialog(onRead);
    const first = items(dialog)[0] as HTMLElement;
    const header = within(first).getByRole('button');
    fireEvent.click(header);
    expect((await within(first).findByTestId('markdown')).textContent).toBe('内容1');
    expect(within(first).getByTestId('message-toggle').textContent).toContain('收起');
    await waitFor(() => expect(onRead).toHaveBeenCalledWith('a1'));
    expect(within(first).queryByTestId('unread-dot')).toBeNull();
    expect(first.getAttribute('data-unread')).toBe('false');
    const edits = () => calls.filter((c) => c.path === '/sys/sysAnnouncementSend/editByAnntIdAndUserId');
    expect(edits().map((c) => [c.method, c.body])).toEqual([['PUT', { anntId: 'a1' }]]);
    expect(calls.filter((c) => c.path === '/sys/annountCement/syncNotic').map((c) => c.query)).toEqual([
      { anntId: 'a1' },
    ]);

    // Folding and unfolding again reads nothing more.
    fireEvent.click(header);
    expect(within(first).queryByTestId('message-body')).toBeNull();
    fireEvent.click(header);
    await within(first).findByTestId('markdown');
    expect(edits()).toHaveLength(1);

    // A read message is never marked again.
    const second = items(dialog)[1] as HTMLElement;
    fireEvent.click(within(second).getByRole('button'));
    await within(second).findByTestId('markdown');
    expect(edits()).toHaveLength(1);
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  it('Enter on a message unfolds it', async () => {
    stub();
    const dialog = await openDialog();
    const first = items(dialog)[0] as HTMLElement;
    fireEvent.keyDown(within(first).getByRole('button'), { key: 'Enter' });
    expect(await within(first).findByTestId('message-body')).toBeTruthy();
  });

  it('warns with the server message when marking read is refused, and keeps the message unread', async () => {
    stub({
      'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': () => ({ success: false, message: '未找到对应数据' }),
    });
    const onRead = vi.fn();
    const dialog = await openDialog(onRead);
    const first = items(dialog)[0] as HTMLElement;
    fireEvent.click(within(first).getByRole('button'));
    expect(await screen.findByText('未找到对应数据')).toBeTruthy();
    expect(within(first).getByTestId('unread-dot')).toBeTruthy();
    expect(calls.some((c) => c.path === '/sys/annountCement/syncNotic')).toBe(false);
    expect(onRead).not.toHaveBeenCalled();
  });

  it('shows pay-slip messages with the pay-slip image size', async () => {
    records = [sendRecord(1, { titile: '2026年10月工资条' })];
    stub();
    const dialog = await openDialog();
    fireEvent.click(within(items(dialog)[0] as HTMLElement).getByRole('button'));
    expect((await within(dialog).findByTestId('markdown')).getAttribute('data-payslip')).toBe('true');
  });

  it('filters by title from the popover, back on page 1, and 重置 clears the filter', async () => {
    stub();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByTestId('my-messages-filter-button'));
    const filter = await screen.findByTestId('my-messages-filter');
    fireEvent.change(within(filter).getByLabelText('标题'), { target: { value: '消息1' } });
    fireEvent.click(within(filter).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query.titile).toBe('消息1'));
    await waitFor(() => expect(items(dialog)).toHaveLength(7));
    expect(listCalls().at(-1)?.query.pageNo).toBe('1');
    expect(await within(dialog).findByText('共 11 条')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('my-messages-filter-button'));
    fireEvent.click(within(await screen.findByTestId('my-messages-filter')).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query.titile).toBeUndefined());
    expect(await within(dialog).findByText('共 20 条')).toBeTruthy();
  });

  it('pages with the size changer (10–100) and the quick jumper', async () => {
    stub();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByTitle('3'));
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ pageNo: '3', pageSize: '7' }));
    await waitFor(() => expect(items(dialog)).toHaveLength(6));
    expect(dialog.querySelector('.ant-pagination-options-quick-jumper input')).toBeTruthy();
    expect(dialog.querySelector('.ant-pagination-options-size-changer')).toBeTruthy();
  });

  it('says 暂无消息 when there is none', async () => {
    records = [];
    stub();
    renderInShell(<MyMessagesDialog open onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('my-messages-dialog');
    expect(await within(dialog).findByText('暂无消息', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('warns with the server message when the list is refused, and 重试 loads it again', async () => {
    let refuse = true;
    stub({
      'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': (call) =>
        refuse ? { success: false, message: '查询失败了' } : page(call),
    });
    renderInShell(<MyMessagesDialog open onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('my-messages-dialog');
    expect(await within(dialog).findByText('消息加载失败', undefined, { timeout: 5000 })).toBeTruthy();
    expect((await screen.findAllByText('查询失败了')).length).toBeGreaterThan(0);
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(items(dialog)).toHaveLength(7));
    expect(within(dialog).queryByText('消息加载失败')).toBeNull();
  });
});
