/**
 * The S3-compatible storage driver (AWS S3, MinIO, Ceph RGW, OSS/COS in S3 mode …), chosen by STORAGE_URL:
 *
 *   s3://ACCESS_KEY:SECRET@host:port/bucket[/prefix]?region=us-east-1&forcePathStyle=true&tls=false
 *
 * - `host[:port]` is the endpoint; the host `aws` means AWS's own endpoint for the region (no override).
 * - Credentials in the URL are URL-encoded; without them the SDK's default chain applies (env
 *   AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, instance roles).
 * - `/prefix` (optional) is put before every key, so one bucket can hold several installations.
 * - `region` defaults to us-east-1; `tls` to true; `forcePathStyle` to true for a custom endpoint, false for aws.
 *
 * Uploads stream: the body is read in 5 MB parts; a body that ends within the first part is one PutObject of a
 * known length, anything longer a multipart upload (5 MB parts), so at most one part is held in memory.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { isStorageKey, TooLargeError, type StorageDriver } from './storage.ts';

/** S3's smallest part (but the last). */
export const PART_BYTES = 5 * 1024 * 1024;

export interface S3StorageOptions {
  bucket: string;
  /** Put before every key ('' for none); no leading or trailing slash. */
  prefix: string;
  client: S3ClientConfig;
}

/** Reads STORAGE_URL (s3://…); throws a message naming what is wrong, never the secret. */
export function parseS3Url(value: string): S3StorageOptions {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('STORAGE_URL is not a URL (expected s3://KEY:SECRET@host:port/bucket?region=…)');
  }
  if (url.protocol !== 's3:') throw new Error(`STORAGE_URL: unsupported scheme ${url.protocol}`);
  const [bucket = '', ...rest] = url.pathname.replace(/^\/+/, '').split('/');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error('STORAGE_URL: the bucket (first path segment) is missing or not a valid bucket name');
  }
  const prefix = rest.filter((s) => s !== '').join('/');
  if (prefix.split('/').some((s) => s === '.' || s === '..')) throw new Error('STORAGE_URL: invalid key prefix');
  const q = url.searchParams;
  const flag = (name: string, fallback: boolean): boolean => {
    const v = q.get(name);
    if (v === null || v === '') return fallback;
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw new Error(`STORAGE_URL: ${name} must be true or false`);
  };
  const onAws = url.hostname === 'aws' || url.hostname === '';
  const client: S3ClientConfig = {
    region: q.get('region') || 'us-east-1',
    forcePathStyle: flag('forcePathStyle', !onAws),
    // S3-compatible stores do not all know the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (!onAws) client.endpoint = `${flag('tls', true) ? 'https' : 'http'}://${url.host}`;
  if (url.username) {
    client.credentials = {
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
    };
  }
  return { bucket, prefix, client };
}

function isNotFound(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export class S3Storage implements StorageDriver {
  readonly bucket: string;
  readonly prefix: string;
  readonly client: S3Client;

  constructor(options: S3StorageOptions | string) {
    const o = typeof options === 'string' ? parseS3Url(options) : options;
    this.bucket = o.bucket;
    this.prefix = o.prefix;
    this.client = new S3Client(o.client);
  }

  /** Generated keys only (no '..', no leading '/', nothing but the server's own shape), under the prefix. */
  objectKey(key: string): string {
    if (!isStorageKey(key) || key.startsWith('/') || key.split('/').includes('..')) {
      throw new Error(`not a storage key: ${key}`);
    }
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  async put(key: string, body: Readable, maxBytes: number): Promise<number> {
    const Key = this.objectKey(key);
    const Bucket = this.bucket;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];

    const sendPart = async () => {
      const Body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      if (!uploadId) {
        const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
        if (!created.UploadId) throw new Error('S3: no upload id');
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const res = await this.client.send(
        new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body, ContentLength: Body.length }),
      );
      parts.push({ ETag: res.ETag, PartNumber });
    };

    try {
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += buf.length;
        if (size > maxBytes) throw new TooLargeError();
        pending.push(buf);
        pendingBytes += buf.length;
        if (pendingBytes >= PART_BYTES) await sendPart();
      }
      if (!uploadId) {
        const Body = Buffer.concat(pending, pendingBytes);
        await this.client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.length }));
      } else {
        if (pendingBytes > 0) await sendPart();
        await this.client.send(
          new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
        );
      }
    } catch (err) {
      // Nothing is kept of a refused or failed upload (best effort: a lifecycle rule on the bucket that aborts
      // incomplete multipart uploads catches what this misses).
      if (uploadId) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw err;
    }
    return size;
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    let Key: string;
    try {
      Key = this.objectKey(key);
    } catch {
      return null;
    }
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!res.Body) return null;
      return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** HeadBucket: the endpoint answers, the credentials are accepted and the bucket exists. */
  async ready(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
