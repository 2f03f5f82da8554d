/**
 * The administration screens of issue 14 as an administrator sees them: each opens from its menu route at a
 * desktop, a narrow desktop and a phone width, shows its rows (or its tree), opens its main form, and passes axe
 * (WCAG 2 A/AA, 2.1 AA; serious and critical fail) with and without the form open. Screenshots go to
 * HOUTAI_E2E_SCREENSHOT_DIR when it is set, for a human look.
 */
import type { Page } from '@playwright/test';
import { audit } from '../src/axe.ts';
import { expect, test } from '../src/fixtures.ts';
import { animationsSettled, signIn, snapshot } from '../src/session.ts';

interface Screen {
  name: string;
  path: string;
  /** Something the loaded screen shows. */
  loaded: (page: Page) => Promise<void>;
  /** Opens the screen's main form; returns when it is visible. */
  openForm?: (page: Page) => Promise<void>;
}

const addButton = (page: Page, text: RegExp) => page.getByRole('button', { name: text }).first();

const SCREENS: Screen[] = [
  {
    name: 'user',
    path: '/isystem/user',
    loaded: async (page) => {
      await expect(page.getByTestId('user-admin-page').getByText('管理员').first()).toBeVisible();
    },
    openForm: async (page) => {
      await addButton(page, /新\s*增/).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'role',
    path: '/isystem/roleUserList',
    loaded: async (page) => {
      await expect(page.getByTestId('role-admin-page').getByText('admin', { exact: true }).first()).toBeVisible();
    },
    openForm: async (page) => {
      await addButton(page, /新\s*增/).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'menu',
    path: '/isystem/newPermissionList',
    loaded: async (page) => {
      await expect(page.getByTestId('menu-admin-page').getByText('系统管理').first()).toBeVisible();
    },
    openForm: async (page) => {
      await addButton(page, /新\s*增/).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'depart',
    path: '/isystem/depart',
    loaded: async (page) => {
      await expect(page.getByRole('tree').first()).toBeVisible();
    },
    openForm: async (page) => {
      await addButton(page, /新\s*增/).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'quartz',
    path: '/monitor/quartz',
    loaded: async (page) => {
      await expect(page.getByTestId('quartz-admin-page')).toBeVisible();
    },
    openForm: async (page) => {
      await addButton(page, /新\s*建/).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  ...(
    [
      ['dict', '/isystem/dict', 'dict-admin-page', true],
      ['category', '/isys/category', 'category-admin-page', true],
      ['position', '/hr/position', 'position-admin-page', true],
      ['settlement', '/isystem/settlement', 'settlement-admin-page', true],
      ['check-rule', '/isystem/checkRule', 'check-rule-admin-page', true],
      ['table-dict', '/isystem/tableDict', 'table-dict-admin-page', true],
      ['online', '/isystem/online', 'online-users-page', false],
      ['log', '/monitor/log', 'log-page', false],
      ['operate-log', '/isystem/operateLog', 'log-page', false],
      ['config', '/isystem/config', 'config-admin-page', false],
    ] as const
  ).map(([name, path, testId, hasForm]): Screen => ({
    name,
    path,
    loaded: async (page) => {
      const root = page.getByTestId(testId);
      await expect(root).toBeVisible();
      // Rows (or the empty state) are in: no skeleton or spinner left.
      await expect(root.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
    },
    ...(hasForm
      ? {
          openForm: async (page: Page) => {
            await addButton(page, /新\s*[增建]|登\s*记/).click();
            await expect(page.getByRole('dialog')).toBeVisible();
          },
        }
      : {}),
  })),
  // Issue 15: the accounting administration (the workspace has its own spec).
  ...(
    [
      ['accounting-biz-record', '/accounting/bizRecord', '未生成', /新\s*增/],
      ['accounting-subject', '/accounting/subject', '库存现金', /新增一级科目/],
      ['accounting-template', '/accounting/template', '采购入库', null],
      ['accounting-ledger', '/accounting/ledger', '杭州物流主账簿', /新\s*增/],
    ] as const
  ).map(([name, path, text, add]): Screen => ({
    name,
    path,
    loaded: async (page) => {
      await expect(page.getByText(text).first()).toBeVisible();
    },
    openForm: async (page) => {
      if (add) await addButton(page, add).click();
      else await page.getByTestId('template-edit-A01A01A01').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  })),
];

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1000, height: 800 },
  { width: 375, height: 812 },
];

for (const screen of SCREENS) {
  test(`${screen.name}: loads at three widths, its form opens, and axe finds nothing serious`, async ({ page }) => {
    // Three widths, two axe audits and a form each: about a minute on a busy two-core machine.
    test.setTimeout(150_000);
    await signIn(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(screen.path);
      await screen.loaded(page);
      await animationsSettled(page);
      await snapshot(page, `admin-${screen.name}-${size.width}`);
      if (size.width === 1440) await audit(page, `${screen.name} at ${size.width}`);
      // Nothing wider than the screen: the page itself never scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${screen.name} at ${size.width}: page wider than the screen`).toBeLessThanOrEqual(0);
      if (screen.openForm && size.width !== 1000) {
        await screen.openForm(page);
        await animationsSettled(page);
        await snapshot(page, `admin-${screen.name}-${size.width}-form`);
        if (size.width === 1440) await audit(page, `${screen.name} form`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    }
  });
}
