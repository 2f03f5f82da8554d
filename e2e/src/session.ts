/** Signing in and out through the real forms and menus, shared by the specs. */
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { adminPassword } from './env.ts';

/** Fills the password form of the page the browser is on and submits it. */
export async function submitSignInForm(page: Page, username = 'admin', password = adminPassword()): Promise<void> {
  await page.getByLabel('账号', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

/** Opens /user/login, signs in and waits for the shell on home. Demo users share admin's password. */
export async function signIn(page: Page, username = 'admin', password = adminPassword()): Promise<void> {
  await page.goto('/user/login');
  await submitSignInForm(page, username, password);
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/**
 * 退出登录 from the user menu, confirmed. Logout ends in a full load of /user/login (spec §4); this waits for
 * that load, so that the next `page.goto` does not abort it (net::ERR_ABORTED).
 */
export async function signOut(page: Page): Promise<void> {
  await chooseUserMenu(page, 'logout');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('真的要注销登录吗 ?');
  // The dialog zooms in: a press while it moves can end its mouseup beside 确定 (no click) on a busy machine.
  await animationsSettled(page);
  const loaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await loaded;
  await expect(page).toHaveURL(/\/user\/login$/);
}

/**
 * Waits until the page's running animations are over (antd's modals and menus animate). One that is cancelled
 * meanwhile (the UI changed its mind) counts as over: its `finished` promise rejects with AbortError.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => {
    // Endless animations (a spinner, antd's wave) never finish: only the ones with an end are waited for,
    // and for at most six seconds, so that a page the browser throttles cannot hang the test. (Two seconds
    // were too few on a loaded CI machine: a 0.2 s zoom still moved when the click came, and missed.)
    const ending = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    const finished = Promise.all(
      ending.map((a) =>
        a.finished.then(
          () => undefined,
          () => undefined,
        ),
      ),
    );
    return Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 6000))]);
  });
}

/** Screenshots for a human look, only when asked for (never into the repository). */
export async function snapshot(page: Page, name: string): Promise<void> {
  const dir = process.env.HOUTAI_E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await animationsSettled(page);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Opens the header's user menu and chooses the entry `user-menu-<key>`. The dropdown zooms in: a click while
 * it still moves can land beside the entry on a busy machine, so this waits for the motion to end first.
 */
export async function chooseUserMenu(page: Page, key: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  const entry = page.getByTestId(`user-menu-${key}`);
  await expect(entry).toBeVisible();
  await animationsSettled(page);
  await entry.click();
}

/**
 * Clicks an entry of an open dropdown (a select's option, a tree node) once it shows and the dropdown's opening
 * motion is over: a click during the motion can land beside the entry on a busy machine and choose nothing.
 */
export async function chooseOption(page: Page, entry: Locator): Promise<void> {
  await expect(entry).toBeVisible();
  await animationsSettled(page);
  await entry.click();
}

/** The access token the page's session stored (the API calls of a spec send it as X-Access-Token). */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('houtai:access-token'));
  if (!raw) throw new Error('no access token stored');
  return (JSON.parse(raw) as { value: string }).value;
}
