/**
 * 个人中心 and 账户设置 (spec 000 §2.1, §2.5, §3, §5) against the real server.
 * Test ids: account-center-page (data-state), account-center-<field>, account-center-edit,
 * account-settings-page, profile-avatar.
 */
import { expect, test } from '../src/fixtures.ts';
import { chooseUserMenu, signIn } from '../src/session.ts';

test('个人中心 shows the user read-only, the phone masked, and leads to 账户设置', async ({ page }) => {
  await signIn(page, 'zhangsan');
  await chooseUserMenu(page, 'account-center');
  await expect(page).toHaveURL(/\/account\/center$/);
  const centre = page.getByTestId('account-center-page');
  await expect(centre).toHaveAttribute('data-state', 'fresh');
  await expect(page.getByTestId('not-built-page')).toHaveCount(0);
  await expect(page).toHaveTitle(/^个人中心 · /);

  await expect(page.getByTestId('account-center-name')).toHaveText('张三');
  await expect(page.getByTestId('profile-avatar')).toHaveText('张');
  await expect(page.getByTestId('account-center-username')).toHaveText('zhangsan');
  await expect(page.getByTestId('account-center-phone')).toHaveText('138****0001');
  await expect(page.getByTestId('account-center-email')).toHaveText('zhangsan@example.com');
  for (const key of ['depart', 'settlementOrg', 'workNo', 'nickname'] as const) {
    await expect(page.getByTestId(`account-center-${key}`)).not.toBeEmpty();
  }
  await expect(page.getByTestId('account-center-depart')).not.toHaveText('未设置');
  await expect(page.getByTestId('account-center-settlementOrg')).not.toHaveText('未设置');
  await expect(centre.getByRole('textbox')).toHaveCount(0);

  await page.getByTestId('account-center-edit').click();
  await expect(page).toHaveURL(/\/account\/settings\/base$/);
  await expect(page.getByTestId('account-settings-page')).toBeVisible();
});

test('账户设置 checks phone and e-mail by the §5 rules, saves, and 个人中心 shows the change', async ({ page }) => {
  await signIn(page, 'lisi');
  await page.goto('/account/settings/base');
  const form = page.getByTestId('account-settings-page');
  await expect(form.getByTestId('profile-avatar')).toHaveText('李');
  const phone = form.getByLabel('手机号');
  const email = form.getByLabel('邮箱');
  const before = await phone.inputValue();

  await phone.fill('12800000002');
  await email.fill('lisi-at-example');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('请输入正确手机号')).toBeVisible();
  await expect(form.getByText('邮箱格式不正确')).toBeVisible();

  // Neither is required: an empty phone is accepted by the form and by the server.
  await phone.fill('');
  await expect(form.getByText('请输入手机号')).toHaveCount(0);
  await email.fill('lisi@example.com');
  const saved = page.waitForResponse((r) => r.url().includes('/sys/user/editSelf'));
  await form.getByRole('button', { name: /保\s*存/ }).click();
  expect(((await (await saved).json()) as { success: boolean }).success).toBe(true);

  await page.goto('/account/center');
  await expect(page.getByTestId('account-center-page')).toHaveAttribute('data-state', 'fresh');
  await expect(page.getByTestId('account-center-phone')).toHaveText('未填写');

  // Back to the seeded number for the other journeys.
  await page.goto('/account/settings/base');
  await form.getByLabel('手机号').fill(before);
  const restored = page.waitForResponse((r) => r.url().includes('/sys/user/editSelf'));
  await form.getByRole('button', { name: /保\s*存/ }).click();
  expect(((await (await restored).json()) as { success: boolean }).success).toBe(true);
});

test('个人中心 fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'zhangsan');
  await page.goto('/account/center');
  await expect(page.getByTestId('account-center-page')).toHaveAttribute('data-state', 'fresh');
  await expect(page.getByTestId('account-center-edit')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('账户设置 uploads a new avatar, saves it, and the header shows the picture', async ({ page }) => {
  await signIn(page, 'wangwu');
  await page.goto('/account/settings/base');
  const form = page.getByTestId('account-settings-page');
  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await form.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('上传成功')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().includes('/sys/user/editSelf'));
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await saved;
  const img = page.getByTestId('user-menu').locator('img');
  await expect(img).toHaveAttribute('src', /\/api\/sys\/common\/static\/avatar\/\d{8}\/[0-9a-f-]{36}\.png$/);
  // The picture is really served (public folder: an <img> sends no token).
  const src = await img.getAttribute('src');
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');

  // A file that is no image is refused before it is sent.
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByText('请上传图片')).toBeVisible();
});
