/**
 * The users' recycle bin (issue 14 item 2, contract §2.7): the logically deleted accounts, their restore and their
 * removal for good. Both writes take only accounts that are in the bin, all or nothing: an id that is unknown, live
 * or already removed refuses the whole call. A restore keeps the account's status (a frozen account comes back
 * frozen) and is refused when a value of it (username, phone, e-mail, work number) is now held by a live account.
 * Removal deletes the row and its links (roles, departments, department roles, settlement organisations; the
 * positions are codes on the row); its sessions ended at the delete, and a deleted account is no active
 * administrator, so the last-administrator guard has nothing to say.
 */
import {
  USER_RECYCLE_LIST_MAX,
  USER_RECYCLE_TEXT,
  type UserRecycleBinQuery,
  type UserRecycleField,
  type UserRecycleRecord,
} from '@houtai/shared/contract/admin-user-recycle';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { membershipsOf } from '../depart/depart.service.ts';
import { removeUsersFromDepartRoles } from '../depart/depart-role.service.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import { invalidatePermissions } from '../permission/permission-codes.service.ts';
import { removeAllUserRoles } from '../role/role.service.ts';
import * as adminRepo from './user-admin.repository.ts';
import * as repo from './user-recycle.repository.ts';

/** Who acts: the signed-in administrator. */
export interface RecycleActor {
  id: string;
  username: string;
}

/** The accounts a write concerned, for the operate log. */
export interface RecycleResult {
  usernames: string[];
}

const refuse = (message: string) => AppError.business(message);

async function present(db: Db, rows: repo.RecycleRow[]): Promise<UserRecycleRecord[]> {
  const [members, sexes, statuses] = await Promise.all([
    membershipsOf(
      db,
      rows.map((r) => r.id),
    ),
    dictItemsByCode(db, 'sex'),
    dictItemsByCode(db, 'user_status'),
  ]);
  const sexText = new Map(sexes.map((d) => [d.value, d.text]));
  const statusText = new Map(statuses.map((d) => [d.value, d.text]));
  return rows.map((r) => {
    const names = members.get(r.id)?.departNames.join(',') || null;
    return {
      ...r,
      sex_dictText: r.sex === null ? null : (sexText.get(String(r.sex)) ?? null),
      status_dictText: statusText.get(String(r.status)) ?? (r.status === 3 ? '离职' : null),
      orgCode: names,
      orgCodeTxt: names,
      createTime: toWireTime(r.createTime),
      updateTime: toWireTime(r.updateTime),
    };
  });
}

/**
 * GET /sys/user/recycleBin: without pageNo/pageSize the plain list JeecgBoot answers (at most
 * USER_RECYCLE_LIST_MAX, the most recently deleted first); with either of them a page (IPage).
 */
export async function listRecycleBin(
  db: Db,
  q: UserRecycleBinQuery,
): Promise<UserRecycleRecord[] | PageOf<UserRecycleRecord>> {
  const filter = { username: q.username, realname: q.realname };
  if (q.pageNo === undefined && q.pageSize === undefined) {
    return present(db, await repo.pageBin(db, filter, 0, USER_RECYCLE_LIST_MAX));
  }
  const p = { pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10 };
  const [total, rows] = await Promise.all([
    repo.countBin(db, filter),
    repo.pageBin(db, filter, offsetOf(p), p.pageSize),
  ]);
  return pageOf(await present(db, rows), total, p);
}

type BinUser = Awaited<ReturnType<typeof repo.findDeletedUsers>>[number];

/** Every id names an account of the bin, else the whole call is refused. */
async function requireInBin(db: Db, ids: readonly string[]): Promise<BinUser[]> {
  const found = new Map((await repo.findDeletedUsers(db, ids)).map((u) => [u.id, u]));
  // In the order asked, so that a refusal names the accounts as the caller listed them.
  const users = ids.map((id) => found.get(id)).filter((u) => u !== undefined);
  if (users.length !== ids.length) throw refuse(USER_RECYCLE_TEXT.notInBin);
  return users;
}

const who = (u: BinUser) => u.realname || u.username;

/** The values a restore would bring back that a live account, or another account of the same restore, holds. */
async function assertValuesFree(db: Db, users: readonly BinUser[]): Promise<void> {
  const fields: { field: UserRecycleField; value: (u: BinUser) => string | null }[] = [
    { field: 'username', value: (u) => u.username.toLowerCase() },
    { field: 'phone', value: (u) => u.phone },
    { field: 'email', value: (u) => u.email?.toLowerCase() ?? null },
    { field: 'workNo', value: (u) => u.workNo },
  ];
  for (const { field, value } of fields) {
    const seen = new Map<string, BinUser>();
    for (const u of users) {
      const v = value(u);
      if (!v) continue;
      const twin = seen.get(v);
      if (twin) throw refuse(USER_RECYCLE_TEXT.takenInBatch(who(twin), who(u), field));
      seen.set(v, u);
    }
  }
  for (const u of users) {
    if (await repo.liveUsernameHolder(db, u.username, u.id)) throw refuse(USER_RECYCLE_TEXT.taken(who(u), 'username'));
    for (const field of ['phone', 'email', 'workNo'] as const) {
      const v = u[field];
      if (v && (await adminRepo.findHolder(db, field, v, u.id))) throw refuse(USER_RECYCLE_TEXT.taken(who(u), field));
    }
  }
}

/** PUT /sys/user/putRecycleBin: del_flag 0 again, status as it was; refused when a value is now taken. */
export async function restoreUsers(db: Db, actor: RecycleActor, ids: readonly string[]): Promise<RecycleResult> {
  const users = await requireInBin(db, ids);
  await assertValuesFree(db, users);
  try {
    await db.transaction().execute(async (trx) => {
      // Counted again inside the transaction: a concurrent restore or purge of one of them refuses this one.
      const n = await repo.markRestored(trx, ids, actor.username, nowIso());
      if (n !== ids.length) throw refuse(USER_RECYCLE_TEXT.notInBin);
    });
  } catch (err) {
    // A unique index refused (a value taken between the check and the write): the check names it now.
    if (isUniqueViolation(err)) {
      await assertValuesFree(db, users);
      throw refuse(USER_RECYCLE_TEXT.notInBin);
    }
    throw err;
  }
  // Their roles count again in every instance's permission cache.
  await invalidatePermissions(db);
  return { usernames: users.map((u) => u.username) };
}

/** DELETE /sys/user/deleteRecycleBin: the accounts and their links removed for good. */
export async function purgeUsers(db: Db, ids: readonly string[]): Promise<RecycleResult> {
  const users = await requireInBin(db, ids);
  await db.transaction().execute(async (trx) => {
    // The row first, counted: an account restored meanwhile stays, and so do its links.
    const n = await repo.deleteDeletedUsers(trx, ids);
    if (n !== ids.length) throw refuse(USER_RECYCLE_TEXT.notInBin);
    await removeAllUserRoles(trx, ids);
    await removeUsersFromDepartRoles(trx, ids);
    await repo.deleteOwnLinks(trx, ids);
  });
  await invalidatePermissions(db);
  return { usernames: users.map((u) => u.username) };
}
