import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { CATEGORY_TEXT, type CategoryRecord } from '@houtai/shared/contract/category';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { CategoryAdminPage } from './category-admin-page.tsx';

const ALL = Object.values(ADMIN_PERMISSIONS.category).map((action) => ({ action, type: '2' as const }));

const cat = (id: string, name: string, code: string, pid = '0', hasChild = '0'): CategoryRecord => ({
  id,
  pid,
  name,
  code,
  sysOrgCode: 'A01',
  hasChild,
  createBy: 'admin',
  createTime: '2026-11-20 10:00:00',
  updateBy: null,
  updateTime: null,
  version: 2,
});
const ROOTS = [cat('c1', '业务来源', 'A01', '0', '1'), cat('c2', '物料分类', 'B01')];
const CHILDREN = [cat('c11', '采购业务', 'A01A01', 'c1'), cat('c12', '销售业务', 'A01A02', 'c1')];

/** The URLs fetched (mockApi records paths and bodies only). */
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

const routes = (extra: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /sys/category/rootList': () => ({ result: { records: ROOTS, total: 2, size: 10, current: 1, pages: 1 } }),
  'GET /sys/category/childList': () => ({ result: CHILDREN }),
  'GET /sys/category/loadTreeRoot': () => ({ result: [] }),
  'GET /sys/category/loadDictItem/c1': () => ({ result: ['业务来源'] }),
  ...extra,
});

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

describe('分类字典', () => {
  it('lists the top level, loads children on expand, and searches by name', async () => {
    const calls = mockApi(routes());
    const urls = recordUrls();
    renderInShell(<CategoryAdminPage />);
    const row = (await screen.findByText('业务来源')).closest('tr')!;
    expect(within(row).getByText('A01')).toBeTruthy();
    expect(screen.getByText('物料分类')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['分类名称', '分类编码', '操作']));
    expect(calls.some((c) => c.path === '/sys/category/childList')).toBe(false);
    // Only the category with children can be expanded.
    fireEvent.click(within(row).getByRole('button', { name: /展开/ }));
    expect(await screen.findByText('采购业务')).toBeTruthy();
    expect(queryOf(urls, '/sys/category/childList')[0]!.get('pid')).toBe('c1');

    fireEvent.change(screen.getByLabelText('分类名称'), { target: { value: '采购' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(queryOf(urls, '/sys/category/rootList').at(-1)!.get('name')).toBe('采购'));
  });

  it('the add form refuses a missing name and a bad code with the shared messages and sends nothing', async () => {
    const calls = mockApi(routes());
    renderInShell(<CategoryAdminPage />);
    await screen.findByText('业务来源');
    fireEvent.click(screen.getByTestId('category-add'));
    const dialog = await screen.findByTestId('category-form-dialog');
    fireEvent.change(within(dialog).getByLabelText('分类编码'), { target: { value: "A01'; drop" } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(CATEGORY_TEXT.nameRequired)).toBeTruthy();
    expect(await within(dialog).findByText(CATEGORY_TEXT.codeInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' || c.method === 'PUT')).toBe(false);
  });

  it('添加下级 sends the parent and name (code left to the server) and reloads the list', async () => {
    const calls = mockApi(
      routes({
        'POST /sys/category/add': () => ({ message: '添加成功！', result: cat('c13', '物流业务', 'A01A03', 'c1') }),
      }),
    );
    renderInShell(<CategoryAdminPage />);
    await screen.findByText('业务来源');
    fireEvent.click(screen.getByTestId('category-add-child-c1'));
    const dialog = await screen.findByTestId('category-form-dialog');
    expect(within(dialog).getByText('添加下级分类')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('分类名称'), { target: { value: '物流业务' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/sys/category/add')).toBe(true));
    expect(calls.find((c) => c.path === '/sys/category/add')!.body).toEqual({ pid: 'c1', name: '物流业务' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/category/rootList')).toHaveLength(2));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  });

  it('编辑 sends id, version, parent and the changed name with PUT; a server refusal is shown', async () => {
    let refuse = true;
    const calls = mockApi(
      routes({
        'PUT /sys/category/edit': () =>
          refuse
            ? { success: false, message: CATEGORY_TEXT.parentCycle }
            : { message: '修改成功!', result: cat('c2', '物料', 'B01') },
      }),
    );
    renderInShell(<CategoryAdminPage />);
    await screen.findByText('物料分类');
    fireEvent.click(screen.getByTestId('category-edit-c2'));
    const dialog = await screen.findByTestId('category-form-dialog');
    const name = within(dialog).getByLabelText('分类名称');
    expect((name as HTMLInputElement).value).toBe('物料分类');
    fireEvent.change(name, { target: { value: '物料' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(CATEGORY_TEXT.parentCycle)).toBeTruthy();
    expect(screen.getByTestId('category-form-dialog')).toBeTruthy();
    refuse = false;
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/category/edit')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/sys/category/edit').at(-1)!.body).toEqual({
      id: 'c2',
      version: 2,
      pid: '0',
      name: '物料',
      code: 'B01',
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/category/rootList').length).toBeGreaterThan(1));
  });

  it('删除 shows the server refusal for a category with children', async () => {
    const calls = mockApi(
      routes({
        'DELETE /sys/category/delete': () => ({ success: false, message: CATEGORY_TEXT.hasChildren('业务来源') }),
      }),
    );
    renderInShell(<CategoryAdminPage />);
    await screen.findByText('业务来源');
    fireEvent.click(screen.getByTestId('category-delete-c1'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(CATEGORY_TEXT.hasChildren('业务来源'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('hides the buttons without the edit code', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.category.list, type: '2' }]);
    mockApi(routes());
    renderInShell(<CategoryAdminPage />);
    await screen.findByText('业务来源');
    expect(screen.queryByTestId('category-add')).toBeNull();
    expect(screen.queryByTestId('category-edit-c1')).toBeNull();
    expect(screen.queryByTestId('category-delete-c1')).toBeNull();
  });

  it('shows one card per category on a phone', async () => {
    viewport(375, 812);
    mockApi(routes());
    renderInShell(<CategoryAdminPage />);
    await waitFor(() => expect(screen.getAllByTestId('category-card')).toHaveLength(2));
  });

  it('shows the load failure with 重试', async () => {
    mockApi({ 'GET /sys/category/rootList': () => ({ success: false, message: '获取分类字典失败' }) });
    renderInShell(<CategoryAdminPage />);
    expect(await screen.findByTestId('category-error')).toBeTruthy();
  });
});
