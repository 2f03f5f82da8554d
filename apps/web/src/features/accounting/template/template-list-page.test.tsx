import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNTING_PERMISSIONS } from '@houtai/shared/contract/accounting';
import { TEMPLATE_PATHS, TEMPLATE_TEXT, type TemplateSourceRecord } from '@houtai/shared/contract/accounting-template';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { TemplateListPage } from './template-list-page.tsx';

const P = ACCOUNTING_PERMISSIONS;
const grant = (codes: readonly string[]) => codes.map((action) => ({ action, type: '2' as const }));

const SOURCES: TemplateSourceRecord[] = [
  {
    dataSource: 'A01A01A01',
    sourceName: '采购入库',
    parentNames: ['采购'],
    template: {
      id: 't1',
      name: '采购入库',
      status: '1',
      status_dictText: '启用',
      version: 4,
      updateBy: 'admin',
      updateTime: '2026-03-01 10:00:00',
      lines: [
        { lineNo: 1, side: 'D', subjectCode: '1405', subjectName: '库存商品', amountKind: 'net', summary: null },
        {
          lineNo: 2,
          side: 'D',
          subjectCode: '222101',
          subjectName: '应交增值税（进项税额）',
          amountKind: 'tax',
          summary: null,
        },
        { lineNo: 3, side: 'C', subjectCode: '2202', subjectName: '应付账款', amountKind: 'gross', summary: '应付' },
      ],
    },
  },
  { dataSource: 'A01A03A02', sourceName: '仓储费用', parentNames: ['费用'], template: null },
];
const SUBJECTS = [
  { code: '1405', name: '库存商品' },
  { code: '222101', name: '应交增值税（进项税额）' },
  { code: '2202', name: '应付账款' },
  { code: '6601', name: '销售费用' },
];

const ROUTES = {
  [`GET ${TEMPLATE_PATHS.list}`]: () => ({ result: SOURCES }),
  [`GET ${TEMPLATE_PATHS.subjects}`]: () => ({ result: SUBJECTS }),
};

async function pick(label: string, title: string, scope: HTMLElement) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options.at(-1)!);
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

beforeEach(() => {
  signInAs({ username: 'admin' }, grant([P.view, P.templateEdit]));
});
interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  (window as unknown as HappyWindow).happyDOM.setViewport({ width: 1024, height: 768 });
});

describe('凭证模板', () => {
  it('lists every source with its lines, and 未设置 for a source without a template', async () => {
    mockApi(ROUTES);
    renderInShell(<TemplateListPage />);
    const row = (await screen.findByText('借 1405 库存商品 · 不含税金额')).closest('tr')!;
    expect(within(row).getByText('贷 2202 应付账款 · 价税合计')).toBeTruthy();
    expect(within(row).getByText('启用')).toBeTruthy();
    const empty = screen.getByText('仓储费用').closest('tr')!;
    expect(within(empty).getByText('未设置')).toBeTruthy();
    expect(within(empty).getByRole('button', { name: '设置' })).toBeTruthy();
  });

  it('at 375 px each source is a card with its lines and its actions', async () => {
    (window as unknown as HappyWindow).happyDOM.setViewport({ width: 375, height: 812 });
    mockApi(ROUTES);
    renderInShell(<TemplateListPage />);
    const cards = await screen.findAllByTestId('template-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('借 1405 库存商品 · 不含税金额')).toBeTruthy();
    expect(within(cards[1]!).getByText('未设置')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '分录' })).toBeNull();
    expect(screen.getByTestId('template-edit-A01A03A02')).toBeTruthy();
  });

  it('hides 编辑 and 删除 without the template code', async () => {
    signInAs({ username: 'lisi' }, grant([P.view]));
    mockApi(ROUTES);
    renderInShell(<TemplateListPage />);
    await screen.findByText('借 1405 库存商品 · 不含税金额');
    expect(screen.queryByTestId('template-edit-A01A01A01')).toBeNull();
    expect(screen.queryByTestId('template-delete-A01A01A01')).toBeNull();
  });

  it('checks the balance live, refuses to send an unbalanced template, and sends a balanced one with its version', async () => {
    const calls = mockApi({
      ...ROUTES,
      [`POST ${TEMPLATE_PATHS.save}`]: () => ({ message: TEMPLATE_TEXT.saved, result: SOURCES[0] }),
    });
    renderInShell(<TemplateListPage />);
    fireEvent.click(await screen.findByTestId('template-edit-A01A01A01'));
    const dialog = await screen.findByTestId('template-form-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('template-line')).toHaveLength(3));
    expect(within(dialog).getByTestId('template-balance').textContent).toContain(TEMPLATE_TEXT.balanced);

    // The tax line becomes 价税合计: the debit carries the net twice, the credit once.
    await pick('第 2 行 金额取值', '价税合计', dialog);
    await waitFor(() =>
      expect(within(dialog).getByTestId('template-balance').textContent).toContain(TEMPLATE_TEXT.unbalanced),
    );
    save();
    expect(await screen.findByText(TEMPLATE_TEXT.unbalanced, { selector: '.ant-message *' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Remove that line, add a 税额 debit line on 6601: balanced again.
    fireEvent.click(within(dialog).getByRole('button', { name: '删除第 2 行分录' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /添加分录/ }));
    await waitFor(() => expect(within(dialog).getAllByTestId('template-line')).toHaveLength(3));
    await pick('第 3 行 科目', '6601 销售费用', dialog);
    await pick('第 3 行 金额取值', '税额', dialog);
    await waitFor(() =>
      expect(within(dialog).getByTestId('template-balance').textContent).toContain(TEMPLATE_TEXT.balanced),
    );
    save();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      dataSource: 'A01A01A01',
      name: '采购入库',
      status: '1',
      version: 4,
      lines: [
        { side: 'D', subjectCode: '1405', amountKind: 'net' },
        { side: 'C', subjectCode: '2202', amountKind: 'gross', summary: '应付' },
        { side: 'D', subjectCode: '6601', amountKind: 'tax' },
      ],
    });
    expect(await screen.findByText(TEMPLATE_TEXT.saved)).toBeTruthy();
  });

  it('a server refusal is shown and the dialog stays open', async () => {
    mockApi({
      ...ROUTES,
      [`POST ${TEMPLATE_PATHS.save}`]: () => ({ success: false, message: TEMPLATE_TEXT.stale }),
    });
    renderInShell(<TemplateListPage />);
    fireEvent.click(await screen.findByTestId('template-edit-A01A03A02'));
    const dialog = await screen.findByTestId('template-form-dialog');
    // A new template starts with the purchase shape; the subjects are still to choose.
    await waitFor(() => expect(within(dialog).getAllByTestId('template-line')).toHaveLength(3));
    await pick('第 1 行 科目', '6601 销售费用', dialog);
    await pick('第 2 行 科目', '222101 应交增值税（进项税额）', dialog);
    await pick('第 3 行 科目', '2202 应付账款', dialog);
    save();
    expect(await screen.findByText(TEMPLATE_TEXT.stale)).toBeTruthy();
    expect(screen.getByTestId('template-form-dialog')).toBeTruthy();
  });

  it('删除 sends the source code', async () => {
    const calls = mockApi({
      ...ROUTES,
      [`DELETE ${TEMPLATE_PATHS.delete}`]: () => ({ message: TEMPLATE_TEXT.deleted }),
    });
    renderInShell(<TemplateListPage />);
    fireEvent.click(await screen.findByTestId('template-delete-A01A01A01'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const urls = (fetch as unknown as Mock<(url: string) => unknown>).mock.calls.map(
      ([url]) => new URL(url, 'http://x'),
    );
    const deleted = urls.find((u) => u.pathname.endsWith(TEMPLATE_PATHS.delete));
    expect(deleted?.searchParams.get('dataSource')).toBe('A01A01A01');
  });
});
