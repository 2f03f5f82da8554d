/**
 * The signed-in frame at the three sizes of the acceptance (spec §2.3): top menu (the default) and side
 * menu on desktop, the drawer below 1088 px. Screenshots are attached to the report and written under
 * e2e/test-results (never committed) for a human look.
 */
import type { Page, TestInfo } from '@playwright/test';
import type { DisplaySettingsPatch } from '@houtai/shared/settings';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, signIn } from '../src/session.ts';

/** Saves the user's display settings on the server and in the browser's mirror, then reloads. */
async function applySettings(page: Page, patch: DisplaySettingsPatch): Promise<void> {
  await page.evaluate(async (p) => {
    const read = (key: string) =>
      (JSON.parse(localStorage.getItem(`houtai:${key}`) ?? 'null') as { value: unknown })?.value;
    const token = read('access-token') as string;
    const user = read('user-info') as { id: string };
    const mirrorKey = `houtai:display-settings:${user.id}`;
    const current = (read(`display-settings:${user.id}`) as object | undefined) ?? {};
    const res = await fetch('/api/sys/user/saveUserSettings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
      body: JSON.stringify(p),
    });
    const body = (await res.json()) as { result?: object };
    localStorage.setItem(mirrorKey, JSON.stringify({ value: { ...current, ...p, ...body.result }, expire: null }));
  }, patch);
  await page.reload();
}

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await animationsSettled(page);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.describe('layout', () => {
  test.afterEach(async ({ page }) => {
    // Back to the defaults for the journeys that follow (one admin account is shared).
    await applySettings(page, { layout: 'topmenu', multipage: true, fixedHeader: false, autoHideHeader: false });
  });

  test('top menu on desktop, drawer on tablet and phone', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await applySettings(page, { layout: 'topmenu', contentWidth: 'Fixed', multipage: true });
    await page.goto('/isystem/user');
    await expect(page.getByTestId('basic-layout')).toHaveAttribute('data-layout', 'topmenu');
    await expect(page.getByTestId('header-left')).toBeVisible();
    await expect(page.getByTestId('breadcrumb')).toContainText('系统管理');
    await expect(page.getByTestId('tab-bar')).toBeVisible();
    await shoot(page, testInfo, 'topmenu-1440x900');

    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(page.getByTestId('menu-toggle')).toBeVisible();
    // Mobile keeps one tab: no tab bar.
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);
    await shoot(page, testInfo, 'mobile-1000x800');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('menu-toggle').click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await expect(drawer).toBeVisible();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(200);
    await shoot(page, testInfo, 'drawer-375x812');
    // Choosing an entry closes the drawer.
    await page.getByTestId('menu-drawer').getByText('首页', { exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/analysis$/);
    await expect(drawer).toBeHidden();
    await shoot(page, testInfo, 'home-375x812');
  });

  test('side menu collapses to 80 px, highlights the route, and the fixed header stays on top', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await applySettings(page, { layout: 'sidemenu', fixedHeader: true, sidebarOpen: true });
    await page.goto('/isystem/user');
    await expect(page.getByTestId('basic-layout')).toHaveAttribute('data-layout', 'sidemenu');
    const sider = page.getByTestId('sider');
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);
    await expect(sider.locator('.ant-menu-item-selected')).toHaveText('用户管理');
    await expect(page.getByTestId('header')).toHaveCSS('position', 'fixed');
    await shoot(page, testInfo, 'sidemenu-1440x900');

    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(80);
    await shoot(page, testInfo, 'sidemenu-collapsed-1440x900');
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);
    // Expanding again restores the open submenu.
    await expect(sider.locator('.ant-menu-item-selected')).toHaveText('用户管理');

    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(sider).toHaveCount(0);
    await shoot(page, testInfo, 'sidemenu-1000x800');
  });
});
