import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { ListByUserResult } from '@houtai/shared/contract/announcement';
import { md5Hex } from '@houtai/shared/md5';
import { TASK_MESSAGE_MARKER } from '@houtai/shared/messaging';
import { useSessionStore } from '../../../lib/session-store.ts';
import { announcement, bellAnswer, stubApi, type ApiCall } from '../../../testing/messages.fixture.ts';
import { renderInShell, signInAs } from '../../../testing/render.tsx';
import { ADMIN_AUTH, ADMIN_MENU } from '../../router/admin-menu.fixture.ts';
import { buildMenuRoutes, type MenuRouteTable } from '../../router/menu-routes.ts';
import { FeatureHeaderItems } from '../header/feature-header-items.tsx';
import { menuLinks } from '../header/open-page.ts';
import { NoticeBanner } from '../notice-banner/notice-banner.tsx';
import { useShellRealtime } from './use-shell-realtime.ts';

// The work-order feature's realtime handler loads this module when a WORK_ORDER message arrives.
const addUnreadWorkOrder = vi.hoisted(() => vi.fn((_id: string) => Promise.resolve()));
vi.mock('../../../features/work-order/unread-work-orders.ts', () => ({
  WORK_ORDER_LIST_ROUTE_NAME: 'bi-workOrder-WorkOrderList',
  WORK_ORDER_LIST_PATH: '/bi/workOrder/WorkOrderList',
  addUnreadWorkOrder,
}));

class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  closed = false;
  onopen: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeWebSocket.all.push(this);
  }
  send() {}
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(message: object) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }
}

const table: MenuRouteTable = buildMenuRoutes(ADMIN_MENU, {
  held: new Set(ADMIN_AUTH.map((a) => a.action)),
  config: {},
});

const links = menuLinks(table.routes);

/** The banner and the features' header items (the task list button with its dot, the bell). */
function Shell() {
  useShellRealtime(table);
  return (
    <>
      <NoticeBanner />
      <FeatureHeaderItems links={links} />
    </>
  );
}

const taskDot = () => screen.getByTestId('task-center').getAttribute('data-dot');

let bell: ListByUserResult;
let notice: { status: string; content: string };
let calls: ApiCall[];

async function renderShell() {
  calls = stubApi({
    'GET /sys/annountCement/listByUser': () => ({ result: bell }),
    'GET /sys/sysConfig/getByCode': () => ({ result: notice }),
  });
  renderInShell(<Shell />);
  await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
  const socket = FakeWebSocket.all[0] as FakeWebSocket;
  act(() => socket.open());
  await waitFor(() => expect(screen.getByTestId('notice-bell').getAttribute('data-count')).toBe(String(count())));
  return socket;
}

const count = () => bell.anntMsgTotal + bell.sysMsgTotal;
const bellLoads = () => calls.filter((c) => c.path === '/sys/annountCement/listByUser').length;

beforeEach(() => {
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  signInAs({ id: 'u1' });
  bell = bellAnswer([announcement('a1', '放假通知')], []);
  notice = { status: '0', content: '' };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  addUnreadWorkOrder.mockClear();
  useSessionStore.getState().clear();
  // The task dot is kept in local storage per user.
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the shell and its realtime socket', () => {
  it("opens the user's socket with the token as sub-protocol and closes it on sign-out", async () => {
    const socket = await renderShell();
    expect(socket.url).toBe(`ws://localhost:3000/websocket/u1_${md5Hex('tok')}`);
    expect(socket.protocols).toEqual(['tok']);
    expect(screen.getByTestId('notice-bell').getAttribute('data-realtime')).toBe('open');
    act(() => useSessionStore.getState().clear());
    expect(socket.closed).toBe(true);
    expect(screen.getByTestId('notice-bell').getAttribute('data-realtime')).toBe('closed');
  });

  it('a user message reloads the bell and shows its text as a 系统提示 toast', async () => {
    const socket = await renderShell();
    expect(bellLoads()).toBe(1);
    bell = bellAnswer([announcement('a1', '放假通知'), announcement('a2', '<b>新通知</b>')], []);
    socket.push({ cmd: 'user', msgId: 'a2', msgTxt: '<b>新通知</b>', status: 1, userId: 'u1' });
    await waitFor(() => expect(screen.getByTestId('notice-bell').getAttribute('data-count')).toBe('2'));
    expect(bellLoads()).toBe(2);
    const toast = await screen.findByText('<b>新通知</b>');
    const notice = toast.closest('.ant-notification-notice') as HTMLElement;
    expect(notice.textContent).toContain('系统提示');
    expect(notice.querySelector('.ant-notification-notice-icon-warning, .anticon-exclamation-circle')).toBeTruthy();
    expect(notice.querySelector('b')).toBeNull();
  });

  it("a bare 'topic' (read-all) reloads the bell without a toast", async () => {
    const socket = await renderShell();
    bell = bellAnswer([], []);
    socket.push({ cmd: 'topic' });
    await waitFor(() => expect(screen.getByTestId('notice-bell').getAttribute('data-count')).toBe('0'));
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it("a 'notice' message shows, changes and hides the banner", async () => {
    const socket = await renderShell();
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    socket.push({ cmd: 'notice', msgTxt: JSON.stringify({ status: '1', content: '今晚 22:00 停机维护' }) });
    expect((await screen.findByTestId('notice-banner-text')).textContent).toBe('今晚 22:00 停机维护');
    socket.push({ cmd: 'notice', msgTxt: JSON.stringify({ status: '1', content: '<img src=x onerror=alert(1)>' }) });
    await waitFor(() =>
      expect(screen.getByTestId('notice-banner-text').textContent).toBe('<img src=x onerror=alert(1)>'),
    );
    expect(screen.getByTestId('notice-banner').querySelector('img')).toBeNull();
    socket.push({ cmd: 'notice', msgTxt: JSON.stringify({ status: '0', content: 'x' }) });
    await waitFor(() => expect(screen.queryByTestId('notice-banner')).toBeNull());
  });

  it('a work-order message away from the work-order list is stored as unread', async () => {
    window.history.replaceState(null, '', '/dashboard/analysis');
    const socket = await renderShell();
    socket.push({ cmd: 'user', msgId: 'w1', msgTxt: '新工单', businessType: 'WORK_ORDER', userId: 'u1' });
    await waitFor(() => expect(addUnreadWorkOrder).toHaveBeenCalledWith('w1'));
  });

  it('a work-order message on the work-order list is not stored', async () => {
    window.history.replaceState(null, '', '/bi/workOrder/WorkOrderList');
    const socket = await renderShell();
    socket.push({ cmd: 'user', msgId: 'w2', msgTxt: '新工单', businessType: 'WORK_ORDER', userId: 'u1' });
    await screen.findByText('新工单');
    await new Promise((r) => setTimeout(r, 50));
    expect(addUnreadWorkOrder).not.toHaveBeenCalled();
  });

  it('a task message sets the task dot for me, not one meant for someone else', async () => {
    const socket = await renderShell();
    expect(taskDot()).toBe('false');
    socket.push({ cmd: 'user', msgTxt: `${TASK_MESSAGE_MARKER}别人的导出完成`, userId: 'u2' });
    await screen.findByText(`${TASK_MESSAGE_MARKER}别人的导出完成`);
    expect(taskDot()).toBe('false');
    socket.push({ cmd: 'user', msgTxt: `${TASK_MESSAGE_MARKER}导出完成`, userId: 'u1' });
    await waitFor(() => expect(taskDot()).toBe('true'));
  });
});
