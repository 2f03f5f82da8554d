/**
 * Excel import and export of the work-order list against the real server (issue 5): an .xlsx with 3 bad rows goes
 * through the 导入 dialog to the task centre, which shows the task done with a downloadable error file naming
 * those rows; the good rows are on the list; 导出 of the list downloads a file whose values are read back.
 * Test ids: work-order-import, import-dialog, import-input, import-start, import-file (data-status),
 * work-order-export, task-center, task-list.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, signIn } from '../src/session.ts';

const LIST = '/bi/workOrder/WorkOrderList';

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await animationsSettled(page);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The first sheet of a downloaded workbook as rows of cell texts (row 1 = the header). */
async function sheetOf(download: Download): Promise<string[][]> {
  const path = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.text;
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows;
}

async function workbook(rows: (string | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('工单');
  sheet.addRow(['标题', '内容', '优先级']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('an import with 3 bad rows ends done in the task centre with their error file; the list exports what it shows', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const run = randomBytes(3).toString('hex');
  const good = Array.from({ length: 5 }, (_, i) => `导入-${run}-${i + 1}`);
  // Rows 2…9 of the sheet: the bad ones are rows 4 (no title), 6 (a priority that is no option) and 9 (too long).
  const file = await workbook([
    [good[0]!, '第一条', '高'],
    [good[1]!, '第二条', '中'],
    [null, '没有标题', '低'],
    [good[2]!, '', '低'],
    [`坏优先级-${run}`, '优先级不存在', '极高'],
    [good[3]!, '第四条', null],
    [good[4]!, '第五条', '中'],
    [`${'长'.repeat(101)}`, '标题过长', '高'],
  ]);

  await signIn(page, 'admin');
  await page.goto(LIST);
  await expect(page.getByTestId('work-order-list-page')).toBeVisible();

  await page.getByTestId('work-order-import').click();
  const dialog = page.getByRole('dialog', { name: '导入工单' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/分批导入.*任务中心/)).toBeVisible();
  // The dialog says how rows that already exist are treated before a file is chosen.
  await expect(dialog.getByTestId('import-rule')).toContainText('按工单号识别已有工单');
  const fileName = `工单导入-${run}.xlsx`;
  await dialog.getByTestId('import-input').setInputFiles({
    name: fileName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await expect(dialog.getByTestId('import-file')).toHaveAttribute('data-status', 'wait');
  await shoot(page, testInfo, 'import-dialog-chosen');
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-file')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByText(`${fileName}已加入到任务中心列表`)).toBeVisible();
  await shoot(page, testInfo, 'import-dialog-done');
  await dialog.getByTestId('import-close').click();
  await expect(dialog).toBeHidden();

  // The task centre: the import is done, with its error file.
  await page.getByTestId('task-center').click();
  const tasks = page.getByRole('dialog', { name: '任务列表' });
  await expect(tasks.getByTestId('task-list')).toBeVisible();
  const row = tasks.locator('.ant-table-row', { hasText: fileName }).first();
  await expect(row.getByRole('button', { name: '点击下载' })).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('成功 5 行，失败 3 行');
  await shoot(page, testInfo, 'import-task-done');
  const saved = page.waitForEvent('download');
  await row.getByRole('button', { name: '点击下载' }).click();
  const errors = await sheetOf(await saved);
  expect(errors[0]!.slice(0, 2)).toEqual(['行号', '错误信息']);
  expect(errors.slice(1).map((r) => r[0])).toEqual(['4', '6', '9']);
  expect(errors[1]![1]).toContain('“标题”不能为空');
  // The row's own cells follow: 标题, 内容, 优先级.
  expect(errors[2]!.slice(2, 5)).toEqual([`坏优先级-${run}`, '优先级不存在', '极高']);
  expect(errors[3]![1]).toContain('标题不能超过100个字符');
  await tasks
    .getByRole('button', { name: /^关\s*闭$/ })
    .last()
    .click();
  await expect(tasks).toBeHidden();

  // The good rows are on the list; export what the list shows and read it back.
  await page.getByTestId('work-order-search').getByLabel('标题').fill(`导入-${run}`);
  await page
    .getByTestId('work-order-search')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(page.getByTestId('work-order-table').locator('.ant-table-row')).toHaveCount(5);
  const exported = page.waitForEvent('download');
  await page.getByTestId('work-order-export').click();
  const exportFile = await exported;
  const rows = await sheetOf(exportFile);
  expect(rows[0]!.slice(0, 3)).toEqual(['工单号', '标题', '内容']);
  const byTitle = new Map(rows.slice(1).map((r) => [r[1], r]));
  expect([...byTitle.keys()].sort()).toEqual([...good].sort());
  expect(byTitle.get(good[0])![2]).toBe('第一条');
  expect(byTitle.get(good[0])).toContain('高');
  expect(byTitle.get(good[3])).toContain('中');
  await shoot(page, testInfo, 'work-order-list-after-import');

  // Round trip: importing the exported file creates no twin — every row is reported by its 工单号.
  await page.getByTestId('work-order-import').click();
  await expect(dialog).toBeVisible();
  const roundTrip = `工单回导-${run}.xlsx`;
  await dialog.getByTestId('import-input').setInputFiles({
    name: roundTrip,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await readFile(await exportFile.path()),
  });
  await dialog.getByTestId('import-start').click();
  await expect(dialog.getByTestId('import-file')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await dialog.getByTestId('import-close').click();
  await page.getByTestId('task-center').click();
  const again = tasks.locator('.ant-table-row', { hasText: roundTrip }).first();
  await expect(again.getByRole('button', { name: '点击下载' })).toBeVisible({ timeout: 30_000 });
  await expect(again).toContainText('成功 0 行，失败 5 行');
  const report = page.waitForEvent('download');
  await again.getByRole('button', { name: '点击下载' }).click();
  const reported = await sheetOf(await report);
  expect(reported.slice(1).map((r) => r[1])).toEqual(
    rows.slice(1).map((r) => expect.stringContaining(`工单号 ${r[0]} 已存在`)),
  );
  await tasks
    .getByRole('button', { name: /^关\s*闭$/ })
    .last()
    .click();
  await expect(tasks).toBeHidden();
  await page
    .getByTestId('work-order-search')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(page.getByTestId('work-order-table').locator('.ant-table-row')).toHaveCount(5);
});
