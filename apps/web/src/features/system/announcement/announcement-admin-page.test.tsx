import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ANNOUNCEMENT_PERMISSIONS,
  ANNOUNCEMENT_TEXT,
  type AnnouncementListRecord,
} from '@houtai/shared/contract/announcement';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { AnnouncementAdminPage } from './announcement-admin-page.tsx';
import { toBody } from './announcement-form-dialog.tsx';

function row(id: string, sendStatus: '0' | '1' | '2', titile: string): AnnouncementListRecord {
  return {
    id,
    titile,
    msgContent: '<h1>内容</h1>',
    msgContentMd: '# 内容',
    startTime: null,
    endTime: null,
    sender: sendStatus === '0' ? null : 'admin',
    priority: 'M',
    msgCategory: '1',
    msgType: 'ALL',
    sendStatus,
    sendTime: sendStatus === '0' ? null : '2026-11-22 09:00:00',
    cancelTime: null,
    delFlag: '0',
    busType: null,
    busId: null,
    openType: null,
    openPage: null,
    userIds: null,
    departIds: null,
    msgAbstract: null,
    dtTaskId: null,
    createBy: 'admin',
    createTime: '2026-11-22 08:00:00',
    updateBy: null,
    updateTime: null,
    version: 1,
    readFlag: null,
    starFlag: null,
    sendId: null,
    priority_dictText: '中',
    msgCategory_dictText: '通知公告',
    msgType_dictText: '全体用户',
    sendStatus_dictText: { '0': '未发布', '1': '已发布', '2': '已撤销' }[sendStatus],
  };
}

const ALL = Object.values(ANNOUNCEMENT_PERMISSIONS).map((action) => ({ action, type: '2' as const }));

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}

beforeEach(() => {
  signInAs({ username: 'admin' }, ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
});

describe('系统通告 administration', () => {
  it('gives the title its room on a desktop: the table scrolls only by what its columns need', async () => {
    viewport(1440, 900);
    mockApi({ 'GET /sys/annountCement/list': () => ({ result: { records: [row('a1', '2', '已撤通告')], total: 1 } }) });
    renderInShell(<AnnouncementAdminPage />);
    await screen.findByText('已撤通告');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['标题', '通告对象', '发布人', '操作']));
    // 撤销时间 only from 1600 px; the scroll width: selection 48 + title 220 + the fixed columns.
    expect(headers).not.toContain('撤销时间');
    const table = screen.getByTestId('announcement-admin-page').querySelector('table')!;
    expect(table.style.width).toBe(`${48 + 220 + 96 + 96 + 76 + 96 + 92 + 168 + 176}px`);
  });

  it('shows one card per announcement on a phone, with its steps beside it and no pinned column', async () => {
    viewport(375, 812);
    mockApi({ 'GET /sys/annountCement/list': () => ({ result: { records: [row('a1', '0', '草稿通告')], total: 1 } }) });
    renderInShell(<AnnouncementAdminPage />);
    const card = await screen.findByTestId('announcement-card');
    expect(within(card).getByText('草稿通告')).toBeTruthy();
    expect(within(card).getByText('未发布')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['通告', '操作']),
    );
    const cardRow = card.closest('tr')!;
    expect(within(cardRow).getByText('编辑')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });

  it('lists the announcements and offers each state its actions; 发布 releases a draft and reloads', async () => {
    let released = false;
    const calls = mockApi({
      'GET /sys/annountCement/list': () => ({
        result: { records: [row('a1', released ? '1' : '0', '草稿通告'), row('a2', '1', '已发通告')], total: 2 },
      }),
      'GET /sys/annountCement/doReleaseData': () => {
        released = true;
        return { message: ANNOUNCEMENT_TEXT.released };
      },
    });
    renderInShell(<AnnouncementAdminPage />);
    const draft = (await screen.findByText('草稿通告')).closest('tr')!;
    const sent = screen.getByText('已发通告').closest('tr')!;
    expect(within(draft).getByText('编辑')).toBeTruthy();
    expect(within(draft).queryByText('撤销')).toBeNull();
    expect(within(sent).getByText('撤销')).toBeTruthy();
    expect(within(sent).queryByText('发布')).toBeNull();
    expect(screen.getByText('1-2 共 2 条')).toBeTruthy();

    fireEvent.click(within(draft).getByTestId('announcement-release-a1'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/annountCement/doReleaseData')).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/annountCement/list')).toHaveLength(2));
    await waitFor(() => expect(within(screen.getByText('草稿通告').closest('tr')!).getByText('撤销')).toBeTruthy());
  });

  it('hides the buttons the caller holds no code for', async () => {
    signInAs({ username: 'viewer' }, [{ action: ANNOUNCEMENT_PERMISSIONS.list, type: '2' }]);
    mockApi({ 'GET /sys/annountCement/list': () => ({ result: { records: [row('a1', '0', '草稿通告')], total: 1 } }) });
    renderInShell(<AnnouncementAdminPage />);
    const draft = (await screen.findByText('草稿通告')).closest('tr')!;
    expect(within(draft).getByText('查看')).toBeTruthy();
    expect(within(draft).queryByText('编辑')).toBeNull();
    expect(within(draft).queryByText('删除')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
  });

  it('the new-announcement form refuses with the shared messages and sends nothing', async () => {
    const calls = mockApi({ 'GET /sys/annountCement/list': () => ({ result: { records: [], total: 0 } }) });
    renderInShell(<AnnouncementAdminPage />);
    expect(await screen.findByText('暂无通告')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByTestId('announcement-form-dialog');
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(ANNOUNCEMENT_TEXT.titleRequired)).toBeTruthy();
    expect(await within(dialog).findByText(ANNOUNCEMENT_TEXT.contentRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('the form as a wire body', () => {
  it('sends the audience list that applies and the time window in the wire format', async () => {
    const dayjs = (await import('dayjs')).default;
    const body = toBody({
      titile: '放假通知',
      msgCategory: '1',
      priority: 'H',
      msgType: 'USER',
      userIds: ['u1', 'u2'],
      departIds: ['d1'],
      window: [dayjs('2026-11-22 08:00:00'), null],
      openType: 'none',
      openPage: 'ignored',
      msgContent: '**元旦**放假',
    });
    expect(body).toMatchObject({
      msgType: 'USER',
      userIds: ['u1', 'u2'],
      departIds: undefined,
      startTime: '2026-11-22 08:00:00',
      endTime: undefined,
      openType: undefined,
      openPage: undefined,
    });
  });
});
