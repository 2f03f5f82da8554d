/** Sign-in pages beyond the login form: registration by phone, SMS password reset, LoginByAdmin. */
import { expect, test } from '../src/fixtures.ts';
import { signIn } from '../src/session.ts';
import { lastSmsCode } from '../src/server-log.ts';

/** A phone nobody has, unique per run (the dev seed uses 13800000001..5). */
const PHONE = `139${String(Date.now()).slice(-8)}`;
const USERNAME = `e2e_${Date.now().toString(36)}`;
const FIRST_PASSWORD = 'Reg_e2e_1';
const SECOND_PASSWORD = 'Reset_e2e_2';

/** Waits for a code newer than `previous` in the server log (the development sender logs every code). */
async function newSmsCode(mobile: string, previous: string | null): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(() => {
      code = lastSmsCode(mobile);
      return code !== null && code !== previous;
    })
    .toBe(true);
  return code!;
}

test.describe.serial('register, reset and sign in', () => {
  test('registers a new account by phone from the login page, then signs in with it', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByTestId('login-register').click();
    await expect(page).toHaveURL(/\/user\/register$/);

    await page.getByTestId('register-submit').click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expect(page.getByText('请输入手机号')).toBeVisible();

    await page.getByLabel('用户名', { exact: true }).fill(USERNAME);
    await page.getByLabel('密码', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('确认密码', { exact: true }).fill('Other_e2e_9');
    await expect(page.getByText('两次输入的密码不一样！')).toBeVisible();
    await page.getByLabel('确认密码', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('手机号', { exact: true }).fill(PHONE);
    const before = lastSmsCode(PHONE);
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toHaveText(/^\d+ s$/);
    const code = await newSmsCode(PHONE, before);

    await page.getByLabel('短信验证码', { exact: true }).fill(code === '000000' ? '000001' : '000000');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-error')).toContainText('手机验证码错误');

    await page.getByLabel('短信验证码', { exact: true }).fill(code);
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(new RegExp(`/user/register-result\\?account=${USERNAME}$`));
    await expect(page.getByText(`你的账户：${USERNAME} 注册成功`)).toBeVisible();
    await page.getByTestId('register-result-login').click();
    await expect(page).toHaveURL(/\/user\/login$/);

    await signIn(page, USERNAME, FIRST_PASSWORD);
  });

  test('resets the password through /user/alteration, then signs in with the new one only', async ({ page }) => {
    // Waiting out the one-code-per-minute throttle of the phone takes up to a minute.
    test.setTimeout(120_000);
    await page.goto('/user/login');
    await page.getByTestId('login-forgot').click();
    await expect(page).toHaveURL(/\/user\/alteration$/);

    await page.getByLabel('手机号', { exact: true }).fill(PHONE);
    const before = lastSmsCode(PHONE);
    // One code per phone per minute: the registration code of the previous test may be that recent.
    await expect(async () => {
      await page.getByTestId('sms-send').click();
      await expect(page.getByTestId('sms-send')).toHaveText(/^\d+ s$/, { timeout: 2000 });
    }).toPass({ timeout: 75_000, intervals: [10_000] });
    const code = await newSmsCode(PHONE, before);
    await page.getByLabel('短信验证码', { exact: true }).fill(code);
    await page.getByTestId('reset-verify').click();

    await expect(page.getByLabel('账户', { exact: true })).toHaveValue(USERNAME);
    await page.getByLabel('新密码', { exact: true }).fill('abcdefgh');
    await expect(page.getByText('密码必须由6位以上数字、字母、特殊字符的任意两种组合!')).toBeVisible();
    await page.getByLabel('新密码', { exact: true }).fill(SECOND_PASSWORD);
    await page.getByLabel('确认新密码', { exact: true }).fill(SECOND_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText('更改密码成功')).toBeVisible();
    await page.getByTestId('reset-back-login').click();
    await expect(page).toHaveURL(/\/user\/login$/);

    await page.getByLabel('账号', { exact: true }).fill(USERNAME);
    await page.getByLabel('密码', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');

    await signIn(page, USERNAME, SECOND_PASSWORD);
  });
});

test('LoginByAdmin: explains the need for an administrator, then lets admin sign in as zhangsan', async ({ page }) => {
  await page.goto('/user/LoginByAdmin');
  await expect(page.getByTestId('login-by-admin-denied')).toContainText('请先以管理员身份登录');

  await signIn(page);
  await page.goto('/user/LoginByAdmin');
  await page.getByLabel('用户账号', { exact: true }).fill('no_such_user_x');
  await page.getByTestId('login-by-admin-submit').click();
  await expect(page.getByTestId('login-by-admin-error')).toContainText('该用户不存在');

  await page.getByLabel('用户账号', { exact: true }).fill('zhangsan');
  await page.getByTestId('login-by-admin-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
  expect(stored).toContain('zhangsan');

  // zhangsan does not hold the permission, so the page now explains it instead of offering the form.
  await page.goto('/user/LoginByAdmin');
  await expect(page.getByTestId('login-by-admin-denied')).toContainText('当前用户没有该权限');
});
