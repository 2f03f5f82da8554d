/**
 * The organisation and people pickers of the widget gallery (issue 12 item 2) against the real server: each
 * picker's main path (open, search, choose, OK, the emitted value shown), the '您尚未设置…' messages, and axe on
 * every open dialog. Test ids: <picker> (the field), <picker>-value (the emitted value), depart-tree-ok,
 * record-picker-chosen (the side list), settlement-chooser(-none).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, signIn } from '../src/session.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

async function audit(page: Page, what: string): Promise<void> {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect.soft(bad.length, `${what}: serious/critical axe violations\n${report.join('\n')}`).toBe(0);
}

async function openSection(page: Page, id: string): Promise<Locator> {
  await page.goto(`/test/home#${id}`);
  const section = page.getByTestId(`gallery-${id}`);
  await expect(section).toBeVisible();
  return section;
}

function dialogNamed(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

async function ok(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('department picker: 您尚未设置部门信息!, search and choose one, clear; linked check of a group', async ({
  page,
}) => {
  await openSection(page, 'depart-picker');
  await page.getByTestId('depart-picker-single').click();
  const dialog = dialogNamed(page, '选择部门');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('华东事业部')).toBeVisible();
  await audit(page, '选择部门');

  await ok(dialog);
  await expect(page.getByText('您尚未设置部门信息!', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('搜索部门').fill('财务');
  await dialog.getByLabel('搜索部门').press('Enter');
  await dialog.getByText('财务部', { exact: true }).click();
  await ok(dialog);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('depart-picker-single')).toHaveValue('财务部');
  await expect(page.getByTestId('depart-picker-single-value')).not.toHaveText('值：（空）');

  // The clear icon empties the text and the stored id.
  await page.getByTestId('gallery-depart-picker').getByRole('button', { name: '清除' }).first().click();
  await expect(page.getByTestId('depart-picker-single')).toHaveValue('');
  await expect(page.getByTestId('depart-picker-single-value')).toHaveText('值：（空）');

  // Many, linked: checking a loaded group checks its departments too.
  await page.getByTestId('depart-picker-multi').click();
  const multi = dialogNamed(page, '选择部门');
  await expect(multi.getByTestId('depart-linked-switch')).toBeChecked();
  const group = multi.locator('.ant-tree-treenode', { hasText: '华东事业部' });
  await group.locator('.ant-tree-switcher').click();
  await expect(multi.getByText('上海销售部')).toBeVisible();
  await group.locator('.ant-tree-checkbox').click();
  await ok(multi);
  await expect(multi).toBeHidden();
  const ids = (await page.getByTestId('depart-picker-multi-value').textContent())!.replace('值：', '').split(',');
  expect(ids).toHaveLength(3);
  await expect(page.getByTestId('depart-picker-multi')).toHaveValue(/华东事业部/);
});

test('user-by-department picker: tree + table, search, many users, value by username shown by real name', async ({
  page,
}) => {
  await openSection(page, 'user-picker');
  const field = page.getByTestId('user-picker');
  // The initial value (admin) is shown by its real name through getMultiUser.
  await expect(field).toHaveValue('管理员');
  await field.click();
  const dialog = dialogNamed(page, '选择用户');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: '用户账号' })).toBeVisible();
  await audit(page, '选择用户（按部门）');

  const users = page.waitForResponse(
    (r) => r.url().includes('/sys/user/queryUserRealDeptData') && r.url().includes('departId'),
  );
  await dialog.getByTestId('user-picker-departs').getByText('华东事业部').click();
  await users;
  const table = dialog.locator('.ant-table-tbody');
  await expect(table.getByText('zhangsan', { exact: true })).toBeVisible();
  await expect(table.getByText('zhaoliu', { exact: true })).toBeVisible();
  await expect(table.getByText('lisi', { exact: true })).toHaveCount(0);

  await dialog.getByRole('textbox', { name: '姓名', exact: true }).fill('张');
  await dialog.getByRole('button', { name: /查\s*询/ }).click();
  await expect(table.getByText('zhaoliu', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('选择 张三').check();
  await ok(dialog);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-picker-value')).toHaveText('值：admin,zhangsan');
  await expect(field).toHaveValue('管理员,张三');
});

test('user list and role pickers choose from /sys/user/list and /sys/role/list', async ({ page }) => {
  await openSection(page, 'user-picker');
  await page.getByTestId('user-list-picker').click();
  const users = dialogNamed(page, '选择用户');
  await expect(users).toBeVisible();
  await audit(page, '选择用户（列表）');
  await ok(users);
  await expect(page.getByText('请选择一条记录', { exact: true })).toBeVisible();
  await users.getByRole('textbox', { name: '姓名', exact: true }).fill('李');
  await users.getByRole('textbox', { name: '姓名', exact: true }).press('Enter');
  await expect(users.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await users.getByLabel('选择 李四').check();
  await ok(users);
  await expect(page.getByTestId('user-list-picker-value')).toHaveText('值：lisi');
  await expect(page.getByTestId('user-list-picker')).toHaveValue('李四');

  await page.getByTestId('role-picker').click();
  const roles = dialogNamed(page, '选择角色');
  await expect(roles.getByText('管理员', { exact: true })).toBeVisible();
  await audit(page, '选择角色');
  await roles.getByLabel('选择 财务人员').check();
  await ok(roles);
  await expect(page.getByTestId('role-picker')).toHaveValue('财务人员');
  await expect(page.getByTestId('role-picker-value')).not.toHaveText('值：（空）');
});

test('position and shift pickers', async ({ page }) => {
  await openSection(page, 'position-picker');
  await page.getByTestId('position-picker').click();
  const positions = dialogNamed(page, '选择职务');
  await expect(positions).toBeVisible();
  await audit(page, '选择职务');
  const searched = page.waitForResponse((r) => r.url().includes('postInfoName='));
  await positions.getByRole('textbox', { name: '职务名称', exact: true }).fill('经理');
  await positions.getByRole('button', { name: /查\s*询/ }).click();
  await searched;
  await expect(positions.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  await positions.getByLabel('选择 总经理').check();
  await ok(positions);
  await expect(page.getByTestId('position-picker')).toHaveValue('总经理');
  await expect(page.getByTestId('position-picker-value')).not.toHaveText('值：（空）');

  await openSection(page, 'shift-picker');
  await page.getByTestId('shift-picker').click();
  const shifts = dialogNamed(page, '选择班次');
  for (const title of ['班次名称', '上午上班', '上午下班', '下午上班', '下午下班'])
    await expect(shifts.getByRole('columnheader', { name: title })).toBeVisible();
  await expect(shifts.getByText('07:30')).toBeVisible();
  await audit(page, '选择班次');
  await shifts.getByLabel('选择 早班').check();
  await ok(shifts);
  await expect(page.getByTestId('shift-picker')).toHaveValue('早班');
});

test('settlement chooser: a selection is required; none configured says 您尚未设置结算组织信息!', async ({ page }) => {
  await openSection(page, 'settlement-chooser');
  await page.getByTestId('settlement-chooser').click();
  const dialog = dialogNamed(page, '结算组织选择');
  await expect(dialog).toBeVisible();
  await audit(page, '结算组织选择');
  await ok(dialog);
  await expect(dialog.getByText('请选择结算组织')).toBeVisible();
  await dialog.getByText('杭州后台物流有限公司').click();
  await ok(dialog);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('settlement-chooser-value')).not.toHaveText('值：（无）');
  await expect(page.getByTestId('gallery-settlement-chooser')).toContainText('杭州后台物流有限公司');

  await page.getByTestId('settlement-chooser-none').click();
  await expect(page.getByText('您尚未设置结算组织信息!', { exact: true })).toBeVisible();
  await expect(dialogNamed(page, '结算组织选择')).toBeHidden();
});

test('business-record picker: 不良事件规则选择, pages of 5, cells cut at 12, a removable side list', async ({
  page,
}) => {
  await openSection(page, 'business-picker');
  await page.getByTestId('business-picker').click();
  const dialog = dialogNamed(page, '不良事件规则选择');
  await expect(dialog).toBeVisible();
  const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(5);
  // A rule's description is longer than 12 characters: cut, the rest in a tooltip.
  await expect(rows.first().locator('td').last()).toHaveText(/^.{12}…$/);
  await audit(page, '不良事件规则选择');

  const titles = await rows.locator('td:nth-child(4)').allTextContents();
  await dialog.getByLabel(`选择 ${titles[0]}`).check();
  await dialog.getByLabel(`选择 ${titles[1]}`).check();
  const chosen = dialog.getByTestId('record-picker-chosen');
  await expect(chosen.locator('.ant-list-item')).toHaveCount(2);
  // The choice survives paging.
  await dialog.locator('.ant-pagination-item-2').click();
  await expect(rows.first()).not.toContainText(titles[0]!);
  await expect(chosen.locator('.ant-list-item')).toHaveCount(2);
  await chosen.getByRole('button', { name: `移除 ${titles[0]}` }).click();
  await expect(chosen.locator('.ant-list-item')).toHaveCount(1);
  await ok(dialog);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('business-picker')).toHaveValue(titles[1]!);
});
