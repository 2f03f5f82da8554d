/** The S3 storage driver against an in-process s3rver: round trips (one PUT and multipart), limits, keys, errors. */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/storage/create-storage.ts';
import { LocalStorage } from '../src/storage/local-storage.ts';
import { parseS3Url, PART_BYTES, S3Storage } from '../src/storage/s3-storage.ts';
import { TooLargeError } from '../src/storage/storage.ts';
import { startFakeS3, type FakeS3 } from './s3rver-harness.ts';

let s3: FakeS3;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startFakeS3();
  storage = new S3Storage(s3.url('inst1'));
});
afterAll(async () => {
  storage.client.destroy();
  await s3.stop();
});

const key = (ext = 'bin') => `temp/20260101/${randomUUID()}.${ext}`;

/** `total` pseudo-random bytes in chunks of 64 KB, never held whole. */
function generated(total: number): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  let n = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(size, n++ % 251);
      hash.update(chunk);
      sent += size;
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

async function digestOf(stream: Readable): Promise<{ digest: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { digest: hash.digest('hex'), size };
}

describe('parseS3Url', () => {
  it('reads endpoint, bucket, prefix, region, path style, tls and credentials', () => {
    const o = parseS3Url(
      's3://AK%2B1:S%2Fecret@minio.local:9000/files/a/b?region=cn-east-1&forcePathStyle=true&tls=false',
    );
    expect(o).toMatchObject({
      bucket: 'files',
      prefix: 'a/b',
      client: {
        endpoint: 'http://minio.local:9000',
        region: 'cn-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AK+1', secretAccessKey: 'S/ecret' },
      },
    });
  });

  it('uses AWS itself for the host aws, and the default credential chain without user info', () => {
    const o = parseS3Url('s3://aws/my-bucket?region=ap-east-1');
    expect(o.client.endpoint).toBeUndefined();
    expect(o.client.credentials).toBeUndefined();
    expect(o.client.forcePathStyle).toBe(false);
    expect(o.prefix).toBe('');
  });

  it('refuses a missing bucket, a bad flag and a traversing prefix, without echoing the secret', () => {
    expect(() => parseS3Url('s3://k:TOPSECRET@host:9000/')).toThrow(/bucket/);
    expect(() => parseS3Url('s3://host/b1b?tls=maybe')).toThrow(/tls/);
    expect(() => parseS3Url('s3://host/bucket/../x')).toThrow();
    try {
      parseS3Url('s3://k:TOPSECRET@host:9000/');
    } catch (err) {
      expect(String(err)).not.toContain('TOPSECRET');
    }
  });
});

describe('createStorage', () => {
  it('picks S3 for s3://, local files without STORAGE_URL, and refuses other schemes', () => {
    expect(createStorage({ storageUrl: null, dataDir: '/tmp/x' })).toBeInstanceOf(LocalStorage);
    const s = createStorage({ storageUrl: s3.url(), dataDir: '/tmp/x' });
    expect(s).toBeInstanceOf(S3Storage);
    (s as S3Storage).client.destroy();
    expect(() => createStorage({ storageUrl: 'ftp://host/files', dataDir: '/tmp/x' })).toThrow(
      /unsupported scheme 'ftp:'/,
    );
  });
});

describe('S3Storage', () => {
  it('round-trips a small stream with one PUT, under the prefix', async () => {
    const k = key('txt');
    expect(await storage.put(k, Readable.from([Buffer.from('你好, '), Buffer.from('world')]), 1024)).toBe(13);
    const got = await storage.get(k);
    expect(got?.size).toBe(13);
    const chunks: Buffer[] = [];
    for await (const c of got!.stream as AsyncIterable<Buffer>) chunks.push(c);
    expect(Buffer.concat(chunks).toString()).toBe('你好, world');
    expect(s3.files().some((f) => f.includes(`inst1/${k}`))).toBe(true);
  });

  it('round-trips a 12 MB stream through a multipart upload', async () => {
    const k = key();
    const total = 12 * 1024 * 1024 + 123;
    const src = generated(total);
    expect(await storage.put(k, src.stream, 20 * 1024 * 1024)).toBe(total);
    const got = await storage.get(k);
    expect(got?.size).toBe(total);
    expect(await digestOf(got!.stream)).toEqual({ digest: src.digest(), size: total });
    expect(PART_BYTES).toBe(5 * 1024 * 1024);
  });

  it('refuses more than maxBytes and keeps nothing (single part and multipart)', async () => {
    for (const [total, max] of [
      [2000, 1000],
      [7 * 1024 * 1024, 6 * 1024 * 1024],
    ] as const) {
      const k = key();
      await expect(storage.put(k, generated(total).stream, max)).rejects.toBeInstanceOf(TooLargeError);
      expect(await storage.get(k)).toBeNull();
    }
  });

  it('answers null for a missing key, as the local driver does', async () => {
    expect(await storage.get(key())).toBeNull();
  });

  it('deletes', async () => {
    const k = key('txt');
    await storage.put(k, Readable.from([Buffer.from('bye')]), 100);
    await storage.remove(k);
    expect(await storage.get(k)).toBeNull();
  });

  it('takes generated keys only: no traversal, no leading slash, nothing else', async () => {
    for (const bad of ['../x.txt', '/temp/20260101/a.txt', 'temp/../../etc/passwd', 'temp/20260101/x.txt', '']) {
      expect(() => storage.objectKey(bad), bad).toThrow(/not a storage key/);
      await expect(storage.put(bad, Readable.from([Buffer.from('x')]), 10)).rejects.toThrow(/not a storage key/);
      expect(await storage.get(bad)).toBeNull();
      await expect(storage.remove(bad)).rejects.toThrow(/not a storage key/);
    }
  });
});
