/**
 * User administration (issue 14, contract §2.7): add and edit an account with its roles, departments, positions,
 * settlement organisations and avatar; logical delete, freeze / unfreeze, resign; an administrator's password reset.
 * Every refusal is a business answer with a Chinese message and changes nothing (each write is one transaction).
 * Sessions of the accounts an operation disables end here; the routes close their sockets (app.realtime).
 */
import {
  ADMIN_USER_TEXT,
  USER_IDENTITY,
  USER_STATUS,
  type AdminChangePasswordBody,
  type CheckOnlyUserQuery,
  type UserAddBody,
  type UserDepartOption,
  type UserEditBody,
} from '@houtai/shared/contract/admin-user';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { findFileRecord } from '../files/files.service.ts';
import { invalidatePermissions } from '../permission/permission-codes.service.ts';
import { positionNamesByCodes } from '../position/position.service.ts';
import {
  ADMIN_ROLE,
  addUserRole,
  existingRoleIds,
  findRoleId,
  removeUserRoles,
  roleIdsOfUser,
} from '../role/role.service.ts';
import { revokeUserTokens } from '../session/session.service.ts';
import * as repo from './user-admin.repository.ts';
import * as userRepo from './user.repository.ts';
import { newUserRow } from './user.service.ts';

/** Who acts: the signed-in administrator. */
export interface Actor {
  id: string;
  username: string;
}

const refuse = (message: string) => AppError.business(message);

// ---- checks shared by add and edit ---------------------------------------------------------------------

interface Links {
  roleIds?: string[] | undefined;
  departIds?: string[] | undefined;
  settlementOrgIds?: string[] | undefined;
}

/** Unknown role, department, managed department, position, settlement organisation or avatar → refused. */
async function checkReferences(db: Db, body: UserAddBody | UserEditBody): Promise<void> {
  const roles = body.selectedroles ?? [];
  if (roles.length && (await existingRoleIds(db, roles)).length !== roles.length)
    throw refuse(ADMIN_USER_TEXT.roleUnknown);
  const departs = body.selecteddeparts ?? [];
  if (departs.length && (await repo.findLiveDeparts(db, departs)).length !== departs.length)
    throw refuse(ADMIN_USER_TEXT.departUnknown);
  const managed = body.departIds ?? [];
  if (managed.length && (await repo.findLiveDeparts(db, managed)).length !== managed.length)
    throw refuse(ADMIN_USER_TEXT.managedDepartUnknown);
  const posts = body.post ?? [];
  if (posts.length && (await positionNamesByCodes(db, posts)).size !== posts.length)
    throw refuse(ADMIN_USER_TEXT.positionUnknown);
  const orgs = body.settlementOrgIds ?? [];
  if (orgs.length && (await repo.findEnabledSettlementOrgIds(db, orgs)).size !== orgs.length)
    throw refuse(ADMIN_USER_TEXT.settlementUnknown);
  if (body.avatar !== undefined && !/^https?:\/\//i.test(body.avatar)) {
    // A path of this server's storage must name a stored file (never a path the client made up).
    if (body.avatar.includes('..') || !(await findFileRecord(db, body.avatar)))
      throw refuse(ADMIN_USER_TEXT.avatarInvalid);
  }
}

/** Phone, e-mail and work number held by another live user → refused with the field's message. */
async function checkUnique(db: Db, body: UserAddBody | UserEditBody, exceptId: string | undefined): Promise<void> {
  if (body.phone && (await repo.findHolder(db, 'phone', body.phone, exceptId)))
    throw refuse(ADMIN_USER_TEXT.phoneTaken);
  if (body.email && (await repo.findHolder(db, 'email', body.email, exceptId)))
    throw refuse(ADMIN_USER_TEXT.emailTaken);
  if (body.workNo && (await repo.findHolder(db, 'workNo', body.workNo, exceptId)))
    throw refuse(ADMIN_USER_TEXT.workNoTaken);
}

/** After a unique index refused a write (a race), the message of the value now taken. */
async function uniqueMessage(db: Db, body: UserAddBody | UserEditBody, exceptId: string | undefined) {
  if ('username' in body && (await userRepo.usernameExists(db, body.username))) return ADMIN_USER_TEXT.usernameTaken;
  try {
    await checkUnique(db, body, exceptId);
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
  return TEXT_DUPLICATE;
}

const TEXT_DUPLICATE = '数据库中已存在该记录';

/** The managed departments are kept for a manager only (userIdentity 2). */
function managedOf(body: UserAddBody | UserEditBody, identity: number): string | null {
  return identity === USER_IDENTITY.manager && body.departIds?.length ? body.departIds.join(',') : null;
}

async function writeLinks(db: Db, userId: string, links: Links, previousRoles: readonly string[]): Promise<void> {
  if (links.roleIds !== undefined) {
    const keep = new Set(links.roleIds);
    const gone = previousRoles.filter((r) => !keep.has(r));
    if (gone.length) await removeUserRoles(db, userId, gone);
    for (const roleId of links.roleIds) if (!previousRoles.includes(roleId)) await addUserRole(db, userId, roleId);
  }
  if (links.departIds !== undefined) await repo.replaceUserDeparts(db, userId, links.departIds);
  if (links.settlementOrgIds !== undefined) await repo.replaceUserSettlementOrgs(db, userId, links.settlementOrgIds);
}

// ---- add / edit ---------------------------------------------------------------------------------------------

/** POST /sys/user/add: answers the new account's id. */
export async function addUser(db: Db, actor: Actor, body: UserAddBody): Promise<string> {
  if (await userRepo.usernameExists(db, body.username)) throw refuse(ADMIN_USER_TEXT.usernameTaken);
  await checkUnique(db, body, undefined);
  await checkReferences(db, body);
  const id = newId();
  const identity = body.userIdentity ?? USER_IDENTITY.member;
  const row = newUserRow({
    id,
    username: body.username,
    realname: body.realname,
    nickname: body.nickname ?? null,
    password: await hashPassword(body.password),
    avatar: body.avatar ?? null,
    birthday: body.birthday ?? null,
    sex: body.sex ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    workNo: body.workNo ?? null,
    post: body.post?.length ? body.post.join(',') : null,
    telephone: body.telephone ?? null,
    userIdentity: identity,
    departIds: managedOf(body, identity),
    createBy: actor.username,
    createTime: nowIso(),
  });
  try {
    await db.transaction().execute(async (trx) => {
      await userRepo.insertUser(trx, row);
      await writeLinks(
        trx,
        id,
        { roleIds: body.selectedroles, departIds: body.selecteddeparts, settlementOrgIds: body.settlementOrgIds },
        [],
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(await uniqueMessage(db, body, undefined));
    throw err;
  }
  if (body.selectedroles?.length) await invalidatePermissions(db);
  return id;
}

/** PUT|POST /sys/user/edit. Lists left out of the body (roles, departments, settlement organisations) stay. */
export async function editUser(db: Db, actor: Actor, body: UserEditBody): Promise<void> {
  const current = await userRepo.findUserById(db, body.id);
  if (!current) throw refuse(ADMIN_TEXT.notFound);
  await checkUnique(db, body, body.id);
  await checkReferences(db, body);
  const identity = body.userIdentity ?? current.userIdentity ?? USER_IDENTITY.member;
  // A field the body leaves out stays as it is (JeecgBoot's updateById skips nulls too).
  const changes: repo.AdminChanges = Object.fromEntries(
    Object.entries({
      realname: body.realname,
      nickname: body.nickname,
      workNo: body.workNo,
      phone: body.phone,
      email: body.email,
      telephone: body.telephone,
      sex: body.sex,
      birthday: body.birthday,
      avatar: body.avatar,
      userIdentity: identity,
      departIds:
        identity !== USER_IDENTITY.manager
          ? null
          : body.departIds === undefined
            ? current.departIds
            : managedOf(body, identity),
      post: body.post === undefined ? undefined : body.post.length ? body.post.join(',') : null,
    }).filter(([, v]) => v !== undefined),
  );
  try {
    await db.transaction().execute(async (trx) => {
      const previousRoles = await roleIdsOfUser(trx, body.id);
      if (body.selectedroles !== undefined) await guardAdminRoleRemoval(trx, actor, body.id, body.selectedroles);
      const n = await repo.updateAccount(trx, body.id, changes, body.version, actor.username, nowIso());
      if (n === 0) throw refuse(body.version !== undefined ? ADMIN_TEXT.stale : ADMIN_TEXT.notFound);
      await writeLinks(
        trx,
        body.id,
        { roleIds: body.selectedroles, departIds: body.selecteddeparts, settlementOrgIds: body.settlementOrgIds },
        previousRoles,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(await uniqueMessage(db, body, body.id));
    throw err;
  }
  if (body.selectedroles !== undefined || body.selecteddeparts !== undefined) await invalidatePermissions(db);
}

/**
 * Inside a transaction that takes the account or the admin role away from `losing`: takes the active
 * administrators' row locks first (two such transactions on PostgreSQL queue on the same rows, so the second counts
 * what the first committed), then refuses when no active administrator would remain. The one guard of user
 * deletes, freezes and resignations and of the role screen's 取消关联 (role-admin.service.ts).
 */
export async function assertAdministratorsRemain(trx: Db, losing: readonly string[]): Promise<void> {
  await repo.lockActiveAdmins(trx, ADMIN_ROLE);
  const admins = await repo.findActiveAdminIds(trx, ADMIN_ROLE);
  const target = new Set(losing);
  if (admins.length > 0 && admins.every((a) => target.has(a))) throw refuse(ADMIN_TEXT.lastAdmin);
}

/** The admin role taken from oneself, or from the last active administrator → refused. */
async function guardAdminRoleRemoval(db: Db, actor: Actor, userId: string, roleIds: readonly string[]) {
  const adminRoleId = await findRoleId(db, ADMIN_ROLE);
  if (adminRoleId === undefined || roleIds.includes(adminRoleId)) return;
  await repo.lockActiveAdmins(db, ADMIN_ROLE);
  const admins = await repo.findActiveAdminIds(db, ADMIN_ROLE);
  if (!admins.includes(userId)) return;
  if (userId === actor.id) throw refuse(ADMIN_TEXT.ownAdminRole);
  if (admins.length === 1) throw refuse(ADMIN_TEXT.lastAdmin);
}

// ---- reads --------------------------------------------------------------------------------------------------

/** GET /sys/user/queryById: the account (never password or settings) with its links as the forms read them. */
export async function getUser(db: Db, id: string) {
  const u = await userRepo.findUserById(db, id);
  if (!u) throw refuse(ADMIN_TEXT.notFound);
  const [roleIds, departIds, settlementOrgIds] = await Promise.all([
    roleIdsOfUser(db, id),
    repo.findDepartIdsOfUser(db, id),
    repo.findSettlementOrgIdsOfUser(db, id),
  ]);
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    nickname: u.nickname,
    avatar: u.avatar,
    birthday: u.birthday,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    orgCode: u.orgCode,
    status: u.status,
    delFlag: u.delFlag,
    workNo: u.workNo,
    post: u.post,
    telephone: u.telephone,
    userIdentity: u.userIdentity,
    departIds: u.departIds,
    version: u.version,
    createBy: u.createBy,
    createTime: toWireTime(u.createTime),
    updateBy: u.updateBy,
    updateTime: toWireTime(u.updateTime),
    selectedroles: roleIds.join(','),
    selecteddeparts: departIds.join(','),
    settlementOrgIds: settlementOrgIds.join(','),
  };
}

/** GET /sys/user/queryUserRole: the role ids of a user; none is a refusal, as JeecgBoot answers. */
export async function userRoleIds(db: Db, userId: string): Promise<string[]> {
  const ids = await roleIdsOfUser(db, userId);
  if (ids.length === 0) throw refuse(ADMIN_USER_TEXT.noRole);
  return ids;
}

/** GET /sys/user/checkOnlyUser: whether a row already holds the given values (all given ones together). */
export async function isUserTaken(db: Db, q: CheckOnlyUserQuery): Promise<boolean> {
  if (q.username === undefined && q.phone === undefined && q.email === undefined && q.workNo === undefined)
    throw refuse(ADMIN_USER_TEXT.checkOnlyEmpty);
  return repo.anyUserMatching(db, q);
}

/** GET /sys/user/userDepartList: the user's departments as {key, value, title}. */
export async function userDepartOptions(db: Db, userId: string): Promise<UserDepartOption[]> {
  return (await userRepo.findUserDeparts(db, userId)).map((d) => ({ key: d.id, value: d.id, title: d.departName }));
}

// ---- delete / freeze / resign -------------------------------------------------------------------------------

/**
 * The guards of delete, freeze and resign: every id a live user (all or nothing), never oneself, never the last
 * active administrator. Runs `write` in one transaction after taking the administrators' row locks, then counts
 * again, so two administrators freezing the last two others at once cannot both succeed.
 */
async function disableAccounts(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  write: (trx: Db, at: string) => Promise<number>,
): Promise<void> {
  if (ids.includes(actor.id)) throw refuse(ADMIN_TEXT.ownAccount);
  await db.transaction().execute(async (trx) => {
    await assertAdministratorsRemain(trx, ids);
    const live = await repo.findLiveUsers(trx, ids);
    if (live.length !== ids.length) throw refuse(ADMIN_TEXT.notFound);
    await write(trx, nowIso());
  });
  for (const id of ids) await revokeUserTokens(db, id, 'account-disabled');
}

/** DELETE /sys/user/delete, deleteBatch: logical delete; their sessions end. */
export async function deleteUsers(db: Db, actor: Actor, ids: readonly string[]): Promise<void> {
  await disableAccounts(db, actor, ids, (trx, at) => repo.markDeleted(trx, ids, actor.username, at));
  await invalidatePermissions(db);
}

/** PUT /sys/user/frozenBatch: status 2 freezes (sessions end), 1 unfreezes (also a resigned account). */
export async function setFrozen(db: Db, actor: Actor, ids: readonly string[], status: '1' | '2'): Promise<void> {
  if (status === '2') {
    await disableAccounts(db, actor, ids, (trx, at) =>
      repo.updateStatus(trx, ids, USER_STATUS.frozen, actor.username, at),
    );
    return;
  }
  await db.transaction().execute(async (trx) => {
    const live = await repo.findLiveUsers(trx, ids);
    if (live.length !== ids.length) throw refuse(ADMIN_TEXT.notFound);
    await repo.updateStatus(trx, ids, USER_STATUS.normal, actor.username, nowIso());
  });
}

/** PUT /sys/user/resignBatch: status 3 (离职); their sessions end. */
export async function resignUsers(db: Db, actor: Actor, ids: readonly string[]): Promise<void> {
  await disableAccounts(db, actor, ids, (trx, at) =>
    repo.updateStatus(trx, ids, USER_STATUS.resigned, actor.username, at),
  );
}

/**
 * PUT /sys/user/changePassword by an administrator: the password rule, an argon2id hash, must_change_password 1,
 * and every session of the account ends (the administrator's own current one stays when it is their account).
 * Answers the account's id.
 */
export async function resetPassword(
  db: Db,
  actor: Actor & { tokenId: string },
  body: AdminChangePasswordBody,
): Promise<string> {
  const user = await userRepo.findUserByUsername(db, body.username);
  if (!user) throw refuse(ADMIN_USER_TEXT.userNotFound);
  const hash = await hashPassword(body.password);
  await repo.updatePasswordForcingChange(db, user.id, hash, actor.username, nowIso());
  await revokeUserTokens(db, user.id, 'password-reset', user.id === actor.id ? actor.tokenId : undefined);
  return user.id;
}
