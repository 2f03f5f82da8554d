/** SQL of a role's grants (sys_role_permission) and of the permission tree the grants are picked on (sys_permission). */
import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';

/** Rows per insert or `in (…)` list: far below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Every live permission row (menus, buttons, field rules), in the tree's order. */
export function findPermissionTreeRows(db: Db) {
  return db
    .selectFrom('sysPermission')
    .select(['id', 'parentId', 'name', 'icon', 'menuType', 'perms', 'permsType', 'ruleFlag'])
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .orderBy('id')
    .execute();
}

export type PermissionTreeRow = Awaited<ReturnType<typeof findPermissionTreeRows>>[number];

/** The live permissions a role holds. */
export async function findRolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select('rp.permissionId')
    .where('rp.roleId', '=', roleId)
    .where('p.delFlag', '=', 0)
    .orderBy('p.sortNo')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.permissionId);
}

/** Every permission id linked to the role (live or not): what a save diffs against. */
export async function findRoleLinkIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute();
  return rows.map((r) => r.permissionId);
}

export async function insertRolePermissionLinks(
  db: Db,
  roleId: string,
  permissionIds: readonly string[],
  operate: { operateDate: string; operateIp: string | null },
): Promise<void> {
  for (const part of chunks(permissionIds)) {
    await db
      .insertInto('sysRolePermission')
      .values(part.map((permissionId) => ({ id: newId(), roleId, permissionId, dataRuleIds: null, ...operate })))
      .execute();
  }
}

export async function deleteRolePermissionLinks(
  db: Db,
  roleId: string,
  permissionIds: readonly string[],
): Promise<void> {
  for (const part of chunks(permissionIds)) {
    await db.deleteFrom('sysRolePermission').where('roleId', '=', roleId).where('permissionId', 'in', part).execute();
  }
}

/** Removes every grant of these roles (a role being deleted). */
export async function deleteLinksOfRoles(db: Db, roleIds: readonly string[]): Promise<void> {
  for (const part of chunks(roleIds)) {
    await db.deleteFrom('sysRolePermission').where('roleId', 'in', part).execute();
  }
}

/** Removes every role's grant of these permissions (menus being deleted). */
export async function deleteLinksOfPermissions(db: Db, permissionIds: readonly string[]): Promise<void> {
  for (const part of chunks(permissionIds)) {
    await db.deleteFrom('sysRolePermission').where('permissionId', 'in', part).execute();
  }
}
