/**
 * 人事考勤 › 考勤班次 (issue 13 item 8) against the real server: admin renames a shift in the editable grid and saves
 * (保存成功; a reload shows the new name), while a second browser on the same page sees the row change live over
 * the grid socket; a duplicate name is refused in the browser (the cell marked, nothing sent) and, sent anyway with
 * a crafted request, by the server with the row named. The shift's name is put back at the end (other specs read
 * the seeded shifts). Test ids: shift-grid, shift-save; cells are `[data-cell="{row}:{key}"]`.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { signIn } from '../src/session.ts';

const URL_PATH = '/hr/attendance/shift';
const SAVE = '/api/hr/attendance/hrAttendanceShift/saveBatch';

interface Shift {
  id: string;
  name: string;
  amStart: string;
  amEnd: string;
  pmStart: string;
  pmEnd: string;
  sortOrder: number;
  version: number;
}

async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('houtai:access-token'));
  if (!raw) throw new Error('no access token stored');
  return (JSON.parse(raw) as { value: string }).value;
}

async function shifts(page: Page): Promise<Shift[]> {
  const res = await page.request.get('/api/hr/attendance/hrAttendanceShift/list?pageSize=100', {
    headers: { 'X-Access-Token': await tokenOf(page) },
  });
  return ((await res.json()) as { result: { records: Shift[] } }).result.records;
}

async function crafted(page: Page, data: unknown) {
  const res = await page.request.post(SAVE, { headers: { 'X-Access-Token': await tokenOf(page) }, data });
  return { status: res.status(), body: (await res.json()) as { success: boolean; message: string } };
}

const cell = (page: Page, row: number, key: string) =>
  page.getByTestId('shift-grid').locator(`[data-cell="${row}:${key}"]`);

async function openShifts(page: Page): Promise<void> {
  await page.goto(URL_PATH);
  await expect(page.getByTestId('shift-grid')).toBeVisible();
  await expect(page.getByTestId('not-built-page')).toHaveCount(0);
  await expect(cell(page, 0, 'name')).not.toHaveText('');
}

async function typeInto(page: Page, row: number, key: string, text: string): Promise<void> {
  await cell(page, row, key).dblclick();
  const editor = page.getByTestId('shift-grid').locator('input.hg-editor');
  await expect(editor).toBeVisible();
  await editor.fill(text);
  await editor.press('Enter');
  await expect(cell(page, row, key)).toHaveText(text);
}

test('admin renames a shift and saves it; another viewer sees it live; a duplicate name is refused twice', async ({
  page,
  browser,
}) => {
  // Two browsers and a socket round trip.
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const other = await browser.newContext();
  const viewer = await other.newPage();
  await signIn(viewer, 'admin');

  await openShifts(page);
  await openShifts(viewer);
  const [first, second] = await shifts(page);
  if (!first || !second) throw new Error('the seed has fewer than two shifts');
  await expect(cell(page, 0, 'name')).toHaveText(first.name);
  const renamed = `${first.name}-${randomBytes(2).toString('hex')}`;

  try {
    // Rename and save.
    await typeInto(page, 0, 'name', renamed);
    const saved = page.waitForResponse((r) => r.url().includes('/hrAttendanceShift/saveBatch'));
    await page.getByTestId('shift-save').click();
    const answer = (await (await saved).json()) as { success: boolean; result: { savedIds: string[] } };
    expect(answer.success).toBe(true);
    expect(answer.result.savedIds).toEqual([first.id]);
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(cell(page, 0, 'name')).toHaveText(renamed);

    // The other viewer's grid shows the saved row without a reload.
    await expect(cell(viewer, 0, 'name')).toHaveText(renamed, { timeout: 20_000 });

    // A reload reads it from the server.
    await page.reload();
    await expect(page.getByTestId('shift-grid')).toBeVisible();
    await expect(cell(page, 0, 'name')).toHaveText(renamed);

    // A duplicate name: refused in the browser, the cell marked, nothing sent.
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/hrAttendanceShift/saveBatch')) sent += 1;
    });
    await typeInto(page, 1, 'name', renamed);
    await page.getByTestId('shift-save').click();
    // Both rows now hold the name; the first failing row is the first of them.
    await expect(page.getByText('第 1 行：班次名称不能重复')).toBeVisible();
    await expect(cell(page, 1, 'name')).toHaveAttribute('aria-invalid', 'true');
    await expect(cell(page, 0, 'name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);

    // Sent anyway, the server refuses it with the row named and keeps the stored name.
    const now = await shifts(page);
    const stored = now.find((s) => s.id === second.id)!;
    const refused = await crafted(page, { updated: [{ ...stored, name: renamed }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message: '第 1 行：班次名称不能重复' });
    expect((await shifts(page)).find((s) => s.id === second.id)?.name).toBe(second.name);
  } finally {
    // Put the seeded name back for the specs that read the shifts.
    const current = (await shifts(page)).find((s) => s.id === first.id);
    if (current && current.name !== first.name) {
      const restored = await crafted(page, { updated: [{ ...current, name: first.name }] });
      expect(restored.body.success).toBe(true);
    }
    await other.close();
  }
});
