/**
 * The role administration (issue 14, contract §2.8): role add/edit/delete/queryById/queryall/checkRoleCode, the
 * role's grants (through the permission module's role-permission service) and the users of a role (user rows
 * presented by the user module's service). The built-in roles admin and guest keep their codes and are never
 * deleted; the admin role keeps the grants that administer roles, and is never taken from the last active
 * administrator nor from the caller. Every change that can alter what a user may see invalidates the permission cache.
 */
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  ROLE_TEXT,
  type AddUserRoleBody,
  type CheckRoleCodeQuery,
  type RoleAddBody,
  type RoleEditBody,
  type RoleRecord,
  type SaveRolePermissionBody,
  type UserRoleListQuery,
} from '@houtai/shared/contract/admin-role';
import type { PickerUser } from '@houtai/shared/contract/pickers';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { invalidatePermissions } from '../permission/permission-codes.service.ts';
import { removeGrantsOfRoles, rolePermissionIds, saveRolePermissions } from '../permission/role-permission.service.ts';
import { findUserById } from '../user/user.service.ts';
import { assertAdministratorsRemain } from '../user/user-admin.service.ts';
import { multiUser, type UserPickerViewer } from '../user/user-picker.service.ts';
import * as repo from './role.repository.ts';
import { ADMIN_ROLE, isBuiltInRole } from './role.service.ts';

export interface RoleActor {
  userId: string;
  username: string;
}

type RoleRow = NonNullable<Awaited<ReturnType<typeof repo.findRoleById>>>;

function present(r: RoleRow): RoleRecord {
  return {
    ...r,
    createTime: toWireTime(r.createTime),
    updateTime: toWireTime(r.updateTime),
  };
}

async function requireRole(db: Db, id: string): Promise<RoleRow> {
  const role = await repo.findRoleById(db, id);
  if (!role) throw AppError.business(ADMIN_TEXT.notFound);
  return role;
}

/** Whether another role holds the code (ignoring case: admin and Admin would be told apart by no one). */
async function codeTaken(db: Db, roleCode: string, exceptId?: string): Promise<boolean> {
  return (await repo.findRoleByCodeIgnoringCase(db, roleCode, exceptId)) !== undefined;
}

/** A unique-index refusal (a race between the check and the write) as the duplicate-code message. */
async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.business(ROLE_TEXT.roleCodeTaken);
    throw err;
  }
}

// ---- Roles ---------------------------------------------------------------------------------------------------

export async function addRole(db: Db, actor: RoleActor, body: RoleAddBody): Promise<RoleRecord> {
  if (await codeTaken(db, body.roleCode)) throw AppError.business(ROLE_TEXT.roleCodeTaken);
  const id = newId();
  await uniqueCode(() =>
    repo.insertRole(db, {
      id,
      roleName: body.roleName,
      roleCode: body.roleCode,
      description: body.description ?? null,
      createBy: actor.username,
      createTime: nowIso(),
    }),
  );
  return present(await requireRole(db, id));
}

export async function editRole(db: Db, actor: RoleActor, body: RoleEditBody): Promise<RoleRecord> {
  const role = await requireRole(db, body.id);
  const roleCode = body.roleCode ?? role.roleCode;
  if (isBuiltInRole(role.roleCode) && roleCode !== role.roleCode) throw AppError.business(ROLE_TEXT.builtInCode);
  if (roleCode !== role.roleCode && (await codeTaken(db, roleCode, role.id))) {
    throw AppError.business(ROLE_TEXT.roleCodeTaken);
  }
  const changed = await uniqueCode(() =>
    repo.updateRole(db, role.id, body.version, {
      roleName: body.roleName,
      roleCode,
      description: body.description === undefined ? role.description : body.description,
      updateBy: actor.username,
      updateTime: nowIso(),
    }),
  );
  if (changed === 0) throw AppError.business(body.version === undefined ? ADMIN_TEXT.notFound : ADMIN_TEXT.stale);
  // A role's name and code reach no one's codes, but a screen showing the user's roles reloads with the epoch.
  await invalidatePermissions(db);
  return present(await requireRole(db, role.id));
}

/** delete / deleteBatch: the roles, their user links and their grants, all or nothing; built-in roles refused. */
export async function deleteRoles(db: Db, ids: readonly string[]): Promise<number> {
  const roles = await repo.findRolesByIds(db, ids);
  if (roles.length === 0) throw AppError.business(ADMIN_TEXT.notFound);
  if (roles.some((r) => isBuiltInRole(r.roleCode))) throw AppError.business(ROLE_TEXT.builtInDelete);
  const roleIds = roles.map((r) => r.id);
  await db.transaction().execute(async (trx) => {
    await removeGrantsOfRoles(trx, roleIds);
    await repo.deleteRoles(trx, roleIds);
    await invalidatePermissions(trx);
  });
  return roleIds.length;
}

export async function queryRole(db: Db, id: string): Promise<RoleRecord> {
  return present(await requireRole(db, id));
}

export async function allRoles(db: Db): Promise<RoleRecord[]> {
  return (await repo.findAllRoles(db)).map(present);
}

/** checkRoleCode: whether the code is free (the role `id`, when editing, does not count). */
export async function roleCodeFree(db: Db, q: CheckRoleCodeQuery): Promise<boolean> {
  return !(await codeTaken(db, q.roleCode, q.id));
}

// ---- Grants ----------------------------------------------------------------------------------------------------

export async function roleGrantIds(db: Db, roleId: string): Promise<string[]> {
  await requireRole(db, roleId);
  return rolePermissionIds(db, roleId);
}

export async function saveRoleGrants(db: Db, body: SaveRolePermissionBody, operateIp: string | null): Promise<void> {
  const role = await requireRole(db, body.roleId);
  await saveRolePermissions(
    db,
    { roleId: role.id, guardAdmin: role.roleCode === ADMIN_ROLE },
    { permissionIds: body.permissionIds, lastpermissionIds: body.lastpermissionIds },
    operateIp,
  );
}

// ---- Users of a role ---------------------------------------------------------------------------------------------

/** userRoleList: live users holding the role, newest account first, in the user list's row shape. */
export async function listRoleUsers(
  db: Db,
  q: UserRoleListQuery,
  viewer: UserPickerViewer,
): Promise<PageOf<PickerUser>> {
  await requireRole(db, q.roleId);
  const filter = { roleId: q.roleId, username: q.username, realname: q.realname };
  const [total, ids] = await Promise.all([
    repo.countRoleUsers(db, filter),
    repo.pageRoleUserIds(db, filter, offsetOf(q), q.pageSize),
  ]);
  // The page holds at most PICKER_PAGE_SIZE_MAX ids: within what getMultiUser resolves in one call.
  const records = ids.length === 0 ? [] : await multiUser(db, { id: ids.join(','), store: 'id' }, viewer);
  return pageOf(records, total, q);
}

/** addSysUserRole: links live users to the role (those holding it already are skipped). */
export async function addRoleUsers(db: Db, body: AddUserRoleBody): Promise<number> {
  const role = await requireRole(db, body.roleId);
  const users = await Promise.all(body.userIdList.map((id) => findUserById(db, id)));
  if (users.some((u) => u === undefined)) throw AppError.business(ROLE_TEXT.userUnknown);
  return db.transaction().execute(async (trx) => {
    const linked = new Set(await repo.findLinkedUserIds(trx, role.id, body.userIdList));
    const fresh = body.userIdList.filter((id) => !linked.has(id));
    await repo.insertUserRoleLinks(trx, role.id, fresh);
    if (fresh.length > 0) await invalidatePermissions(trx);
    return fresh.length;
  });
}

/**
 * deleteUserRole / deleteUserRoleBatch: unlinks users from the role. The admin role is never taken from the
 * caller (ADMIN_TEXT.ownAdminRole) nor from the last active administrator (ADMIN_TEXT.lastAdmin).
 */
export async function removeRoleUsers(
  db: Db,
  actor: RoleActor,
  roleId: string,
  userIds: readonly string[],
): Promise<number> {
  const role = await requireRole(db, roleId);
  const isAdmin = role.roleCode === ADMIN_ROLE;
  if (isAdmin && userIds.includes(actor.userId)) throw AppError.business(ADMIN_TEXT.ownAdminRole);
  return db.transaction().execute(async (trx) => {
    if (isAdmin) await assertAdministratorsRemain(trx, userIds);
    const removed = await repo.deleteUserRoleLinks(trx, role.id, userIds);
    if (removed > 0) await invalidatePermissions(trx);
    return removed;
  });
}
