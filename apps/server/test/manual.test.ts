/** 开发文档: the product's own documentation at {API_PREFIX}/docs/manual, and the menu entry of older installations. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_MENU, seedManualMenu } from '../src/db/seed/menus.ts';
import { renderManual } from '../src/plugins/manual.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET {API_PREFIX}/docs/manual', () => {
  it('serves the README and the operations guide as one page, to anyone, framable by the app itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/docs/manual` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>开发文档</title>');
    expect(res.body).toContain('href="#readme"');
    expect(res.body).toContain('href="#operations"');
    // The README's own first heading, rendered from Markdown.
    expect(res.body).toMatch(/<h1>Houtai 后台<\/h1>/);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });

  it('sanitises what it renders and says so when a deployment ships no documents', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'manual-'));
    try {
      const root = pathToFileURL(`${dir}/`);
      expect(await renderManual(root)).toBeNull();
      await mkdir(path.join(dir, 'docs'));
      await writeFile(path.join(dir, 'README.md'), '# 标题\n\n<script>alert(1)</script>[x](javascript:alert(1))');
      const html = (await renderManual(root))!;
      expect(html).toContain('<h1>标题</h1>');
      expect(html).not.toContain('<script>alert');
      expect(html).not.toMatch(/href="javascript/i);
      expect(html).not.toContain('href="#operations"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('seed step 0005-product-manual-menu', () => {
  const entry = () =>
    t.handle.db
      .selectFrom('sysPermission')
      .select(['url', 'internalOrExternal', 'componentName'])
      .where('id', '=', MANUAL_MENU.id)
      .executeTakeFirstOrThrow();

  it('points an entry still on the third-party help site at the product documentation', async () => {
    await t.handle.db
      .updateTable('sysPermission')
      .set({ url: MANUAL_MENU.formerUrl, internalOrExternal: 1, componentName: null })
      .where('id', '=', MANUAL_MENU.id)
      .execute();
    await seedManualMenu(t.handle.db);
    expect(await entry()).toEqual({ url: MANUAL_MENU.url, internalOrExternal: 0, componentName: 'monitor-manual' });
  });

  it('leaves an entry an administrator changed as it is', async () => {
    await t.handle.db
      .updateTable('sysPermission')
      .set({ url: 'https://wiki.example.com/', internalOrExternal: 1 })
      .where('id', '=', MANUAL_MENU.id)
      .execute();
    await seedManualMenu(t.handle.db);
    expect(await entry()).toMatchObject({ url: 'https://wiki.example.com/', internalOrExternal: 1 });
  });
});
