/** POST /sys/common/upload and GET /sys/common/static/**: rules, content sniffing, sizes, access, headers. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, createTestApp, login, multipart, uploadFile, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let zhangsan: string;
let lisi: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
  zhangsan = await login(t.app, 'zhangsan');
  lisi = await login(t.app, 'lisi');
});
afterAll(async () => {
  await t.close();
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function upload(token: string | null, file: { name: string; content: Buffer }, fields: Record<string, string> = {}) {
  return uploadFile(t.app, token, file, fields);
}

function fetchStatic(token: string | null, storedPath: string) {
  return api(t.app, token, { method: 'GET', url: `/sys/common/static/${storedPath}` });
}

function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

describe('POST /sys/common/upload', () => {
  it('stores an image under a generated name and answers the path in message', async () => {
    const res = await upload(zhangsan, { name: '我的头像.PNG', content: PNG }, { biz: 'avatar' });
    const b = body<{ path: string; name: string; size: number }>(res);
    expect(b.success).toBe(true);
    expect(b.message).toMatch(/^avatar\/\d{8}\/[0-9a-f-]{36}\.png$/);
    expect(b.result).toEqual({ path: b.message, name: '我的头像.PNG', size: PNG.length });
    const row = await t.handle.db.selectFrom('sysFile').selectAll().where('path', '=', b.message).executeTakeFirst();
    expect(row).toMatchObject({ biz: 'avatar', originalName: '我的头像.PNG', contentType: 'image/png' });
  });

  it('takes biz from the query too, and defaults to temp', async () => {
    const text = { name: 'notes.txt', content: Buffer.from('hello') };
    const { payload, headers } = multipart(text);
    const viaQuery = body(
      await api(t.app, zhangsan, { method: 'POST', url: '/sys/common/upload?biz=web', payload, headers }),
    );
    expect(viaQuery.message).toMatch(/^web\//);
    expect(body(await upload(zhangsan, text)).message).toMatch(/^temp\//);
  });

  it('refuses a folder outside the allowed set, and types outside the allow-list, before storing anything', async () => {
    const before = storedFiles().length;
    expect(body(await upload(zhangsan, { name: 'a.txt', content: Buffer.from('x') }, { biz: '../etc' }))).toMatchObject(
      {
        success: false,
        message: '上传目录不正确',
      },
    );
    for (const ext of ['html', 'svg', 'js', 'exe']) {
      expect(
        body(await upload(zhangsan, { name: `x.${ext}`, content: Buffer.from('<script>1</script>') })).message,
      ).toBe(`禁止上传.${ext}文件`);
    }
    expect(
      body(await upload(zhangsan, { name: 'doc.pdf', content: Buffer.from('%PDF-1.4') }, { biz: 'avatar' })).message,
    ).toBe('请上传图片');
    expect(storedFiles().length).toBe(before);
  });

  it('sniffs the content: markup named .png is no image, a program named .pdf is refused', async () => {
    expect(
      body(await upload(zhangsan, { name: 'fake.png', content: Buffer.from('<html><script>x</script>') })).message,
    ).toBe('请上传图片');
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect(body(await upload(zhangsan, { name: 'report.pdf', content: elf })).message).toBe('文件内容与类型不符');
  });

  it('refuses a file over 20 MB with the spec message and keeps nothing of it', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024)]);
    const b = body(await upload(zhangsan, { name: 'big.pdf', content: big }));
    expect(b).toMatchObject({ success: false, message: '上传文件大小不能超过20MB' });
    expect(storedFiles().length).toBe(before);
  });

  it('needs a session, and is recorded in the operate log', async () => {
    expect((await upload(null, { name: 'a.txt', content: Buffer.from('x') })).statusCode).toBe(401);
    const b = body(await upload(lisi, { name: 'a.txt', content: Buffer.from('x') }));
    const row = await t.handle.db
      .selectFrom('operateLog')
      .select(['username', 'content'])
      .where('content', '=', `上传文件：${b.message}`)
      .executeTakeFirst();
    expect(row).toEqual({ username: 'lisi', content: `上传文件：${b.message}` });
  });
});

describe('GET /sys/common/static/**', () => {
  it('serves a public image to anyone, inline, with nosniff', async () => {
    const stored = body(await upload(zhangsan, { name: 'face.png', content: PNG }, { biz: 'avatar' })).message;
    const res = await fetchStatic(null, stored);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves a private file only to its owner (and holders of system:file:all), as an attachment in a sandbox', async () => {
    const stored = body(await upload(zhangsan, { name: '工资 单.txt', content: Buffer.from('secret') })).message;
    expect((await fetchStatic(null, stored)).statusCode).toBe(404);
    expect((await fetchStatic(lisi, stored)).statusCode).toBe(404);
    const own = await fetchStatic(zhangsan, stored);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('secret');
    expect(own.headers['content-disposition']).toMatch(
      /^attachment; filename=.*filename\*=UTF-8''%E5%B7%A5%E8%B5%84%20%E5%8D%95\.txt$/,
    );
    expect(own.headers['content-security-policy']).toBe('sandbox');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await fetchStatic(admin, stored)).statusCode).toBe(200);
  });

  it('answers 404 for unknown and malformed paths, traversal included', async () => {
    for (const p of [
      'temp/20260101/00000000-0000-0000-0000-000000000000.txt',
      '../../secrets.json',
      '..%2f..%2fsecrets.json',
      'avatar',
    ]) {
      const res = await fetchStatic(admin, p);
      expect(res.statusCode, p).toBe(404);
      expect(body(res).success).toBe(false);
    }
  });
});
