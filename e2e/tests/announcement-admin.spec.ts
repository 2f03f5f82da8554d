/**
 * The administration screens of issue 4: 系统通告 (/isystem/annountCement) — write a draft with Markdown and a
 * preview, publish it, and see it reach a user's messages; 通知横幅 (/isystem/noticeBanner) — turn the banner on
 * and see it appear live in another user's open page. Test ids: announcement-admin-page,
 * announcement-content, announcement-preview, announcement-release-<id>, notice-banner-admin-page,
 * notice-banner-switch, notice-banner-content, notice-banner-save, notice-banner.
 */
import { expect, test } from '../src/fixtures.ts';
import { signIn } from '../src/session.ts';

test('系统通告: a draft written with a Markdown preview, published, reaches the addressed user', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  await page.goto('/isystem/annountCement');
  const admin = page.getByTestId('announcement-admin-page');
  await expect(admin).toBeVisible();

  await admin.getByRole('button', { name: /新\s*建/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建通告' });
  await expect(dialog).toBeVisible();
  // Empty form: the shared messages, nothing sent.
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入标题')).toBeVisible();

  const title = `年终盘点安排 ${Date.now()}`;
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByTestId('announcement-content').fill('## 盘点时间\n\n**12 月 28 日** 全天，请各部门配合。');
  await dialog.getByRole('tab', { name: '预览' }).click();
  const preview = dialog.getByTestId('announcement-preview');
  await expect(preview.locator('h2')).toHaveText('盘点时间');
  await expect(preview.locator('strong')).toHaveText('12 月 28 日');

  const saved = page.waitForResponse((r) => r.url().includes('/sys/annountCement/add'));
  await page.getByRole('button', { name: /保\s*存/ }).click();
  expect((await (await saved).json()) as { success: boolean }).toMatchObject({ success: true });
  await expect(dialog).toBeHidden();

  const row = admin.locator('tr', { hasText: title });
  await expect(row).toContainText('未发布');
  await row.getByRole('button', { name: /发\s*布/ }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('已发布');
  await expect(row.getByRole('button', { name: /撤\s*销/ })).toBeVisible();

  // Everyone was addressed: zhangsan finds it among his messages.
  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signIn(userPage, 'zhangsan');
  await userPage.goto('/isps/userAnnouncement');
  await expect(userPage.getByText(title)).toBeVisible();
  await other.close();
});

test('通知横幅: turning the banner on shows it live in an open page of another user', async ({ page, browser }) => {
  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signIn(userPage, 'zhangsan');
  await expect(userPage.getByTestId('notice-bell')).toHaveAttribute('data-realtime', 'open');

  await signIn(page, 'admin');
  await page.goto('/isystem/noticeBanner');
  const form = page.getByTestId('notice-banner-admin-page');
  await expect(form.getByTestId('notice-banner-switch')).toBeVisible();
  const text = `系统将于今晚 22:00 升级维护 ${Date.now()}`;
  const sw = form.getByTestId('notice-banner-switch');
  if ((await sw.getAttribute('aria-checked')) !== 'true') await sw.click();
  await form.getByTestId('notice-banner-content').fill(text);
  await expect(form.getByTestId('notice-banner-preview')).toHaveText(text);
  await form.getByTestId('notice-banner-save').click();
  await expect(page.getByText('保存成功!')).toBeVisible();

  // Without reloading, zhangsan's banner shows the new text.
  await expect(userPage.getByTestId('notice-banner')).toContainText(text, { timeout: 5000 });

  // Off again: the banner goes away live too.
  await sw.click();
  await form.getByTestId('notice-banner-save').click();
  await expect(userPage.getByTestId('notice-banner')).toHaveCount(0, { timeout: 5000 });
  await other.close();
});
