/** POST /sys/common/upload and GET /sys/common/static/** with the S3 driver (files.test's behaviours on S3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/storage/s3-storage.ts';
import { api, body, createTestApp, login, uploadFile, type TestContext } from './helpers.ts';
import { startFakeS3, type FakeS3 } from './s3rver-harness.ts';

let s3: FakeS3;
let storage: S3Storage;
let t: TestContext;
let zhangsan: string;
let lisi: string;

beforeAll(async () => {
  s3 = await startFakeS3();
  storage = new S3Storage(s3.url('houtai'));
  t = await createTestApp({ build: { storage } });
  zhangsan = await login(t.app, 'zhangsan');
  lisi = await login(t.app, 'lisi');
});
afterAll(async () => {
  await t.close();
  storage.client.destroy();
  await s3.stop();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (token: string | null, file: { name: string; content: Buffer }, fields: Record<string, string> = {}) =>
  uploadFile(t.app, token, file, fields);

const fetchStatic = (token: string | null, p: string) =>
  api(t.app, token, { method: 'GET', url: `/sys/common/static/${p}` });
const objects = () => s3.files().filter((f) => f.endsWith('._S3rver_object'));

describe('uploads on S3', () => {
  it('stores a public image in the bucket (under the prefix) and serves it to anyone', async () => {
    const b = body<{ path: string; size: number }>(
      await upload(zhangsan, { name: '头像.png', content: PNG }, { biz: 'avatar' }),
    );
    expect(b.success).toBe(true);
    expect(b.message).toMatch(/^avatar\/\d{8}\/[0-9a-f-]{36}\.png$/);
    expect(objects().some((f) => f.includes(`houtai/${b.message}`))).toBe(true);
    const res = await fetchStatic(null, b.message);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('round-trips a 12 MB document through the route (multipart upload to S3)', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(12 * 1024 * 1024, 7)]);
    const b = body<{ size: number }>(await upload(zhangsan, { name: 'big.pdf', content: big }));
    expect(b.success).toBe(true);
    expect(b.result?.size).toBe(big.length);
    const res = await fetchStatic(zhangsan, b.message);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(big)).toBe(true);
  });

  it('keeps private files to their owner, and refuses what the rules refuse without storing it', async () => {
    const stored = body(await upload(zhangsan, { name: '工资.txt', content: Buffer.from('secret') })).message;
    expect((await fetchStatic(null, stored)).statusCode).toBe(404);
    expect((await fetchStatic(lisi, stored)).statusCode).toBe(404);
    expect((await fetchStatic(zhangsan, stored)).body).toBe('secret');

    const before = objects().length;
    expect(body(await upload(zhangsan, { name: 'x.html', content: Buffer.from('<p>') })).message).toBe(
      '禁止上传.html文件',
    );
    const tooBig = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024)]);
    expect(body(await upload(zhangsan, { name: 'big.pdf', content: tooBig }))).toMatchObject({
      success: false,
      message: '上传文件大小不能超过20MB',
    });
    expect(objects().length).toBe(before);
  });

  it('answers 404 for unknown and traversing paths', async () => {
    for (const p of ['temp/20260101/00000000-0000-0000-0000-000000000000.txt', '../../secrets.json']) {
      expect((await fetchStatic(zhangsan, p)).statusCode, p).toBe(404);
    }
  });
});
