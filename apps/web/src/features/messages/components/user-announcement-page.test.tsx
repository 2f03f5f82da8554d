import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyAnnouncementRecord } from '@houtai/shared/contract/announcement';
import { useSessionStore } from '../../../lib/session-store.ts';
import { renderInShell, signInAs } from '../../../testing/render.tsx';
import { sendRecord, stubApi, type ApiCall } from '../../../testing/messages.fixture.ts';
import { UserAnnouncementPage } from './user-announcement-page.tsx';

vi.mock('../../../widgets/markdown/markdown-lazy.tsx', () => ({
  MarkdownView: ({ text }: { text: string }) => <div data-testid="markdown">{text}</div>,
}));

let records: MyAnnouncementRecord[];
let calls: ApiCall[];

function stub(readAll: () => { success?: boolean; message?: string } = () => ({ message: '全部已读' })) {
  calls = stubApi({
    'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': (call) => {
      const matching = records.filter(
        (r) =>
          (!call.query.readFlag || r.readFlag === call.query.readFlag) && r.titile.includes(call.query.titile ?? ''),
      );
      return { result: { records: matching.slice(0, 7), total: matching.length, size: 7, current: 1, pages: 1 } };
    },
    'PUT /sys/sysAnnouncementSend/readAll': () => {
      const answer = readAll();
      if (answer.success !== false) records = records.map((r) => ({ ...r, readFlag: '1' }));
      return answer;
    },
    'GET /sys/annountCement/listByUser': () => ({
      result: { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 },
    }),
  });
}

const listCalls = () => calls.filter((c) => c.path === '/sys/sysAnnouncementSend/getMyAnnouncementSend');

beforeEach(() => {
  signInAs();
  records = [sendRecord(1), sendRecord(2, { readFlag: '1' }), sendRecord(3)];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('/isps/userAnnouncement', () => {
  it('lists the messages and filters by title and read state', async () => {
    stub();
    renderInShell(<UserAnnouncementPage />);
    const page = await screen.findByTestId('user-announcement-page');
    await waitFor(() => expect(within(page).getAllByTestId('message-item')).toHaveLength(3));
    expect(listCalls()[0]?.query).toEqual({ column: 'createTime', order: 'desc', pageNo: '1', pageSize: '7' });

    fireEvent.change(within(page).getByLabelText('标题'), { target: { value: '消息' } });
    fireEvent.mouseDown(within(page).getByRole('combobox', { name: '阅读状态' }));
    fireEvent.click(await screen.findByTitle('未读'));
    fireEvent.click(within(page).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ titile: '消息', readFlag: '0' }));
    await waitFor(() => expect(within(page).getAllByTestId('message-item')).toHaveLength(2));

    fireEvent.click(within(page).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query.readFlag).toBeUndefined());
    expect(within(page).getByLabelText<HTMLInputElement>('标题').value).toBe('');
  });

  it('全部已读 marks everything read and reloads the list', async () => {
    stub();
    renderInShell(<UserAnnouncementPage />);
    const page = await screen.findByTestId('user-announcement-page');
    await waitFor(() => expect(within(page).getAllByTestId('unread-dot')).toHaveLength(2));
    fireEvent.click(within(page).getByTestId('read-all'));
    expect(await screen.findByText('全部已读', { selector: '.ant-message *' })).toBeTruthy();
    await waitFor(() => expect(within(page).queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(calls.filter((c) => c.path === '/sys/sysAnnouncementSend/readAll').map((c) => c.method)).toEqual(['PUT']);
  });

  it('warns with the server message when 全部已读 is refused', async () => {
    stub(() => ({ success: false, message: '操作失败' }));
    renderInShell(<UserAnnouncementPage />);
    const page = await screen.findByTestId('user-announcement-page');
    await waitFor(() => expect(within(page).getAllByTestId('unread-dot')).toHaveLength(2));
    fireEvent.click(within(page).getByTestId('read-all'));
    expect(await screen.findByText('操作失败')).toBeTruthy();
    expect(within(page).getAllByTestId('unread-dot')).toHaveLength(2);
  });

  it('opens a message by unfolding it', async () => {
    stub();
    renderInShell(<UserAnnouncementPage />);
    const page = await screen.findByTestId('user-announcement-page');
    const [first] = await within(page).findAllByTestId('message-item');
    fireEvent.click(within(first as HTMLElement).getByRole('button'));
    expect((await within(first as HTMLElement).findByTestId('markdown')).textContent).toBe('内容1');
  });
});
