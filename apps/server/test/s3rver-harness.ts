/** An in-process S3 (s3rver) on 127.0.0.1, a free port and a temporary folder, with one bucket. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface FakeS3 {
  /** STORAGE_URL of the bucket (with this key prefix). */
  url(prefix?: string): string;
  bucket: string;
  directory: string;
  /** Every file s3rver keeps (object bodies and metadata), relative to its folder. */
  files(): string[];
  stop(): Promise<void>;
}

export async function startFakeS3(bucket = 'houtai-test'): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'houtai-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    bucket,
    directory,
    url: (prefix = '') =>
      `s3://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}${prefix ? `/${prefix}` : ''}?region=us-east-1&forcePathStyle=true&tls=false`,
    files: () =>
      readdirSync(directory, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.relative(directory, path.join(d.parentPath, d.name))),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
