/**
 * Header and user menu (spec 000 §2.5, §2.7, §4, §5, §8) against the real server.
 * Test ids: user-menu (trigger), user-menu-<key> (items), welcome, logo-area, erp-entrance, quick-link-<key>,
 * header-left / header-right, menu-search / menu-search-button (mobile).
 */
import type { Page } from '@playwright/test';
import { adminPassword } from '../src/env.ts';
import { expect, test } from '../src/fixtures.ts';
import { chooseOption, chooseUserMenu, signIn, signOut } from '../src/session.ts';

function externalLinks(page: Page) {
  return page.evaluate(() => {
    const content = document.querySelector('meta[name="houtai-config"]')?.getAttribute('content') ?? '{}';
    const links = (JSON.parse(content) as { externalLinks?: Record<string, string> }).externalLinks ?? {};
    return { accounting: '', warehouse: '', logistics: '', erp: '', ...links };
  });
}

test('the user menu lists its eight entries and opens the account pages', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('user-menu').click();
  for (const text of [
    '个人中心',
    '账户设置',
    '系统设置',
    '修改密码',
    '部门切换',
    '结算组织切换',
    '清除缓存',
    '退出登录',
  ]) {
    await expect(page.getByRole('menuitem', { name: text })).toBeVisible();
  }
  await page.getByTestId('user-menu-account-center').click();
  await expect(page).toHaveURL(/\/account\/center$/);
  await chooseUserMenu(page, 'account-settings');
  await expect(page).toHaveURL(/\/account\/settings\/base$/);
});

test('修改密码 checks the §5 rules, shows the server answer and changes the password', async ({ page }) => {
  await signIn(page, 'wangwu');
  await chooseUserMenu(page, 'password');
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('width', '800px');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入旧密码!')).toBeVisible();
  await expect(dialog.getByText('请输入新密码!')).toBeVisible();
  await expect(dialog.getByText('请确认新密码!')).toBeVisible();

  await dialog.getByLabel('新密码', { exact: true }).fill('abcdefgh');
  await dialog.getByLabel('确认新密码').fill('abcdefgX');
  await expect(dialog.getByText('密码必须由6位以上数字、字母、特殊字符的任意两种组合!')).toBeVisible();
  await expect(dialog.getByText('两次输入的密码不一样！')).toBeVisible();

  await dialog.getByLabel('旧密码').fill('not-the-password-1');
  await dialog.getByLabel('新密码', { exact: true }).fill('Changed_123');
  await dialog.getByLabel('确认新密码').fill('Changed_123');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('旧密码输入错误!')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('旧密码').fill(adminPassword());
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('密码重置成功!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Back to the shared password, so the other journeys can still sign in as wangwu.
  await chooseUserMenu(page, 'password');
  await dialog.getByLabel('旧密码').fill('Changed_123');
  await dialog.getByLabel('新密码', { exact: true }).fill(adminPassword());
  await dialog.getByLabel('确认新密码').fill(adminPassword());
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
});

test('部门切换 is titled with the current department, switches and reloads', async ({ page }) => {
  await signIn(page, 'zhaoliu');
  await chooseUserMenu(page, 'depart');
  const dialog = page.getByRole('dialog');
  const select = dialog.getByRole('combobox');
  await expect(select).toBeVisible();
  const before = (await dialog.locator('.ant-modal-title').textContent()) ?? '';
  expect(before).not.toBe('');
  await expect(dialog.getByTestId('depart-select')).toContainText(before);
  await select.click();
  const other = page.locator('.ant-select-item-option').filter({ hasNotText: before }).first();
  const target = (await other.textContent()) ?? '';
  await chooseOption(page, other);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await reloaded;

  await chooseUserMenu(page, 'depart');
  await expect(page.getByRole('dialog').locator('.ant-modal-title')).toHaveText(target);
  // Back to where the seed had zhaoliu.
  await page.getByRole('dialog').getByRole('combobox').click();
  await chooseOption(page, page.locator('.ant-select-item-option', { hasText: before }));
  const back = page.waitForEvent('load');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await back;
});

test('结算组织切换 requires a choice and switches; a user without organisations is warned', async ({ page }) => {
  await signIn(page, 'zhaoliu');
  await chooseUserMenu(page, 'account');
  const dialog = page.getByRole('dialog', { name: '结算组织选择' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox').click();
  await chooseOption(page, page.locator('.ant-select-item-option').nth(1));
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await reloaded;
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await signOut(page);

  await signIn(page, 'guest');
  await chooseUserMenu(page, 'account');
  await expect(page.getByText('您尚未设置结算组织信息!')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '结算组织选择' })).toHaveCount(0);
});

test('清除缓存 refreshes the dictionaries and says 刷新缓存完成！', async ({ page }) => {
  await signIn(page, 'admin');
  const refreshed = page.waitForResponse((r) => r.url().includes('/sys/dict/refleshCache'));
  const reloaded = page.waitForResponse((r) => r.url().includes('/sys/dict/queryAllDictItems'));
  await chooseUserMenu(page, 'clear-cache');
  await refreshed;
  await reloaded;
  await expect(page.getByText('刷新缓存完成！')).toBeVisible();
});

test('退出登录 asks 真的要注销登录吗 ? and returns to the login page without a session', async ({ page }) => {
  await signIn(page, 'admin');
  const loggedOut = page.waitForRequest((r) => r.url().includes('/sys/logout') && r.method() === 'POST');
  await signOut(page);
  await loggedOut;
  await page.goto('/dashboard/analysis');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
});

test('quick links follow the configured addresses and open in a new tab', async ({ page }) => {
  await signIn(page, 'admin');
  const links = await externalLinks(page);
  for (const key of ['accounting', 'warehouse', 'logistics'] as const) {
    const link = page.getByTestId(`quick-link-${key}`);
    if (links[key]) {
      await expect(link).toHaveAttribute('href', links[key]);
      await expect(link).toHaveAttribute('target', '_blank');
    } else {
      await expect(link).toHaveCount(0);
    }
  }
});

test('the ERP entrance is for hz:entrance holders in A03/A10 and opens the ERP with data', async ({
  page,
  context,
}) => {
  await signIn(page, 'zhangsan');
  const { erp } = await externalLinks(page);
  test.skip(!erp, 'LINK_ERP_URL is not set for the e2e server (e2e/src/server.ts)');
  await context.route(`${new URL(erp).origin}/**`, (route) => route.fulfill({ body: 'ERP' }));
  // Attached to the logo (top-menu layout, the default), next to the logo that still links home.
  const logoArea = page.getByTestId('logo-area');
  await expect(logoArea.getByTestId('logo')).toHaveAttribute('href', '/dashboard/analysis');
  const entrance = logoArea.getByRole('button', { name: '进入ERP' });
  await expect(entrance).toHaveAttribute('data-testid', 'erp-entrance');
  const popup = context.waitForEvent('page');
  await entrance.click();
  const erpPage = await popup;
  const url = new URL(erpPage.url());
  expect(`${url.origin}${url.pathname}`).toBe(new URL(erp).href.replace(/\?.*$/, ''));
  expect(url.searchParams.get('data')).toBeTruthy();

  // wangwu is in A02…: no entrance.
  await signOut(page);
  await signIn(page, 'wangwu');
  await expect(page.getByTestId('erp-entrance')).toHaveCount(0);
});

test('menu search opens the chosen page; on a phone it sits in a modal titled 搜索菜单', async ({ page }) => {
  await signIn(page, 'admin');
  const search = page.getByTestId('menu-search');
  await search.click();
  await page.keyboard.type('首页');
  await chooseOption(page, page.locator('.ant-select-item-option').first());
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('menu-search-button').click();
  const modal = page.getByRole('dialog', { name: '搜索菜单' });
  await expect(modal).toBeVisible();
  // Type into the modal's own search box (focus may still be moving while the modal animates in).
  await modal.getByRole('combobox').fill('首页');
  await chooseOption(
    page,
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '首页' }).first(),
  );
  await expect(modal).toBeHidden();
});

/** Where an element lies across the page, and whether its text is cut short. */
function box(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, width: r.width, cut: el.scrollWidth > el.clientWidth };
  });
}

test('the header: at most 403 px on the right in the top menu, the organisation and icon links on tablet and phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'zhangsan');
  const links = await externalLinks(page);
  const titles = { accounting: '运营核算系统', warehouse: '电商仓储系统', logistics: '物流跟踪系统' } as const;
  const configured = (Object.keys(titles) as (keyof typeof titles)[]).filter((key) => links[key]);

  // Top menu (the default): the right side takes what its parts need (at most the spec's 403 px), the menu the
  // rest, and draws no line of its own.
  await expect(page.getByTestId('basic-layout')).toHaveAttribute('data-layout', 'topmenu');
  const right = await box(page, 'header-right');
  const left = await box(page, 'header-left');
  expect(right.width).toBeLessThanOrEqual(403);
  expect(right.left - left.right).toBeLessThanOrEqual(8);
  await expect(page.getByTestId('header').locator('.ant-menu-horizontal')).toHaveCSS('border-bottom-style', 'none');
  // The greeting stays (spec §1), whole, next to every top-level menu.
  await expect(page.getByTestId('header-right').getByTestId('welcome')).toHaveText('欢迎进入 后台');
  expect((await box(page, 'welcome')).cut).toBe(false);
  await expect(page.getByTestId('welcome')).toHaveCount(1);

  // Tablet: the drawer layout keeps the greeting and shows the quick links as named icon buttons.
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
  await expect(page.getByTestId('welcome')).toHaveText('欢迎进入 后台');
  for (const key of configured) {
    const link = page.getByRole('link', { name: titles[key] });
    await expect(link).toBeVisible();
    await expect(link).toHaveText('');
  }

  // Phone: the organisation's name alone, the ERP entrance with it, and everything within 375 px.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('welcome')).toHaveText('后台');
  if (links.erp) await expect(page.getByTestId('logo-area').getByTestId('erp-entrance')).toBeVisible();
  for (const key of configured) {
    const link = page.getByRole('link', { name: titles[key] });
    await expect(link).toBeVisible();
    await link.hover();
    await expect(page.getByRole('tooltip', { name: titles[key] })).toBeVisible();
    expect((await box(page, `quick-link-${key}`)).right).toBeLessThanOrEqual(375);
  }
  expect((await box(page, 'header-right')).right).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
