import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNTING_PERMISSIONS } from '@houtai/shared/contract/accounting';
import {
  LEDGER_LIMITS,
  LEDGER_PATHS,
  LEDGER_TEXT,
  type LedgerRecord,
} from '@houtai/shared/contract/accounting-template';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { LedgerListPage } from './ledger-list-page.tsx';

const P = ACCOUNTING_PERMISSIONS;
const grant = (codes: readonly string[]) => codes.map((action) => ({ action, type: '2' as const }));

function ledger(id: string, code: string, name: string, isMain: '0' | '1', org = 'so1'): LedgerRecord {
  return {
    id,
    code,
    name,
    settlementOrgId: org,
    settlementOrgId_dictText: org === 'so1' ? '上海后台贸易有限公司' : '杭州后台物流有限公司',
    currency: 'CNY',
    status: '1',
    status_dictText: '启用',
    isMain,
    createBy: 'admin',
    createTime: '2026-01-01 10:00:00',
    updateBy: null,
    updateTime: null,
    version: 2,
  };
}
const ROWS = [ledger('l1', 'L001', '上海贸易主账簿', '1'), ledger('l2', 'L002', '上海贸易管理账簿', '0')];
const ORGS = [
  { value: 'so1', text: '上海后台贸易有限公司', title: '上海后台贸易有限公司' },
  { value: 'so2', text: '杭州后台物流有限公司', title: '杭州后台物流有限公司' },
];
const ROUTES = {
  [`GET ${LEDGER_PATHS.list}`]: () => ({ result: { records: ROWS, total: 2 } }),
  [`GET /sys/dict/getDictItems/${LEDGER_LIMITS.orgDictCode}`]: () => ({ result: ORGS }),
};

function queriesOf(path: string): URLSearchParams[] {
  return (fetch as unknown as Mock).mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname.replace(/^\/api/, '') === path)
    .map((u) => u.searchParams);
}

async function pick(label: string, title: string, scope: HTMLElement) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options.at(-1)!);
}

beforeEach(() => {
  signInAs({ username: 'admin' }, grant([P.view, P.ledgerEdit]));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('账簿管理', () => {
  it('shows the ledgers with their organisation and which is main; filters by organisation', async () => {
    mockApi(ROUTES);
    renderInShell(<LedgerListPage />);
    const row = (await screen.findByText('上海贸易主账簿')).closest('tr')!;
    expect(within(row).getByText('上海后台贸易有限公司')).toBeTruthy();
    expect(within(row).getByText('是')).toBeTruthy();
    expect(within(screen.getByText('上海贸易管理账簿').closest('tr')!).getByText('否')).toBeTruthy();

    const search = screen.getByTestId('ledger-search');
    await pick('结算组织', '杭州后台物流有限公司', search);
    fireEvent.click(within(search).getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(queriesOf(LEDGER_PATHS.list)).toHaveLength(2));
    expect(queriesOf(LEDGER_PATHS.list)[1]!.get('settlementOrgId')).toBe('so2');
  });

  it('hides 新增, 编辑 and 删除 without the ledger code', async () => {
    signInAs({ username: 'lisi' }, grant([P.view]));
    mockApi(ROUTES);
    renderInShell(<LedgerListPage />);
    await screen.findByText('上海贸易主账簿');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByTestId('ledger-edit-l1')).toBeNull();
  });

  it('新增 checks the form with the shared rules, then sends the ledger with the 主账簿 switch', async () => {
    const calls = mockApi({
      ...ROUTES,
      [`POST ${LEDGER_PATHS.add}`]: () => ({ message: LEDGER_TEXT.added, result: ROWS[0] }),
    });
    renderInShell(<LedgerListPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByTestId('ledger-form-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(
      await within(dialog).findByText(LEDGER_TEXT.codeRequired, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: ' L009 ' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '杭州备用账簿' } });
    await pick('结算组织', '杭州后台物流有限公司', dialog);
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.submit(within(dialog).getByLabelText('编码').closest('form')!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      code: 'L009',
      name: '杭州备用账簿',
      settlementOrgId: 'so2',
      currency: 'CNY',
      status: '1',
      isMain: '1',
    });
    expect(await screen.findByText(LEDGER_TEXT.added)).toBeTruthy();
  });

  it('编辑 sends the version it opened with; a refusal is shown and the dialog stays open', async () => {
    const refusal = LEDGER_TEXT.mainNeeded('上海后台贸易有限公司');
    const calls = mockApi({
      ...ROUTES,
      [`GET ${LEDGER_PATHS.queryById}`]: () => ({ result: ROWS[0] }),
      [`PUT ${LEDGER_PATHS.edit}`]: () => ({ success: false, message: refusal }),
    });
    renderInShell(<LedgerListPage />);
    fireEvent.click(await screen.findByTestId('ledger-edit-l1'));
    const dialog = await screen.findByTestId('ledger-form-dialog');
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>('编码').value).toBe('L001'));
    expect(within(dialog).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ id: 'l1', version: 2, isMain: '0' });
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByTestId('ledger-form-dialog')).toBeTruthy();
  });

  it('删除 shows the server reason when the ledger is in use', async () => {
    const reason = LEDGER_TEXT.inUse('上海贸易管理账簿', '单据');
    mockApi({ ...ROUTES, [`DELETE ${LEDGER_PATHS.delete}`]: () => ({ success: false, message: reason }) });
    renderInShell(<LedgerListPage />);
    fireEvent.click(await screen.findByTestId('ledger-delete-l2'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(queriesOf(LEDGER_PATHS.delete)[0]!.get('id')).toBe('l2');
  });
});
