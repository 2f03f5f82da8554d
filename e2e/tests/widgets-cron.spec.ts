/**
 * Cron builders in the widget gallery (/test/home#cron; spec §2.3, §4, §5.5): for each variant, an expression is
 * parsed back into the controls, the preview lists ten run times, OK emits the seven fields and closes; the week
 * variant's coupling rules; axe (WCAG 2 A/AA, 2.1 AA) on an open builder. Test ids: cron-open-<variant>,
 * cron-value-<variant>, cron-builder-<variant>, cron-field-<field>, cron-text-<field>, cron-expression,
 * cron-preview-time, cron-error, cron-ok.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, signIn } from '../src/session.ts';

// Many steps per journey on a machine shared with other builds: more than the default minute.
test.describe.configure({ timeout: 180_000 });

async function openGallery(page: Page): Promise<void> {
  await signIn(page);
  await page.goto('/test/home#cron');
  await expect(page.getByTestId('gallery-cron')).toBeVisible();
}

async function openBuilder(page: Page, variant: string): Promise<Locator> {
  await page.getByTestId(`cron-open-${variant}`).click();
  const dialog = page.getByRole('dialog', { name: 'Cron表达式' });
  await expect(dialog.getByTestId(`cron-builder-${variant}`)).toBeVisible();
  return dialog;
}

async function tab(dialog: Locator, name: string): Promise<Locator> {
  await dialog.getByRole('tab', { name, exact: true }).click();
  return dialog.getByRole('tabpanel');
}

const expression = (dialog: Locator) => dialog.getByTestId('cron-expression');

test('608 builder: defaults, a range, OK emits and closes, reopening parses it back', async ({ page }) => {
  await openGallery(page);
  const dialog = await openBuilder(page, 'basic');
  // Measured once the opening animation (a zoom) is over.
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBeCloseTo(608, -1);
  await expect(expression(dialog)).toHaveText('* * * * * ? *');
  await expect(dialog.getByTestId('cron-preview-time')).toHaveCount(10);
  const hour = await tab(dialog, '小时');
  await hour.getByRole('radio', { name: '周期' }).check();
  await hour.getByRole('spinbutton', { name: '小时周期起始' }).fill('9');
  await hour.getByRole('spinbutton', { name: '小时周期结束' }).fill('17');
  await expect(hour.getByRole('spinbutton', { name: '小时循环起始' })).toBeDisabled();
  await expect(expression(dialog)).toHaveText('* * 9-17 * * ? *');
  await dialog.getByTestId('cron-ok').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cron-value-basic')).toHaveText('值：* * 9-17 * * ? *');

  const again = await openBuilder(page, 'basic');
  await expect(expression(again)).toHaveText('* * 9-17 * * ? *');
  const hourAgain = await tab(again, '小时');
  await expect(hourAgain.getByRole('radio', { name: '周期' })).toBeChecked();
  await expect(hourAgain.getByRole('spinbutton', { name: '小时周期起始' })).toHaveValue('9');
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
  await expect(page.getByTestId('cron-open-basic')).toBeFocused();
});

test('800 builder: parses an existing expression into texts and tabs; an invalid text shows the message', async ({
  page,
}) => {
  await openGallery(page);
  const dialog = await openBuilder(page, 'text');
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBeCloseTo(800, -1);
  await expect(expression(dialog)).toHaveText('0 0/30 9-17 15W 1,6 ? 2027');
  await expect(dialog.getByTestId('cron-text-minute')).toHaveValue('0/30');
  await expect(dialog.getByTestId('cron-text-day')).toHaveValue('15W');
  const day = await tab(dialog, '日');
  await expect(day.getByRole('radio', { name: '工作日' })).toBeChecked();
  await expect(day.getByRole('spinbutton', { name: '工作日的日期' })).toHaveValue('15');
  const month = await tab(dialog, '月');
  await expect(month.getByRole('checkbox', { name: '6', exact: true })).toBeChecked();
  await expect(dialog.getByTestId('cron-preview-time')).toHaveCount(10);

  await dialog.getByTestId('cron-text-hour').fill('25');
  await expect(dialog.getByTestId('cron-error')).toContainText('小时的取值范围为0-23');
  await expect(dialog.getByTestId('cron-ok')).toBeDisabled();
  await dialog.getByTestId('cron-text-hour').fill('8-18');
  await expect(dialog.getByTestId('cron-preview-time')).toHaveCount(10);
  await dialog.getByTestId('cron-ok').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cron-value-text')).toHaveText('值：0 0/30 8-18 15W 1,6 ? 2027');
});

test('week builder: parse-back and the coupling rules', async ({ page }) => {
  await openGallery(page);
  const dialog = await openBuilder(page, 'week');
  await expect(expression(dialog)).toHaveText('0 15 10 ? * 2-6 *');
  const week = await tab(dialog, '周');
  await expect(week.getByRole('radio', { name: '周期' })).toBeChecked();
  await expect(week.getByRole('combobox', { name: '周周期起始' })).toBeEnabled();
  await expect(week.locator('.ant-select').first()).toContainText('周一');
  // A weekday is set: the day is '?' and its tab disabled.
  const day = await tab(dialog, '日');
  await expect(day.getByRole('radio', { name: '不指定' })).toBeChecked();
  await expect(day.getByRole('radio', { name: '每日' })).toBeDisabled();

  // Week back to '?': the day becomes '*' and usable again.
  await (await tab(dialog, '周')).getByRole('radio', { name: '不指定' }).check();
  await expect(expression(dialog)).toHaveText('0 15 10 * * ? *');
  await expect((await tab(dialog, '日')).getByRole('radio', { name: '每日' })).toBeEnabled();

  // Month changed with week '?' and day '*': day becomes 1.
  const month = await tab(dialog, '月');
  await month.getByRole('radio', { name: '指定' }).check();
  await month.getByRole('checkbox', { name: '3', exact: true }).check();
  await expect(expression(dialog)).toHaveText('0 15 10 1 3 ? *');

  // Second back to '*', then the minute changed: the second becomes 0.
  await (await tab(dialog, '秒')).getByRole('radio', { name: '每秒' }).check();
  await expect(expression(dialog)).toHaveText('* 15 10 1 3 ? *');
  await (await tab(dialog, '分钟')).getByRole('radio', { name: '每分钟' }).check();
  await (await tab(dialog, '分钟')).getByRole('radio', { name: '循环' }).check();
  await expect(expression(dialog)).toHaveText('0 0/1 10 1 3 ? *');

  // A weekday chosen again: day '?', hour kept (it is not '*').
  await (await tab(dialog, '周')).getByRole('radio', { name: '本月最后一个' }).check();
  await expect(expression(dialog)).toHaveText('0 0/1 10 ? 3 2L *');
  await expect(dialog.getByTestId('cron-preview-time')).toHaveCount(10);
  await dialog.getByTestId('cron-ok').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cron-value-week')).toHaveText('值：0 0/1 10 ? 3 2L *');
});

test('an open builder passes axe (WCAG 2 A/AA, 2.1 AA)', async ({ page }) => {
  await openGallery(page);
  for (const variant of ['week', 'text']) {
    const dialog = await openBuilder(page, variant);
    await tab(dialog, '日');
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${variant}: serious/critical axe violations`,
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
