/** The storage driver of a configuration: STORAGE_URL s3://… → S3Storage; unset → files under DATA_DIR/files. */
import path from 'node:path';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { StorageDriver } from './storage.ts';

export function createStorage(config: { storageUrl: string | null; dataDir: string }): StorageDriver {
  if (!config.storageUrl) return new LocalStorage(path.join(config.dataDir, 'files'));
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(config.storageUrl)?.[1]?.toLowerCase();
  if (scheme === 's3') return new S3Storage(config.storageUrl);
  throw new Error(
    `STORAGE_URL: unsupported scheme ${scheme ? `'${scheme}:'` : '(none)'}; use s3://KEY:SECRET@host:port/bucket or leave it unset for local files`,
  );
}
