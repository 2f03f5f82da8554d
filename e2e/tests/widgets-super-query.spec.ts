/**
 * The advanced query widget in the gallery (/test/home#super-query) against the real server: every empty-condition
 * message, a search whose list is really filtered by the server (the seeded demo work orders, and the server's own
 * answer for the same params), save with the empty-name message and the overwrite confirmation, delete with its
 * confirmation, the filter text box, axe on the open builder, and the builder filling a 375 px screen.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, chooseOption, signIn } from '../src/session.ts';

async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('houtai:access-token'));
  if (!raw) throw new Error('no access token stored');
  return (JSON.parse(raw) as { value: string }).value;
}

function builder(page: Page): Locator {
  return page.locator('.ant-modal').filter({ hasText: '高级查询构造器' });
}

async function toast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.ant-message').getByText(text, { exact: true })).toBeVisible();
}

async function pick(page: Page, scope: Locator, combobox: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: combobox }).click();
  await chooseOption(page, page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }));
  // The choice shows in the select (a click that chose nothing fails here, not at the next step).
  const select = scope.locator('.ant-select', { has: page.getByRole('combobox', { name: combobox }) });
  await expect(select).toContainText(option);
}

test('advanced query: empty conditions, a server-filtered search, save, overwrite, delete, filter text box', async ({
  page,
}) => {
  // One long path through the widget; the shared machine needs more than the default minute (as work-orders.spec).
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/test/home#super-query');
  const table = page.getByTestId('super-query-table');
  await expect(table.getByText('打印机无法连接')).toBeVisible();
  await expect(table.getByText('凭证同步失败')).toBeVisible();

  // Opens with one empty row; both empty-condition messages.
  await page.getByRole('button', { name: '高级查询' }).click();
  const dialog = builder(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('super-query-row')).toHaveCount(1);
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page })
    .include('.ant-modal')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect.soft(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await dialog.getByRole('button', { name: /^查\s*询$/ }).click();
  await toast(page, '不能查询空条件');
  await dialog.getByRole('button', { name: '保存查询' }).click();
  await toast(page, '空条件不能保存');

  // 优先级 = 高: the list the server answers.
  await pick(page, dialog, '第1个条件的查询字段', '优先级');
  await pick(page, dialog, '第1个条件的查询值', '高');
  const answered = page.waitForResponse(
    (r) => r.url().includes('/bi/workOrder/list') && r.url().includes('superQueryParams'),
  );
  await dialog.getByRole('button', { name: /^查\s*询$/ }).click();
  const res = await answered;
  const served = ((await res.json()) as { result: { records: { title: string; priority: string }[] } }).result.records;
  expect(served.length).toBeGreaterThan(0);
  expect(served.every((r) => r.priority === 'H')).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(table.getByText('凭证同步失败')).toBeVisible();
  await expect(table.getByText('会议室投影仪故障')).toBeVisible();
  await expect(table.getByText('打印机无法连接')).toHaveCount(0);
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(served.length);
  await expect(page.getByTestId('super-query-active')).toBeVisible();
  // The same params asked directly: the server's filter, not the page's.
  const direct = await page.request.get(
    `/api/bi/workOrder/list?pageSize=100&superQueryParams=${encodeURIComponent(
      encodeURI(JSON.stringify([{ field: 'priority', rule: 'eq', val: 'H' }])),
    )}`,
    { headers: { 'X-Access-Token': await tokenOf(page) } },
  );
  expect(((await direct.json()) as { result: { total: number } }).result.total).toBe(served.length);

  // Save: empty name refused, then saved; the same name asks before overwriting.
  await page.getByRole('button', { name: /高级查询/ }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '保存查询' }).click();
  const nameDialog = page.locator('.ant-modal').filter({ hasText: '请输入保存的名称' });
  await expect(nameDialog).toBeVisible();
  await nameDialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await toast(page, '保存名称不能为空');
  await nameDialog.getByLabel('保存名称').fill('高优先级工单');
  await nameDialog.getByLabel('保存名称').press('Enter');
  await expect(dialog.getByRole('button', { name: '使用查询 高优先级工单' })).toBeVisible();

  await dialog.getByRole('button', { name: '保存查询' }).click();
  await expect(nameDialog).toBeVisible();
  await nameDialog.getByLabel('保存名称').fill('高优先级工单');
  await nameDialog.getByRole('button', { name: /^确\s*定$/ }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm.getByText('高优先级工单 已存在，是否覆盖？')).toBeVisible();
  await confirm.getByRole('button', { name: /^覆\s*盖$/ }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog.getByTestId('super-query-saved-item')).toHaveCount(1);

  // Delete asks first.
  await dialog.getByRole('button', { name: '删除查询 高优先级工单' }).click();
  await expect(confirm.getByText('是否删除当前查询？')).toBeVisible();
  await confirm.getByRole('button', { name: /^删\s*除$/ }).click();
  await expect(dialog.getByText('没有保存任何查询')).toBeVisible();

  // 重置 clears the active query: every order again.
  await dialog.getByRole('button', { name: /^重\s*置$/ }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('super-query-active')).toHaveCount(0);
  await expect(table.getByText('打印机无法连接')).toBeVisible();

  // The filter text box: *打印* contains, read by the server.
  const box = page.getByRole('textbox', { name: '标题筛选' });
  await box.fill('*打印*');
  await expect(page.getByTestId('filter-text-reading')).toHaveText('包含：打印');
  await box.press('Enter');
  await expect(table.getByText('打印机无法连接')).toBeVisible();
  await expect(table.getByText('凭证同步失败')).toHaveCount(0);
  await box.fill('!打印机无法连接');
  await box.press('Enter');
  await expect(table.getByText('凭证同步失败')).toBeVisible();
  await expect(table.getByText('打印机无法连接')).toHaveCount(0);

  // Below 768 px the builder fills the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: /高级查询/ }).click();
  await expect(dialog).toBeVisible();
  await animationsSettled(page);
  const frame = await dialog.boundingBox();
  expect(frame?.width ?? 0).toBeGreaterThanOrEqual(360);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
