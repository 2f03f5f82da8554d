/**
 * The user module's published API: what other modules may ask about accounts. Only this module reads
 * sys_user through its repository; other modules call these functions.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysUserTable, User } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './user.repository.ts';
import type { SelfChanges } from './user.repository.ts';

export type { SelfChanges };

/** An account's id, login name and real name. */
export interface UserName {
  id: string;
  username: string;
  realname: string;
}

/** Names of users by id (deleted ones too: history keeps naming them). */
export function findUserNamesByIds(db: Db, ids: readonly string[]): Promise<UserName[]> {
  return repo.findUserNamesByIds(db, ids);
}

/** Names of users by login name (deleted ones too). */
export function findUserNamesByUsernames(db: Db, usernames: readonly string[]): Promise<UserName[]> {
  return repo.findUserNamesByUsernames(db, usernames);
}

/** An account that can be given work or act: not deleted, not frozen; undefined otherwise. */
export function findActiveUserName(db: Db, id: string): Promise<UserName | undefined> {
  return repo.findActiveUser(db, id);
}

// ---- new accounts ------------------------------------------------------------------------------------

export type NewUserFields = Pick<Insertable<SysUserTable>, 'id' | 'username'> & Partial<Insertable<SysUserTable>>;

/** A sys_user row: every optional column empty (a member, created now) unless given. Seeds and tests use it too. */
export function newUserRow(fields: NewUserFields): Insertable<SysUserTable> {
  return {
    realname: fields.username,
    nickname: null,
    password: null,
    avatar: null,
    birthday: null,
    sex: null,
    email: null,
    phone: null,
    orgCode: null,
    workNo: null,
    post: null,
    telephone: null,
    thirdOrgCode: null,
    accountId: null,
    userIdentity: 1,
    departIds: null,
    settings: null,
    createBy: null,
    createTime: nowIso(),
    updateBy: null,
    updateTime: null,
    ...fields,
  };
}

/** Inserts an account row (build it with newUserRow); a taken username fails on the unique index. */
export async function createUser(db: Db, row: Insertable<SysUserTable>): Promise<void> {
  await repo.insertUser(db, row);
}

// ---- accounts by a sign-in name (live rows only; the full row, password hash included) ---------------

export function findUserById(db: Db, id: string): Promise<User | undefined> {
  return repo.findUserById(db, id);
}

export function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  return repo.findUserByUsername(db, username);
}

export function findUserByPhone(db: Db, phone: string): Promise<User | undefined> {
  return repo.findUserByPhone(db, phone);
}

export function findUserByWorkNo(db: Db, workNo: string): Promise<User | undefined> {
  return repo.findUserByWorkNo(db, workNo);
}

/** The row holding a login name, deleted or not (the name stays taken): what operator commands act on. */
export function findAnyUserByUsername(
  db: Db,
  username: string,
): Promise<Pick<User, 'id' | 'username' | 'workNo'> | undefined> {
  return repo.findAnyUserByUsername(db, username);
}

/** Login names of users by id, sorted by login name (deleted ones too). */
export function listUsernamesByIds(db: Db, ids: readonly string[]): Promise<Pick<User, 'id' | 'username'>[]> {
  return repo.findUsernamesByIds(db, ids);
}

// ---- uniqueness ----------------------------------------------------------------------------------------

/** Whether any row, deleted ones included, holds the username ignoring case. */
export function usernameExists(db: Db, username: string): Promise<boolean> {
  return repo.usernameExists(db, username);
}

/** Whether a live user other than `exceptUserId` (when given) has the phone number. */
export function phoneExists(db: Db, phone: string, exceptUserId?: string): Promise<boolean> {
  return repo.phoneExists(db, phone, exceptUserId);
}

/** Whether a live user other than `exceptUserId` (when given) has the e-mail address, ignoring case. */
export function emailExists(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  return repo.emailExists(db, email, exceptUserId);
}

// ---- what an account holder changes ------------------------------------------------------------------

/** The stored display settings (JSON text), or null. */
export function findSettingsText(db: Db, userId: string): Promise<string | null> {
  return repo.findSettingsText(db, userId);
}

/** Stores the display settings without touching version or update stamp (they never cause a 409). */
export async function saveSettingsText(db: Db, userId: string, settings: string): Promise<void> {
  await repo.updateSettingsText(db, userId, settings);
}

/** Writes the holder's editable fields and bumps the version; answers how many rows changed (0: stale). */
export function updateSelf(
  db: Db,
  userId: string,
  changes: SelfChanges,
  expectedVersion: number | undefined,
  by: string,
  at: string,
): Promise<number> {
  return repo.updateSelf(db, userId, changes, expectedVersion, by, at);
}

/** The department a sign-in settled on: not an edit of the account, so no update stamp. */
export async function setLoginOrgCode(db: Db, userId: string, orgCode: string | null): Promise<void> {
  await repo.updateLoginOrgCode(db, userId, orgCode);
}

/** The department the holder switched to. */
export async function setOrgCode(db: Db, userId: string, orgCode: string, by: string, at: string): Promise<void> {
  await repo.updateOrgCode(db, userId, orgCode, by, at);
}

/** The settlement organisation the holder switched to. */
export async function setAccountId(db: Db, userId: string, accountId: string, by: string, at: string): Promise<void> {
  await repo.updateAccountId(db, userId, accountId, by, at);
}

/** A password the holder chose (own change, SMS reset): no forced change remains. */
export async function setOwnPassword(db: Db, userId: string, hash: string, by: string, at: string): Promise<void> {
  await repo.updatePassword(db, userId, hash, by, at, true);
}

/** A password an operator set (CLI reset): must_change_password stays as it was. */
export async function setPasswordByOperator(
  db: Db,
  userId: string,
  hash: string,
  by: string,
  at: string,
): Promise<void> {
  await repo.updatePassword(db, userId, hash, by, at, false);
}

// ---- settlement organisations --------------------------------------------------------------------------

/** The enabled settlement organisations the user belongs to, in sort order. */
export function findUserSettlementOrgs(db: Db, userId: string): Promise<{ id: string; code: string; name: string }[]> {
  return repo.findUserSettlementOrgs(db, userId);
}
