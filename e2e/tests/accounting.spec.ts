/**
 * 核算工作台 against the real server (issue 15): choose a ledger, generate documents for a period from the demo
 * business records, see them and their draft vouchers, synchronise, see the numbered vouchers, the sync log and a
 * balanced trial balance; a second generate reports nothing new; after 结账 the period refuses both with a warning
 * and the modal stays open. axe on the workspace and the modal; screenshots at 1440×900 and 375×812 on request.
 */
import type { Locator, Page } from '@playwright/test';
import { audit } from '../src/axe.ts';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, chooseOption, signIn, snapshot } from '../src/session.ts';

/** The demo business records cover this month and the two before (seed/demo-accounting.ts, UTC months). */
function lastMonth(): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function typeDate(page: Page, picker: Locator, text: string): Promise<void> {
  await picker.click();
  await picker.fill(text);
  await picker.press('Enter');
  await page.keyboard.press('Escape');
}

async function runModal(page: Page, button: RegExp, title: string, period: string): Promise<Locator> {
  await page.getByRole('button', { name: button }).click();
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal).toBeVisible();
  await animationsSettled(page);
  await typeDate(page, modal.getByLabel('会计期间'), `${period}-15`);
  await modal.getByTestId('voucher-source-select').click();
  await chooseOption(page, page.locator('.ant-select-item-option', { hasText: '采购业务' }));
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  return modal;
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByTestId('workspace-tabs').getByRole('tab', { name }).click();
}

test('generate, synchronise, see vouchers, log and a balanced trial balance; a closed period refuses both', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const period = lastMonth();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await page.goto('/accounting/workspace');
  await expect(page.getByTestId('accounting-workspace')).toBeVisible();
  await expect(page.getByTestId('workspace-no-ledger')).toBeVisible();

  await page.getByTestId('workspace-ledger').click();
  await chooseOption(page, page.locator('.ant-select-item-option', { hasText: '杭州物流主账簿' }));
  await typeDate(page, page.getByTestId('workspace-tabs').getByLabel('会计期间'), period);
  await expect(page.getByTestId('workspace-bills')).toBeVisible();
  await audit(page, '核算工作台');

  // 生成单据: the modal, then the documents of 采购业务 for the period.
  const gen = await runModal(page, /生成单据/, '请选择生成单据的条件', period);
  await expect(page.locator('.ant-message').getByText(/成功生成 \d+ 张单据/)).toBeVisible({ timeout: 30_000 });
  await expect(gen).toBeHidden();
  const bills = page.getByTestId('workspace-bills');
  await expect(bills.locator('.ant-table-row').first()).toContainText(`L003-${period.replace('-', '')}-`);
  await snapshot(page, 'accounting-bills-1440');

  await openTab(page, '凭证');
  const vouchers = page.getByTestId('workspace-vouchers');
  await expect(vouchers.locator('.ant-table-row').first()).toContainText('草稿');

  // 同步凭证: the drafts get numbers from 记-0001.
  await runModal(page, /同步凭证/, '请选择同步凭证的条件', period);
  await expect(page.locator('.ant-message').getByText(/成功同步 \d+ 张凭证/)).toBeVisible({ timeout: 30_000 });
  await openTab(page, '凭证');
  await expect(vouchers.getByText('记-0001')).toBeVisible();
  await expect(vouchers.getByText('草稿')).toHaveCount(0);
  await snapshot(page, 'accounting-vouchers-1440');

  await openTab(page, '同步日志');
  await expect(page.getByTestId('workspace-sync-logs').locator('.ant-table-row').first()).toContainText('成功');

  await openTab(page, '科目余额表');
  const total = page.getByTestId('balances-total');
  await expect(total).toBeVisible();
  const cells = (await total.locator('td').allInnerTexts())
    .map((c) => c.trim())
    .filter((c) => /^[\d,]+\.\d\d$/.test(c));
  // Opening, period and closing: each debit equals its credit.
  expect(cells).toHaveLength(6);
  expect(cells[0]).toBe(cells[1]);
  expect(cells[2]).toBe(cells[3]);
  expect(cells[4]).toBe(cells[5]);
  expect(cells[2]).not.toBe('0.00');
  await audit(page, '科目余额表');
  await snapshot(page, 'accounting-balances-1440');

  // A second generate finds nothing new.
  await runModal(page, /生成单据/, '请选择生成单据的条件', period);
  await expect(page.locator('.ant-message').getByText('所选账期没有新的业务数据，未生成单据')).toBeVisible({
    timeout: 30_000,
  });

  // 结账, then both are refused with a warning and the modal stays open.
  await openTab(page, '期间结账');
  await page.getByTestId(`period-close-${period}`).click();
  await chooseOption(page, page.locator('.ant-popconfirm').getByRole('button', { name: /结\s*账/ }));
  await expect(page.getByTestId(`period-reopen-${period}`)).toBeVisible({ timeout: 15_000 });
  const refused = await runModal(page, /生成单据/, '请选择生成单据的条件', period);
  await expect(page.locator('.ant-message').getByText(/已结账/)).toBeVisible({ timeout: 30_000 });
  await expect(refused).toBeVisible();
  await audit(page, '生成单据 modal');
  await refused.getByRole('button', { name: /取\s*消/ }).click();
  await expect(refused).toBeHidden();
  const refusedSync = await runModal(page, /同步凭证/, '请选择同步凭证的条件', period);
  await expect(
    page
      .locator('.ant-message')
      .getByText(/已结账/)
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(refusedSync).toBeVisible();
  await refusedSync.getByRole('button', { name: /取\s*消/ }).click();
  await expect(refusedSync).toBeHidden();

  await page.setViewportSize({ width: 375, height: 812 });
  await openTab(page, '凭证');
  await expect(vouchers.getByText('记-0001')).toBeVisible();
  await audit(page, '核算工作台 on a phone');
  await snapshot(page, 'accounting-vouchers-375');
});
