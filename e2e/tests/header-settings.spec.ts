/**
 * Settings drawer (spec 000 §2.6, §3): per-user persistence on the server, the drawer's rules, the palette
 * and colour-weak mode. Test ids: settings-drawer, settings-color-<#HEX>, settings-content-width,
 * settings-fixed-header, settings-auto-hide-header, settings-fixed-sidebar, settings-color-weak, settings-multipage.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { signIn } from '../src/session.ts';

async function openDrawer(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-system-settings').click();
  const drawer = page.getByRole('dialog', { name: '系统设置' });
  await expect(drawer).toBeVisible();
  return drawer;
}

function switchOf(page: Page, testId: string) {
  return page.getByTestId(testId).getByRole('switch');
}

test('the drawer starts from the §3 defaults and applies its rules', async ({ page }) => {
  await signIn(page, 'lisi');
  await openDrawer(page);
  await expect(page.getByTestId('settings-color-#1890FF')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('radio', { name: '亮色菜单风格' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '顶部菜单布局' })).toBeChecked();
  await expect(page.getByTestId('settings-content-width')).toContainText('固定');
  await expect(switchOf(page, 'settings-multipage')).toBeChecked();
  await expect(page.getByTestId('settings-colors').getByRole('button')).toHaveCount(8);

  // Hide-on-scroll needs a fixed header; the fixed side menu is off in the top-menu layout.
  await expect(switchOf(page, 'settings-auto-hide-header')).toBeDisabled();
  await expect(switchOf(page, 'settings-fixed-sidebar')).toBeDisabled();
  await switchOf(page, 'settings-fixed-header').click();
  await expect(switchOf(page, 'settings-auto-hide-header')).toBeEnabled();

  // Content width is offered only outside the side-menu layout.
  await page.getByText('侧边菜单布局', { exact: true }).click();
  await expect(page.getByTestId('settings-content-width')).toHaveCount(0);
  await expect(switchOf(page, 'settings-fixed-sidebar')).toBeEnabled();

  // Back to the defaults for the other journeys.
  await page.getByText('顶部菜单布局', { exact: true }).click();
  const saved = page.waitForResponse((r) => r.url().includes('/sys/user/saveUserSettings'));
  await switchOf(page, 'settings-fixed-header').click();
  await saved;
});

test('settings are saved per user and come back after a reload and on another browser', async ({ page, browser }) => {
  await signIn(page, 'zhangsan');
  await openDrawer(page);
  const saved = page.waitForResponse((r) => r.url().includes('/sys/user/saveUserSettings'));
  await page.getByTestId('settings-color-#722ED1').click();
  await page.getByText('暗色菜单风格', { exact: true }).click();
  const answer = (await (await saved).json()) as { success: boolean; result: { primaryColor: string; theme: string } };
  expect(answer.success).toBe(true);
  expect(answer.result).toMatchObject({ primaryColor: '#722ED1', theme: 'dark' });

  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await openDrawer(page);
  await expect(page.getByTestId('settings-color-#722ED1')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('radio', { name: '暗色菜单风格' })).toBeChecked();
  // The primary colour reaches antd's tokens: a primary control is purple.
  await expect(page.locator('.ant-radio-button-wrapper-checked', { hasText: '暗色菜单风格' })).toHaveCSS(
    'background-color',
    'rgb(114, 46, 209)',
  );

  // Another browser (no local mirror) gets the same settings from the server.
  const other = await browser.newPage();
  await signIn(other, 'zhangsan');
  await openDrawer(other);
  await expect(other.getByTestId('settings-color-#722ED1')).toHaveAttribute('aria-pressed', 'true');
  await other.close();

  // Another user keeps the defaults.
  const guest = await browser.newPage();
  await signIn(guest, 'guest');
  await openDrawer(guest);
  await expect(guest.getByTestId('settings-color-#1890FF')).toHaveAttribute('aria-pressed', 'true');
  await guest.close();

  const restored = page.waitForResponse((r) => r.url().includes('/sys/user/saveUserSettings'));
  await page.getByTestId('settings-color-#1890FF').click();
  await page.getByText('亮色菜单风格', { exact: true }).click();
  await restored;
});

test('colour-weak mode filters the whole page', async ({ page }) => {
  await signIn(page, 'admin');
  await openDrawer(page);
  await switchOf(page, 'settings-color-weak').click();
  await expect(page.locator('body')).toHaveCSS('filter', 'invert(0.8)');
  const saved = page.waitForResponse((r) => r.url().includes('/sys/user/saveUserSettings'));
  await switchOf(page, 'settings-color-weak').click();
  await expect(page.locator('body')).toHaveCSS('filter', 'none');
  await saved;
});
