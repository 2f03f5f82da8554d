import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNTING_PERMISSIONS } from '@houtai/shared/contract/accounting';
import { SUBJECT_PATHS, SUBJECT_TEXT, type SubjectTreeNode } from '@houtai/shared/contract/accounting-subject';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { SubjectListPage } from './subject-list-page.tsx';

function node(
  code: string,
  name: string,
  extra: Partial<SubjectTreeNode> = {},
  children: SubjectTreeNode[] = [],
): SubjectTreeNode {
  return {
    id: `s${code}`,
    code,
    name,
    parentCode: code.length > 4 ? code.slice(0, -2) : null,
    direction: 'D',
    direction_dictText: '借',
    category: '资产',
    level: (code.length - 2) / 2,
    leaf: children.length === 0,
    status: '1',
    status_dictText: '启用',
    matched: true,
    createBy: 'admin',
    createTime: null,
    updateBy: null,
    updateTime: null,
    version: 2,
    children,
    ...extra,
  };
}

const LIAB = { category: '负债', direction: 'C', direction_dictText: '贷' } as const;
const TREE: SubjectTreeNode[] = [
  node('1001', '库存现金'),
  node('2221', '应交税费', LIAB, [
    node('222101', '应交增值税（进项税额）', { category: '负债' }),
    node('222102', '应交增值税（销项税额）', LIAB),
  ]),
];

const EDIT = [{ action: ACCOUNTING_PERMISSIONS.subjectEdit, type: '2' as const }];
const VIEW = [{ action: ACCOUNTING_PERMISSIONS.view, type: '2' as const }];

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}

const fetchedUrls = () => vi.mocked(globalThis.fetch).mock.calls.map((c) => c[0] as string);
const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === SUBJECT_PATHS.list);
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

beforeEach(() => {
  signInAs({ username: 'admin' }, EDIT);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
});

describe('会计科目', () => {
  it('shows the first level, the sub-accounts after 展开全部, gone after 折叠全部', async () => {
    viewport(1440, 900);
    mockApi({ [`GET ${SUBJECT_PATHS.list}`]: () => ({ result: TREE }) });
    renderInShell(<SubjectListPage />);
    const tax = (await screen.findByText('应交税费')).closest('tr')!;
    expect(within(tax).getByText('2221')).toBeTruthy();
    expect(within(tax).getByText('负债')).toBeTruthy();
    expect(within(tax).getByText('贷')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '科目编码',
      '科目名称',
      '科目类别',
      '余额方向',
      '级次',
      '状态',
      '操作',
    ]);
    expect(screen.queryByText('应交增值税（进项税额）')).toBeNull();
    fireEvent.click(screen.getByTestId('subject-expand-all'));
    expect(await screen.findByText('应交增值税（进项税额）')).toBeTruthy();
    fireEvent.click(screen.getByTestId('subject-collapse-all'));
    await waitFor(() => expect(screen.queryByText('应交增值税（进项税额）')).toBeNull());
  });

  it('sends the keyword and status filters, and opens the matches under their ancestors', async () => {
    const calls = mockApi({
      [`GET ${SUBJECT_PATHS.list}`]: () => ({
        result: fetchedUrls().some((u) => u.includes('keyword='))
          ? [node('2221', '应交税费', { ...LIAB, matched: false }, [node('222102', '应交增值税（销项税额）', LIAB)])]
          : TREE,
      }),
    });
    renderInShell(<SubjectListPage />);
    await screen.findByText('应交税费');
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: ' 销项 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('库存现金')).toBeNull());
    expect(await screen.findByText('应交增值税（销项税额）')).toBeTruthy();
    expect(screen.queryByText('应交增值税（进项税额）')).toBeNull();
    const url = fetchedUrls().find((u) => u.includes('keyword='))!;
    expect(decodeURIComponent(url)).toContain('keyword=销项');
    expect(url).not.toContain('status=');
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('says so when the chart cannot load, and 重试 asks again; an empty chart says 暂无会计科目', async () => {
    let fail = true;
    const calls = mockApi({
      [`GET ${SUBJECT_PATHS.list}`]: () => (fail ? { success: false, message: '数据库忙' } : { result: [] }),
    });
    renderInShell(<SubjectListPage />);
    const alert = await screen.findByTestId('subject-error');
    expect(within(alert).getByText('会计科目加载失败')).toBeTruthy();
    expect(within(alert).getByText('数据库忙')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无会计科目')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('hides every change without acc:subject:edit, and keeps the chart readable', async () => {
    signInAs({ username: 'viewer' }, VIEW);
    mockApi({ [`GET ${SUBJECT_PATHS.list}`]: () => ({ result: TREE }) });
    renderInShell(<SubjectListPage />);
    const cash = (await screen.findByText('库存现金')).closest('tr')!;
    for (const text of ['新增下级', '编辑', '删除']) expect(within(cash).queryByText(text)).toBeNull();
    expect(screen.queryByTestId('subject-add')).toBeNull();
    expect(screen.getByTestId('subject-expand-all')).toBeTruthy();
  });

  it('新增一级科目 fills the category from the code, checks the rules before sending, then sends and reloads', async () => {
    const calls = mockApi({
      [`GET ${SUBJECT_PATHS.list}`]: () => ({ result: TREE }),
      [`POST ${SUBJECT_PATHS.add}`]: () => ({ result: node('6111', '投资收益'), message: SUBJECT_TEXT.added }),
    });
    renderInShell(<SubjectListPage />);
    await screen.findByText('库存现金');
    fireEvent.click(screen.getByTestId('subject-add'));
    const dialog = await screen.findByTestId('subject-form-dialog');
    expect(within(dialog).getByText('新增一级科目')).toBeTruthy();
    expect(within(dialog).getByText(SUBJECT_TEXT.codeRule)).toBeTruthy();
    const code = within(dialog).getByLabelText('科目编码');
    fireEvent.change(code, { target: { value: '61' } });
    save();
    expect(await within(dialog).findByText(SUBJECT_TEXT.codeFormat)).toBeTruthy();
    expect(await within(dialog).findByText(SUBJECT_TEXT.nameRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(code, { target: { value: '6111' } });
    // The first digit 6 names 损益.
    await waitFor(() => expect(within(dialog).getByTitle('损益')).toBeTruthy());
    fireEvent.click(within(dialog).getByLabelText('贷'));
    const name = within(dialog).getByLabelText('科目名称');
    fireEvent.change(name, { target: { value: '投资收益' } });
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === SUBJECT_PATHS.add)).toBe(true));
    expect(calls.find((c) => c.path === SUBJECT_PATHS.add)!.body).toEqual({
      code: '6111',
      name: '投资收益',
      direction: 'C',
      category: '损益',
      status: '1',
    });
    expect(await screen.findByText(SUBJECT_TEXT.added)).toBeTruthy();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('新增下级 starts from the parent, keeps its category, and refuses a code that does not extend it', async () => {
    const calls = mockApi({
      [`GET ${SUBJECT_PATHS.list}`]: () => ({ result: TREE }),
      [`POST ${SUBJECT_PATHS.add}`]: () => ({ success: false, message: SUBJECT_TEXT.codeTaken }),
    });
    renderInShell(<SubjectListPage />);
    await screen.findByText('应交税费');
    fireEvent.click(screen.getByTestId('subject-add-child-2221'));
    const dialog = await screen.findByTestId('subject-form-dialog');
    expect(within(dialog).getByTestId('subject-parent').textContent).toBe('2221 应交税费');
    const code = within(dialog).getByLabelText('科目编码');
    expect(code).toHaveProperty('value', '2221');
    expect(within(dialog).getByLabelText('贷')).toHaveProperty('checked', true);
    const category = within(dialog).getByLabelText('科目类别');
    expect(category.closest('.ant-select')!.className).toContain('disabled');

    fireEvent.change(code, { target: { value: '100101' } });
    fireEvent.change(within(dialog).getByLabelText('科目名称'), { target: { value: '未交增值税' } });
    save();
    expect(await within(dialog).findByText(SUBJECT_TEXT.childCodeFormat('2221'))).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(code, { target: { value: '222103' } });
    save();
    await waitFor(() => expect(calls.some((c) => c.path === SUBJECT_PATHS.add)).toBe(true));
    expect(calls.find((c) => c.path === SUBJECT_PATHS.add)!.body).toEqual({
      code: '222103',
      name: '未交增值税',
      direction: 'C',
      status: '1',
    });
    // Refused: the warning, and the dialog stays open.
    expect(await screen.findByText(SUBJECT_TEXT.codeTaken)).toBeTruthy();
    expect(screen.getByTestId('subject-form-dialog')).toBeTruthy();
  });

  it('编辑 keeps the code fixed and sends the id, the version seen, name, direction and status', async () => {
    const calls = mockApi({
      [`GET ${SUBJECT_PATHS.list}`]: () => ({ result: TREE }),
      [`PUT ${SUBJECT_PATHS.edit}`]: () => ({ message: SUBJECT_TEXT.edited }),
    });
    renderInShell(<SubjectListPage />);
    await screen.findByText('库存现金');
    fireEvent.click(screen.getByTestId('subject-edit-1001'));
    const dialog = await screen.findByTestId('subject-form-dialog');
    expect(within(dialog).getByLabelText('科目编码')).toHaveProperty('disabled', true);
    const name = within(dialog).getByLabelText('科目名称');
    expect(name).toHaveProperty('value', '库存现金');
    fireEvent.change(name, { target: { value: '现金' } });
    fireEvent.click(within(dialog).getByLabelText('停用'));
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === SUBJECT_PATHS.edit)).toBe(true));
    expect(calls.find((c) => c.path === SUBJECT_PATHS.edit)!.body).toEqual({
      id: 's1001',
      version: 2,
      name: '现金',
      direction: 'D',
      status: '0',
    });
    expect(await screen.findByText(SUBJECT_TEXT.edited)).toBeTruthy();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('删除 asks first, then shows the server refusal with its reason', async () => {
    const reason = SUBJECT_TEXT.hasChildren('2221 应交税费', 2);
    const calls = mockApi({
      [`GET ${SUBJECT_PATHS.list}`]: () => ({ result: TREE }),
      [`DELETE ${SUBJECT_PATHS.delete}`]: () => ({ success: false, message: reason }),
    });
    renderInShell(<SubjectListPage />);
    await screen.findByText('应交税费');
    fireEvent.click(screen.getByTestId('subject-delete-2221'));
    expect(await screen.findByText('确定删除吗?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(fetchedUrls().some((u) => u.includes(`${SUBJECT_PATHS.delete}?`) && u.includes('id=s2221'))).toBe(true);
  });

  it('shows one card per subject on a phone, with its steps beside it', async () => {
    viewport(375, 812);
    mockApi({ [`GET ${SUBJECT_PATHS.list}`]: () => ({ result: TREE }) });
    renderInShell(<SubjectListPage />);
    const card = (await screen.findAllByTestId('subject-card'))[0]!;
    expect(within(card).getByText('1001 库存现金')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['科目', '操作']);
    expect(within(card.closest('tr')!).getByText('编辑')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });
});

describe('accessibility', () => {
  it('has a labelled tree, filter and form (axe, wcag2a/aa without colour)', async () => {
    viewport(1440, 900);
    mockApi({ [`GET ${SUBJECT_PATHS.list}`]: () => ({ result: TREE }) });
    renderInShell(<SubjectListPage />);
    await screen.findByText('应交税费');
    fireEvent.click(screen.getByTestId('subject-expand-all'));
    fireEvent.click(await screen.findByTestId('subject-add-child-2221'));
    await screen.findByTestId('subject-form-dialog');
    const axe = (await import('axe-core')).default;
    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  }, 60_000);
});
