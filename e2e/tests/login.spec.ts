import { PARTNER_ORG_NAMES } from '@houtai/shared/constants';
import { expect, test } from '../src/fixtures.ts';
import { signOut, snapshot, submitSignInForm } from '../src/session.ts';
import { lastSmsCode } from '../src/server-log.ts';

test('signs in as admin through the form, keeps the session on reload, and logs out', async ({ page }) => {
  await page.goto('/dashboard/analysis');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fdashboard%2Fanalysis$/);
  await expect(page.getByRole('tab', { name: '账号密码登录' })).toBeVisible();
  await snapshot(page, 'login');

  await submitSignInForm(page);

  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByTestId('welcome')).toHaveText(/^欢迎进入\s*\S+/);
  await expect(page.getByTestId('side-menu').getByText('首页', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^首页 · /);
  await snapshot(page, 'home');

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByTestId('welcome')).toContainText('欢迎进入');
  await expect(page.getByTestId('side-menu').getByText('首页', { exact: true })).toBeVisible();

  await signOut(page);

  // The session is gone locally and the home page asks for sign-in again.
  await page.goto('/dashboard/analysis');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
});

test('shows the server message for a wrong password and stays on the login page', async ({ page }) => {
  // A different account than admin, so that the failure counts toward nobody else's captcha or lockout.
  await page.goto('/user/login');
  await page.getByLabel('账号', { exact: true }).fill('guest');
  await page.getByLabel('密码', { exact: true }).fill('definitely-wrong-1');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/\/user\/login$/);
});

test('sends a guest on an unknown path to sign in first (spec 2.2: any non-public path)', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fno%2Fsuch%2Fpage$/);
});

test('asks for a captcha after repeated wrong passwords and refreshes its image on click', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByLabel('账号', { exact: true }).fill('lisi');
  const captchaImage = page.getByAltText('验证码');
  for (let i = 0; i < 4 && !(await captchaImage.isVisible()); i++) {
    await page.getByLabel('密码', { exact: true }).fill(`wrong-password-${i}`);
    const answered = page.waitForResponse((r) => r.url().includes('/sys/login'));
    await page.getByTestId('login-submit').click();
    await answered;
    // The form is done once the button stops loading (after a captcha image was fetched, if any).
    await expect(page.getByTestId('login-submit')).not.toHaveClass(/ant-btn-loading/);
    await expect(page.getByTestId('login-error')).toBeVisible();
  }
  await expect(captchaImage).toBeVisible();
  await expect(captchaImage).toHaveAttribute('src', /^data:image\//);
  await snapshot(page, 'login-captcha');
  const first = await captchaImage.getAttribute('src');
  await page.getByTestId('captcha-image').click();
  await expect(captchaImage).not.toHaveAttribute('src', first ?? '');

  await page.getByLabel('密码', { exact: true }).fill('wrong-password-x');
  await page.getByTestId('login-submit').click();
  // The form itself now refuses to submit without the captcha.
  await expect(page.locator('.ant-form-item-explain-error', { hasText: '请输入验证码' })).toBeVisible();
});

test('signs in by mobile number with the SMS code', async ({ page }) => {
  const mobile = '13800000001';
  await page.goto('/user/login');
  await page.getByRole('tab', { name: '手机号登录' }).click();
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /^\d+ s$/ })).toBeVisible();
  let code: string | null = null;
  await expect.poll(() => (code = lastSmsCode(mobile))).not.toBeNull();
  await page.getByLabel('短信验证码', { exact: true }).fill(code ?? '');
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByTestId('realname')).toContainText('张三');
});

test('greets a partner user with the partner organisation name', async ({ page }) => {
  await page.goto('/user/login');
  await submitSignInForm(page, 'wangwu');
  await expect(page.getByTestId('welcome')).toHaveText(`欢迎进入 ${PARTNER_ORG_NAMES.P001}`);
  await expect(page).toHaveTitle(`首页 · ${PARTNER_ORG_NAMES.P001}`);
});
