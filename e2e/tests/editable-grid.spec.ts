/**
 * The editable grid (issue 13) in the widget gallery (/test/home#editable-grid), in Chromium: add with the throttle,
 * the add-row settings, drag-sort, batch delete with its confirmation, the footer statistics, keyboard editing,
 * paste from a spreadsheet, undo, rule marks with the tooltip and the refused save, and tree rows loaded on expand.
 * The realtime update between two browsers is in attendance-shifts.spec.ts (a grid saving to the server).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, chooseOption, signIn } from '../src/session.ts';

async function openDemo(page: Page): Promise<Locator> {
  await signIn(page);
  await page.goto('/test/home#editable-grid');
  const demo = page.getByTestId('grid-demo');
  await expect(demo.getByRole('grid', { name: '物料明细' })).toBeVisible();
  return demo;
}

function cell(demo: Locator, row: number, key: string): Locator {
  return demo.locator(`[data-cell="${row}:${key}"]`);
}

async function rowCount(demo: Locator): Promise<number> {
  const total = Number(await demo.getByRole('grid').getAttribute('aria-rowcount'));
  const footer = await demo.locator('.hg-foot').count();
  return total - 1 - footer;
}

test('新增 adds the configured rows; a second click within 1.5 s is refused with the §5.2 warning', async ({
  page,
}) => {
  const demo = await openDemo(page);
  const before = await rowCount(demo);
  await demo.getByTestId('grid-add').click();
  await expect.poll(() => rowCount(demo)).toBe(before + 1);
  await demo.getByTestId('grid-add').click();
  await expect(page.getByText('你点击的太快了，请慢点点击!')).toBeVisible();
  expect(await rowCount(demo)).toBe(before + 1);

  // Settings: two rows at a time, kept in the browser.
  await demo.getByRole('button', { name: '新增设置' }).click();
  const rows = page.getByRole('spinbutton', { name: '新增行数' });
  await rows.fill('2');
  await rows.press('Tab');
  await page.keyboard.press('Escape');
  await page.waitForTimeout(1600);
  await demo.getByTestId('grid-add').click();
  await expect.poll(() => rowCount(demo)).toBe(before + 3);
  await page.reload();
  await demo.getByRole('button', { name: '新增设置' }).click();
  await expect(page.getByRole('spinbutton', { name: '新增行数' })).toHaveValue('2');
});

test('batch delete asks 确定要删除这 N 项吗? and the drag menu moves a row, renumbering 排序', async ({ page }) => {
  const demo = await openDemo(page);
  const before = await rowCount(demo);
  await demo.getByRole('button', { name: '第 1 行排序' }).click();
  // The menu's opening motion must be over: a click during it can land before the menu takes clicks (seen in CI).
  await chooseOption(page, page.getByRole('menuitem', { name: '下移' }));
  await expect(cell(demo, 0, 'name')).toHaveText('钢板');
  // 排序 is the last column: drawn once the grid is scrolled to it.
  await demo.getByRole('grid').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(cell(demo, 0, 'orderNum')).toHaveText('1');
  await expect(cell(demo, 1, 'orderNum')).toHaveText('2');
  await demo.getByRole('grid').evaluate((el) => el.scrollTo({ left: 0 }));

  await demo.getByRole('checkbox', { name: '选择第 1 行' }).check();
  await demo.getByRole('checkbox', { name: '选择第 2 行' }).check();
  await demo.getByTestId('grid-batch-delete').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定要删除这 2 项吗?');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect.poll(() => rowCount(demo)).toBe(before - 2);
});

test('the sort menu from the keyboard: Enter opens it on the handle, 插入一行 adds a row below, focus returns', async ({
  page,
}) => {
  const demo = await openDemo(page);
  const before = await rowCount(demo);
  const handle = demo.getByRole('button', { name: '第 1 行排序' });
  await handle.focus();
  await page.keyboard.press('Enter');
  const insert = page.getByRole('menuitem', { name: '插入一行' });
  await expect(insert).toBeVisible();
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
  await chooseOption(page, insert);
  await expect.poll(() => rowCount(demo)).toBe(before + 1);
  await expect(cell(demo, 0, 'name')).toHaveText('螺栓');
  await expect(cell(demo, 2, 'name')).toHaveText('钢板');
  await expect(demo.getByRole('button', { name: '第 1 行排序' })).toBeFocused();
  // Escape closes the menu and gives the focus back too.
  await page.keyboard.press('Enter');
  await expect(insert).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(insert).toBeHidden();
  await expect(demo.getByRole('button', { name: '第 1 行排序' })).toBeFocused();
  // A second press on the handle closes the menu it opened.
  await handle.click();
  await expect(insert).toBeVisible();
  await animationsSettled(page);
  await handle.click();
  await expect(insert).toBeHidden();
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
});

test('a date cell opens a calendar under it; a clicked day is the value, and axe finds nothing serious', async ({
  page,
}) => {
  const demo = await openDemo(page);
  // 到货日期 is past the first screen of columns: drawn once the grid is scrolled to it.
  await demo.getByRole('grid').evaluate((el) => el.scrollTo({ left: 400 }));
  const date = cell(demo, 0, 'date');
  await date.dblclick();
  const calendar = page.getByTestId('grid-calendar');
  await expect(calendar).toBeVisible();
  await demo.getByRole('textbox', { name: '到货日期' }).fill('2026-02-03');
  await expect(calendar).toContainText('2026年2月');
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="grid-calendar"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);
  await calendar.getByTitle('2026-02-14').click();
  await expect(calendar).toHaveCount(0);
  await expect(date).toHaveText('2026-02-14');
  await expect(demo.getByRole('grid')).toBeFocused();
});

test('keyboard editing, paste from a spreadsheet, undo, and the statistics footer following the edits', async ({
  page,
}) => {
  const demo = await openDemo(page);
  const grid = demo.getByRole('grid');
  const sum = demo.locator('.hg-foot').first();
  await expect(sum).toContainText('合计');
  await expect(sum).toContainText('131'); // 120 + 8 + 3 (3.5 counts 3)

  await cell(demo, 0, 'name').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('200');
  await page.keyboard.press('Enter');
  await expect(cell(demo, 0, 'qty')).toHaveText('200');
  await expect(sum).toContainText('211');

  // A 2 × 2 block as Excel puts it on the clipboard.
  await cell(demo, 1, 'qty').click();
  await grid.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', '50\t1.5\r\n60\t2.25\r\n');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(cell(demo, 1, 'qty')).toHaveText('50');
  await expect(cell(demo, 2, 'price')).toHaveText('2.25');
  await expect(sum).toContainText('310'); // 200 + 50 + 60

  await page.keyboard.press('Control+z');
  await expect(cell(demo, 1, 'qty')).toHaveText('8');
  await expect(cell(demo, 2, 'qty')).toHaveText('3.5');
  await expect(sum).toContainText('211');
});

test('校验 marks the failing cells with a tooltip and 保存 is refused while any stands', async ({ page }) => {
  const demo = await openDemo(page);
  await page.getByTestId('grid-demo-validate').click();
  await expect(page.getByTestId('grid-demo-value')).toContainText('校验未通过');
  const invalid = demo.locator('[aria-invalid="true"]');
  expect(await invalid.count()).toBeGreaterThan(0);
  // The first failing cell is active and its message shows under it.
  await expect(demo.getByRole('tooltip')).toBeVisible();
  await page.getByTestId('grid-demo-save').click();
  await expect(page.getByTestId('grid-demo-value')).toContainText('有未通过校验的单元格，不能保存');
});

test('a tree row loads its children on its first expand', async ({ page }) => {
  await signIn(page);
  await page.goto('/test/home#editable-grid');
  const tree = page.getByTestId('grid-tree');
  await tree.getByRole('button', { name: '展开' }).first().click();
  await expect(tree.getByText('上海1部')).toBeVisible();
  await tree.getByRole('button', { name: '收起' }).first().click();
  await expect(tree.getByText('上海1部')).toHaveCount(0);
});

test("a row's sub-table opens in a dialog under the row; Escape closes it and focus returns", async ({ page }) => {
  const demo = await openDemo(page);
  const open = demo.getByRole('button', { name: '展开第 1 行的入库记录' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: '入库记录' });
  await expect(dialog.getByTestId('grid-sub-table-rows')).toContainText('入库 120');
  await expect(dialog).toHaveAttribute('data-placement', 'bottom');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});
