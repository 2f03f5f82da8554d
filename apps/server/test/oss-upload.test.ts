/**
 * GET /sys/file/oss/sts, GET /api/pda/oss/auth and PUT /sys/file/oss/put/**: single-use, path-scoped, expiring
 * upload credentials, with the local driver and with S3.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredUploads } from '../src/modules/oss/oss-multipart.service.ts';
import type { UploadCredential } from '@houtai/shared/upload';
import { sanitizeFilename } from '../src/modules/oss/oss.service.ts';
import { S3Storage } from '../src/storage/s3-storage.ts';
import { api, body, createTestApp, login, type TestContext } from './helpers.ts';
import { startFakeS3, type FakeS3 } from './s3rver-harness.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\nhello\n');

describe('sanitizeFilename', () => {
  it('drops folders, replaces odd characters, keeps the extension, caps the length', () => {
    expect(sanitizeFilename('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(sanitizeFilename('C:\\x\\报 告<1>.pdf')).toBe('报_告_1_.pdf');
    expect(sanitizeFilename('..')).toBeNull();
    expect(sanitizeFilename('noext')).toBeNull();
    expect(sanitizeFilename(`${'a'.repeat(300)}.docx`)).toMatch(/^a{95}\.docx$/);
  });
});

describe.each(['local', 's3'] as const)('direct-upload credentials (%s driver)', (driver) => {
  let s3: FakeS3 | null = null;
  let storage: S3Storage | undefined;
  let t: TestContext;
  let zhangsan: string;
  let lisi: string;

  beforeAll(async () => {
    if (driver === 's3') {
      s3 = await startFakeS3();
      storage = new S3Storage(s3.url('root'));
    }
    t = await createTestApp({ build: storage ? { storage } : {} });
    zhangsan = await login(t.app, 'zhangsan');
    lisi = await login(t.app, 'lisi');
  });
  afterAll(async () => {
    await t.close();
    storage?.client.destroy();
    await s3?.stop();
  });

  /** Every stored object, relative to the storage root (local folder, or the bucket). */
  function stored(): string[] {
    if (s3) return s3.files().filter((f) => f.endsWith('._S3rver_object'));
    const root = t.config.dataDir;
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
      .filter((f) => f.startsWith(`files${path.sep}`) || !/\.(sqlite|db|json)(-wal|-shm|-journal)?$/.test(f));
  }

  async function credential(token: string | null, query: string, url = '/sys/file/oss/sts') {
    return api(t.app, token, { method: 'GET', url: `${url}?${query}` });
  }
  async function issue(query: string, token = zhangsan): Promise<UploadCredential> {
    const b = body<UploadCredential>(await credential(token, query));
    expect(b.success, b.message).toBe(true);
    return b.result;
  }
  function put(token: string | null, url: string, payload: Buffer, headers: Record<string, string> = {}) {
    return api(t.app, token, {
      method: 'PUT',
      url,
      payload,
      headers: { 'content-type': 'application/octet-stream', ...headers },
    });
  }

  it('needs a session; refuses folders, names, types and sizes the upload rules refuse', async () => {
    expect((await credential(null, 'filename=a.pdf')).statusCode).toBe(401);
    expect((await credential(null, 'filename=a.pdf', '/api/pda/oss/auth')).statusCode).toBe(401);
    for (const q of [
      '',
      'filename=a.exe',
      'filename=page.html',
      'biz=../etc&filename=a.pdf',
      'biz=avatar&filename=a.pdf',
      `filename=a.pdf&size=${20 * 1024 * 1024 + 1}`,
      'filename=..',
    ]) {
      expect(body(await credential(zhangsan, q)), q).toMatchObject({ success: false, message: '获取授权失败！' });
    }
  });

  it('scopes the credential to {biz}/{username}/{yyyyMMdd}/{HHmmss}/{filename} in Shanghai time, for 15 minutes', async () => {
    t.clock.now = Date.UTC(2026, 0, 1, 20, 30, 5);
    try {
      const c = await issue('biz=avatar&filename=我的 头像.PNG');
      expect(c).toMatchObject({
        method: 'PUT',
        key: 'avatar/zhangsan/20260102/043005/我的_头像.PNG',
        expiration: '2026-01-01T20:45:05.000Z',
        maxBytes: 20 * 1024 * 1024,
        partSize: 5 * 1024 * 1024,
      });
      expect(c.url.startsWith('/sys/file/oss/put/avatar/zhangsan/20260102/043005/')).toBe(true);
      const pda = body<UploadCredential>(await credential(zhangsan, 'filename=a.mp4', '/api/pda/oss/auth')).result;
      expect(pda).toMatchObject({ key: 'temp/zhangsan/20260102/043005/a.mp4', maxBytes: 50 * 1024 * 1024 });
    } finally {
      t.clock.now = null;
    }
  });

  it('lets its holder PUT exactly that path once; the file is stored and served like an upload', async () => {
    const c = await issue('biz=avatar&filename=face.png');
    const before = stored().length;
    const res = await put(zhangsan, c.url, PNG, { 'content-type': 'image/png' });
    const b = body<{ path: string; size: number; key: string }>(res);
    expect(b.success, b.message).toBe(true);
    expect(b.result).toMatchObject({ size: PNG.length, key: c.key });
    expect(b.message).toMatch(/^avatar\/\d{8}\/[0-9a-f-]{36}\.png$/);
    expect(stored().length).toBe(before + 1);
    const served = await api(t.app, null, { method: 'GET', url: `/sys/common/static/${b.message}` });
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const replay = await put(zhangsan, c.url, PNG);
    expect(replay.statusCode).toBe(403);
    expect(body(replay).message).toBe('获取授权失败！');
    expect(stored().length).toBe(before + 1);
  });

  it('refuses another path, another user, a forged or expired credential, and stores nothing', async () => {
    const before = stored().length;
    const c = await issue('filename=report.pdf');
    const other = c.url.replace('/report.pdf?', '/other.pdf?');
    const traversal = c.url.replace('/report.pdf?', '/..%2F..%2F..%2Fevil.pdf?');
    const forged = c.url.replace(/signature=[^&]+/, 'signature=AAAA');
    const noSignature = c.url.replace(/&signature=[^&]+/, '');
    for (const url of [other, traversal, forged, noSignature]) {
      const res = await put(zhangsan, url, PDF);
      expect(res.statusCode, url).toBe(403);
      expect(body(res).message).toBe('获取授权失败！');
    }
    expect((await put(null, c.url, PDF)).statusCode).toBe(401);
    expect((await put(lisi, c.url, PDF)).statusCode).toBe(403);

    const late = await issue('filename=late.pdf');
    t.clock.now = Date.now() + 15 * 60 * 1000 + 1;
    try {
      expect((await put(zhangsan, late.url, PDF)).statusCode).toBe(403);
    } finally {
      t.clock.now = null;
    }
    expect(stored().length).toBe(before);
    // The credential refused above is still good for its holder.
    expect(body(await put(zhangsan, c.url, PDF)).success).toBe(true);
  });

  it('refuses a body too large for the kind, or whose content is not what the name says', async () => {
    const before = stored().length;
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await put(zhangsan, (await issue('filename=big.pdf')).url, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(body(tooLarge).message).toBe('上传文件大小不能超过20MB');
    const fake = await put(zhangsan, (await issue('filename=fake.png')).url, Buffer.from('<html><script>1</script>'));
    expect(body(fake)).toMatchObject({ success: false, message: '请上传图片' });
    expect(stored().length).toBe(before);
  });

  describe('multipart', () => {
    const PART = 5 * 1024 * 1024;
    /** A 12 MB document: two full parts and a 2 MB last one. */
    const DOC = Buffer.concat([PDF, Buffer.alloc(12 * 1024 * 1024 - PDF.length, 7)]);
    const partOf = (n: number) => DOC.subarray((n - 1) * PART, n * PART);
    function send(token: string | null, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Buffer | object) {
      return api(t.app, token, {
        method,
        url,
        ...(payload === undefined
          ? {}
          : Buffer.isBuffer(payload)
            ? { payload, headers: { 'content-type': 'application/octet-stream' } }
            : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      });
    }
    async function start(c: UploadCredential, token = zhangsan): Promise<string> {
      const b = body<{ uploadId: string; partSize: number }>(await send(token, 'POST', `${c.url}&uploads=1`));
      expect(b.success, b.message).toBe(true);
      expect(b.result.partSize).toBe(PART);
      return b.result.uploadId;
    }
    const partUrl = (c: UploadCredential, id: string, n: number) => `${c.url}&uploadId=${id}&partNumber=${n}`;

    it('joins 5 MB parts sent in any order into one file, stored and served like an upload, and drops the parts', async () => {
      const before = stored().length;
      const c = await issue(`filename=big.pdf&size=${DOC.length}`);
      const id = await start(c);
      for (const n of [3, 1, 2]) {
        const b = body<{ partNumber: number; size: number }>(await send(zhangsan, 'PUT', partUrl(c, id, n), partOf(n)));
        expect(b.success, b.message).toBe(true);
        expect(b.result).toEqual({ partNumber: n, size: partOf(n).length });
      }
      // A part sent again replaces the earlier copy.
      expect(body(await send(zhangsan, 'PUT', partUrl(c, id, 2), partOf(2))).success).toBe(true);
      expect(stored().length).toBe(before + 3);
      const done = body<{ path: string; size: number; key: string }>(
        await send(zhangsan, 'POST', `${c.url}&uploadId=${id}`, { parts: [1, 2, 3] }),
      );
      expect(done.success, done.message).toBe(true);
      expect(done.result).toMatchObject({ size: DOC.length, key: c.key });
      expect(done.message).toMatch(/^temp\/\d{8}\/[0-9a-f-]{36}\.pdf$/);
      expect(stored().length).toBe(before + 1);
      const served = await api(t.app, zhangsan, { method: 'GET', url: `/sys/common/static/${done.message}` });
      expect(served.rawPayload.equals(DOC)).toBe(true);
      // The credential is used up and the upload is gone.
      expect((await send(zhangsan, 'POST', `${c.url}&uploadId=${id}`, { parts: [1, 2, 3] })).statusCode).toBe(403);
      expect((await put(zhangsan, c.url, PDF)).statusCode).toBe(403);
    });

    it("refuses another user's upload, a forged credential, a part over 5 MB or out of range, and gaps", async () => {
      const before = stored().length;
      const c = await issue(`filename=gaps.pdf&size=${DOC.length}`);
      const id = await start(c);
      // lisi holds neither the credential nor the upload.
      expect((await send(lisi, 'PUT', partUrl(c, id, 1), partOf(1))).statusCode).toBe(403);
      const forged = partUrl(c, id, 1).replace(/signature=[^&]+/, 'signature=AAAA');
      expect((await send(zhangsan, 'PUT', forged, partOf(1))).statusCode).toBe(403);
      const otherScope = await issue('filename=other.pdf');
      expect((await send(zhangsan, 'PUT', partUrl(otherScope, id, 1), partOf(1))).statusCode).toBe(403);
      const tooBig = await send(zhangsan, 'PUT', partUrl(c, id, 1), Buffer.alloc(PART + 1));
      expect(tooBig.statusCode).toBe(413);
      expect(body(tooBig).message).toBe('分片大小不正确');
      // 20 MB documents have at most 4 parts.
      expect(body(await send(zhangsan, 'PUT', partUrl(c, id, 5), partOf(3))).message).toBe('分片序号不正确');
      expect(body(await send(zhangsan, 'PUT', partUrl(c, id, 0), partOf(3))).message).toBe('分片序号不正确');
      await send(zhangsan, 'PUT', partUrl(c, id, 1), partOf(1));
      await send(zhangsan, 'PUT', partUrl(c, id, 3), partOf(3));
      const gap = body(await send(zhangsan, 'POST', `${c.url}&uploadId=${id}`, { parts: [1, 3] }));
      expect(gap).toMatchObject({ success: false, message: '分片不完整，请重新上传' });
      // A short part that is not the last.
      await send(zhangsan, 'PUT', partUrl(c, id, 2), partOf(3));
      const short = body(await send(zhangsan, 'POST', `${c.url}&uploadId=${id}`, { parts: [1, 2, 3] }));
      expect(short).toMatchObject({ success: false, message: '分片不完整，请重新上传' });
      // Abandoning removes every part.
      expect(body(await send(lisi, 'DELETE', `${c.url}&uploadId=${id}`)).success).toBe(false);
      expect(body(await send(zhangsan, 'DELETE', `${c.url}&uploadId=${id}`)).success).toBe(true);
      expect(stored().length).toBe(before);
    });

    it('a joined file is checked like one PUT: a fake image is refused and nothing is kept', async () => {
      const before = stored().length;
      const fake = Buffer.concat([Buffer.from('<html><script>1</script>'), Buffer.alloc(PART)]);
      const c = await issue(`filename=fake.png&size=${fake.length}`);
      const id = await start(c);
      await send(zhangsan, 'PUT', partUrl(c, id, 1), fake.subarray(0, PART));
      await send(zhangsan, 'PUT', partUrl(c, id, 2), fake.subarray(PART));
      const b = body(await send(zhangsan, 'POST', `${c.url}&uploadId=${id}`, { parts: [1, 2] }));
      expect(b).toMatchObject({ success: false, message: '请上传图片' });
      expect(stored().length).toBe(before);
    });

    it("a refreshed credential carries the upload on; only the caller's own recent scope is refreshed", async () => {
      const c = await issue(`filename=long.pdf&size=${DOC.length}`);
      const id = await start(c);
      await send(zhangsan, 'PUT', partUrl(c, id, 1), partOf(1));
      const fresh = body<UploadCredential>(await credential(zhangsan, `key=${encodeURIComponent(c.key)}`));
      expect(fresh.success, fresh.message).toBe(true);
      expect(fresh.result.key).toBe(c.key);
      expect(fresh.result.url).not.toBe(c.url);
      for (const n of [2, 3]) await send(zhangsan, 'PUT', partUrl(fresh.result, id, n), partOf(n));
      const done = body(await send(zhangsan, 'POST', `${fresh.result.url}&uploadId=${id}`, { parts: [1, 2, 3] }));
      expect(done.success, done.message).toBe(true);

      const refused = [
        c.key.replace('/zhangsan/', '/lisi/'),
        c.key.replace(/\/\d{8}\//, '/20200101/'),
        c.key.replace('long.pdf', 'evil.exe'),
        c.key.replace('long.pdf', '../long.pdf'),
        `../${c.key}`,
      ];
      for (const key of refused) {
        expect(body(await credential(zhangsan, `key=${encodeURIComponent(key)}`)), key).toMatchObject({
          success: false,
          message: '获取授权失败！',
        });
      }
      expect(body(await credential(lisi, `key=${encodeURIComponent(c.key)}`)).success).toBe(false);
    });

    it('unfinished uploads expire and are swept with their parts', async () => {
      const before = stored().length;
      const c = await issue(`filename=left.pdf&size=${DOC.length}`);
      const id = await start(c);
      await send(zhangsan, 'PUT', partUrl(c, id, 1), partOf(1));
      expect(stored().length).toBe(before + 1);
      const deps = {
        db: t.handle.db,
        storage: t.app.storage,
        services: { now: () => Date.now() + 2 * 3600 * 1000 + 1 },
      };
      expect(await sweepExpiredUploads(deps)).toBeGreaterThanOrEqual(1);
      expect(stored().length).toBe(before);
      expect((await send(zhangsan, 'PUT', partUrl(c, id, 2), partOf(2))).statusCode).toBe(403);
    });
  });

  it('keeps everything it stores under the storage root', () => {
    for (const f of stored()) {
      if (s3) expect(f.startsWith(`${s3.bucket}/root/`) || f.includes(`${path.sep}root${path.sep}`), f).toBe(true);
      else expect(f.startsWith(`files${path.sep}`), f).toBe(true);
    }
  });
});
