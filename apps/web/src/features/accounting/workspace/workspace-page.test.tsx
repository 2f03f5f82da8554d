import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import {
  ACCOUNTING_LIMITS,
  ACCOUNTING_PATHS,
  ACCOUNTING_PERMISSIONS,
  ACCOUNTING_TEXT,
  type BillRecord,
  type LedgerBalanceAnswer,
  type MyLedger,
  type PeriodRecord,
} from '@houtai/shared/contract/accounting';
import { mockApi, renderInShell, signInAs, type Call } from '../../../testing/render.tsx';
import { useSessionStore } from '../../../lib/session-store.ts';
import { WorkspacePage } from './workspace-page.tsx';

type Route = (body: unknown) => { success?: boolean; message?: string; result?: unknown };

const ALL_CODES = Object.values(ACCOUNTING_PERMISSIONS).map((action) => ({ action, type: '2' }));
const THIS_MONTH = dayjs().format('YYYY-MM');

const ledger = (id: string, name: string, org: string): MyLedger => ({
  id,
  code: id.toUpperCase(),
  name,
  settlementOrgId: `org-${id}`,
  settlementOrgName: org,
  main: true,
});
const LEDGERS = [ledger('l1', '上海总账', '上海后台贸易'), ledger('l2', '杭州总账', '杭州后台物流')];

const bill = (id: string, billNo: string, voucherNo: string | null): BillRecord => ({
  id,
  billNo,
  bizRecordId: `b-${id}`,
  orgId: 'org-l1',
  orgId_dictText: '上海后台贸易',
  ledgerId: 'l1',
  ledgerId_dictText: '上海总账',
  dataSource: 'A01A02',
  dataSource_dictText: '销售业务',
  bizDate: `${THIS_MONTH}-05`,
  period: THIS_MONTH,
  amount: '1130.00',
  taxAmount: '130.00',
  netAmount: '1000.00',
  counterparty: '某客户',
  summary: '销售出库',
  voucherId: `v-${id}`,
  voucherNo,
  createBy: 'admin',
  createTime: `${THIS_MONTH}-05 10:00:00`,
});

/** A01's children as loadTreeRoot?async=false answers them: A01A06 is a leaf and is not offered. */
const SOURCES = [
  { code: 'A01A01', title: '采购业务', leaf: false },
  { code: 'A01A02', title: '销售业务', leaf: false },
  { code: 'A01A04', title: '费用报销', leaf: false },
  { code: 'A01A05', title: '资金收付', leaf: false },
  { code: 'A01A06', title: '其他', leaf: true },
].map((s) => ({ ...s, key: s.code, value: s.code, parentId: 'a01', icon: null, children: null }));

const ORG_DICT = `/sys/dict/getDictItems/${ACCOUNTING_LIMITS.orgDictCode}`;

function baseRoutes(extra: Record<string, Route> = {}): Record<string, Route> {
  return {
    [`GET ${ACCOUNTING_PATHS.myLedgers}`]: () => ({ result: LEDGERS }),
    [`GET ${ACCOUNTING_PATHS.bills}`]: () => ({
      result: {
        records: [bill('1', 'DJ-0001', '记-0001'), bill('2', 'DJ-0002', null)],
        total: 2,
        size: 10,
        current: 1,
        pages: 1,
      },
    }),
    [`GET ${ORG_DICT}`]: () => ({
      result: [
        { value: 'org-l1', text: '上海后台贸易', title: '上海后台贸易' },
        { value: 'org-l2', text: '杭州后台物流', title: '杭州后台物流' },
      ],
    }),
    'GET /sys/category/loadTreeRoot': () => ({ result: SOURCES }),
    ...extra,
  };
}

/** mockApi plus the query of every call. */
function stub(extra: Record<string, Route> = {}) {
  const calls = mockApi(baseRoutes(extra));
  const urls: string[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    urls.push(url);
    return inner(url, init);
  });
  const queries = (path: string) =>
    urls
      .filter((u) => new URL(u, 'http://localhost').pathname.endsWith(path))
      .map((u) => {
        const { _t, ...query } = Object.fromEntries(new URL(u, 'http://localhost').searchParams);
        return query;
      });
  return { calls, queries };
}

const posts = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

async function chooseLedger(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '当前账簿' }));
  fireEvent.click(await screen.findByTitle(label));
}

async function openModal(button: '生成单据' | '同步凭证') {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(button) }));
  return screen.findByRole('dialog');
}

/** Types a date into the modal's 会计期间 and confirms it with Enter, as a keyboard user does. */
function typeDate(dialog: HTMLElement, date: string) {
  const input = within(dialog).getByLabelText(ACCOUNTING_TEXT.period);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: date } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

async function pick(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === option && o.closest('.ant-select-dropdown-hidden') === null,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

function visibleOption(title: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
    (o) => o.getAttribute('title') === title && o.closest('.ant-select-dropdown-hidden') === null,
  );
}

/** Without motion, a closed modal goes at once (happy-dom ends no CSS animation). */
const renderPage = () =>
  renderInShell(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <WorkspacePage />
    </ConfigProvider>,
  );

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  signInAs({ id: 'u1', username: 'zhangsan' }, ALL_CODES);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('核算工作台: header and ledger', () => {
  it('shows both buttons with the codes and the ledger placeholder, and asks for a ledger first', async () => {
    const { queries } = stub();
    renderPage();
    expect(await screen.findByRole('button', { name: /生成单据/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /同步凭证/ })).toBeTruthy();
    expect(screen.getByText(ACCOUNTING_TEXT.ledgerPlaceholder)).toBeTruthy();
    expect(screen.getByText(ACCOUNTING_TEXT.noLedger)).toBeTruthy();
    // The first ledger is not chosen for the user: nothing is listed until they choose.
    await waitFor(() => expect(queries(ACCOUNTING_PATHS.myLedgers)).toHaveLength(1));
    expect(queries(ACCOUNTING_PATHS.bills)).toHaveLength(0);
  });

  it('hides the buttons without their codes', async () => {
    signInAs({ id: 'u1' }, [{ action: ACCOUNTING_PERMISSIONS.sync, type: '2' }]);
    stub();
    renderPage();
    expect(await screen.findByRole('button', { name: /同步凭证/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /生成单据/ })).toBeNull();

    cleanup();
    signInAs({ id: 'u1' }, []);
    renderPage();
    await screen.findByText(ACCOUNTING_TEXT.ledgerPlaceholder);
    expect(screen.queryByRole('button', { name: /同步凭证/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /生成单据/ })).toBeNull();
  });

  it('lists the bills of the chosen ledger in this month, and another ledger reloads the view', async () => {
    const { queries } = stub();
    renderPage();
    await chooseLedger('上海总账（上海后台贸易）');
    const table = await screen.findByTestId('workspace-bills');
    expect(await within(table).findByText('DJ-0001')).toBeTruthy();
    const row = within(table).getByText('DJ-0001').closest('tr')!;
    expect(within(row).getByText('1,130.00')).toBeTruthy();
    expect(within(row).getByText('记-0001')).toBeTruthy();
    expect(queries(ACCOUNTING_PATHS.bills)).toEqual([
      { ledgerId: 'l1', period: THIS_MONTH, pageNo: '1', pageSize: '10' },
    ]);

    await chooseLedger('杭州总账（杭州后台物流）');
    await waitFor(() =>
      expect(queries(ACCOUNTING_PATHS.bills).at(-1)).toEqual({
        ledgerId: 'l2',
        period: THIS_MONTH,
        pageNo: '1',
        pageSize: '10',
      }),
    );
  });

  it('remembers the chosen ledger per user across a reload', async () => {
    const { queries } = stub();
    const first = renderPage();
    await chooseLedger('杭州总账（杭州后台物流）');
    await screen.findByText('DJ-0001');
    first.unmount();

    renderPage();
    expect(await screen.findByText('杭州总账（杭州后台物流）')).toBeTruthy();
    await waitFor(() => expect(queries(ACCOUNTING_PATHS.bills).at(-1)?.ledgerId).toBe('l2'));

    // Another user of the same browser has not chosen one.
    cleanup();
    signInAs({ id: 'u2', username: 'lisi' }, ALL_CODES);
    renderPage();
    expect(await screen.findByText(ACCOUNTING_TEXT.noLedger)).toBeTruthy();
  });
});

describe('核算工作台: the generate / sync modal', () => {
  it('生成单据: title, required rules and nothing sent while the form is incomplete', async () => {
    const { calls } = stub();
    renderPage();
    const dialog = await openModal('生成单据');
    expect(within(dialog).getByText(ACCOUNTING_TEXT.generateTitle)).toBeTruthy();
    expect(within(dialog).getByText(ACCOUNTING_TEXT.orgLabelGenerate)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(ACCOUNTING_TEXT.periodRequired)).toBeTruthy();
    expect(
      within(dialog).getByText(ACCOUNTING_TEXT.sourceRequired, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(posts(calls, ACCOUNTING_PATHS.generate)).toHaveLength(0);
  });

  it('offers the non-leaf sources, A01A04 and A01A05 disabled for generation, cached for the session', async () => {
    const { queries } = stub();
    renderPage();
    const dialog = await openModal('生成单据');
    fireEvent.mouseDown(within(dialog).getByLabelText(ACCOUNTING_TEXT.sourceLabel));
    await waitFor(() => expect(visibleOption('采购业务')).toBeTruthy());
    expect(visibleOption('采购业务')!.getAttribute('aria-disabled')).toBe('false');
    expect(visibleOption('费用报销')!.getAttribute('aria-disabled')).toBe('true');
    expect(visibleOption('资金收付')!.getAttribute('aria-disabled')).toBe('true');
    expect(visibleOption('其他')).toBeUndefined();
    expect(queries('/sys/category/loadTreeRoot')).toEqual([{ async: 'false', pcode: 'A01' }]);
    expect(sessionStorage.getItem('houtai:DATASOURCE')).toContain('A01A04');
  });

  it('同步凭证: its title, 账簿 as the organisation label, and every non-leaf source enabled', async () => {
    stub();
    renderPage();
    const dialog = await openModal('同步凭证');
    expect(within(dialog).getByText(ACCOUNTING_TEXT.syncTitle)).toBeTruthy();
    expect(within(dialog).getByLabelText(ACCOUNTING_TEXT.orgLabelSync)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText(ACCOUNTING_TEXT.sourceLabel));
    await waitFor(() => expect(visibleOption('费用报销')).toBeTruthy());
    expect(visibleOption('费用报销')!.getAttribute('aria-disabled')).toBe('false');
  });

  it('sends the date, the comma-joined organisations and the source; success closes and reloads the view', async () => {
    const { calls, queries } = stub({
      [`POST ${ACCOUNTING_PATHS.generate}`]: () => ({ message: ACCOUNTING_TEXT.generated(2) }),
    });
    renderPage();
    await chooseLedger('上海总账（上海后台贸易）');
    await screen.findByText('DJ-0001');
    const listed = queries(ACCOUNTING_PATHS.bills).length;

    const dialog = await openModal('生成单据');
    typeDate(dialog, `${THIS_MONTH}-15`);
    await pick(dialog, ACCOUNTING_TEXT.orgLabelGenerate, '上海后台贸易');
    await pick(dialog, ACCOUNTING_TEXT.orgLabelGenerate, '杭州后台物流');
    await pick(dialog, ACCOUNTING_TEXT.sourceLabel, '销售业务');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(posts(calls, ACCOUNTING_PATHS.generate)).toHaveLength(1));
    expect(posts(calls, ACCOUNTING_PATHS.generate)[0]!.body).toEqual({
      date: `${THIS_MONTH}-15`,
      orgId: 'org-l1,org-l2',
      dataSource: 'A01A02',
    });
    expect(await screen.findByText(ACCOUNTING_TEXT.generated(2), { selector: '.ant-message *' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(ACCOUNTING_TEXT.generateTitle)).toBeNull());
    await waitFor(() => expect(queries(ACCOUNTING_PATHS.bills).length).toBeGreaterThan(listed));
  });

  it('全部 is offered first and sends an empty orgId, clearing the organisations chosen before', async () => {
    const { calls } = stub({
      [`POST ${ACCOUNTING_PATHS.sync}`]: () => ({ message: ACCOUNTING_TEXT.synced(3, 1) }),
    });
    renderPage();
    const dialog = await openModal('同步凭证');
    typeDate(dialog, `${THIS_MONTH}-01`);
    await pick(dialog, ACCOUNTING_TEXT.orgLabelSync, '上海后台贸易');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(options.slice(0, 3)).toEqual([ACCOUNTING_TEXT.all, '上海后台贸易', '杭州后台物流']);
    await pick(dialog, ACCOUNTING_TEXT.orgLabelSync, ACCOUNTING_TEXT.all);
    await pick(dialog, ACCOUNTING_TEXT.sourceLabel, '费用报销');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posts(calls, ACCOUNTING_PATHS.sync)).toHaveLength(1));
    expect(posts(calls, ACCOUNTING_PATHS.sync)[0]!.body).toEqual({
      date: `${THIS_MONTH}-01`,
      orgId: '',
      dataSource: 'A01A04',
    });
  });

  it('a refusal warns with the server message and the modal stays open', async () => {
    const refusal = ACCOUNTING_TEXT.nothingToSync;
    const { calls } = stub({
      [`POST ${ACCOUNTING_PATHS.sync}`]: () => ({ success: false, message: refusal }),
    });
    renderPage();
    const dialog = await openModal('同步凭证');
    typeDate(dialog, `${THIS_MONTH}-01`);
    await pick(dialog, ACCOUNTING_TEXT.sourceLabel, '采购业务');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(refusal, { selector: '.ant-message *' })).toBeTruthy();
    expect(posts(calls, ACCOUNTING_PATHS.sync)[0]!.body).toEqual({
      date: `${THIS_MONTH}-01`,
      orgId: '',
      dataSource: 'A01A01',
    });
    expect(screen.getByText(ACCOUNTING_TEXT.syncTitle)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeTruthy();
  });

  it('a failed source load shows the server message as an error', async () => {
    stub({ 'GET /sys/category/loadTreeRoot': () => ({ success: false, message: '分类不存在' }) });
    renderPage();
    await openModal('生成单据');
    expect(await screen.findByText('分类不存在', { selector: '.ant-message-error *' })).toBeTruthy();
  });
});

describe('核算工作台: trial balance and periods', () => {
  const balances: LedgerBalanceAnswer = {
    ledgerId: 'l1',
    period: THIS_MONTH,
    closed: false,
    records: [
      {
        subjectCode: '1122',
        subjectName: '应收账款',
        level: 1,
        leaf: false,
        openingDebit: '0.00',
        openingCredit: '0.00',
        periodDebit: '1130.00',
        periodCredit: '0.00',
        closingDebit: '1130.00',
        closingCredit: '0.00',
      },
      {
        subjectCode: '112201',
        subjectName: '客户甲',
        level: 2,
        leaf: true,
        openingDebit: '0.00',
        openingCredit: '0.00',
        periodDebit: '1130.00',
        periodCredit: '0.00',
        closingDebit: '1130.00',
        closingCredit: '0.00',
      },
    ],
    totals: {
      openingDebit: '0.00',
      openingCredit: '0.00',
      periodDebit: '1234567.80',
      periodCredit: '1234567.80',
      closingDebit: '1130.00',
      closingCredit: '1130.00',
    },
  };

  it('科目余额表 indents sub-subjects and ends with the 合计 row of the totals', async () => {
    const { queries } = stub({ [`GET ${ACCOUNTING_PATHS.balances}`]: () => ({ result: balances }) });
    renderPage();
    await chooseLedger('上海总账（上海后台贸易）');
    fireEvent.click(screen.getByRole('tab', { name: ACCOUNTING_TEXT.tabs.balances }));
    const table = await screen.findByTestId('workspace-balances');
    const child = await within(table).findByText('客户甲');
    expect(child.style.paddingInlineStart).toBe('16px');
    expect(within(table).getByText('应收账款').style.paddingInlineStart).toMatch(/^0(px)?$/);
    const total = within(table).getByTestId('balances-total');
    expect(within(total).getByText('合计')).toBeTruthy();
    expect(within(total).getAllByText('1,234,567.80')).toHaveLength(2);
    expect(queries(ACCOUNTING_PATHS.balances)).toEqual([{ ledgerId: 'l1', period: THIS_MONTH }]);
  });

  const period = (p: string, closed: '0' | '1'): PeriodRecord => ({
    ledgerId: 'l1',
    period: p,
    closed,
    closedBy: closed === '1' ? 'admin' : null,
    closedTime: closed === '1' ? '2026-02-01 09:00:00' : null,
    reopenedBy: null,
    reopenedTime: null,
    reopenReason: null,
    draftCount: 0,
    postedCount: 4,
  });

  it('反结账 asks a reason before it sends, then reloads the periods', async () => {
    let closed: '0' | '1' = '1';
    const { calls, queries } = stub({
      [`GET ${ACCOUNTING_PATHS.periods}`]: () => ({ result: [period('2026-01', closed)] }),
      [`POST ${ACCOUNTING_PATHS.reopenPeriod}`]: () => {
        closed = '0';
        return { message: ACCOUNTING_TEXT.reopened('上海总账', '2026-01') };
      },
    });
    renderPage();
    await chooseLedger('上海总账（上海后台贸易）');
    fireEvent.click(screen.getByRole('tab', { name: '期间结账' }));
    fireEvent.click(await screen.findByTestId('period-reopen-2026-01'));
    const dialog = await screen.findByTestId('reopen-period-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /反结账/ }));
    expect(await within(dialog).findByText(ACCOUNTING_TEXT.reasonRequired)).toBeTruthy();
    expect(posts(calls, ACCOUNTING_PATHS.reopenPeriod)).toHaveLength(0);

    const reason = within(dialog).getByLabelText('反结账原因');
    fireEvent.change(reason, { target: { value: ' 补录一张凭证 ' } });
    fireEvent.submit(reason.closest('form')!);
    await waitFor(() => expect(posts(calls, ACCOUNTING_PATHS.reopenPeriod)).toHaveLength(1));
    expect(posts(calls, ACCOUNTING_PATHS.reopenPeriod)[0]!.body).toEqual({
      ledgerId: 'l1',
      period: '2026-01',
      reason: '补录一张凭证',
    });
    expect(await screen.findByText(ACCOUNTING_TEXT.reopened('上海总账', '2026-01'))).toBeTruthy();
    expect(await screen.findByTestId('period-close-2026-01')).toBeTruthy();
    expect(queries(ACCOUNTING_PATHS.periods).every((q) => q.ledgerId === 'l1')).toBe(true);
  });

  it('hides 结账 and 反结账 without their codes', async () => {
    signInAs({ id: 'u1' }, [{ action: ACCOUNTING_PERMISSIONS.generate, type: '2' }]);
    stub({
      [`GET ${ACCOUNTING_PATHS.periods}`]: () => ({ result: [period('2026-01', '1'), period('2026-02', '0')] }),
    });
    renderPage();
    await chooseLedger('上海总账（上海后台贸易）');
    fireEvent.click(screen.getByRole('tab', { name: '期间结账' }));
    expect(await screen.findByText('2026-02')).toBeTruthy();
    expect(screen.queryByTestId('period-reopen-2026-01')).toBeNull();
    expect(screen.queryByTestId('period-close-2026-02')).toBeNull();
  });
});
