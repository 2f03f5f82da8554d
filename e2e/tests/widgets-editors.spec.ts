/**
 * The editors and inputs of issue 12 item 6 in the widget gallery (/test/home), in Chromium against the real
 * server: the range picker's default and its refusals (§5.5 messages), typing in the code editor and switching its
 * language, bold and an image (by address and uploaded with biz jeditor) in the rich-text editor, the slider check
 * by mouse (full drag verifies, early release resets) and by keyboard, and axe on every section added here.
 */
import AxeBuilder from '@axe-core/playwright';
import dayjs from 'dayjs';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../src/fixtures.ts';
import { animationsSettled, chooseOption, signIn } from '../src/session.ts';

const SECTIONS = [
  'range-picker',
  'code-editor',
  'rich-text-editor',
  'markdown-editor',
  'slider-check',
  'pattern-catalogue',
  'file-upload',
  'image-upload',
  'file-pop',
  'cell-file-upload',
  'import-excel',
  'operate-log',
  'markdown-view',
];

// The gallery renders every widget at once; on a busy machine its first render takes seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Today in the browser's zone (the config's Asia/Shanghai). */
function today(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
}

async function openSection(page: Page, id: string): Promise<void> {
  await page.goto(`/test/home#${id}`);
  await expect(page.getByTestId(`gallery-${id}`)).toBeVisible({ timeout: 60_000 });
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('range picker: default month, clearing refused, span limit, allowClear', async ({ page }) => {
  await openSection(page, 'range-picker');
  const end = today();
  const start = dayjs(end).subtract(1, 'month').format('YYYY-MM-DD');
  const plainValue = page.getByTestId('range-plain-value');
  await expect(plainValue).toHaveText(`值：["${start}","${end}"]`);
  await expect(page.getByTestId('range-time-value')).toHaveText(`值：["${start} 00:00:00","${end} 23:59:59"]`);

  // Clearing is refused and the default comes back.
  const plain = page.getByTestId('range-plain');
  await plain.locator('.ant-picker').hover();
  await plain.locator('.ant-picker-clear').click();
  await expect(page.locator('.ant-message').getByText('必须选择一个时间范围', { exact: true })).toBeVisible();
  await expect(plainValue).toHaveText(`值：["${start}","${end}"]`);

  // A range over one month is refused with the message and reset.
  const tooEarly = dayjs(end).subtract(40, 'day').format('YYYY-MM-DD');
  await plain.getByPlaceholder('开始日期').click();
  await plain.getByPlaceholder('开始日期').fill(tooEarly);
  await page.keyboard.press('Enter');
  await plain.getByPlaceholder('结束日期').fill(end);
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-message').getByText('最多只能选择1个月的范围', { exact: true })).toBeVisible();
  await expect(plainValue).toHaveText(`值：["${start}","${end}"]`);

  // Within three months the same range is fine.
  const three = page.getByTestId('range-three');
  await three.getByPlaceholder('开始日期').click();
  await three.getByPlaceholder('开始日期').fill(tooEarly);
  await page.keyboard.press('Enter');
  await three.getByPlaceholder('结束日期').fill(end);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('range-three-value')).toHaveText(`值：["${tooEarly}","${end}"]`);

  // allowClear empties it.
  const clearable = page.getByTestId('range-clear');
  await clearable.locator('.ant-picker').hover();
  await clearable.locator('.ant-picker-clear').click();
  await expect(page.getByTestId('range-clear-value')).toHaveText('值：null');
});

test('code editor: typing reaches the value; the language can be switched', async ({ page }) => {
  await openSection(page, 'code-editor');
  const editor = page.getByRole('textbox', { name: '示例代码' });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('const answer = 42;');
  await expect(page.getByTestId('code-editor-value')).toContainText('const answer = 42;');
  // Tab indents by two spaces.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.type('x');
  await expect.poll(() => page.getByTestId('code-editor-value').textContent()).toContain('\n  x');

  await page.getByRole('combobox', { name: '语言' }).click();
  await chooseOption(page, page.getByTitle('Python', { exact: true }));
  await expect(page.getByTestId('gallery-code-editor').getByTestId('code-editor').first()).toHaveAttribute(
    'data-language',
    'python',
  );
  await expect(page.getByText('可编辑，切换语言（当前：python）')).toBeVisible();
});

test('rich text: bold, an image by address and an uploaded image (biz jeditor)', async ({ page }) => {
  await openSection(page, 'rich-text-editor');
  const editor = page.getByRole('textbox', { name: '示例富文本' });
  await expect(editor).toBeVisible();
  const value = page.getByTestId('rich-text-value');

  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('重要通知');
  await page.keyboard.press('ControlOrMeta+A');
  const section = page.getByTestId('gallery-rich-text-editor');
  await section.getByRole('button', { name: '加粗' }).first().click();
  await expect(value).toHaveText('值：<p><strong>重要通知</strong></p>');

  // An image by its address.
  await page.keyboard.press('ControlOrMeta+End');
  await section.getByRole('button', { name: '插入图片' }).first().click();
  const dialog = page.getByRole('dialog', { name: '插入图片' });
  await dialog.getByRole('tab', { name: '网络图片' }).click();
  await dialog.getByLabel('图片地址').fill('https://img.example.com/a.png');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(value).toContainText('<img src="https://img.example.com/a.png"');

  // An uploaded image: stored with biz jeditor, inserted by its static address.
  await section.getByRole('button', { name: '插入图片' }).first().click();
  await expect(dialog).toBeVisible();
  const uploaded = page.waitForResponse(
    (r) => r.url().includes('/sys/common/upload') && r.request().method() === 'POST',
  );
  await dialog.locator('input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  const answer = (await (await uploaded).json()) as { success: boolean; message: string };
  expect(answer.success).toBe(true);
  // Stored under the editor's folder: the server names a file <biz>/<day>/<uuid>.<ext>.
  expect(answer.message).toMatch(/^jeditor\//);
  await expect(
    dialog.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)'),
  ).toHaveCount(1);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(value).toContainText(answer.message);
  await expect(editor.locator(`img[src*="${answer.message}"]`)).toHaveCount(1);
});

test('slider check: a full drag verifies, an early release resets, the keyboard verifies too', async ({ page }) => {
  await openSection(page, 'slider-check');
  const section = page.getByTestId('gallery-slider-check');
  const handle = section.getByRole('slider', { name: '拖动滑块验证' });
  const track = section.getByTestId('slider-check');
  const value = page.getByTestId('slider-check-value');
  await expect(value).toHaveText('值：未验证');

  // Measure once the page has stopped moving (the anchor scroll, the handle sliding back).
  await handle.scrollIntoViewIfNeeded();
  await animationsSettled(page);
  const t = (await track.boundingBox())!;
  const h = (await handle.boundingBox())!;
  const y = h.y + h.height / 2;
  // Released half-way: back to the start, not verified.
  await page.mouse.move(h.x + h.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(h.x + t.width / 2, y, { steps: 5 });
  await expect(handle).not.toHaveAttribute('aria-valuenow', '0');
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-valuenow', '0');
  await expect(value).toHaveText('值：未验证');
  await animationsSettled(page);

  // Dragged all the way: verified and announced.
  await page.mouse.move(h.x + h.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(t.x + t.width + 20, y, { steps: 10 });
  await page.mouse.up();
  await expect(value).toHaveText('值：验证通过');
  await expect(handle).toHaveAttribute('aria-valuetext', '验证通过');
  await expect(section.getByRole('status')).toHaveText('验证通过');

  // Reset, then by keyboard: ArrowRight steps, End verifies.
  await section.getByRole('button', { name: /重\s*置/ }).click();
  await expect(value).toHaveText('值：未验证');
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', '10');
  await page.keyboard.press('End');
  await expect(value).toHaveText('值：验证通过');
});

test('axe: no serious violation in the sections of the editors and inputs', async ({ page }) => {
  await page.goto('/test/home');
  await expect(page.getByTestId('widget-gallery')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('textbox', { name: '示例代码' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '示例富文本' })).toBeVisible();
  await expect(page.getByTestId('gallery-markdown-view').getByTestId('markdown').first()).toBeVisible();
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  for (const id of SECTIONS) builder = builder.include(`#${id}`);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 6)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    )
    .join('\n');
  expect(bad, report).toHaveLength(0);
});
