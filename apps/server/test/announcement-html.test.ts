/**
 * Announcement content as sanitised HTML (issue 11): Jeecg clients post HTML, our editor posts Markdown
 * (msgContentMd); both are stored and served as HTML through one allow-list. The seed step converts older rows
 * and puts every msg_type value into the dictionary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_TYPES, type AnnouncementRecord, type MyAnnouncementRecord } from '@houtai/shared/contract/announcement';
import { seedAnnouncementHtml } from '../src/db/seed/announcement-html.ts';
import { newId } from '../src/lib/ids.ts';
import { markdownToAnnouncementHtml, sanitizeAnnouncementHtml } from '../src/modules/announcement/announcement-html.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function add(fields: Record<string, unknown>) {
  return body<string>(
    await api(t.app, admin, {
      method: 'POST',
      url: '/sys/annountCement/add',
      payload: { titile: '内容测试', msgCategory: '1', priority: 'M', ...fields },
    }),
  );
}

async function record(id: string): Promise<AnnouncementRecord> {
  return body<AnnouncementRecord>(
    await api(t.app, admin, { method: 'GET', url: `/sys/annountCement/queryById?id=${id}` }),
  ).result;
}

const HOSTILE =
  '<p onclick="steal()" style="position:fixed" class="ant-btn" id="x">正文<a href="javascript:alert(1)">链接</a>' +
  '<a href=" JaVaScRiPt:alert(1)">2</a><img src="data:image/png;base64,AAAA" onerror="alert(1)">' +
  '<img src="temp/a.png" alt="图"><script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe>' +
  '<svg><a href="javascript:1">s</a></svg><form action="/x"><input name="p"></form><a href="https://ok.example">好</a></p>';

describe('a Jeecg client posting HTML', () => {
  it('gets it stored and served sanitised: no scripts, handlers, styles, classes, javascript:/data: URLs', async () => {
    const added = await add({ msgContent: HOSTILE });
    expect(added.success).toBe(true);
    const r = await record(added.result);
    expect(r.msgContentMd).toBeNull();
    const html = r.msgContent;
    expect(html).toContain('正文');
    expect(html).toContain('<img src="temp/a.png" alt="图" />');
    expect(html).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">好</a>');
    expect(html.toLowerCase()).not.toMatch(/<(script|style|iframe|svg|form|input)\b/);
    expect(html.toLowerCase()).not.toMatch(/\son\w+=|javascript:|data:|style=|class=|id=/);
    expect(html).not.toContain('alert(1)');
  });

  it('refuses content that sanitising leaves empty', async () => {
    for (const msgContent of ['<script>alert(1)</script><style>x</style>', '<img src="javascript:alert(1)"><p> </p>']) {
      expect(await add({ msgContent })).toMatchObject({
        success: false,
        message: '内容不能为空（只含有不允许的标签）',
      });
    }
    expect(await add({ msgContent: '<img src="temp/only-an-image.png">' })).toMatchObject({ success: true });
  });
});

describe('our editor posting Markdown', () => {
  it('stores the HTML made from it and keeps the Markdown for re-editing; HTML inside it is sanitised too', async () => {
    const md = '## 标题\n\n**加粗** [链接](https://ok.example) <img src=x onerror=alert(1)> [坏](javascript:alert(1))';
    const added = await add({ msgContent: 'ignored', msgContentMd: md });
    const r = await record(added.result);
    expect(r.msgContentMd).toBe(md);
    expect(r.msgContent).toContain('<h2>标题</h2>');
    expect(r.msgContent).toContain('<strong>加粗</strong>');
    expect(r.msgContent).not.toContain('ignored');
    expect(r.msgContent.toLowerCase()).not.toMatch(/onerror|javascript:/);
  });

  it('serves HTML in my messages and the bell too (what the Vue UIs render)', async () => {
    const added = await add({ msgContent: 'x', msgContentMd: '*斜体*', msgType: 'ALL' });
    expect(
      body(await api(t.app, admin, { method: 'GET', url: `/sys/annountCement/doReleaseData?id=${added.result}` }))
        .success,
    ).toBe(true);
    const mine = body<{ records: MyAnnouncementRecord[] }>(
      await api(t.app, admin, { method: 'GET', url: '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100' }),
    ).result.records.find((m) => m.anntId === added.result);
    expect(mine?.msgContent).toBe('<p><em>斜体</em></p>');
  });
});

describe('seed step 0004-announcement-html', () => {
  it('converts Markdown rows to sanitised HTML keeping the source, and leaves converted rows alone', async () => {
    const id = newId();
    const md = '**旧通告** <script>alert(1)</script>';
    await t.handle.db
      .insertInto('sysAnnouncement')
      .values({
        id,
        titile: '旧',
        msgContent: md,
        msgContentMd: null,
        priority: 'L',
        msgCategory: '1',
        msgType: 'ALL',
        sendStatus: '0',
        delFlag: '0',
        createBy: 'admin',
        createTime: new Date().toISOString(),
      })
      .execute();
    const done = (await record(id)).msgContent;
    expect(done).toBe(md);
    await seedAnnouncementHtml(t.handle.db);
    const converted = await record(id);
    expect(converted.msgContent).toMatch(/^<p><strong>旧通告<\/strong>\s*<\/p>$/);
    expect(converted.msgContentMd).toBe(md);
    await seedAnnouncementHtml(t.handle.db);
    expect((await record(id)).msgContent).toBe(converted.msgContent);
  });

  it('the seeded demo announcements are HTML with their Markdown kept', async () => {
    const rows = await t.handle.db.selectFrom('sysAnnouncement').select(['msgContent', 'msgContentMd']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.msgContentMd).not.toBeNull();
      expect(r.msgContent).toBe(markdownToAnnouncementHtml(r.msgContentMd ?? ''));
      expect(r.msgContent).not.toMatch(/\*\*/);
    }
  });

  it('puts every msg_type value into the dictionary (DEPART included), also where one was removed', async () => {
    const items = async () =>
      (
        await t.handle.db
          .selectFrom('sysDictItem as i')
          .innerJoin('sysDict as d', 'd.id', 'i.dictId')
          .select(['i.itemValue', 'i.itemText'])
          .where('d.dictCode', '=', 'msg_type')
          .execute()
      ).map((r) => r.itemValue);
    expect(await items()).toEqual(expect.arrayContaining([...MSG_TYPES]));
    const dict = await t.handle.db
      .selectFrom('sysDict')
      .select('id')
      .where('dictCode', '=', 'msg_type')
      .executeTakeFirstOrThrow();
    await t.handle.db
      .deleteFrom('sysDictItem')
      .where('dictId', '=', dict.id)
      .where('itemValue', '=', 'DEPART')
      .execute();
    expect(await items()).not.toContain('DEPART');
    await seedAnnouncementHtml(t.handle.db);
    expect(await items()).toContain('DEPART');
  });
});

describe('the sanitiser', () => {
  it('keeps text formatting, tables and relative images; drops what could run or fake the UI', () => {
    expect(sanitizeAnnouncementHtml('<table><tr><td colspan="2" style="x">a</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">a</td></tr></table>',
    );
    expect(sanitizeAnnouncementHtml('<a href="vbscript:x">v</a><a href="mailto:a@b.c">m</a>')).toBe(
      '<a>v</a><a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer">m</a>',
    );
    expect(sanitizeAnnouncementHtml('<img src="//evil.example/x.png"><img src="https://ok.example/x.png">')).toBe(
      '<img /><img src="https://ok.example/x.png" />',
    );
  });
});
