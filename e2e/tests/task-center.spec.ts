/**
 * The task list 任务列表 (spec §2.5, §2.7, §9) against the real server: the header's task icon opens the dialog,
 * which shows the admin's tasks (or the empty state), searches by 标题 on Enter and pages 'a-b 共 N 条'.
 * Test ids: task-center (header icon), task-list (dialog body).
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, signIn } from '../src/session.ts';

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await animationsSettled(page);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('houtai:access-token'));
  if (!raw) throw new Error('no access token stored');
  return (JSON.parse(raw) as { value: string }).value;
}

async function openTaskList(page: Page) {
  await page.getByTestId('task-center').click();
  const dialog = page.getByRole('dialog', { name: '任务列表' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('task-list')).toBeVisible();
  // The first answer: rows or the empty state.
  await expect(dialog.locator('.ant-table-row, .ant-empty').first()).toBeVisible();
  return dialog;
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`the header's task icon opens 任务列表 (${viewport.name})`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, 'admin');
    const icon = page.getByTestId('task-center');
    await expect(icon).toBeVisible();
    await expect(icon).toHaveAttribute('title', '任务列表');
    const dialog = await openTaskList(page);
    for (const header of ['ID', '标题', '任务时间', '状态', '耗时', '内容', '创建日期', '操作']) {
      await expect(dialog.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    if (viewport.width >= 1000) await expect(page.locator('.ant-modal').first()).toHaveCSS('width', '1000px');
    await shoot(page, testInfo, `task-center-${viewport.name}`);

    // Enter in 标题 searches: a title nobody has gives the empty state.
    const title = dialog.getByPlaceholder('请输入标题');
    await title.fill('不存在的任务标题-e2e');
    const answered = page.waitForResponse((r) => r.url().includes('/task/asyncTask/list/mine'));
    await title.press('Enter');
    const res = await answered;
    expect(new URL(res.url()).searchParams.get('title')).toBe('不存在的任务标题-e2e');
    await expect(dialog.locator('.ant-empty').first()).toBeVisible();

    await dialog
      .getByRole('button', { name: /^关\s*闭$/ })
      .last()
      .click();
    await expect(dialog).toBeHidden();
  });
}

test('a finished export task lights the dot; opening the list clears it and offers 点击下载', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  const icon = page.getByTestId('task-center');
  await expect(icon).toHaveAttribute('data-dot', 'false');
  const res = await page.request.post('/api/task/asyncTask/add', {
    headers: { 'X-Access-Token': await tokenOf(page) },
    data: { url: '/bi/workOrder/exportXls', name: '工单导出-e2e', params: {} },
  });
  const body = (await res.json()) as { success: boolean; message: string };
  expect(body.success, body.message).toBe(true);

  // The server's realtime message (text starting with the task marker) sets the dot.
  await expect(icon).toHaveAttribute('data-dot', 'true', { timeout: 20_000 });
  const dialog = await openTaskList(page);
  await expect(icon).toHaveAttribute('data-dot', 'false');
  const row = dialog.locator('.ant-table-row', { hasText: '工单导出-e2e' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText('开始：')).toBeVisible();
  await expect(row.getByRole('button', { name: '点击下载' })).toBeVisible();
  await expect(dialog.getByText(/^\d+-\d+ 共 \d+ 条$/)).toBeVisible();
  await shoot(page, testInfo, 'task-center-rows');

  const saved = page.waitForEvent('download');
  await row.getByRole('button', { name: '点击下载' }).click();
  expect((await saved).suggestedFilename()).toMatch(/\.xlsx$/);
});
