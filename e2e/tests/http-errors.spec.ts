/**
 * The http client's error catalogue (spec §8) in the browser: a call the home page makes (GET /sys/loginfo,
 * the visit statistics) is answered with a failure by page.route.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { signIn } from '../src/session.ts';

/** Answers the home page's GET /sys/loginfo with `status` and an envelope, then loads home again. */
async function failHomeCall(page: Page, status: number, message: string): Promise<void> {
  await page.route('**/sys/loginfo?**', (route) =>
    route.fulfill({ status, json: { success: false, message, code: status, result: null, timestamp: Date.now() } }),
  );
  await page.reload();
}

test('HTTP 500 with Token失效 opens 登录已过期, and 重新登录 signs out to the login page', async ({ page }) => {
  await signIn(page, 'admin');
  await failHomeCall(page, 500, 'Token失效，请重新登录');

  const dialog = page.getByRole('dialog').filter({ hasText: '登录已过期' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('很抱歉，登录已过期，请重新登录');
  const loaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await loaded;
  await expect(page).toHaveURL(/\/user\/login(\?|$)/);
  await expect(page.getByRole('tab', { name: '账号密码登录' })).toBeVisible();

  // The session is over: home asks for sign-in again.
  await page.goto('/dashboard/analysis');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
});

test('HTTP 403 notifies 拒绝访问 under 系统提示 and keeps the session', async ({ page }) => {
  await signIn(page, 'admin');
  await failHomeCall(page, 403, '没有权限，请联系管理员授权');

  const notice = page.locator('.ant-notification-notice').filter({ hasText: '拒绝访问' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('系统提示');
  await expect(page.getByRole('dialog').filter({ hasText: '登录已过期' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
