import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNTING_LIMITS,
  ACCOUNTING_PERMISSIONS,
  ACCOUNTING_TEXT,
  type BizRecordRecord,
} from '@houtai/shared/contract/accounting';
import type { TreeSelectModel } from '@houtai/shared/contract/dict';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { BizRecordListPage } from './biz-record-list-page.tsx';

const P = ACCOUNTING_PERMISSIONS;
const CODES = [P.bizRecordView, P.bizRecordEdit, P.bizRecordImport, P.bizRecordExport];
const grant = (codes: readonly string[]) => codes.map((action) => ({ action, type: '2' as const }));

function record(id: string, status: '0' | '1', extra: Partial<BizRecordRecord> = {}): BizRecordRecord {
  return {
    id,
    orgId: 'so1',
    orgId_dictText: '上海后台贸易有限公司',
    dataSource: 'A01A01A01',
    dataSource_dictText: '采购入库',
    bizDate: '2026-03-15',
    period: '2026-03',
    amount: '1130.00',
    taxRate: '13',
    taxAmount: '130.00',
    netAmount: '1000.00',
    counterparty: '苏州供应商',
    summary: `采购钢材 ${id}`,
    status,
    status_dictText: status === '1' ? '已生成' : '未生成',
    billId: status === '1' ? 'bill1' : null,
    createBy: 'admin',
    createTime: '2026-03-15 10:00:00',
    updateBy: null,
    updateTime: null,
    version: 3,
    ...extra,
  };
}

const ROWS = [
  record('b1', '0', { amount: '1234567.80', taxAmount: '142035.18', netAmount: '1092532.62' }),
  record('b2', '1'),
];
const listed = () => ({ result: { records: ROWS, total: 2 } });

const cat = (id: string, code: string, title: string, children: TreeSelectModel[] = []): TreeSelectModel => ({
  key: id,
  title,
  code,
  leaf: children.length === 0,
  parentId: null,
  value: id,
  icon: null,
  children: children.length ? children : null,
});
const SOURCES = [
  cat('c1', 'A01A01', '采购', [cat('c11', 'A01A01A01', '采购入库'), cat('c12', 'A01A01A02', '采购退货')]),
  cat('c2', 'A01A03', '费用', [cat('c21', 'A01A03A01', '运输费用')]),
];
const ORGS = [
  { value: 'so1', text: '上海后台贸易有限公司', title: '上海后台贸易有限公司' },
  { value: 'so2', text: '杭州后台物流有限公司', title: '杭州后台物流有限公司' },
];

const ROUTES = {
  'GET /voucher/bizRecord/list': listed,
  'GET /sys/category/loadTreeRoot': () => ({ result: SOURCES }),
  [`GET /sys/dict/getDictItems/${ACCOUNTING_LIMITS.orgDictCode}`]: () => ({ result: ORGS }),
};

/** The query strings of the calls to `path` (mockApi records only the path). */
function queriesOf(path: string): URLSearchParams[] {
  return (fetch as unknown as Mock).mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname.replace(/^\/api/, '') === path)
    .map((u) => u.searchParams);
}

interface HappyWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}
function viewport(width: number, height: number) {
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });
}

function type(label: string, value: string, scope: HTMLElement = document.body) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

/** Types a date into an antd picker as a user does: open it, type, Enter. */
function typeDate(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

/** Opens a select by its label and picks the option with this title. */
async function pick(label: string, title: string, scope: HTMLElement = document.body) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options.at(-1)!);
}

/** Opens a business source tree select, unfolds the parent and picks the node. */
async function pickSource(scope: HTMLElement, parent: string, title: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(ACCOUNTING_TEXT.sourceLabel));
  const parentNode = (await screen.findAllByTitle(parent)).at(-1)!;
  if (title === parent) {
    fireEvent.click(parentNode);
    return;
  }
  const switcher = parentNode.closest('.ant-select-tree-treenode')?.querySelector('.ant-select-tree-switcher');
  fireEvent.click(switcher!);
  fireEvent.click((await screen.findAllByTitle(title)).at(-1)!);
}

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
  return screen.findByTestId('biz-record-form-dialog');
}

async function fillValid(dialog: HTMLElement) {
  await pick('结算组织', '杭州后台物流有限公司', dialog);
  await pickSource(dialog, '采购', '采购退货');
  typeDate(within(dialog).getByLabelText('业务日期'), '2026-03-20');
  type('价税合计', '1130', dialog);
  type('摘要', '退回钢材', dialog);
}

const save = () => fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));

beforeEach(() => {
  signInAs({ username: 'admin' }, grant(CODES));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
});

describe('业务数据: the list', () => {
  it('shows the records with amounts grouped and right-aligned, the rate in %, and the state', async () => {
    viewport(1440, 900);
    mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    const row = (await screen.findByText('采购钢材 b1')).closest('tr')!;
    const amount = within(row).getByText('1,234,567.80');
    expect(amount.closest('td')!.style.textAlign).toBe('right');
    expect(within(row).getByText('13%')).toBeTruthy();
    expect(within(row).getByText('142,035.18')).toBeTruthy();
    expect(within(row).getByText('1,092,532.62')).toBeTruthy();
    expect(within(row).getByText('未生成')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining([
        '业务日期',
        '结算组织',
        '业务来源',
        '价税合计',
        '税率',
        '税额',
        '不含税金额',
        '状态',
        '操作',
      ]),
    );
  });

  it('sends the filters: 期间 as YYYY-MM, the source code, 状态, 往来单位 and 摘要; 重置 drops them', async () => {
    mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    const search = screen.getByTestId('biz-record-search');
    typeDate(within(search).getByLabelText('期间'), '2026-03');
    await pickSource(search, '费用', '运输费用');
    await pick('状态', '已生成', search);
    type('往来单位', ' 苏州 ', search);
    type('摘要', '钢材', search);
    fireEvent.click(within(search).getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(queriesOf('/voucher/bizRecord/list')).toHaveLength(2));
    const q = queriesOf('/voucher/bizRecord/list')[1]!;
    expect(q.get('period')).toBe('2026-03');
    expect(q.get('dataSource')).toBe('A01A03A01');
    expect(q.get('status')).toBe('1');
    expect(q.get('counterparty')).toBe('苏州');
    expect(q.get('summary')).toBe('钢材');
    expect(q.get('pageNo')).toBe('1');

    fireEvent.click(within(search).getByRole('button', { name: /^重\s*置$/ }));
    await waitFor(() => expect(queriesOf('/voucher/bizRecord/list')).toHaveLength(3));
    const reset = queriesOf('/voucher/bizRecord/list')[2]!;
    expect(['period', 'dataSource', 'status', 'summary'].map((k) => reset.get(k))).toEqual([null, null, null, null]);
  });

  it('a documented record can be neither edited nor deleted, and says why', async () => {
    mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b2');
    const edit = screen.getByTestId('biz-record-edit-b2');
    const remove = screen.getByTestId('biz-record-delete-b2');
    expect(edit.hasAttribute('disabled')).toBe(true);
    expect(remove.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('biz-record-edit-b1').hasAttribute('disabled')).toBe(false);
    fireEvent.mouseEnter(edit.parentElement!);
    expect(await screen.findByText(ACCOUNTING_TEXT.documented)).toBeTruthy();
  });

  it('删除 sends the id and shows the server’s refusal', async () => {
    const calls = mockApi({
      ...ROUTES,
      'DELETE /voucher/bizRecord/delete': () => ({ success: false, message: ACCOUNTING_TEXT.documented }),
    });
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    fireEvent.click(screen.getByTestId('biz-record-delete-b1'));
    fireEvent.click((await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.path === '/voucher/bizRecord/delete')).toBe(true));
    expect(queriesOf('/voucher/bizRecord/delete')[0]!.get('id')).toBe('b1');
    expect(await screen.findByText(ACCOUNTING_TEXT.documented)).toBeTruthy();
  });

  it('hides 新增, 编辑, 删除, 批量删除, 导入 and 导出 without their codes', async () => {
    signInAs({ username: 'viewer' }, grant([P.bizRecordView]));
    mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByTestId('biz-record-edit-b1')).toBeNull();
    expect(screen.queryByTestId('biz-record-delete-b1')).toBeNull();
    expect(screen.queryByTestId('biz-record-batch-delete')).toBeNull();
    expect(screen.queryByTestId('biz-record-import')).toBeNull();
    expect(screen.queryByTestId('biz-record-export')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('操作');
  });

  it('shows 导入 and 导出 each with its own code, and exports with the filters', async () => {
    signInAs({ username: 'clerk' }, grant([P.bizRecordView, P.bizRecordExport]));
    mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    expect(screen.queryByTestId('biz-record-import')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    const search = screen.getByTestId('biz-record-search');
    await pick('状态', '未生成', search);
    fireEvent.click(within(search).getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(queriesOf('/voucher/bizRecord/list')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('biz-record-export'));
    await waitFor(() => expect(queriesOf('/voucher/bizRecord/exportXls')).toHaveLength(1));
    expect(queriesOf('/voucher/bizRecord/exportXls')[0]!.get('status')).toBe('0');
    cleanup();

    signInAs({ username: 'clerk' }, grant([P.bizRecordView, P.bizRecordImport]));
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    expect(screen.queryByTestId('biz-record-export')).toBeNull();
    fireEvent.click(screen.getByTestId('biz-record-import'));
    expect(await within(await screen.findByRole('dialog')).findByText('导入业务数据')).toBeTruthy();
  });

  it('shows cards on a phone', async () => {
    viewport(375, 812);
    mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    const cards = await screen.findAllByTestId('biz-record-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText(/1,234,567.80（税率 13%，税额 142,035.18）/)).toBeTruthy();
  });

  it('says so when the list cannot be loaded, and 重试 loads again', async () => {
    let fail = true;
    mockApi({
      ...ROUTES,
      'GET /voucher/bizRecord/list': () => (fail ? { success: false, message: '期间格式应为 YYYY-MM' } : listed()),
    });
    renderInShell(<BizRecordListPage />);
    const error = await screen.findByTestId('biz-record-error');
    expect(within(error).getByText('期间格式应为 YYYY-MM')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('采购钢材 b1')).toBeTruthy();
  });
});

describe('业务数据: the dialog', () => {
  it('adds a record: the amount as two-place text, the rate, the date and the leaf source’s code', async () => {
    const calls = mockApi({
      ...ROUTES,
      'POST /voucher/bizRecord/add': () => ({ message: ACCOUNTING_TEXT.added }),
    });
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    const dialog = await openAdd();
    await fillValid(dialog);
    type('往来单位', '苏州供应商', dialog);
    save();
    await waitFor(() => expect(calls.some((c) => c.path === '/voucher/bizRecord/add')).toBe(true));
    expect(calls.find((c) => c.path === '/voucher/bizRecord/add')!.body).toEqual({
      orgId: 'so2',
      dataSource: 'A01A01A02',
      bizDate: '2026-03-20',
      amount: '1130.00',
      taxRate: '13',
      counterparty: '苏州供应商',
      summary: '退回钢材',
    });
    expect(await screen.findByText(ACCOUNTING_TEXT.added)).toBeTruthy();
    // The dialog closes (happy-dom leaves antd's closing animation where it starts).
    await waitFor(() => expect(screen.getByRole('dialog').className).toMatch(/ant-zoom-leave/));
    await waitFor(() => expect(queriesOf('/voucher/bizRecord/list')).toHaveLength(2));
  });

  it('refuses an amount with three decimals and sends nothing', async () => {
    const calls = mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    const dialog = await openAdd();
    await fillValid(dialog);
    type('价税合计', '1.234', dialog);
    save();
    expect(await within(dialog).findByText(ACCOUNTING_TEXT.amountInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a parent business source: a leaf is required', async () => {
    const calls = mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    const dialog = await openAdd();
    await fillValid(dialog);
    await pickSource(dialog, '费用', '费用');
    save();
    expect(await within(dialog).findByText(ACCOUNTING_TEXT.leafRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks for the required fields in the contract’s words', async () => {
    mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    const dialog = await openAdd();
    save();
    const errors = () => [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await waitFor(() =>
      expect(errors()).toEqual([
        ACCOUNTING_TEXT.orgRequired,
        ACCOUNTING_TEXT.sourceRequired,
        ACCOUNTING_TEXT.bizDateRequired,
        ACCOUNTING_TEXT.amountRequired,
        ACCOUNTING_TEXT.summaryRequired,
      ]),
    );
  });

  it('shows 税额 and 不含税金额 as the amount and rate are typed', async () => {
    mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    const dialog = await openAdd();
    const preview = within(dialog).getByTestId('biz-record-tax-preview');
    expect(preview.textContent).toBe('税额 - · 不含税金额 -');
    type('价税合计', '1130', dialog);
    await waitFor(() => expect(preview.textContent).toBe('税额 130.00 · 不含税金额 1,000.00'));
    type('税率（%）', '6', dialog);
    await waitFor(() => expect(preview.textContent).toBe('税额 63.96 · 不含税金额 1,066.04'));
    type('税率（%）', '', dialog);
    await waitFor(() => expect(preview.textContent).toBe('税额 0.00 · 不含税金额 1,130.00'));
  });

  it('edits with the record’s current version (read by id)', async () => {
    const calls = mockApi({
      ...ROUTES,
      'GET /voucher/bizRecord/queryById': () => ({ result: record('b1', '0', { version: 9 }) }),
      'PUT /voucher/bizRecord/edit': () => ({ message: ACCOUNTING_TEXT.edited }),
    });
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    fireEvent.click(screen.getByTestId('biz-record-edit-b1'));
    const dialog = await screen.findByTestId('biz-record-form-dialog');
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>('摘要').value).toBe('采购钢材 b1'));
    expect(queriesOf('/voucher/bizRecord/queryById')[0]!.get('id')).toBe('b1');
    type('摘要', '采购钢材（补录）', dialog);
    fireEvent.submit(within(dialog).getByLabelText('摘要').closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.path === '/voucher/bizRecord/edit')).toBe(true));
    expect(calls.find((c) => c.path === '/voucher/bizRecord/edit')!.body).toEqual({
      id: 'b1',
      orgId: 'so1',
      dataSource: 'A01A01A01',
      bizDate: '2026-03-15',
      amount: '1130.00',
      taxRate: '13',
      counterparty: '苏州供应商',
      summary: '采购钢材（补录）',
      version: 9,
    });
  });

  it('a refusal (stale, closed period) is a warning and the dialog stays open with what was typed', async () => {
    const closed = ACCOUNTING_TEXT.periodClosed('上海主账簿', '2026-03');
    let answer: string = ACCOUNTING_TEXT.stale;
    mockApi({
      ...ROUTES,
      'GET /voucher/bizRecord/queryById': () => ({ result: record('b1', '0') }),
      'PUT /voucher/bizRecord/edit': () => ({ success: false, message: answer }),
    });
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    fireEvent.click(screen.getByTestId('biz-record-edit-b1'));
    const dialog = await screen.findByTestId('biz-record-form-dialog');
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>('摘要').value).toBe('采购钢材 b1'));
    type('摘要', '改过的摘要', dialog);
    save();
    const warning = await screen.findByText(ACCOUNTING_TEXT.stale);
    expect(warning.closest('.ant-message-warning')).toBeTruthy();
    expect(screen.getByRole('dialog').className).not.toMatch(/leave/);
    expect(within(dialog).getByLabelText<HTMLInputElement>('摘要').value).toBe('改过的摘要');
    answer = closed;
    save();
    expect(await screen.findByText(closed)).toBeTruthy();
    expect(screen.getByRole('dialog').className).not.toMatch(/leave/);
  });

  it('has labelled controls and named buttons on the filters, the toolbar and the dialog (axe wcag2a/aa)', async () => {
    const axe = (await import('axe-core')).default;
    mockApi(ROUTES);
    renderInShell(<BizRecordListPage />);
    await screen.findByText('采购钢材 b1');
    await openAdd();
    const result = await axe.run(
      { include: [['[data-testid="biz-record-search"]'], ['.ant-card-head'], ['.ant-modal']] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
        rules: { 'color-contrast': { enabled: false } },
      },
    );
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    expect(result.passes.some((p) => p.id === 'label')).toBe(true);
  }, 60_000);
});
