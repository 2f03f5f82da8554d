/** SQL of multipart direct uploads in progress and their parts. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { OssMultipartPartTable, OssMultipartTable } from '../../db/schema.ts';

export function insertUpload(db: Db, row: Insertable<OssMultipartTable>) {
  return db.insertInto('ossMultipart').values(row).execute();
}

export function findUpload(db: Db, uploadId: string) {
  return db.selectFrom('ossMultipart').selectAll().where('uploadId', '=', uploadId).executeTakeFirst();
}

export function listParts(db: Db, uploadId: string) {
  return db.selectFrom('ossMultipartPart').selectAll().where('uploadId', '=', uploadId).orderBy('partNumber').execute();
}

export function findPart(db: Db, uploadId: string, partNumber: number) {
  return db
    .selectFrom('ossMultipartPart')
    .selectAll()
    .where('uploadId', '=', uploadId)
    .where('partNumber', '=', partNumber)
    .executeTakeFirst();
}

/** Records a received part, replacing an earlier copy of the same number (a retried part). */
export async function savePart(db: Db, row: OssMultipartPartTable): Promise<void> {
  await db
    .insertInto('ossMultipartPart')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['uploadId', 'partNumber']).doUpdateSet({ storageKey: row.storageKey, size: row.size }),
    )
    .execute();
}

export async function deleteUpload(db: Db, uploadId: string): Promise<void> {
  await db.deleteFrom('ossMultipartPart').where('uploadId', '=', uploadId).execute();
  await db.deleteFrom('ossMultipart').where('uploadId', '=', uploadId).execute();
}

export function expiredUploads(db: Db, before: string, limit: number) {
  return db
    .selectFrom('ossMultipart')
    .select('uploadId')
    .where('expiresAt', '<=', before)
    .orderBy('expiresAt')
    .limit(limit)
    .execute();
}

export async function countOpenUploads(db: Db, userId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('ossMultipart')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Uploads started before `before` (ISO), oldest first. */
export function uploadsStartedBefore(db: Db, before: string, limit: number) {
  return db
    .selectFrom('ossMultipart')
    .select('uploadId')
    .where('createdAt', '<=', before)
    .orderBy('createdAt')
    .limit(limit)
    .execute();
}
