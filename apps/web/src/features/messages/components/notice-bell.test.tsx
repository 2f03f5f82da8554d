import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { AnnouncementRecord, ListByUserResult } from '@houtai/shared/contract/announcement';
import type { MenuLinks } from '../../../lib/feature-entry.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { announcement, bellAnswer, sendRecord, stubApi, type ApiCall } from '../../../testing/messages.fixture.ts';
import { renderInShell, signInAs } from '../../../testing/render.tsx';
import { CountBubble, NoticeBell } from './notice-bell.tsx';

// happy-dom cannot drive DOMPurify; the Markdown view is proven in Chromium (e2e/tests/notices.spec.ts).
vi.mock('../../../widgets/markdown/markdown-lazy.tsx', () => ({
  MarkdownView: ({ text }: { text: string }) => <div data-testid="markdown">{text}</div>,
}));

/**
 * The shell's links for a menu with 消息中心 (/isps/userAnnouncement, component system/UserAnnouncementList) and no
 * bpm pages, or without it (app/shell/header/open-page.ts builds the real ones from the menu routes).
 */
function menuLinks(withMessagesPage = true): MenuLinks {
  return {
    hasPath: (path) => withMessagesPage && path === '/isps/userAnnouncement',
    pageTarget: (page, busId) =>
      withMessagesPage && page === 'system/UserAnnouncementList' ? `/isps/userAnnouncement?busId=${busId}` : null,
  };
}
const links = menuLinks();

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

let bell: ListByUserResult;
let calls: ApiCall[];

function stubBell(
  extra: Record<string, (call: ApiCall) => { success?: boolean; message?: string; result?: unknown }> = {},
) {
  calls = stubApi({
    'GET /sys/annountCement/listByUser': () => ({ result: bell }),
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': (call) => {
      const { anntId } = call.body as { anntId: string };
      const drop = (list: AnnouncementRecord[]) => list.filter((a) => a.id !== anntId);
      bell = bellAnswer(drop(bell.anntMsgList), drop(bell.sysMsgList));
      return {};
    },
    'GET /sys/annountCement/syncNotic': () => ({}),
    ...extra,
  });
}

const bellButton = () => screen.getByTestId('notice-bell');

async function openPopover() {
  fireEvent.click(bellButton());
  return screen.findByTestId('notice-panel', undefined, { timeout: 5000 });
}

beforeEach(() => {
  signInAs();
  bell = bellAnswer(
    [announcement('a1', '放假通知'), announcement('a2', '体检安排')],
    [announcement('a3', '系统升级', { msgCategory: '2' })],
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('notice bell', () => {
  it('counts notices and system messages together, without polling', async () => {
    stubBell();
    renderInShell(<NoticeBell links={links} />);
    await waitFor(() => expect(bellButton().getAttribute('data-count')).toBe('3'));
    expect(bellButton().getAttribute('aria-label')).toBe('消息通知，3条未读');
    expect(within(bellButton()).getByText('3')).toBeTruthy();
    const loads = () => calls.filter((c) => c.path === '/sys/annountCement/listByUser').length;
    expect(loads()).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(loads()).toBe(1);
  });

  it('lists both kinds in the tabs 通知(N) and 系统消息(N)', async () => {
    stubBell();
    renderInShell(<NoticeBell links={links} />);
    await waitFor(() => expect(bellButton().getAttribute('data-count')).toBe('3'));
    const panel = await openPopover();
    expect(within(panel).getByRole('tab', { name: '通知(2)' })).toBeTruthy();
    expect(within(panel).getByRole('tab', { name: '系统消息(1)' })).toBeTruthy();
    const notices = within(panel).getByTestId('notice-list');
    expect(
      within(notices)
        .getAllByTestId('notice-item')
        .map((b) => b.textContent),
    ).toEqual(['放假通知2026-11-22 09:30:00', '体检安排2026-11-22 09:30:00']);
    fireEvent.click(within(panel).getByRole('tab', { name: '系统消息(1)' }));
    expect(within(await within(panel).findByTestId('system-message-list')).getByText('系统升级')).toBeTruthy();
  });

  it('opens a message in a dialog, marks it read, syncs, and the count drops', async () => {
    stubBell();
    renderInShell(<NoticeBell links={links} />);
    await waitFor(() => expect(bellButton().getAttribute('data-count')).toBe('3'));
    const panel = await openPopover();
    fireEvent.click(within(panel).getByText('放假通知'));
    const dialog = await screen.findByTestId('message-view-dialog');
    expect(within(dialog).getByTestId('message-view-title').textContent).toBe('放假通知');
    // The content is the server's HTML, rendered as HTML (not parsed as Markdown). happy-dom cannot drive the
    // sanitiser, so here the fail-closed escaped source may show instead; Chromium renders it (e2e).
    const content = await within(dialog).findByTestId('markdown');
    expect(['放假通知 的内容', '<p><strong>放假通知</strong> 的内容</p>']).toContain(content.textContent);
    await waitFor(() => expect(bellButton().getAttribute('data-count')).toBe('2'));
    const edit = calls.find((c) => c.path === '/sys/sysAnnouncementSend/editByAnntIdAndUserId');
    expect(edit?.method).toBe('PUT');
    expect(edit?.body).toEqual({ anntId: 'a1' });
    const sync = calls.find((c) => c.path === '/sys/annountCement/syncNotic');
    expect(sync?.query).toEqual({ anntId: 'a1' });
    expect(calls.indexOf(sync as ApiCall)).toBeGreaterThan(calls.indexOf(edit as ApiCall));
  });

  it("goes to the page of an openType 'component' announcement with its busId", async () => {
    bell = bellAnswer(
      [announcement('a9', '请查看', { openType: 'component', openPage: 'system/UserAnnouncementList', busId: 'b1' })],
      [],
    );
    stubBell();
    renderInShell(
      <>
        <NoticeBell links={links} />
        <Where />
      </>,
    );
    await waitFor(() => expect(bellButton().getAttribute('data-count')).toBe('1'));
    const panel = await openPopover();
    fireEvent.click(within(panel).getByText('请查看'));
    expect(screen.getByTestId('where').textContent).toBe('/isps/userAnnouncement?busId=b1');
    await waitFor(() => expect(bellButton().getAttribute('data-count')).toBe('0'));
    expect(screen.queryByTestId('message-view-dialog')).toBeNull();
  });

  it('opens the message itself when the page is unknown to the user', async () => {
    bell = bellAnswer(
      [],
      [announcement('a8', '流程待办', { openType: 'component', openPage: 'bpm/Unknown', busId: 'x' })],
    );
    stubBell();
    renderInShell(
      <>
        <NoticeBell links={links} />
        <Where />
      </>,
    );
    await waitFor(() => expect(bellButton().getAttribute('data-count')).toBe('1'));
    const panel = await openPopover();
    fireEvent.click(within(panel).getByRole('tab', { name: '系统消息(1)' }));
    fireEvent.click(await within(panel).findByText('流程待办'));
    expect(await screen.findByTestId('message-view-dialog')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('查看更多 opens 我的消息, and reading there drops the count', async () => {
    stubBell({
      'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': () => ({
        result: { records: [sendRecord(1, { anntId: 'a2' })], total: 1, size: 7, current: 1, pages: 1 },
      }),
    });
    renderInShell(<NoticeBell links={links} />);
    await waitFor(() => expect(bellButton().getAttribute('data-count')).toBe('3'));
    const panel = await openPopover();
    fireEvent.click(within(panel).getByTestId('notice-more'));
    const dialog = await screen.findByTestId('my-messages-dialog');
    fireEvent.click(await within(dialog).findByText('消息1'));
    await waitFor(() => expect(bellButton().getAttribute('data-count')).toBe('2'));
  });

  it('消息中心 goes to /isps/userAnnouncement, shown only when the user has that route', async () => {
    stubBell();
    const { unmount } = renderInShell(
      <>
        <NoticeBell links={links} />
        <Where />
      </>,
    );
    const panel = await openPopover();
    fireEvent.click(within(panel).getByTestId('notice-messages-page'));
    expect(screen.getByTestId('where').textContent).toBe('/isps/userAnnouncement');
    unmount();

    renderInShell(<NoticeBell links={menuLinks(false)} />);
    const other = await openPopover();
    expect(within(other).queryByTestId('notice-messages-page')).toBeNull();
    expect(within(other).getByTestId('notice-more')).toBeTruthy();
  });

  it('draws no bubble at 0 and 99+ above 99', () => {
    const { container, rerender } = renderInShell(<CountBubble count={0} />);
    expect(container.querySelector('sup')).toBeNull();
    rerender(<CountBubble count={100} />);
    expect(screen.getByTestId('notice-bell-count').textContent).toBe('99+');
  });

  it('stays at no count, without any notification, when the list cannot be loaded', async () => {
    calls = stubApi({ 'GET /sys/annountCement/listByUser': () => ({ success: false, message: '出错了' }) });
    renderInShell(<NoticeBell links={links} />);
    await waitFor(() => expect(calls.length).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(bellButton().getAttribute('data-count')).toBe('0');
    expect(screen.queryByText('出错了')).toBeNull();
  });
});
