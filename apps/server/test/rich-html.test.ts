/**
 * The server's rich-text sanitiser (lib/rich-html.ts), which every stored rich text goes through: what the
 * rich-text editor (Tiptap) or a hostile client posting as it can send is stored clean, and what the editor
 * really makes is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from '../src/lib/rich-html.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';

/** What the editor makes: headings, marks, lists, a link (Tiptap adds target/rel/nofollow) and an image. */
const EDITOR_HTML =
  '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s></p><ul><li><p>一</p></li></ul><ol><li><p>二</p></li></ol>' +
  '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a">链接</a></p>' +
  '<img src="/api/sys/common/static/jeditor/a_1.png" alt="图">';

/** An editor payload forged by a hostile client. */
const HOSTILE_EDITOR_PAYLOAD = [
  '<p onclick="steal()" class="ant-btn" style="position:fixed" id="x" data-x="1">正文<script>alert(1)</script></p>',
  '<p><a href="javascript:alert(1)">j</a><a href=" jav&#x09;ascript:alert(2)">k</a><a href="//evil.example/x">p</a></p>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d"><img src="x.png" onerror="alert(3)">',
  '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">',
  '<svg><a xlink:href="javascript:alert(4)"><circle r="9"></circle></a></svg><math><mi>x</mi></math>',
  '<form action="https://evil.example"><input name="p"><button>提交</button></form>',
  '<style>body{display:none}</style><link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0">',
  '<a href="https://example.com" target="_self" rel="opener">self</a>',
].join('');

const FORBIDDEN = [
  /<script/i,
  /\son\w+=/i,
  /javascript:/i,
  /data:/i,
  /<iframe|<object|<embed|<svg|<math|<form|<input|<style|<link|<meta/i,
  /\sstyle=/i,
  /\sclass=/i,
  /\sid=/i,
  /\sdata-x=/i,
  /href="\/\//i,
  /target="_self"|rel="opener"/i,
];

describe('sanitizeRichHtml', () => {
  it('keeps what the editor makes (links get target _blank and rel noopener noreferrer)', () => {
    const out = sanitizeRichHtml(EDITOR_HTML);
    expect(out).toContain('<h2>标题</h2>');
    expect(out).toContain('<strong>粗</strong><em>斜</em><u>下</u><s>删</s>');
    expect(out).toContain('<ul><li><p>一</p></li></ul><ol><li><p>二</p></li></ol>');
    expect(out).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">链接</a>');
    expect(out).toContain('<img src="/api/sys/common/static/jeditor/a_1.png" alt="图" />');
  });

  it('cleans a hostile editor payload', () => {
    const out = sanitizeRichHtml(HOSTILE_EDITOR_PAYLOAD);
    for (const re of FORBIDDEN) expect(out, String(re)).not.toMatch(re);
    expect(out).toContain('正文');
    expect(out).toContain('提交');
  });
});

describe('stored rich text from a hostile editor payload', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('is clean in the database and in what the server answers', async () => {
    const added = body<string>(
      await api(t.app, admin, {
        method: 'POST',
        url: '/sys/annountCement/add',
        payload: {
          titile: '富文本编辑器',
          msgCategory: '1',
          priority: 'M',
          msgContent: EDITOR_HTML + HOSTILE_EDITOR_PAYLOAD,
        },
      }),
    );
    expect(added, JSON.stringify(added)).toMatchObject({ success: true });
    const row = await t.handle.db
      .selectFrom('sysAnnouncement')
      .select(['msgContent'])
      .where('id', '=', added.result)
      .executeTakeFirstOrThrow();
    const stored = row.msgContent ?? '';
    for (const re of FORBIDDEN) expect(stored, String(re)).not.toMatch(re);
    expect(stored).toContain('<strong>粗</strong>');
    expect(stored).toContain('src="/api/sys/common/static/jeditor/a_1.png"');
    const served = body<{ msgContent: string }>(
      await api(t.app, admin, { method: 'GET', url: `/sys/annountCement/queryById?id=${added.result}` }),
    ).result.msgContent;
    expect(served).toBe(stored);
  });
});
