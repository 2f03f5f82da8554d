/**
 * Uploads (POST /sys/common/upload) and their reading back (GET /sys/common/static/**): the upload rules of
 * packages/shared/src/upload.ts checked from the multipart headers before the body is read, the content
 * sniffed from its first bytes, the size counted while it streams to storage under a generated name.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  checkUpload,
  extensionOf,
  isUploadBiz,
  maxBytesFor,
  PUBLIC_BIZ,
  tooLargeMessage,
  UPLOAD_TEXT,
  uploadKind,
  type UploadBiz,
  type UploadKind,
} from '@houtai/shared/upload';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Session } from '../../plugins/types.ts';
import { TooLargeError, type StorageDriver } from '../../storage/storage.ts';
import * as repo from './files.repository.ts';

export interface FilesDeps {
  db: Db;
  storage: StorageDriver;
  services: { now: () => number };
}

/** Holders see every private file; others only their own (public folders are open to all). */
export const FILES_ALL_PERMISSION = 'system:file:all';

/** Enough of the head for file-type to recognise every format it knows. */
const SNIFF_BYTES = 4100;

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  mkv: 'video/x-matroska',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};

/** Programs, whatever their file is called. */
const EXECUTABLE_MIMES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-executable',
  'application/x-sharedlib',
  'application/wasm',
  'application/java-vm',
]);

/** Whether the sniffed content may be stored as a file of this kind. */
function contentFits(kind: UploadKind, mime: string | undefined): boolean {
  if (kind === 'image') return !!mime && mime.startsWith('image/') && mime !== 'image/svg+xml';
  if (kind === 'video') return !!mime && (mime.startsWith('video/') || mime.endsWith('/ogg'));
  return !mime || !EXECUTABLE_MIMES.has(mime);
}

/** Reads up to `bytes` of the stream; answers them and a stream of everything (head included). */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks, length);
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: head.subarray(0, bytes), whole: Readable.from(all()) };
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
}

export interface UploadInput {
  biz: string | undefined;
  filename: string;
  stream: Readable;
}

export interface StoredFile {
  id: string;
  path: string;
  name: string;
  size: number;
}

export async function storeUpload(deps: FilesDeps, session: Session, input: UploadInput): Promise<StoredFile> {
  const biz: UploadBiz | null =
    input.biz === undefined || input.biz === '' ? 'temp' : isUploadBiz(input.biz) ? input.biz : null;
  const refuse = (message: string) => {
    input.stream.resume();
    return AppError.business(message);
  };
  if (!biz) throw refuse(UPLOAD_TEXT.bizInvalid);
  const problem = checkUpload(input.filename, null, biz);
  const ext = extensionOf(input.filename);
  const kind = uploadKind(ext);
  if (problem || !kind) throw refuse(problem ?? UPLOAD_TEXT.forbiddenType(ext));

  const { head, whole } = await peek(input.stream, SNIFF_BYTES);
  if (head.length === 0) throw refuse(UPLOAD_TEXT.noFile);
  const sniffed = await fileTypeFromBuffer(head);
  if (!contentFits(kind, sniffed?.mime)) {
    // Drained, not read: a failure of the source while draining is of no interest any more.
    whole.on('error', () => undefined);
    whole.resume();
    throw AppError.business(kind === 'image' ? UPLOAD_TEXT.imageOnly : UPLOAD_TEXT.contentMismatch);
  }

  const now = deps.services.now();
  const path = `${biz}/${dayOf(now)}/${randomUUID()}.${ext}`;
  let size: number;
  try {
    size = await deps.storage.put(path, whole, maxBytesFor(kind));
  } catch (err) {
    if (err instanceof TooLargeError) {
      input.stream.resume();
      throw AppError.business(tooLargeMessage(kind));
    }
    throw err;
  }
  const id = newId();
  const name = input.filename.replace(/^.*[\\/]/, '').slice(0, 255);
  await repo.insertFile(deps.db, {
    id,
    path,
    biz,
    ownerId: session.user.id,
    originalName: name,
    contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    size,
    createdAt: new Date(now).toISOString(),
  });
  return { id, path, name, size };
}

export interface ReadableFile {
  stream: Readable;
  size: number;
  contentType: string;
  name: string;
  isImage: boolean;
  isPublic: boolean;
}

/**
 * A stored file for the caller, or null (unknown, or private and not theirs: the same answer, so nothing tells
 * a private file exists).
 */
export async function openFile(
  deps: FilesDeps,
  path: string,
  viewer: { userId: string; seesAll: boolean } | null,
): Promise<ReadableFile | null> {
  const row = await repo.findFileByPath(deps.db, path);
  if (!row) return null;
  const isPublic = (PUBLIC_BIZ as readonly string[]).includes(row.biz);
  if (!isPublic && !(viewer && (viewer.seesAll || viewer.userId === row.ownerId))) return null;
  const stored = await deps.storage.get(row.path);
  if (!stored) return null;
  return {
    stream: stored.stream,
    size: stored.size,
    contentType: row.contentType,
    name: row.originalName,
    isImage: row.contentType.startsWith('image/'),
    isPublic,
  };
}

/** The record of a stored file (owner, original name, type), or undefined when the path names none. */
export function findFileRecord(db: Db, path: string) {
  return repo.findFileByPath(db, path);
}

/** The records of the stored files among `paths` (unknown paths are left out). */
export function findFileRecords(db: Db, paths: readonly string[]) {
  return repo.findFilesByPaths(db, paths);
}

export interface GeneratedFile {
  /** Folder of the storage path (e.g. 'task'), followed by the day and a generated name. */
  biz: string;
  ext: string;
  source: Readable;
  maxBytes: number;
  /** The only user (besides holders of the all-files code) who may read it back. */
  ownerId: string;
  originalName: string;
  contentType: string;
}

/** Stores a file the server made for a user (a task's export or error file) as their private file; answers its path. */
export async function saveGeneratedFile(deps: FilesDeps, file: GeneratedFile): Promise<string> {
  const now = deps.services.now();
  const path = `${file.biz}/${dayOf(now)}/${randomUUID()}.${file.ext}`;
  const size = await deps.storage.put(path, file.source, file.maxBytes);
  await repo.insertFile(deps.db, {
    id: newId(),
    path,
    biz: file.biz,
    ownerId: file.ownerId,
    originalName: file.originalName,
    contentType: file.contentType,
    size,
    createdAt: new Date(now).toISOString(),
  });
  return path;
}
