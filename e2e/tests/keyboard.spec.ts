/**
 * Keyboard-only journeys (issue 11), no mouse at all: sign in with Tab, typing and Enter; open the user menu from
 * its trigger (Enter, Space, ArrowDown) and move with the arrows; change the password in 修改密码 by pressing
 * Enter in a field (and back again, so that lisi still signs in with the shared password); close a dialog and the
 * settings drawer with Escape and find focus back on the trigger; close a tab with Delete.
 */
import type { Locator, Page } from '@playwright/test';
import { adminPassword } from '../src/env.ts';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled } from '../src/session.ts';

const USER = 'lisi';
const TEMPORARY_PASSWORD = 'Keyboard_2026';

/** The user menu's popup (the header's navigation is a role=menu too). */
function userMenu(page: Page): Locator {
  return page.locator('.houtai-user-menu-popup').getByRole('menu');
}

/** Presses Tab until `target` has focus (at most `max` times); fails when it never does. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Presses ArrowDown in the open menu until the focused item reads `text`. After each press it waits for the focus to
 * move (a busy machine paints the next item a frame or more later; reading at once would see the item before and
 * stop one too far).
 */
async function arrowTo(page: Page, text: string): Promise<void> {
  const focused = page.locator('[role="menuitem"]:focus, [role="menuitem"].ant-dropdown-menu-item-active');
  const current = async (): Promise<string> =>
    (await focused
      .first()
      .textContent({ timeout: 500 })
      .catch(() => '')) ?? '';
  let previous = await current();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('ArrowDown');
    await expect.poll(current).not.toBe(previous);
    previous = await current();
    if (previous.includes(text)) return;
  }
  await expect(focused.first()).toContainText(text);
}

async function signInWithKeyboard(page: Page, password: string): Promise<void> {
  await page.goto('/user/login');
  const username = page.getByLabel('账号', { exact: true });
  await expect(username).toBeVisible();
  await tabTo(page, username);
  await page.keyboard.type(USER);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('密码', { exact: true })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Opens the user menu from the focused trigger with `key` and picks `item` with the arrows and Enter. */
async function chooseWithKeyboard(page: Page, key: 'Enter' | ' ' | 'ArrowDown', item: string): Promise<void> {
  const trigger = page.getByTestId('user-menu');
  await tabTo(page, trigger);
  await page.keyboard.press(key === ' ' ? 'Space' : key);
  await expect(userMenu(page)).toBeVisible();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await animationsSettled(page);
  await arrowTo(page, item);
  await page.keyboard.press('Enter');
}

/** Fills 修改密码 field by field with the keyboard and submits with Enter in the last field. */
async function changePassword(page: Page, from: string, to: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('旧密码'));
  await page.keyboard.type(from);
  await tabTo(page, dialog.getByLabel('新密码', { exact: true }), 4);
  await page.keyboard.type(to);
  await tabTo(page, dialog.getByLabel('确认新密码'), 4);
  await page.keyboard.type(to);
  const answered = page.waitForResponse((r) => r.url().includes('/sys/user/updatePassword'));
  await page.keyboard.press('Enter');
  expect(((await (await answered).json()) as { success: boolean }).success).toBe(true);
  await expect(page.getByText('密码重置成功!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  // The menu item that opened the dialog is gone: focus is back on the menu's trigger.
  await expect(page.getByTestId('user-menu')).toBeFocused();
}

test('sign in, open the user menu and change the password with Enter, all from the keyboard', async ({ page }) => {
  await signInWithKeyboard(page, adminPassword());

  await chooseWithKeyboard(page, 'Enter', '修改密码');
  await changePassword(page, adminPassword(), TEMPORARY_PASSWORD);

  // Enter in a field with a mistake submits nothing to the server: the field says what is wrong.
  await chooseWithKeyboard(page, 'ArrowDown', '修改密码');
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await tabTo(page, dialog.getByLabel('旧密码'));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('请输入旧密码!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeFocused();

  // The new password signs in; then back to the shared one.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signInWithKeyboard(page, TEMPORARY_PASSWORD);
  await chooseWithKeyboard(page, ' ', '修改密码');
  await changePassword(page, TEMPORARY_PASSWORD, adminPassword());
});

test('Escape closes the menu, a dialog and the drawer, and focus goes back to their trigger', async ({ page }) => {
  await signInWithKeyboard(page, adminPassword());
  const trigger = page.getByTestId('user-menu');

  // The menu itself.
  await tabTo(page, trigger);
  await page.keyboard.press('ArrowDown');
  await expect(userMenu(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(userMenu(page)).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  // The settings drawer opened from the menu.
  await chooseWithKeyboard(page, 'Enter', '系统设置');
  await expect(page.getByText('整体风格设置')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('整体风格设置')).toBeHidden();
  await expect(trigger).toBeFocused();

  // A dialog opened by a header button: antd hands focus back to the button.
  const tasks = page.getByTestId('task-center');
  await tabTo(page, tasks);
  await page.keyboard.press('Enter');
  const list = page.getByRole('dialog');
  await expect(list.getByTestId('task-list')).toBeVisible();
  await animationsSettled(page);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(tasks).toBeFocused();
});

test('a focused tab closes with Delete and focus moves to the tab that is active then', async ({ page }) => {
  await signInWithKeyboard(page, adminPassword());
  await chooseWithKeyboard(page, 'Enter', '个人中心');
  await expect(page).toHaveURL(/\/account\/center$/);
  const tabs = page.getByTestId('tab-bar').getByRole('tab');
  await expect(tabs).toHaveCount(2);
  const active = page.getByTestId('tab-bar').getByRole('tab', { selected: true });
  await expect(active).toContainText('个人中心');
  await tabTo(page, active);
  await page.keyboard.press('Delete');
  await expect(tabs).toHaveCount(1);
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByTestId('tab-bar').getByRole('tab', { selected: true })).toBeFocused();
  // Home cannot be closed.
  await page.keyboard.press('Delete');
  await expect(page.getByText('首页不能关闭!')).toBeVisible();
  await expect(tabs).toHaveCount(1);
});
