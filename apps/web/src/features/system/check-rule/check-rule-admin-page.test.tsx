import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { CHECK_RULE_TEXT } from '@houtai/shared/check-rule';
import { CHECK_RULE_ADMIN_TEXT, type CheckRuleRecord } from '@houtai/shared/contract/check-rule';
import { mockApi, renderInShell, signInAs } from '../../../testing/render.tsx';
import { CheckRuleAdminPage } from './check-rule-admin-page.tsx';
import { testVerdict } from './check-rule-form-dialog.tsx';

const SEGMENTS = [
  { digits: '2', pattern: '[A-Z]{2}', message: '前两位必须是大写字母' },
  { digits: '*', pattern: '.{6}', message: '须为6位' },
];

function rule(id: string, over: Partial<CheckRuleRecord> = {}): CheckRuleRecord {
  return {
    id,
    ruleName: `规则${id}`,
    ruleCode: `code_${id}`,
    ruleJson: JSON.stringify(SEGMENTS),
    ruleDescription: '两位大写字母开头的6位编码',
    createBy: 'admin',
    createTime: '2026-11-22 08:00:00',
    updateBy: null,
    updateTime: null,
    version: 2,
    ...over,
  };
}

const ALL = Object.values(ADMIN_PERMISSIONS.checkRule).map((action) => ({ action, type: '2' as const }));
const listOf = (records: CheckRuleRecord[]) => () => ({ result: { records, total: records.length } });

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

beforeEach(() => {
  signInAs({ username: 'admin' }, ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  viewport(1024, 768);
});

describe('编码校验规则 administration', () => {
  it('lists the rules the server answers', async () => {
    viewport(1440, 900);
    mockApi({ 'GET /sys/checkRule/list': () => ({ result: { records: [rule('r1'), rule('r2')], total: 12 } }) });
    renderInShell(<CheckRuleAdminPage />);
    const row = await rowOf('r1');
    expect(within(row).getByText('规则r1')).toBeTruthy();
    expect(within(row).getByText('code_r1')).toBeTruthy();
    expect(within(row).getByText('编辑')).toBeTruthy();
    expect(screen.getByText('1-10 共 12 条')).toBeTruthy();
  });

  it('shows the empty state and a failed load with 重试', async () => {
    let fail = true;
    mockApi({
      'GET /sys/checkRule/list': () =>
        fail ? { success: false, message: '数据库忙' } : { result: { records: [], total: 0 } },
    });
    renderInShell(<CheckRuleAdminPage />);
    expect(await screen.findByText('编码校验规则加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无编码校验规则')).toBeTruthy();
  });

  it('shows one card per rule on a phone, with no pinned column', async () => {
    viewport(375, 812);
    mockApi({ 'GET /sys/checkRule/list': listOf([rule('r1')]) });
    renderInShell(<CheckRuleAdminPage />);
    const card = await screen.findByTestId('check-rule-card');
    expect(within(card).getByText('规则r1')).toBeTruthy();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
  });

  it('hides 新建, 编辑 and 删除 without the edit code', async () => {
    signInAs({ username: 'viewer' }, [{ action: ADMIN_PERMISSIONS.checkRule.list, type: '2' }]);
    mockApi({ 'GET /sys/checkRule/list': listOf([rule('r1')]) });
    renderInShell(<CheckRuleAdminPage />);
    const row = await rowOf('r1');
    expect(within(row).queryByText('编辑')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
  });

  it('refuses a nested-repeat pattern with the shared message and sends nothing', async () => {
    const calls = mockApi({ 'GET /sys/checkRule/list': listOf([]) });
    renderInShell(<CheckRuleAdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByTestId('check-rule-form-dialog');
    fireEvent.click(saveButton());
    expect(
      await within(dialog).findByText(CHECK_RULE_ADMIN_TEXT.nameRequired, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '规则名称' }), { target: { value: '坏规则' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '规则编码' }), { target: { value: 'bad' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '规则 1' }), { target: { value: '(a+)+' } });
    fireEvent.click(saveButton());
    expect(await within(dialog).findByTestId('check-rule-segments-error')).toBeTruthy();
    expect(within(dialog).getByTestId('check-rule-segments-error').textContent).toBe(
      `第1条规则：${CHECK_RULE_TEXT.patternNested}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.method === 'POST' || c.method === 'PUT')).toBe(false);
  });

  it('edits rows (add, reorder), tests a value, saves the right body and reloads', async () => {
    const calls = mockApi({
      'GET /sys/checkRule/list': listOf([rule('r1')]),
      'GET /sys/checkRule/queryById': () => ({ result: rule('r1') }),
      'PUT /sys/checkRule/edit': () => ({ message: CHECK_RULE_ADMIN_TEXT.edited }),
    });
    renderInShell(<CheckRuleAdminPage />);
    const row = await rowOf('r1');
    fireEvent.click(within(row).getByText('编辑'));
    const dialog = await screen.findByTestId('check-rule-form-dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: '规则 1' }).value).toBe('[A-Z]{2}'),
    );
    // The 测试 box: the first failing row's message, then 通过.
    const test = within(dialog).getByRole('textbox', { name: '测试' });
    fireEvent.change(test, { target: { value: 'ab1234' } });
    expect(within(dialog).getByTestId('check-rule-test-result').textContent).toBe('第1条不通过：前两位必须是大写字母');
    fireEvent.change(test, { target: { value: 'AB1234' } });
    expect(within(dialog).getByTestId('check-rule-test-result').textContent).toBe('通过');
    // A third row, moved to the top.
    fireEvent.click(within(dialog).getByRole('button', { name: /添加一条规则/ }));
    await waitFor(() => expect(within(dialog).getAllByTestId('check-rule-segment')).toHaveLength(3));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '规则 3' }), { target: { value: '[A-Z0-9]+' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '提示 3' }), {
      target: { value: '只能是大写字母和数字' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '上移第3条' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '上移第2条' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    const sent = put.body as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 'r1', version: 2, ruleName: '规则r1', ruleCode: 'code_r1' });
    expect(JSON.parse(sent.ruleJson as string)).toEqual([
      { digits: '*', pattern: '[A-Z0-9]+', message: '只能是大写字母和数字' },
      ...SEGMENTS,
    ]);
    await waitFor(() => expect(calls.filter((c) => c.path === '/sys/checkRule/list')).toHaveLength(2));
  });

  it('the test verdict says what is wrong with the rows themselves', () => {
    expect(testVerdict([{ digits: '*', pattern: '(a' }], 'x').text).toBe(
      `规则有误：第1条规则：${CHECK_RULE_TEXT.patternSyntax}`,
    );
    expect(testVerdict([{ digits: '*', pattern: 'a+' }], '').kind).toBe('empty');
  });
});
