/**
 * Roles as other modules and the seeds see them: the built-in role codes, a role's id by code, and giving a
 * user a role. The caller invalidates the permission cache (invalidatePermissions) after a change that an
 * existing user's cached codes could miss.
 */
import type { PickerRole, RoleListQuery } from '@houtai/shared/contract/pickers';
import type { Db } from '../../db/connection.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { toWireTime } from '../../lib/time.ts';
import * as repo from './role.repository.ts';
import { superQueryWhere } from '../../registry/index.ts';

/** The administrators' role: the base seed grants it every permission, `create-admin` hands it out. */
export const ADMIN_ROLE = 'admin';

/** The low-privilege role (home and own account only): self-registered users get it; the demo seed creates it. */
export const GUEST_ROLE = 'guest';

/** The id of the role with this code, or undefined when the installation has none. */
export async function findRoleId(db: Db, roleCode: string): Promise<string | undefined> {
  return (await repo.findRoleIdByCode(db, roleCode))?.id;
}

/** The id of a role that must exist (the base data creates it); throws Kysely's NoResultError otherwise. */
export async function requireRoleId(db: Db, roleCode: string): Promise<string> {
  return (await repo.getRoleIdByCode(db, roleCode)).id;
}

/** Links a user to a role; for a user known not to hold it (a new account). */
export async function addUserRole(db: Db, userId: string, roleId: string): Promise<void> {
  await repo.insertUserRoleLink(db, userId, roleId);
}

/** Links a user to a role unless the link exists; answers whether it was added. */
export async function ensureUserRole(db: Db, userId: string, roleId: string): Promise<boolean> {
  if (await repo.findUserRoleLink(db, userId, roleId)) return false;
  await repo.insertUserRoleLink(db, userId, roleId);
  return true;
}

/** GET /sys/role/list: a page of roles (the role picker; default order role code). */
export async function listRoles(db: Db, q: RoleListQuery): Promise<PageOf<PickerRole>> {
  const filter = { roleName: q.roleName, roleCode: q.roleCode, where: superQueryWhere('sys_role', q) };
  const [total, rows] = await Promise.all([
    repo.countRoles(db, filter),
    repo.pageRoles(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, createTime: toWireTime(r.createTime) })),
    total,
    q,
  );
}

/** Whether a role code is one of the built-in roles (admin, guest): they keep their codes and cannot be deleted. */
export function isBuiltInRole(roleCode: string): boolean {
  return roleCode === ADMIN_ROLE || roleCode === GUEST_ROLE;
}

/** A role by id (queryById's row), or undefined. */
export function findRole(db: Db, id: string) {
  return repo.findRoleById(db, id);
}

/** Which of these ids are roles (the user form's `selectedroles` check). */
export async function existingRoleIds(db: Db, ids: readonly string[]): Promise<string[]> {
  return (await repo.findRolesByIds(db, ids)).map((r) => r.id);
}

/** The role ids of a live user, by role code (the user form's 角色). */
export function roleIdsOfUser(db: Db, userId: string): Promise<string[]> {
  return repo.findRoleIdsOfUser(db, userId);
}

/** Takes these roles from a user (the user form's 角色 after an edit). */
export function removeUserRoles(db: Db, userId: string, roleIds: readonly string[]): Promise<void> {
  return repo.deleteRoleLinksOfUser(db, userId, roleIds);
}

/** Takes every role from these users, deleted or not (the recycle bin's 彻底删除). */
export function removeAllUserRoles(db: Db, userIds: readonly string[]): Promise<void> {
  return repo.deleteAllRoleLinksOfUsers(db, userIds);
}
