/**
 * The home page (/dashboard/analysis) against the real server: login statistics, the seven-day trend
 * and its chart, the operate-log dialog of the user's own operations, and quick links from
 * analysisNavigate.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { chooseOption, signIn, snapshot } from '../src/session.ts';

/** A stored value of the app's expiring storage ({value, expire} under 'houtai:<key>'). */
async function stored<T>(page: Page, key: string): Promise<T> {
  const raw = await page.evaluate((k) => window.localStorage.getItem(`houtai:${k}`), key);
  if (!raw) throw new Error(`nothing stored under ${key}`);
  return (JSON.parse(raw) as { value: T }).value;
}

async function statistic(page: Page, key: string): Promise<number> {
  const value = page.getByTestId(`stat-${key}`).locator('.ant-statistic-content-value');
  await expect(value).toHaveText(/^\d[\d,]*$/);
  return Number((await value.innerText()).replace(/,/g, ''));
}

test('shows the login statistics and the seven-day trend, with the chart on demand', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveTitle(/^首页 · /);
  await expect(page.getByTestId('home-greeting')).toHaveText(/^(早上好|上午好|中午好|下午好|晚上好)，管理员$/);

  // This sign-in itself is a login of today from one address.
  expect(await statistic(page, 'totalVisitCount')).toBeGreaterThanOrEqual(1);
  expect(await statistic(page, 'todayVisitCount')).toBeGreaterThanOrEqual(1);
  expect(await statistic(page, 'todayIp')).toBeGreaterThanOrEqual(1);

  const days = page.getByTestId('visit-days');
  await expect(days.locator('> div')).toHaveCount(7);
  await expect(days).toContainText(/\d+ 次 · \d+ IP/);
  await snapshot(page, 'home-1280');

  await page.getByTestId('visit-view').getByText('图表').click();
  const chart = page.getByTestId('visit-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  const box = await chart.boundingBox();
  expect(box?.height).toBeGreaterThan(200);
  await snapshot(page, 'home-chart');
});

test("lists the user's own operation in 操作日志 after a write", async ({ page }) => {
  await signIn(page);
  // A write that the operate log records: switching to the department the user already works in.
  const token = await stored<string>(page, 'access-token');
  const res = await page.request.put('/api/sys/selectDepart', {
    headers: { 'X-Access-Token': token },
    data: { orgCode: 'A01' },
  });
  expect(((await res.json()) as { success: boolean }).success).toBe(true);

  const listed = page.waitForRequest((r) => r.url().includes('/common/operateLog/list'));
  await page.getByTestId('open-operate-log').click();
  const url = new URL((await listed).url());
  expect(url.searchParams.get('pageNo')).toBe('1');
  expect(url.searchParams.get('pageSize')).toBe('10');
  expect(url.searchParams.get('order')).toBe('desc');
  expect(url.searchParams.get('user')).toBe('admin');

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('操作日志', { exact: true })).toBeVisible();
  const first = dialog.locator('tr[data-row-key]').first();
  await expect(first).toContainText('切换部门');
  await expect(first).toContainText('管理员(admin)');
  await expect(first).toContainText('编辑');
  await expect(first).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(dialog).toContainText(/共 \d+ 条/);
  await snapshot(page, 'home-operate-log');

  await dialog.getByRole('button', { name: /关闭|Close/ }).click();
  await expect(dialog).toBeHidden();
});

test('shows the most visited pages from analysisNavigate as quick links', async ({ page }) => {
  await signIn(page);
  const quickLinks = page.getByTestId('quick-links');
  await expect(quickLinks).toContainText('暂无常用页面');

  // Seeded counts; the next test counts real visits.
  const user = await stored<{ id: string }>(page, 'user-info');
  await page.evaluate((id) => {
    const visits = [
      { title: '用户管理', path: '/isystem/user', icon: 'team', analysisNavigateTotal: 2 },
      { title: '角色管理', path: '/isystem/roleUserList', analysisNavigateTotal: 5 },
      { title: '首页', path: '/dashboard/analysis', icon: 'dashboard', analysisNavigateTotal: 9 },
    ];
    window.localStorage.setItem('analysisNavigate', JSON.stringify({ [id]: visits }));
  }, user.id);
  await page.reload();

  const links = quickLinks.getByTestId('quick-link');
  // Most visited first; home itself is no quick link.
  await expect(links).toHaveText(['角色管理', '用户管理']);
  await expect(links.first()).toHaveAttribute('href', '/isystem/roleUserList');
  await snapshot(page, 'home-quick-links');
});

test('counts visits of pages opened from the menu search into quick links', async ({ page }) => {
  await signIn(page);
  for (const title of ['用户管理', '用户管理', '角色管理']) {
    await page.getByTestId('menu-search').click();
    await page.keyboard.type(title);
    await chooseOption(
      page,
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: title }).first(),
    );
    await expect(page.getByTestId('breadcrumb')).toContainText(title);
  }
  await page.goto('/dashboard/analysis');
  // Opened twice, 用户管理 comes before 角色管理.
  const links = page.getByTestId('quick-links').getByTestId('quick-link');
  await expect(links.first()).toHaveText('用户管理');
  await expect(links).toContainText(['用户管理', '角色管理']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('stacks the statistics and the trend in one column', async ({ page }) => {
    await signIn(page);
    await expect(page.getByTestId('stat-todayIp')).toBeVisible();
    const total = await page.getByTestId('stat-totalVisitCount').boundingBox();
    const today = await page.getByTestId('stat-todayVisitCount').boundingBox();
    expect(today!.y).toBeGreaterThan(total!.y);
    await expect(page.getByTestId('visit-days')).toBeVisible();
    await snapshot(page, 'home-375');
  });
});
