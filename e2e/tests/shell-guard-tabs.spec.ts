/** The route guard (spec §2.2) and the multi-tab workspace (spec §2.4) against the real server. */
import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { chooseOption, signIn, snapshot, submitSignInForm } from '../src/session.ts';

/** The seeded 个人设置 page is not kept alive; the keep-alive check needs one page with a form that is. */
async function keepAccountSettingsAlive(page: Page): Promise<void> {
  await page.route('**/sys/permission/getUserPermissionByToken**', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { result: { menu: MenuLike[] } };
    const mark = (nodes: MenuLike[]) => {
      for (const node of nodes) {
        if (node.path === '/account/settings/base') node.meta.keepAlive = true;
        if (node.children) mark(node.children);
      }
    };
    mark(json.result.menu);
    await route.fulfill({ response, json });
  });
}

interface MenuLike {
  path: string;
  meta: { keepAlive: boolean };
  children?: MenuLike[];
}

/** Adds an alwaysShow menu 我的账户 (account settings and personal centre below it) to the user's menu. */
async function addAlwaysShowMenu(page: Page): Promise<void> {
  const node = (id: string, path: string, title: string, component: string, componentName: string) => ({
    id,
    route: '1',
    path,
    name: path.slice(1).replace(/\//g, '-'),
    component,
    meta: { title, keepAlive: false, internalOrExternal: false, componentName },
  });
  await page.route('**/sys/permission/getUserPermissionByToken**', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { result: { menu: unknown[] } };
    json.result.menu.push({
      ...node('e2e-mine', '/mine', '我的账户', 'account/settings/Index', 'mine'),
      alwaysShow: true,
      redirect: null,
      meta: { title: '我的账户', icon: 'user', keepAlive: false, internalOrExternal: false, componentName: 'mine' },
      children: [
        node('e2e-mine-settings', '/mine/settings', '资料设置', 'account/settings/Index', 'account-settings-base'),
        node('e2e-mine-center', '/mine/center', '账户中心', 'account/center/Index', 'account-center'),
      ],
    });
    await route.fulfill({ response, json });
  });
}

const tabBar = (page: Page) => page.getByTestId('tab-bar');
const tab = (page: Page, title: string) => tabBar(page).getByTestId('tab-label').filter({ hasText: title });

test.describe('route guard', () => {
  test('sends a guest to the login page with the redirect and, after sign-in, on to the page asked for', async ({
    page,
  }) => {
    await page.goto('/isystem/user?from=mail');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fisystem%2Fuser%3Ffrom%3Dmail$/);
    await submitSignInForm(page);
    await expect(page).toHaveURL(/\/isystem\/user\?from=mail$/);
    await expect(page.getByTestId('page-title')).toHaveText('用户管理');
    await expect(page).toHaveTitle(/^用户管理 · /);
  });

  test('sends a signed-in user from the login page to home and an unknown path to /404', async ({ page }) => {
    await signIn(page);
    await page.goto('/user/login');
    await expect(page).toHaveURL(/\/dashboard\/analysis$/);
    // Home, whatever ?redirect= says (spec §2.2); the registration page stays open.
    await page.goto('/user/login?redirect=%2Fisystem%2Fuser');
    await expect(page).toHaveURL(/\/dashboard\/analysis$/);
    await page.goto('/user/register');
    await expect(page).toHaveURL(/\/user\/register$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
  });
});

test.describe('tab workspace', () => {
  test('keeps a kept-alive page with its typed text while another tab is shown, and starts it afresh after closing', async ({
    page,
  }) => {
    await keepAccountSettingsAlive(page);
    await signIn(page);
    await page.goto('/account/settings/base');
    const nickname = page.getByLabel('昵称');
    await expect(nickname).toBeVisible();
    const original = await nickname.inputValue();
    await nickname.fill('保留的文字');

    await tab(page, '首页').click();
    await expect(page).toHaveURL(/\/dashboard\/analysis$/);
    await expect(nickname).toBeHidden();
    await tab(page, '个人设置').click();
    await expect(page).toHaveURL(/\/account\/settings\/base$/);
    await expect(nickname).toHaveValue('保留的文字');

    // Closing drops the kept page; opening it again starts from the stored profile.
    await tabBar(page).locator('.ant-tabs-tab', { hasText: '个人设置' }).getByTestId('tab-close').click();
    await expect(page).toHaveURL(/\/dashboard\/analysis$/);
    await expect(tab(page, '个人设置')).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/account\/settings\/base$/);
    await expect(page.getByLabel('昵称')).toHaveValue(original);
  });

  test('refuses to close home, closes the others from the context menu, and restores tabs after a reload', async ({
    page,
  }) => {
    await signIn(page);
    for (const [path, title] of [
      ['/isystem/user', '用户管理'],
      ['/isystem/roleUserList', '角色管理'],
      ['/hr/position', '职务管理'],
    ] as const) {
      await page.goto(path);
      await expect(tab(page, title)).toBeVisible();
    }
    await expect(tabBar(page).getByTestId('tab-label')).toHaveText(['首页', '用户管理', '角色管理', '职务管理']);

    // Home has no close icon; a middle click (closing any other tab) warns.
    await tab(page, '首页').click({ button: 'middle' });
    await expect(page.getByText('首页不能关闭!')).toBeVisible();

    await tab(page, '角色管理').click({ button: 'right' });
    await chooseOption(page, page.getByRole('menuitem', { name: '关闭其它' }));
    await expect(tabBar(page).getByTestId('tab-label')).toHaveText(['首页', '角色管理']);
    await expect(page).toHaveURL(/\/isystem\/roleUserList$/);

    await page.reload();
    await expect(tabBar(page).getByTestId('tab-label')).toHaveText(['首页', '角色管理']);
    await expect(page.getByTestId('page-title')).toHaveText('角色管理');
  });
});

test.describe('alwaysShow menu', () => {
  test('lands on the first child inside the node’s own left-side menu, each child in a tab of its own', async ({
    page,
  }) => {
    await addAlwaysShowMenu(page);
    await signIn(page);
    await page.goto('/mine');
    await expect(page).toHaveURL(/\/mine\/settings$/);

    const host = page.getByTestId('tab-view').filter({ visible: true }).getByTestId('aggregate-host');
    const menu = host.getByTestId('aggregate-menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['资料设置', '账户中心']);
    await expect(menu.locator('.ant-menu-item-selected')).toHaveText('资料设置');
    await expect(host.getByTestId('aggregate-outlet').getByLabel('昵称')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('资料设置');
    await expect(page.getByTestId('breadcrumb')).toContainText('我的账户');
    await snapshot(page, 'always-show-aggregate');

    await menu.getByText('账户中心').click();
    await expect(page).toHaveURL(/\/mine\/center$/);
    await expect(page.getByTestId('page-title')).toHaveText('账户中心');
    await expect(host.getByTestId('aggregate-menu').locator('.ant-menu-item-selected')).toHaveText('账户中心');
    await expect(tabBar(page).getByTestId('tab-label')).toHaveText(['首页', '资料设置', '账户中心']);

    // The node itself never opens a tab: a link to it lands on the first child again.
    await page.getByTestId('breadcrumb').getByRole('link', { name: '我的账户' }).click();
    await expect(page).toHaveURL(/\/mine\/settings$/);
    await expect(page.getByTestId('page-title')).toHaveText('资料设置');
    await expect(tabBar(page).getByTestId('tab-label')).toHaveText(['首页', '资料设置', '账户中心']);
  });
});
