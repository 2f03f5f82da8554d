import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { DICT_TEXT, type DictItemRecord, type DictRecord } from '@houtai/shared/contract/dict-admin';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { DictAdminPage } from './dict-admin-page.tsx';

const ALL = Object.values(ADMIN_PERMISSIONS.dict).map((action) => ({ action, type: '2' as const }));

const dict = (id: string, dictCode: string, dictName: string): DictRecord => ({
  id,
  dictCode,
  dictName,
  description: `${dictName}的描述`,
  delFlag: 0,
  type: 0,
  createBy: 'admin',
  createTime: '2026-11-20 10:00:00',
  updateBy: null,
  updateTime: null,
  version: 2,
});
const DICTS = [dict('d1', 'sex', '性别'), dict('d2', 'order_status', '订单状态')];

const item = (id: string, itemValue: string, itemText: string, sortOrder: number, status = 1): DictItemRecord => ({
  id,
  dictId: 'd2',
  itemText,
  itemValue,
  itemColor: null,
  description: null,
  sortOrder,
  status,
  status_dictText: status === 1 ? '启用' : '不启用',
  createBy: 'admin',
  createTime: '2026-11-20 10:00:00',
  updateBy: null,
  updateTime: null,
  version: 1,
});

function recordUrls(): string[] {
  const urls: string[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    urls.push(url);
    return inner(url, init);
  });
  return urls;
}
const queryOf = (urls: string[], path: string) =>
  urls.filter((u) => u.includes(path)).map((u) => new URL(u, 'http://localhost').searchParams);

/** What a browser does on Enter in a text field of a form with a submit button (implicit submission). */
function pressEnter(field: HTMLElement) {
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
  const button = field.closest('form')!.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button && !button.disabled) button.click();
}

const listRoute = () => ({ result: { records: DICTS, total: 2 } });

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

describe('数据字典', () => {
  it('lists the dictionaries with their columns and searches by code', async () => {
    const calls = mockApi({ 'GET /sys/dict/list': listRoute });
    const urls = recordUrls();
    renderInShell(<DictAdminPage />);
    const row = (await screen.findByText('订单状态')).closest('tr')!;
    expect(within(row).getByText('order_status')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /字典配置/ })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['字典名称', '字典编码', '操作']));
    fireEvent.change(screen.getByLabelText('字典编码'), { target: { value: 'order' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/dict/list')).toHaveLength(2));
    expect(queryOf(urls, '/sys/dict/list').at(-1)!.get('dictCode')).toBe('order');
  });

  it('the add form refuses a bad code with the shared message and sends nothing', async () => {
    const calls = mockApi({ 'GET /sys/dict/list': listRoute });
    renderInShell(<DictAdminPage />);
    await screen.findByText('性别');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('dict-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('字典名称'), { target: { value: '颜色' } });
    fireEvent.change(within(dialog).getByLabelText('字典编码'), { target: { value: 'a,b' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(DICT_TEXT.dictCodeFormat)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(calls.some((c) => c.path === '/sys/duplicate/check')).toBe(false);
  });

  it('checks the code on blur, then saves a new dictionary and reloads the list', async () => {
    let taken = true;
    const calls = mockApi({
      'GET /sys/dict/list': listRoute,
      'GET /sys/duplicate/check': () =>
        taken ? { success: false, message: '该值不可用，系统中已存在！' } : { message: '该值可用！' },
      'POST /sys/dict/add': () => ({ message: '添加成功！', result: dict('d3', 'color', '颜色') }),
      'GET /sys/dict/queryAllDictItems': () => ({ result: {} }),
    });
    renderInShell(<DictAdminPage />);
    await screen.findByText('性别');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('dict-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('字典名称'), { target: { value: '颜色' } });
    const code = within(dialog).getByLabelText('字典编码');
    fireEvent.change(code, { target: { value: 'sex' } });
    fireEvent.blur(code);
    expect(await within(dialog).findByText(DICT_TEXT.dictCodeTaken)).toBeTruthy();
    taken = false;
    fireEvent.change(code, { target: { value: 'color' } });
    fireEvent.change(within(dialog).getByLabelText('描述'), { target: { value: '颜色选项' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/dict/add')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/dict/add')!.body).toEqual({
      dictName: '颜色',
      dictCode: 'color',
      description: '颜色选项',
      type: 0,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/dict/list')).toHaveLength(2));
    // The browser's own dictionaries are reloaded after a write.
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/dict/queryAllDictItems')).toBe(true));
  });

  it('edits a dictionary with its version (PUT)', async () => {
    const calls = mockApi({
      'GET /sys/dict/list': listRoute,
      'PUT /sys/dict/edit': () => ({ message: '修改成功!', result: dict('d2', 'order_status', '订单状态2') }),
      'GET /sys/dict/queryAllDictItems': () => ({ result: {} }),
    });
    renderInShell(<DictAdminPage />);
    await screen.findByText('订单状态');
    fireEvent.click(screen.getByTestId('dict-edit-d2'));
    const dialog = await screen.findByTestId('dict-form-dialog');
    const name = within(dialog).getByLabelText('字典名称');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('订单状态'));
    fireEvent.change(name, { target: { value: '订单状态2' } });
    pressEnter(name);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/dict/edit')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/dict/edit')!.body).toEqual({
      id: 'd2',
      dictName: '订单状态2',
      dictCode: 'order_status',
      description: '订单状态的描述',
      type: 0,
      version: 2,
    });
  });

  it('字典配置 lists the items; a new item is checked for a duplicate value, then saved', async () => {
    let items = [item('i1', '1', '待付款', 1), item('i2', '2', '已取消', 2, 0)];
    let taken = true;
    const calls = mockApi({
      'GET /sys/dict/list': listRoute,
      'GET /sys/dictItem/list': () => ({ result: { records: items, total: items.length } }),
      'GET /sys/dictItem/dictItemCheck': () =>
        taken ? { success: false, message: DICT_TEXT.itemValueTaken } : { message: DICT_TEXT.itemValueFree },
      'POST /sys/dictItem/add': (b) => {
        const sent = b as { itemValue: string; itemText: string; sortOrder: number };
        items = [...items, item('i3', sent.itemValue, sent.itemText, sent.sortOrder)];
        return { message: '添加成功！' };
      },
      'GET /sys/dict/queryAllDictItems': () => ({ result: {} }),
    });
    const urls = recordUrls();
    renderInShell(<DictAdminPage />);
    await screen.findByText('订单状态');
    fireEvent.click(screen.getByTestId('dict-items-d2'));
    const drawer = await screen.findByTestId('dict-items-drawer');
    const row = (await within(drawer).findByText('已取消')).closest('tr')!;
    expect(within(row).getByText('不启用')).toBeTruthy();
    expect(queryOf(urls, '/sys/dictItem/list')[0]!.get('dictId')).toBe('d2');

    fireEvent.click(within(drawer).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('dict-item-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '已发货' } });
    const value = within(dialog).getByLabelText('数据值');
    fireEvent.change(value, { target: { value: '1' } });
    fireEvent.blur(value);
    expect(await within(dialog).findByText(DICT_TEXT.itemValueTaken)).toBeTruthy();
    const check = queryOf(urls, '/sys/dictItem/dictItemCheck')[0]!;
    expect([check.get('dictId'), check.get('itemValue')]).toEqual(['d2', '1']);
    // A comma is refused by the shared schema before anything is sent.
    fireEvent.change(value, { target: { value: '3,4' } });
    expect(await within(dialog).findByText(DICT_TEXT.itemValueComma)).toBeTruthy();
    taken = false;
    fireEvent.change(value, { target: { value: '3' } });
    // Saving checks the value again, then sends the body with the next sort value.
    fireEvent.click(screen.getAllByRole('button', { name: /保\s*存/ }).at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/dictItem/add')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/dictItem/add')!.body).toEqual({
      dictId: 'd2',
      itemText: '已发货',
      itemValue: '3',
      description: null,
      sortOrder: 3,
      status: 1,
    });
    expect(await within(drawer).findByText('已发货')).toBeTruthy();
  });

  it('deletes an item and reloads the items', async () => {
    let items = [item('i1', '1', '待付款', 1), item('i2', '2', '已取消', 2)];
    const calls = mockApi({
      'GET /sys/dict/list': listRoute,
      'GET /sys/dictItem/list': () => ({ result: { records: items, total: items.length } }),
      'DELETE /sys/dictItem/delete': () => {
        items = items.filter((i) => i.id !== 'i1');
        return { message: '删除成功!' };
      },
      'GET /sys/dict/queryAllDictItems': () => ({ result: {} }),
    });
    const urls = recordUrls();
    renderInShell(<DictAdminPage />);
    await screen.findByText('订单状态');
    fireEvent.click(screen.getByTestId('dict-items-d2'));
    const drawer = await screen.findByTestId('dict-items-drawer');
    await within(drawer).findByText('待付款');
    fireEvent.click(within(drawer).getByTestId('dict-item-delete-i1'));
    const confirm = (await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/dictItem/delete')).toBe(true));
    expect(queryOf(urls, '/sys/dictItem/delete')[0]!.get('id')).toBe('i1');
    await waitFor(() => expect(within(drawer).queryByText('待付款')).toBeNull());
  });

  it('刷新缓存 calls refleshCache and reloads the dictionaries', async () => {
    const calls = mockApi({
      'GET /sys/dict/list': listRoute,
      'GET /sys/dict/refleshCache': () => ({ message: '操作成功' }),
      'GET /sys/dict/queryAllDictItems': () => ({ result: { sex: [] } }),
    });
    renderInShell(<DictAdminPage />);
    await screen.findByText('性别');
    fireEvent.click(screen.getByTestId('dict-refresh-cache'));
    await waitFor(() => expect(calls.some((c) => c.path === '/sys/dict/queryAllDictItems')).toBe(true));
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/sys/dict/r') || p.endsWith('AllDictItems'))).toEqual([
      '/sys/dict/refleshCache',
      '/sys/dict/queryAllDictItems',
    ]);
  });

  it('shows one card per dictionary on a phone, its actions beside it and no pinned column', async () => {
    viewport(375, 812);
    mockApi({ 'GET /sys/dict/list': listRoute });
    renderInShell(<DictAdminPage />);
    const card = (await screen.findAllByTestId('dict-card'))[1]!;
    expect(within(card).getByText('订单状态')).toBeTruthy();
    expect(within(card).getByText('order_status')).toBeTruthy();
    expect(within(card.closest('tr')!).getByTestId('dict-items-d2')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });

  it('hides the buttons the caller holds no code for', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.dict.list, type: '2' }]);
    mockApi({
      'GET /sys/dict/list': listRoute,
      'GET /sys/dictItem/list': () => ({ result: { records: [item('i1', '1', '待付款', 1)], total: 1 } }),
    });
    renderInShell(<DictAdminPage />);
    const row = (await screen.findByText('订单状态')).closest('tr')!;
    for (const name of [/编\s*辑/, /删\s*除/]) expect(within(row).queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /字典配置/ }));
    const drawer = await screen.findByTestId('dict-items-drawer');
    const itemRow = (await within(drawer).findByText('待付款')).closest('tr')!;
    for (const name of [/编\s*辑/, /删\s*除/]) expect(within(itemRow).queryByRole('button', { name })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });
});
