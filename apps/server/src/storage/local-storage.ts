/** The default storage driver: files under DATA_DIR/files, outside any folder the server serves as such. */
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isStorageKey, TooLargeError, type StorageDriver } from './storage.ts';

export class LocalStorage implements StorageDriver {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Canonicalise, then contain (security design §2.2): only generated keys, only under the root. */
  private fileOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`outside the storage root: ${key}`);
    return file;
  }

  async put(key: string, body: Readable, maxBytes: number): Promise<number> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(new TooLargeError());
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    return size;
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    let file: string;
    try {
      file = this.fileOf(key);
    } catch {
      return null;
    }
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  /** The root exists (it is created on first use, like put does) and this process may write into it. */
  async ready(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}
