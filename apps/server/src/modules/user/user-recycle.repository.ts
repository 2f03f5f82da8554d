/**
 * SQL of the users' recycle bin: the logically deleted accounts (del_flag 1), their restore and their removal for
 * good with the user module's own links (sys_user_depart, sys_user_settlement_org). Every value is bound; the
 * filters are contains-matches on username and realname.
 */
import type { Db } from '../../db/connection.ts';
import { like } from '../../lib/like.ts';

export interface RecycleFilter {
  username?: string | undefined;
  realname?: string | undefined;
}

function binQuery(db: Db, f: RecycleFilter) {
  let q = db.selectFrom('sysUser').where('delFlag', '=', 1);
  const { username, realname } = f;
  if (username !== undefined) q = q.where((eb) => like(eb.ref('username'), username));
  if (realname !== undefined) q = q.where((eb) => like(eb.ref('realname'), realname));
  return q;
}

const BIN_COLUMNS = [
  'id',
  'username',
  'realname',
  'avatar',
  'sex',
  'birthday',
  'phone',
  'email',
  'workNo',
  'post',
  'status',
  'delFlag',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
] as const;

export type RecycleRow = Awaited<ReturnType<typeof pageBin>>[number];

/** The deleted accounts of the filter, the most recently deleted first. */
export function pageBin(db: Db, f: RecycleFilter, offset: number, limit: number) {
  return binQuery(db, f)
    .select(BIN_COLUMNS)
    .orderBy('updateTime', 'desc')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countBin(db: Db, f: RecycleFilter): Promise<number> {
  const r = await binQuery(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The deleted accounts among the ids, with the values a restore must not take from a live account. */
export function findDeletedUsers(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname', 'phone', 'email', 'workNo'])
    .where('id', 'in', [...ids])
    .where('delFlag', '=', 1)
    .orderBy('id')
    .execute();
}

/** A live account other than `exceptId` holding the username, ignoring case. */
export async function liveUsernameHolder(db: Db, username: string, exceptId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUser')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', [eb.ref('username')]), '=', username.toLowerCase()))
    .where('delFlag', '=', 0)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return !!row;
}

/** del_flag 0 for the deleted accounts among the ids (status stays); answers the rows changed. */
export async function markRestored(db: Db, ids: readonly string[], by: string, at: string): Promise<number> {
  const r = await db
    .updateTable('sysUser')
    .set((eb) => ({ delFlag: 0, updateBy: by, updateTime: at, version: eb('version', '+', 1) }))
    .where('id', 'in', [...ids])
    .where('delFlag', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The user module's links of the accounts: departments and settlement organisations. */
export async function deleteOwnLinks(db: Db, ids: readonly string[]): Promise<void> {
  await db
    .deleteFrom('sysUserDepart')
    .where('userId', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('sysUserSettlementOrg')
    .where('userId', 'in', [...ids])
    .execute();
}

/** Removes the deleted accounts among the ids for good; answers the rows removed. */
export async function deleteDeletedUsers(db: Db, ids: readonly string[]): Promise<number> {
  const r = await db
    .deleteFrom('sysUser')
    .where('id', 'in', [...ids])
    .where('delFlag', '=', 1)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
