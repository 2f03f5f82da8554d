/**
 * A role's grants on the permission tree (contract §2.8): the tree of every menu, button (permsType 1) and field rule
 * (permsType 2), the ids a role holds, and the diff-based save. Who the role is (and whether it is the administrators'
 * role, whose grants to administer roles cannot be taken away) is the role module's to say: it passes `guardAdmin`.
 * Every change bumps the permission epoch, so each signed-in user's next permission load sees it on every instance.
 */
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { ROLE_TEXT, type PermissionTreeNode, type PermissionTreeResult } from '@houtai/shared/contract/admin-role';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/time.ts';
import { invalidatePermissions } from './permission-codes.service.ts';
import * as repo from './role-permission.repository.ts';
import { grantDiff } from '../../lib/grant-diff.ts';

/**
 * The codes the admin role always keeps (with every menu above them): without them no one could open 角色管理 or
 * give the role its grants back.
 */
export const ADMIN_KEPT_CODES: readonly string[] = [ADMIN_PERMISSIONS.role.list, ADMIN_PERMISSIONS.role.authorize];

const codesOf = (perms: string | null): string[] => (perms ?? '').split(',').map((c) => c.trim());

/** The rows carrying one of `codes`, and every menu above them. */
export function rowsWithAncestors(rows: readonly repo.PermissionTreeRow[], codes: readonly string[]): Set<string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const wanted = new Set(codes);
  const out = new Set<string>();
  for (const row of rows) {
    if (!codesOf(row.perms).some((c) => wanted.has(c))) continue;
    let node: repo.PermissionTreeRow | undefined = row;
    // `out.has` stops at a node already walked (and at a parent cycle a broken table might hold).
    while (node && !out.has(node.id)) {
      out.add(node.id);
      node = node.parentId ? byId.get(node.parentId) : undefined;
    }
  }
  return out;
}

/** The rows as a tree: a row whose parent is missing (or blank) is a root; order as read (sortNo, id). */
export function buildPermissionTree(rows: readonly repo.PermissionTreeRow[]): PermissionTreeNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<string, repo.PermissionTreeRow[]>();
  const roots: repo.PermissionTreeRow[] = [];
  for (const row of rows) {
    if (row.parentId && row.parentId !== row.id && ids.has(row.parentId)) {
      const list = childrenOf.get(row.parentId) ?? [];
      list.push(row);
      childrenOf.set(row.parentId, list);
    } else {
      roots.push(row);
    }
  }
  const seen = new Set<string>();
  const node = (row: repo.PermissionTreeRow): PermissionTreeNode => {
    seen.add(row.id);
    // A parent cycle in a broken table cannot recurse for ever: a node is placed once.
    const kids = (childrenOf.get(row.id) ?? []).filter((k) => !seen.has(k.id));
    const n: PermissionTreeNode = {
      key: row.id,
      title: row.name,
      slotTitle: row.name,
      isLeaf: kids.length === 0,
      icon: row.icon,
      parentId: row.parentId,
      value: row.id,
      label: row.name,
      ruleFlag: row.ruleFlag,
      scopedSlots: row.ruleFlag === 1 ? { title: 'hasDatarule' } : null,
      menuType: row.menuType,
      permsType: row.menuType === 2 ? row.permsType : null,
    };
    if (kids.length > 0) n.children = kids.map(node);
    return n;
  };
  return roots.map(node);
}

/** GET /sys/role/queryTreeList and /sys/permission/queryTreeList. */
export async function permissionTree(db: Db): Promise<PermissionTreeResult> {
  const rows = await repo.findPermissionTreeRows(db);
  return { treeList: buildPermissionTree(rows), ids: rows.map((r) => r.id) };
}

/** GET /sys/permission/queryRolePermission: the live permissions the role holds. */
export function rolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  return repo.findRolePermissionIds(db, roleId);
}

export interface RoleGrantTarget {
  roleId: string;
  /** The administrators' role: refuse taking away ADMIN_KEPT_CODES and their menus. */
  guardAdmin: boolean;
}

export interface GrantChange {
  permissionIds: readonly string[];
  /** The ids ticked when the tree was read; absent → the role's stored grants (the ticked ids are the whole set). */
  lastpermissionIds?: readonly string[] | undefined;
}

/**
 * POST /sys/permission/saveRolePermission: grants every ticked id the role lacks and removes the ids unticked since
 * the tree was read (JeecgBoot's diff, against what is stored now: a concurrent save of other ids survives).
 * Every ticked id must be a live permission. One transaction; the permission epoch is bumped with it.
 */
export async function saveRolePermissions(
  db: Db,
  target: RoleGrantTarget,
  change: GrantChange,
  operateIp: string | null,
): Promise<{ added: number; removed: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await repo.findPermissionTreeRows(trx);
    const live = new Set(rows.map((r) => r.id));
    if (change.permissionIds.some((id) => !live.has(id))) throw AppError.business(ROLE_TEXT.permissionUnknown);

    const stored = await repo.findRoleLinkIds(trx, target.roleId);
    const { toAdd, toRemove } = grantDiff(stored, change.permissionIds, change.lastpermissionIds);

    if (target.guardAdmin && toRemove.length > 0) {
      const kept = rowsWithAncestors(rows, ADMIN_KEPT_CODES);
      if (toRemove.some((id) => kept.has(id))) throw AppError.business(ROLE_TEXT.adminKeepsRoleAdmin);
    }
    await repo.deleteRolePermissionLinks(trx, target.roleId, toRemove);
    await repo.insertRolePermissionLinks(trx, target.roleId, toAdd, {
      operateDate: nowIso(),
      operateIp,
    });
    if (toAdd.length > 0 || toRemove.length > 0) await invalidatePermissions(trx);
    return { added: toAdd.length, removed: toRemove.length };
  });
}

/** Removes every grant of roles being deleted (inside the caller's transaction; the caller invalidates). */
export async function removeGrantsOfRoles(db: Db, roleIds: readonly string[]): Promise<void> {
  await repo.deleteLinksOfRoles(db, roleIds);
}

/** Removes every role's grant of permissions being deleted (the menu editor; the caller invalidates). */
export async function removeGrantsOfPermissions(db: Db, permissionIds: readonly string[]): Promise<void> {
  await repo.deleteLinksOfPermissions(db, permissionIds);
}
