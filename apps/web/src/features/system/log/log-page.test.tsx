import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import type { SysLogRecord } from '@houtai/shared/contract/sys-log';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { LogPage, toLogFilters } from './log-page.tsx';

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
const viewport = (width: number, height: number) =>
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });

function queriesOf(path: string): URLSearchParams[] {
  return (globalThis.fetch as Mock<(url: string) => Promise<Response>>).mock.calls
    .map(([url]) => new URL(url, 'http://localhost'))
    .filter((u) => u.pathname.replace(/^\/api/, '') === path)
    .map((u) => u.searchParams);
}

const login = (id: string, over: Partial<SysLogRecord> = {}): SysLogRecord => ({
  id,
  logType: 1,
  logType_dictText: '登录日志',
  logContent: `用户名: zhang${id},登录成功！`,
  operateType: null,
  userid: 'u1',
  username: `zhang${id}`,
  realname: null,
  ip: '10.0.0.8',
  requestType: null,
  requestUrl: '/sys/login',
  costTime: null,
  relateId: null,
  createTime: '2026-11-22 08:00:00',
  ...over,
});
const operation = (id: string, over: Partial<SysLogRecord> = {}): SysLogRecord => ({
  ...login(id),
  logType: 2,
  logType_dictText: '操作日志',
  logContent: '编辑系统配置',
  operateType: 3,
  operateType_dictText: '编辑',
  username: 'admin',
  realname: '管理员',
  requestType: 'PUT',
  requestUrl: '/sys/sysConfig/edit',
  costTime: 1500,
  relateId: 'SYSTEM_NOTIFICATIONS',
  ...over,
});

const byType = () => {
  const q = queriesOf('/sys/log/list').at(-1);
  return q?.get('logType') === '2'
    ? { result: { records: [operation('o1')], total: 1 } }
    : { result: { records: [login('l1'), login('l2')], total: 2 } };
};

beforeEach(() => {
  viewport(1440, 900);
  signInAs({ username: 'admin' }, [{ action: ADMIN_PERMISSIONS.log.list, type: '2' }]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('日志管理', () => {
  it('lists the login log, then the operate log with its own columns', async () => {
    mockApi({ 'GET /sys/log/list': byType });
    renderInShell(<LogPage />);
    expect(await screen.findByText('用户名: zhangl1,登录成功！')).toBeTruthy();
    expect(queriesOf('/sys/log/list')[0]!.get('logType')).toBe('1');
    fireEvent.click(screen.getByRole('tab', { name: '操作日志' }));
    expect(await screen.findByText('管理员(admin)')).toBeTruthy();
    expect(queriesOf('/sys/log/list').at(-1)!.get('logType')).toBe('2');
    const list = screen.getByTestId('log-list-2');
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['操作人', '操作内容', '操作类型', 'IP', '请求方法', '耗时', '操作时间']),
    );
    expect(within(list).getByTestId('log-operate-type').textContent).toBe('编辑');
    expect(within(list).getByText('1.50 s')).toBeTruthy();
  });

  it('sends keyword, account, operate type and the time range as the contract names them', async () => {
    mockApi({ 'GET /sys/log/list': byType });
    renderInShell(<LogPage />);
    fireEvent.click(screen.getByRole('tab', { name: '操作日志' }));
    await screen.findByText('管理员(admin)');
    const list = screen.getByTestId('log-list-2');
    fireEvent.change(within(list).getByRole('textbox', { name: '关键词' }), { target: { value: ' 配置 ' } });
    fireEvent.mouseDown(within(list).getByRole('combobox', { name: '操作类型' }));
    fireEvent.click(await screen.findByTitle('删除'));
    fireEvent.click(within(list).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queriesOf('/sys/log/list').at(-1)!.get('keyWord')).toBe('配置'));
    const q = queriesOf('/sys/log/list').at(-1)!;
    expect(q.get('operateType')).toBe('4');
    expect(q.get('logType')).toBe('2');
    expect(toLogFilters({ range: ['2026-11-01 00:00:00', '2026-11-02 23:59:59'], username: ' a ' })).toEqual({
      username: 'a',
      createTime_begin: '2026-11-01 00:00:00',
      createTime_end: '2026-11-02 23:59:59',
    });
  });

  it('opens a row in the detail drawer', async () => {
    mockApi({ 'GET /sys/log/list': byType });
    renderInShell(<LogPage />);
    fireEvent.click(await screen.findByRole('tab', { name: '操作日志' }));
    fireEvent.click(await screen.findByTestId('log-detail-o1'));
    const drawer = await screen.findByTestId('log-detail-drawer');
    expect(within(drawer).getByText('操作日志详情')).toBeTruthy();
    expect(within(drawer).getByText('SYSTEM_NOTIFICATIONS')).toBeTruthy();
    expect(within(drawer).getByText('/sys/sysConfig/edit')).toBeTruthy();
    expect(within(drawer).getByText('PUT')).toBeTruthy();
  });

  it('shows a failure with 重试, then cards on a phone', async () => {
    let fail = true;
    mockApi({
      'GET /sys/log/list': () =>
        fail ? { success: false, message: '数据库忙' } : { result: { records: [login('l1')], total: 1 } },
    });
    viewport(375, 812);
    renderInShell(<LogPage />);
    expect(await screen.findByText('日志加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    const card = await screen.findByTestId('log-card');
    expect(within(card).getByText('用户名: zhangl1,登录成功！')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });
});
