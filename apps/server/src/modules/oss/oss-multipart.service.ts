/**
 * Multipart direct uploads (spec widgets §7, §9: files of 5 MB or more go in 5 MB parts, 4 in parallel). A start
 * answers an upload id bound to the caller and the credential's scope; each part is kept in storage under a
 * generated key (the same driver as the files, so several instances share them); the completion streams the parts
 * in order through `storeUpload` — the same type, sniffing and size rules as one PUT — and removes them. Uploads
 * left unfinished expire and are swept with their parts.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { extensionOf, maxBytesFor, uploadKind } from '@houtai/shared/upload';
import { AppError } from '../../errors.ts';
import type { Session } from '../../plugins/types.ts';
import { TooLargeError } from '../../storage/storage.ts';
import { storeUpload, type FilesDeps, type StoredFile } from '../files/files.service.ts';
import { OSS_AUTH_FAILED, PART_SIZE, type CheckedScope } from './oss.service.ts';
import * as repo from './oss.repository.ts';

/** A multipart upload must be completed within this time of its start. */
export const MULTIPART_TTL_MS = 2 * 3600 * 1000;

export const MULTIPART_TEXT = {
  partNumber: '分片序号不正确',
  partSize: '分片大小不正确',
  incomplete: '分片不完整，请重新上传',
  tooMany: '同时进行的上传过多，请稍后再试',
} as const;

/** Unfinished multipart uploads one user may hold at once. */
export const MAX_OPEN_UPLOADS = 20;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function dayOf(ms: number): string {
  return iso(ms).slice(0, 10).replace(/-/g, '');
}

/** How many parts a file of this scope may have (its kind's size limit in 5 MB parts). */
function maxPartsOf(scope: CheckedScope): number {
  const kind = uploadKind(extensionOf(scope.filename));
  return kind ? Math.ceil(maxBytesFor(kind) / PART_SIZE) : 0;
}

export async function startMultipart(
  deps: FilesDeps,
  session: Session,
  key: string,
): Promise<{ uploadId: string; partSize: number }> {
  const now = deps.services.now();
  if ((await repo.countOpenUploads(deps.db, session.user.id, iso(now))) >= MAX_OPEN_UPLOADS) {
    throw AppError.business(MULTIPART_TEXT.tooMany);
  }
  const uploadId = randomUUID();
  await repo.insertUpload(deps.db, {
    uploadId,
    userId: session.user.id,
    scopeKey: key,
    expiresAt: iso(now + MULTIPART_TTL_MS),
    createdAt: iso(now),
  });
  return { uploadId, partSize: PART_SIZE };
}

/** The caller's own unexpired upload of this scope; anything else is refused like a bad credential. */
async function ownUpload(deps: FilesDeps, session: Session, key: string, uploadId: string) {
  const row = /^[0-9a-f-]{36}$/.test(uploadId) ? await repo.findUpload(deps.db, uploadId) : undefined;
  if (!row || row.userId !== session.user.id || row.scopeKey !== key || row.expiresAt <= iso(deps.services.now())) {
    throw AppError.forbidden(OSS_AUTH_FAILED);
  }
  return row;
}

export async function putPart(
  deps: FilesDeps,
  session: Session,
  input: { key: string; uploadId: string; partNumber: number; scope: CheckedScope; stream: Readable },
): Promise<{ partNumber: number; size: number }> {
  const refuse = (err: AppError) => {
    input.stream.resume();
    return err;
  };
  try {
    await ownUpload(deps, session, input.key, input.uploadId);
  } catch (err) {
    throw refuse(err as AppError);
  }
  const n = input.partNumber;
  if (!Number.isInteger(n) || n < 1 || n > maxPartsOf(input.scope)) {
    throw refuse(AppError.business(MULTIPART_TEXT.partNumber));
  }
  const storageKey = `part/${dayOf(deps.services.now())}/${randomUUID()}.part`;
  let size: number;
  try {
    size = await deps.storage.put(storageKey, input.stream, PART_SIZE);
  } catch (err) {
    if (err instanceof TooLargeError) throw refuse(AppError.business(MULTIPART_TEXT.partSize));
    throw err;
  }
  if (size === 0) {
    await deps.storage.remove(storageKey);
    throw AppError.business(MULTIPART_TEXT.partSize);
  }
  // A retried part replaces the earlier copy.
  const previous = await repo.findPart(deps.db, input.uploadId, n);
  await repo.savePart(deps.db, { uploadId: input.uploadId, partNumber: n, storageKey, size });
  if (previous) await deps.storage.remove(previous.storageKey).catch(() => undefined);
  return { partNumber: n, size };
}

async function dropUpload(deps: FilesDeps, uploadId: string): Promise<void> {
  const parts = await repo.listParts(deps.db, uploadId);
  for (const p of parts) await deps.storage.remove(p.storageKey).catch(() => undefined);
  await repo.deleteUpload(deps.db, uploadId);
}

/**
 * Joins the parts 1…N (every one but the last exactly 5 MB) into the file, stored like one PUT of the scope; the
 * parts are removed whatever the outcome (a refused file stays refused).
 */
export async function completeMultipart(
  deps: FilesDeps,
  session: Session,
  input: { key: string; uploadId: string; scope: CheckedScope; parts: readonly number[]; consume: () => boolean },
): Promise<StoredFile> {
  await ownUpload(deps, session, input.key, input.uploadId);
  const stored = await repo.listParts(deps.db, input.uploadId);
  const complete =
    stored.length > 0 &&
    stored.length === input.parts.length &&
    stored.every((p, i) => p.partNumber === i + 1 && input.parts[i] === i + 1) &&
    stored.slice(0, -1).every((p) => p.size === PART_SIZE);
  if (!complete) throw AppError.business(MULTIPART_TEXT.incomplete);
  if (!input.consume()) throw AppError.forbidden(OSS_AUTH_FAILED);

  async function* joined(): AsyncGenerator<Buffer> {
    for (const p of stored) {
      const part = await deps.storage.get(p.storageKey);
      if (!part) throw AppError.business(MULTIPART_TEXT.incomplete);
      for await (const chunk of part.stream) yield chunk as Buffer;
    }
  }
  const stream = Readable.from(joined());
  // storeUpload sees a failure through its own pipeline; a refusal drains the stream while the parts are dropped.
  stream.on('error', () => undefined);
  try {
    return await storeUpload(deps, session, { biz: input.scope.biz, filename: input.scope.filename, stream });
  } finally {
    stream.destroy();
    await dropUpload(deps, input.uploadId);
  }
}

export async function abortMultipart(deps: FilesDeps, session: Session, key: string, uploadId: string): Promise<void> {
  await ownUpload(deps, session, key, uploadId);
  await dropUpload(deps, uploadId);
}

/** Removes uploads past their time, with their parts; answers how many. */
export async function sweepExpiredUploads(deps: FilesDeps): Promise<number> {
  let swept = 0;
  for (;;) {
    const batch = await repo.expiredUploads(deps.db, iso(deps.services.now()), 100);
    for (const { uploadId } of batch) await dropUpload(deps, uploadId);
    swept += batch.length;
    if (batch.length < 100) return swept;
  }
}

/** Removes unfinished uploads started more than `hours` hours ago, with their parts (the scheduled cleanup job). */
export async function sweepUploadsOlderThan(deps: FilesDeps, hours: number): Promise<number> {
  const before = iso(deps.services.now() - hours * 3600 * 1000);
  let swept = 0;
  for (;;) {
    const batch = await repo.uploadsStartedBefore(deps.db, before, 100);
    for (const { uploadId } of batch) await dropUpload(deps, uploadId);
    swept += batch.length;
    if (batch.length < 100) return swept;
  }
}
