/**
 * The dictionary widgets, category/tree select, url-select and area picker of the widget gallery (/test/home,
 * issue 12) against the real server and its seeded dictionaries: each widget's main path (choose, the emitted
 * value shown), the search select searching, the tree select loading children only on expand, the area picker
 * choosing a district; axe (WCAG 2 A/AA) on each section with its dropdown open.
 * Test ids: gallery-<section id>, <widget>-value (the emitted value, "值：…").
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, chooseOption, signIn, snapshot } from '../src/session.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

// Each test walks a whole section and runs axe on it: more than the default minute on a shared machine.
test.describe.configure({ timeout: 180_000 });

async function audit(page: Page, what: string): Promise<void> {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 6)
          .map((n) => `    ${n.target.join(' ')}`)
          .join('\n')}`,
    )
    .join('\n');
  expect.soft(bad.length, `${what}: ${bad.length} serious/critical axe violations\n${report}`).toBe(0);
}

async function openSection(page: Page, id: string): Promise<Locator> {
  await signIn(page);
  await page.goto(`/test/home#${id}`);
  const section = page.getByTestId(`gallery-${id}`);
  // The first visit after the build loads the gallery's chunks on a busy machine: more than the default 10 s.
  await expect(section).toBeVisible({ timeout: 30_000 });
  return section;
}

/** The open select dropdown's option with that text. */
function option(page: Page, text: string): Locator {
  return page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
}

/**
 * Chooses the open dropdown's option with that text once the dropdown's opening motion is over: a click during
 * it can land between options (the list still moves), leaving nothing chosen.
 */
async function choose(page: Page, text: string): Promise<void> {
  await chooseOption(page, option(page, text));
}

function treeNode(page: Page, title: string): Locator {
  return page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode', { hasText: title }).first();
}

const value = (section: Locator, id: string) => section.getByTestId(`${id}-value`);

test('dictionary widgets: select, search, multiple, radio, checkbox, switch and their failures', async ({ page }) => {
  const s = await openSection(page, 'dict-widgets');

  // Plain select from the dictionary cache.
  await s.getByRole('combobox', { name: '字典下拉' }).click();
  await expect(option(page, '高')).toBeVisible();
  await audit(page, 'dictionary select open');
  await choose(page, '中');
  await expect(value(s, 'dict-select')).toHaveText('值：M');

  // Search-as-you-type over the user table dictionary.
  const search = s.getByRole('combobox', { name: '搜索下拉' });
  await search.click();
  const asked = page.waitForRequest(
    (r) => r.url().includes('/sys/dict/loadDict/sys_user,realname,username') && r.url().includes('keyword='),
  );
  await search.fill('李');
  const req = await asked;
  expect(new URL(req.url()).searchParams.get('pageSize')).toBe('10');
  await expect(option(page, '李四')).toBeVisible();
  await expect(option(page, '张三')).toHaveCount(0);
  await choose(page, '李四');
  await expect(value(s, 'dict-search')).toHaveText('值：lisi');
  await search.click();
  await search.fill('没有这个人');
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('没有查询到任何数据');
  await page.keyboard.press('Escape');

  // Multiple: comma-joined, one tag shown.
  const multi = s.getByTestId('dict-multi');
  await expect(multi.locator('.ant-select-selection-item-content').first()).toHaveText('高');
  await expect(multi).toContainText('+ 1 ...');
  await multi.click();
  await choose(page, '低');
  await expect(value(s, 'dict-multi')).toHaveText('值：H,M,L');
  await page.keyboard.press('Escape');

  // Radio and checkbox groups.
  await s.getByText('女', { exact: true }).click();
  await expect(value(s, 'dict-radio')).toHaveText('值：2');
  const checks = s.getByTestId('dict-checkbox');
  await checks.getByText('高').click();
  await checks.getByText('低').click();
  await expect(value(s, 'dict-checkbox')).toHaveText('值：H,L');
  await checks.getByText('中').click();
  await expect(s.getByRole('alert')).toHaveText('最多选择2项');

  // Switch: empty shown off and emitting N; on is Y. Query mode: 是/否.
  await expect(value(s, 'switch')).toHaveText('值：N');
  await s.getByRole('switch', { name: '开关' }).click();
  await expect(value(s, 'switch')).toHaveText('值：Y');
  await s.getByRole('combobox', { name: '开关查询' }).click();
  await choose(page, '否');
  await expect(value(s, 'switch-query')).toHaveText('值：N');

  // Failures: an empty code and a refused table dictionary warn their messages.
  await s.getByTestId('dict-show-failures').click();
  await expect(page.locator('.ant-message')).toContainText('字典Code不能为空!');
  await expect(page.locator('.ant-message')).toContainText('不允许查询该字典表');
  await snapshot(page, 'gallery-dict-widgets');
});

test('category picker and tree select: lazy children, multiple, condition, initial text', async ({ page }) => {
  const s = await openSection(page, 'tree-select');

  // The initial value (the id of 采购退货) is shown by its name.
  await expect(s.getByTestId('category-initial')).toContainText('采购退货');

  // Roots first; children only when a node is expanded.
  await s.getByRole('combobox', { name: '分类单选' }).click();
  await expect(treeNode(page, '采购业务')).toBeVisible();
  await expect(treeNode(page, '采购入库')).toHaveCount(0);
  const children = page.waitForRequest((r) => r.url().includes('/sys/category/loadTreeChildren'));
  await chooseOption(page, treeNode(page, '采购业务').locator('.ant-select-tree-switcher'));
  await children;
  await expect(treeNode(page, '采购入库')).toBeVisible();
  await audit(page, 'category tree open');
  await treeNode(page, '采购入库').locator('.ant-select-tree-node-content-wrapper').click();
  await expect(value(s, 'category-single')).toHaveText(/^值：\S+$/);
  await expect(value(s, 'category-single')).not.toHaveText('值：（空）');
  await expect(s.getByTestId('category-single')).toContainText('采购入库');

  // Multiple: comma-joined ids.
  await s.getByRole('combobox', { name: '分类多选' }).click();
  await chooseOption(page, treeNode(page, '采购业务').locator('.ant-select-tree-node-content-wrapper'));
  await treeNode(page, '销售业务').locator('.ant-select-tree-node-content-wrapper').click();
  await expect(value(s, 'category-multiple')).toHaveText(/^值：[^,]+,[^,]+$/);
  await page.keyboard.press('Escape');

  // A condition narrows the tree.
  await s.getByRole('combobox', { name: '带条件的分类' }).click();
  await expect(treeNode(page, '销售业务')).toBeVisible();
  await expect(treeNode(page, '采购业务')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The department table tree.
  await s.getByRole('combobox', { name: '部门树' }).click();
  await expect(treeNode(page, '后台集团')).toBeVisible();
  await chooseOption(page, treeNode(page, '后台集团').locator('.ant-select-tree-switcher'));
  await treeNode(page, '财务部').locator('.ant-select-tree-node-content-wrapper').click();
  await expect(s.getByTestId('tree-depart')).toContainText('财务部');
  await page.keyboard.press('Escape');

  // A condition that is not JSON.
  await s.getByTestId('category-show-bad-condition').click();
  await expect(page.locator('.ant-message')).toContainText('组件JTreeSelect-condition传值有误，需要一个json字符串!');
  await snapshot(page, 'gallery-tree-select');
});

test('url-select searches its URL and keeps the chosen value', async ({ page }) => {
  const s = await openSection(page, 'url-select');
  const box = s.getByRole('combobox', { name: '部门URL下拉' });
  await box.click();
  await expect(option(page, '总经办')).toBeVisible();
  await audit(page, 'url-select open');
  const asked = page.waitForRequest(
    (r) => r.url().includes('sys_depart,depart_name,id') && r.url().includes('keyword='),
  );
  await box.fill('财务');
  await asked;
  await expect(option(page, '总经办')).toHaveCount(0);
  await choose(page, '财务部');
  await expect(value(s, 'url-select-depart')).toHaveText(/^值：\S+$/);
  await expect(s.getByTestId('url-select-depart')).toContainText('财务部');
});

test('area picker chooses a district, as a cascader and as linked selects', async ({ page }) => {
  const s = await openSection(page, 'area-picker');
  await expect(s.getByTestId('area-initial')).toContainText('广东省 / 深圳市 / 南山区');
  await s.getByRole('combobox', { name: '省市区（级联）' }).click();
  const menu = page.locator('.ant-cascader-dropdown:visible');
  await menu.getByText('广东省', { exact: true }).click();
  await menu.getByText('深圳市', { exact: true }).click();
  await audit(page, 'area cascader open');
  await menu.getByText('南山区', { exact: true }).click();
  await expect(value(s, 'area-cascader')).toHaveText('值：440305（广东省/深圳市/南山区）');

  // Linked selects.
  await s.getByRole('combobox', { name: '联动下拉（type select） 省' }).click();
  await choose(page, '北京市');
  await expect(value(s, 'area-select')).toHaveText('值：110000（北京市）');
  await s.getByRole('combobox', { name: '联动下拉（type select） 市' }).click();
  await choose(page, '市辖区');
  await s.getByRole('combobox', { name: '联动下拉（type select） 区' }).click();
  await choose(page, '海淀区');
  await expect(value(s, 'area-select')).toHaveText('值：110108（北京市/市辖区/海淀区）');

  await s.getByTestId('area-show-bad-type').click();
  await expect(s.getByTestId('area-bad-type')).toContainText('Bad type value');
  await snapshot(page, 'gallery-area-picker');
});
