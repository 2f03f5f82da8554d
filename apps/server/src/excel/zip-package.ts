/**
 * The .xlsx container, read with yauzl from its central directory before anything is inflated: entry count,
 * names, sizes and compression ratios are checked against the limits, and each part is then read by offset
 * (no temp files, any zip order). yauzl also stops any entry that inflates beyond its declared size, so a
 * central directory that lies cannot get more work out of us than it declared.
 */
import { MB } from '@houtai/shared/upload';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { EXCEL_TEXT, ExcelError, type ExcelReadLimits } from './excel-error.ts';
import { decodeChunks } from './xml.ts';

export class ZipPackage {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: ReadonlyMap<string, Entry>,
  ) {}

  /** Opens and checks the container; refuses it with an ExcelError. */
  static async open(path: string, limits: ExcelReadLimits): Promise<ZipPackage> {
    let zip: ZipFile;
    try {
      zip = await yauzl.openPromise(path, {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: true,
      });
    } catch (err) {
      throw zipError(err);
    }
    try {
      if (zip.entryCount > limits.maxEntries) {
        throw new ExcelError('ZIP_TOO_MANY_ENTRIES', EXCEL_TEXT.zipTooManyEntries(limits.maxEntries));
      }
      const entries = new Map<string, Entry>();
      let total = 0;
      for await (const entry of zip.eachEntry()) {
        const name = yauzl.getFileNameLowLevel(
          entry.generalPurposeBitFlag,
          entry.fileNameRaw,
          entry.extraFields,
          false,
        );
        if (yauzl.validateFileName(name) !== null || name.includes('\0')) {
          throw new ExcelError('ZIP_UNSAFE_PATH', EXCEL_TEXT.zipUnsafePath);
        }
        if (entry.isEncrypted()) throw new ExcelError('ENCRYPTED', EXCEL_TEXT.encrypted);
        if (name.endsWith('/')) continue;
        if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
          throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported(`压缩方式 ${entry.compressionMethod}`));
        }
        checkSizes(entry, limits);
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) {
          throw new ExcelError('ZIP_TOO_LARGE', EXCEL_TEXT.zipTooLarge(Math.round(limits.maxTotalBytes / MB)));
        }
        const key = name.toLowerCase();
        if (entries.has(key)) throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported('包含重复的条目'));
        entries.set(key, entry);
      }
      return new ZipPackage(zip, entries);
    } catch (err) {
      zip.close();
      throw zipError(err);
    }
  }

  /** Part names are case-insensitive (OPC); no leading slash. */
  has(part: string): boolean {
    return this.entries.has(part.toLowerCase());
  }

  /** Declared uncompressed size of a part. */
  size(part: string): number {
    return this.entries.get(part.toLowerCase())?.uncompressedSize ?? 0;
  }

  /** A part's text, decoded, streamed chunk by chunk; stopping early destroys the stream. */
  async *text(part: string): AsyncGenerator<string> {
    const entry = this.entries.get(part.toLowerCase());
    if (!entry) throw new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported(`缺少 ${part}`));
    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch (err) {
      throw zipError(err);
    }
    const source = guarded(stream);
    try {
      yield* decodeChunks(source);
    } finally {
      stream.destroy();
    }
  }

  close(): void {
    this.zip.close();
  }
}

/** Turns stream failures (inflate errors, entries longer than declared) into refusals. */
async function* guarded(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const it = stream[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await it.next();
    } catch (err) {
      throw zipError(err);
    }
    if (next.done) return;
    yield next.value;
  }
}

function checkSizes(entry: Entry, limits: ExcelReadLimits): void {
  const size = entry.uncompressedSize;
  if (size > limits.maxEntryBytes) {
    throw new ExcelError('ZIP_TOO_LARGE', EXCEL_TEXT.zipTooLarge(Math.round(limits.maxEntryBytes / MB)));
  }
  if (size > limits.ratioGraceBytes && size / Math.max(1, entry.compressedSize) > limits.maxRatio) {
    throw new ExcelError('ZIP_RATIO', EXCEL_TEXT.zipRatio);
  }
}

/** yauzl's and zlib's messages mapped to the user's words; anything unexpected counts as a damaged file. */
export function zipError(err: unknown): ExcelError {
  if (err instanceof ExcelError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (message.includes('too many bytes in the stream')) return new ExcelError('ZIP_RATIO', EXCEL_TEXT.zipRatio, err);
  if (message.includes('encrypt')) return new ExcelError('ENCRYPTED', EXCEL_TEXT.encrypted, err);
  if (message.includes('unsupported compression method')) {
    return new ExcelError('UNSUPPORTED', EXCEL_TEXT.unsupported('压缩方式'), err);
  }
  return new ExcelError('DAMAGED', EXCEL_TEXT.damaged, err);
}
