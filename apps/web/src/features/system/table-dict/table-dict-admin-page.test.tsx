import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { TABLE_DICT_TEXT, type TableDictRecord } from '@houtai/shared/contract/table-dict';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { TableDictAdminPage } from './table-dict-admin-page.tsx';

function entry(id: string, over: Partial<TableDictRecord> = {}): TableDictRecord {
  return {
    id,
    tableName: 'sys_user',
    tableName_dictText: '用户',
    textField: 'realname',
    textField_dictText: '真实姓名',
    valueField: 'username',
    valueField_dictText: '登录账号',
    dictCode: 'sys_user,realname,username',
    description: '用户（按登录账号）',
    status: 1,
    status_dictText: '启用',
    createBy: 'system',
    createTime: '2026-11-22 08:00:00',
    updateBy: null,
    updateTime: null,
    version: 1,
    ...over,
  };
}

const TABLES = [
  { tableName: 'sys_role', label: '角色' },
  { tableName: 'sys_user', label: '用户' },
];
const COLUMNS = {
  sys_role: [
    { field: 'id', label: '主键', type: 'string' },
    { field: 'role_name', label: '角色名称', type: 'string' },
    { field: 'role_code', label: '角色编码', type: 'string' },
  ],
  sys_user: [
    { field: 'id', label: '主键', type: 'string' },
    { field: 'realname', label: '真实姓名', type: 'string' },
  ],
};

const ALL = Object.values(ADMIN_PERMISSIONS.tableDict).map((action) => ({ action, type: '2' as const }));
const listOf = (records: TableDictRecord[]) => () => ({ result: { records, total: records.length } });

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}
const rowOf = (id: string) =>
  waitFor(() => {
    const row = document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`);
    if (!row) throw new Error(`no row ${id}`);
    return row;
  });
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

async function choose(dialog: HTMLElement, label: string, option: string) {
  const found = await waitFor(
    () => {
      // Opened (again) until the option is there: a column select fills once its table's columns have loaded.
      const box = within(dialog).getByRole('combobox', { name: label });
      if (box.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(box);
      // The newest dropdown is the last in the document (an earlier select's list may hold the same label).
      const o = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')]
        .filter((x) => x.textContent === option)
        .at(-1);
      if (!o) throw new Error(`no option ${option}`);
      return o;
    },
    { timeout: 5000 },
  );
  fireEvent.click(found);
}

const api = (extra: Record<string, (req: { query?: URLSearchParams }) => unknown> = {}) =>
  mockApi({
    'GET /sys/tableDict/list': listOf([
      entry('t1'),
      entry('t2', { status: 0, status_dictText: '停用', description: '已停用' }),
    ]),
    'GET /sys/tableDict/tables': () => ({ result: TABLES }),
    'GET /sys/tableDict/columns': () => ({ result: COLUMNS.sys_role }),
    ...extra,
  });

beforeEach(() => {
  signInAs({ username: 'admin' }, ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
});

describe('表字典登记 administration', () => {
  it('lists the registrations: table, columns, status', async () => {
    viewport(1440, 900);
    api();
    renderInShell(<TableDictAdminPage />);
    const row = await rowOf('t1');
    expect(within(row).getByText('用户')).toBeTruthy();
    expect(within(row).getByText('真实姓名')).toBeTruthy();
    expect(within(row).getByText('sys_user,realname,username')).toBeTruthy();
    expect(within(row).getByTestId('table-dict-status').textContent).toBe('启用');
    expect(within(await rowOf('t2')).getByTestId('table-dict-status').textContent).toBe('停用');
  });

  it('shows one card per registration on a phone, with no pinned column', async () => {
    viewport(375, 812);
    api();
    renderInShell(<TableDictAdminPage />);
    const cards = await screen.findAllByTestId('table-dict-card');
    expect(within(cards[0]!).getByText('显示：真实姓名 · 存储：登录账号')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });

  it('shows the empty state and a failed load', async () => {
    let fail = true;
    mockApi({
      'GET /sys/tableDict/list': () =>
        fail ? { success: false, message: '数据库忙' } : { result: { records: [], total: 0 } },
    });
    renderInShell(<TableDictAdminPage />);
    expect(await screen.findByText('表字典登记加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无表字典登记')).toBeTruthy();
  });

  it('hides 登记, 编辑 and 删除 without the edit code', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.tableDict.list, type: '2' }]);
    api();
    renderInShell(<TableDictAdminPage />);
    const row = await rowOf('t1');
    expect(within(row).queryByText('编辑')).toBeNull();
    expect(screen.queryByRole('button', { name: /登\s*记/ })).toBeNull();
  });

  it('refuses a form without columns with the shared messages and sends nothing', async () => {
    const calls = api();
    renderInShell(<TableDictAdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: /登\s*记/ }));
    const dialog = await screen.findByTestId('table-dict-form-dialog');
    fireEvent.click(saveButton());
    expect(
      await within(dialog).findByText(TABLE_DICT_TEXT.tableRequired, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    await choose(dialog, '表', '角色（sys_role）');
    fireEvent.click(saveButton());
    expect(
      await within(dialog).findByText(TABLE_DICT_TEXT.textRequired, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('registers: table → columns from the server, status switch, the right body, the list reloads', async () => {
    const calls = api({ 'POST /sys/tableDict/add': () => ({ message: TABLE_DICT_TEXT.added, result: 'n1' }) });
    renderInShell(<TableDictAdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: /登\s*记/ }));
    const dialog = await screen.findByTestId('table-dict-form-dialog');
    await choose(dialog, '表', '角色（sys_role）');
    await choose(dialog, '显示字段', '角色名称（role_name）');
    await choose(dialog, '存储字段', '角色编码（role_code）');
    expect((await within(dialog).findByTestId('table-dict-code')).textContent).toContain(
      'sys_role,role_name,role_code',
    );
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      tableName: 'sys_role',
      textField: 'role_name',
      valueField: 'role_code',
      description: null,
      status: 0,
    });
    const columnsCall = (globalThis.fetch as unknown as { mock: { calls: [string][] } }).mock.calls
      .map(([u]) => new URL(u, 'http://localhost'))
      .find((u) => u.pathname.endsWith('/sys/tableDict/columns'));
    expect(columnsCall?.searchParams.get('table')).toBe('sys_role');
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/tableDict/list')).toHaveLength(2));
  });
});
