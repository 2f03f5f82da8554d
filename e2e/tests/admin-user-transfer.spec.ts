/**
 * 用户管理's import, export and recycle bin against the real server (issue 14): an .xlsx of two new accounts and one
 * whose username is taken goes through 导入用户 to the task centre (done, 2 imported, 1 refused); the list finds the
 * two; 导出 downloads them without any secret column; a deleted account is in 回收站, 还原 brings it back; the bin
 * passes axe.
 */
import { randomBytes, randomInt } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Download, Page } from '@playwright/test';
import { audit } from '../src/axe.ts';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, chooseOption, signIn, snapshot } from '../src/session.ts';

async function sheetOf(download: Download): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.text;
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows;
}

async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户');
  sheet.addRow(['登录账号', '真实姓名', '手机号码', '部门']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function search(page: Page, username: string): Promise<void> {
  const form = page.getByTestId('user-admin-page').locator('form').first();
  await form.getByLabel('用户账号').fill(username);
  await form.getByRole('button', { name: /查\s*询/ }).click();
}

test('imported users are listed and exported; a deleted one comes back from the recycle bin', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const run = randomBytes(3).toString('hex');
  const names = [`imp${run}a`, `imp${run}b`];
  const phone = () => `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const file = await workbook([
    [names[0]!, '导入甲', phone(), '信息技术部'],
    [names[1]!, '导入乙', phone(), ''],
    ['admin', '重名', phone(), ''],
  ]);

  await signIn(page, 'admin');
  await page.goto('/isystem/user');
  await expect(page.getByTestId('user-admin-page')).toBeVisible();

  await page.getByTestId('user-import').click();
  const dialog = page.getByRole('dialog', { name: '导入用户' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('import-rule')).toContainText('不覆盖已有用户');
  const fileName = `用户导入-${run}.xlsx`;
  await dialog.getByTestId('import-input').setInputFiles({
    name: fileName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-file')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await dialog.getByTestId('import-close').click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('task-center').click();
  const tasks = page.getByRole('dialog', { name: '任务列表' });
  const task = tasks.locator('.ant-table-row', { hasText: fileName }).first();
  await expect(task).toContainText('成功 2 行，失败 1 行', { timeout: 30_000 });
  await tasks
    .getByRole('button', { name: /^关\s*闭$/ })
    .last()
    .click();
  await expect(tasks).toBeHidden();

  // The list finds both; the export downloads what it shows, never a secret.
  await search(page, `imp${run}`);
  const table = page.getByTestId('user-table');
  await expect(table.locator('.ant-table-row')).toHaveCount(2);
  await expect(table).toContainText('信息技术部');
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('user-export').click();
  const rows = await sheetOf(await downloaded);
  expect(rows[0]).toEqual(expect.arrayContaining(['登录账号', '真实姓名', '手机号码', '部门', '状态']));
  expect(rows[0]!.join(',')).not.toMatch(/密码|salt/i);
  expect(
    rows
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual([...names].sort());

  // Delete one; it is in the recycle bin, and 还原 brings it back.
  const row = table.locator('tr', { hasText: names[0]! });
  await row.getByRole('button', { name: /更多/ }).click();
  await chooseOption(page, page.getByRole('menuitem', { name: '删除' }));
  await chooseOption(
    page,
    page
      .getByRole('dialog')
      .last()
      .getByRole('button', { name: /确\s*定|删\s*除/ }),
  );
  await expect(table.locator('.ant-table-row')).toHaveCount(1);

  await page.getByTestId('user-recycle-open').click();
  const bin = page.getByRole('dialog', { name: '用户回收站' });
  const binned = bin.locator('.ant-table-row', { hasText: names[0]! });
  await expect(binned).toBeVisible();
  await animationsSettled(page);
  await snapshot(page, 'admin-user-recycle-1440');
  await audit(page, 'user recycle bin');
  await binned.getByRole('button', { name: '还原' }).click();
  await chooseOption(
    page,
    page
      .getByRole('dialog')
      .last()
      .getByRole('button', { name: /确\s*定|还\s*原/ }),
  );
  await expect(binned).toBeHidden();
  // The confirm has closed and handed focus back: it stays in the bin (its row is gone), so Escape closes the bin.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.textContent ?? ''))
    .toContain('用户回收站');
  await page.keyboard.press('Escape');
  await expect(bin).toBeHidden();
  await expect(table.locator('.ant-table-row')).toHaveCount(2);
});
