/**
 * Issue 14's acceptance journey, all through the screens: an administrator creates a department and a role, grants
 * the role two menus (工单管理 › 工单列表) and one button (新建工单), and creates a user in that department with
 * that role. The user, signed in in a second browser context, sees exactly those menus and that button. The
 * administrator takes the button back: it is gone at the user's next permission load. The administrator freezes
 * the user: the user's open session ends at once — its API calls answer 401 and its websocket closes within a second.
 */
import type { Locator, Page, WebSocket } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, chooseOption, signIn, tokenOf } from '../src/session.ts';

const PASSWORD = 'Journey_2026';

/** Ticks (or unticks) tree nodes by title in the open permission drawer, then 保存并关闭 and waits for the save. */
async function grant(page: Page, titles: string[]): Promise<void> {
  const drawer = page.getByTestId('permission-tree-drawer');
  const tree = drawer.getByTestId('permission-tree');
  await expect(tree).toBeVisible();
  await animationsSettled(page);
  for (const title of titles) await tree.getByText(title, { exact: true }).click();
  const saved = page.waitForResponse((r) => r.url().includes('/sys/permission/saveRolePermission'));
  await drawer.getByRole('button', { name: /保存并关闭/ }).click();
  expect(((await (await saved).json()) as { success: boolean }).success).toBe(true);
  await expect(drawer).toBeHidden();
}

async function openGrants(page: Page, roleCode: string): Promise<void> {
  const row = page.getByTestId('role-admin-page').locator('tr', { hasText: roleCode });
  await row.getByRole('button', { name: '授权' }).click();
}

/** The names of the top-level entries of the signed-in shell's navigation menu (首页 is every user's). */
async function menuNames(page: Page): Promise<string[]> {
  const items = page.getByTestId('side-menu').locator(':scope > li:visible');
  return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

function saveButton(dialog: Locator): Locator {
  return dialog
    .page()
    .getByRole('button', { name: /保\s*存|确\s*定/ })
    .last();
}

test('a department, a role with two menus and a button, a user who sees exactly them; revoked; frozen', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).slice(-6);
  const departName = `验收部${tag}`;
  const roleName = `验收角色${tag}`;
  const roleCode = `qa_${tag}`;
  const username = `qa${tag}`;

  await signIn(page);

  // 1. The department, from 部门管理's 新增; Enter in the name submits.
  await page.goto('/isystem/depart');
  await expect(page.getByRole('tree').first()).toBeVisible();
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const departDialog = page.getByRole('dialog', { name: '新增部门' });
  await departDialog.getByLabel('机构名称').fill(departName);
  await departDialog.getByLabel('机构名称').press('Enter');
  await expect(departDialog).toBeHidden();
  await expect(page.getByRole('tree').first().getByText(departName)).toBeVisible();

  // 2. The role, then its grants: 工单管理, 工单列表 and the 新建工单 button.
  await page.goto('/isystem/roleUserList');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const roleDialog = page.getByRole('dialog', { name: /新增角色|新建角色|角色/ });
  await roleDialog.getByLabel('角色名称').fill(roleName);
  await roleDialog.getByLabel('角色编码').fill(roleCode);
  await roleDialog.getByLabel('角色编码').press('Enter');
  await expect(roleDialog).toBeHidden();
  await openGrants(page, roleCode);
  await grant(page, ['工单管理', '工单列表', '新建工单']);

  // 3. The user in that department with that role.
  await page.goto('/isystem/user');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const userDialog = page.getByRole('dialog', { name: '新增用户' });
  await expect(userDialog).toBeVisible();
  await userDialog.getByLabel('用户账号').fill(username);
  await userDialog.getByLabel('用户姓名').fill(`验收${tag}`);
  await userDialog.getByLabel('登录密码').fill(PASSWORD);
  await userDialog.getByLabel('确认密码').fill(PASSWORD);
  await userDialog.getByLabel('手机号').fill(`139${String(Date.now()).slice(-8)}`);
  await userDialog.getByLabel('所属部门').click();
  const picker = page.getByRole('dialog', { name: '选择部门' });
  await expect(picker).toBeVisible();
  await picker.getByLabel('搜索部门').fill(departName);
  await picker.getByLabel('搜索部门').press('Enter');
  await picker.getByText(departName, { exact: true }).click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
  await userDialog.getByLabel('角色').click();
  await chooseOption(page, page.locator('.ant-select-dropdown:visible').getByText(roleName, { exact: true }));
  await page.keyboard.press('Escape');
  const added = page.waitForResponse((r) => r.url().includes('/sys/user/add'));
  await saveButton(userDialog).click();
  expect(((await (await added).json()) as { success: boolean; message: string }).success).toBe(true);
  await expect(userDialog).toBeHidden();

  // 4. The user, in a second context: exactly those menus and that button.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  const sockets: WebSocket[] = [];
  userPage.on('websocket', (ws) => sockets.push(ws));
  await userPage.setViewportSize({ width: 1440, height: 900 });
  await signIn(userPage, username, PASSWORD);
  await expect.poll(() => menuNames(userPage)).toEqual(['首页', '工单管理']);
  await userPage.getByTestId('side-menu').getByText('工单管理', { exact: true }).hover();
  const submenu = userPage.locator('.ant-menu-submenu-popup:visible');
  await expect(submenu).toBeVisible();
  // Its entries render after the popup appears: the assertion waits for them.
  await expect(submenu.getByRole('menuitem')).toHaveText(['工单列表']);
  await userPage.goto('/bi/workOrder/WorkOrderList');
  await expect(userPage.getByRole('button', { name: /新\s*建/ })).toBeVisible();

  // 5. The button taken back: gone at the next permission load (a reload).
  await page.goto('/isystem/roleUserList');
  await openGrants(page, roleCode);
  await grant(page, ['新建工单']);
  await userPage.reload();
  await expect(userPage.getByTestId('user-menu')).toBeVisible();
  await expect(userPage.getByRole('button', { name: /新\s*建/ })).toHaveCount(0);
  await expect.poll(() => menuNames(userPage)).toEqual(['首页', '工单管理']);

  // 6. Frozen: the open session ends — 401 on its next call, its socket closed within a second.
  // The socket of the page as it is now (those of the document before the reload are gone with it).
  const socket = sockets.filter((ws) => /\/websocket\//.test(ws.url())).at(-1);
  expect(socket && !socket.isClosed(), 'the user page has an open websocket').toBe(true);
  const closed = new Promise<number>((resolve) => socket!.on('close', () => resolve(Date.now())));
  const userToken = await tokenOf(userPage);
  await page.goto('/isystem/user');
  const row = page.getByTestId('user-admin-page').locator('tr', { hasText: username });
  await row.getByRole('button', { name: /更多/ }).click();
  await chooseOption(page, page.getByRole('menuitem', { name: '冻结' }));
  const frozen = page.waitForResponse((r) => r.url().includes('/sys/user/frozenBatch'));
  await chooseOption(
    page,
    page
      .getByRole('dialog')
      .last()
      .getByRole('button', { name: /确\s*定|冻\s*结/ }),
  );
  const answered = await frozen;
  const frozenAt = Date.now();
  expect(((await answered.json()) as { success: boolean }).success).toBe(true);
  const closedAt = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(Infinity), 5000))]);
  expect(closedAt - frozenAt, 'the socket closes within a second of the freeze').toBeLessThan(1000);
  const refused = await userPage.request.get('/api/sys/user/getUserInfo', { headers: { 'X-Access-Token': userToken } });
  expect(refused.status()).toBe(401);
  await expect(page.getByTestId('user-admin-page').locator('tr', { hasText: username })).toContainText('冻结');

  // The administrator's own session goes on.
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await context.close();
});
