/**
 * Department permissions and department roles (issue 14, contract §2.8–2.9): what a department may hand out
 * (saveDepartPermission), its roles, what each role grants (only permissions the department holds) and which of
 * the department's users hold a role. Every change is followed by invalidatePermissions: a user's codes and menus
 * include their department roles' grants (permission-codes.repository.ts).
 */
import {
  DEPART_TEXT,
  type DepartRoleAddBody,
  type DepartRoleEditBody,
  type DepartRoleListQuery,
  type DepartRoleRecord,
  type DepartRoleUserRecord,
  type DeptRoleUserAddBody,
  type PermissionTreeModel,
  type SaveDepartPermissionBody,
  type SaveDeptRolePermissionBody,
} from '@houtai/shared/contract/admin-depart';
import {
  MENU_TEXT,
  type DepartDataRuleBody,
  type DeptRoleDataRuleBody,
  type RoleDataRuleResult,
} from '@houtai/shared/contract/admin-menu';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { grantDiff } from '../../lib/grant-diff.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { dataRuleChoice, rulesOfMenu } from '../permission/data-rule.service.ts';
import { invalidatePermissions } from '../permission/permission-codes.service.ts';
import { findUserById } from '../user/user.service.ts';
import * as repo from './depart-admin.repository.ts';
import { requireLiveDepart, type DepartWriter } from './depart-admin.service.ts';

// ---- department permissions --------------------------------------------------------------------------------

/** GET /sys/permission/queryDepartPermission: the permission ids a department holds. */
export async function departPermissionIds(db: Db, departId: string): Promise<string[]> {
  return repo.findDepartPermissionIds(db, departId);
}

/**
 * POST /sys/permission/saveDepartPermission. Ids naming no permission are ignored; a permission taken from the
 * department is taken from its roles too.
 */
export async function saveDepartPermissions(db: Db, body: SaveDepartPermissionBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireLiveDepart(trx, body.departId);
    const held = await repo.findDepartPermissionIds(trx, body.departId);
    const { toAdd, toRemove } = grantDiff(held, body.permissionIds, body.lastpermissionIds);
    await repo.deleteDepartPermissions(trx, body.departId, toRemove);
    await repo.insertDepartPermissions(
      trx,
      (await repo.findExistingPermissionIds(trx, toAdd)).map((permissionId) => ({
        id: newId(),
        departId: body.departId,
        permissionId,
        dataRuleIds: null,
      })),
    );
  });
  await invalidatePermissions(db);
}

function treeOf(rows: readonly repo.DepartPermissionRow[]): PermissionTreeModel[] {
  const nodes = new Map<string, PermissionTreeModel>(
    rows.map((r) => [
      r.id,
      {
        key: r.id,
        value: r.id,
        title: r.name,
        slotTitle: r.name,
        label: r.name,
        icon: r.icon,
        parentId: r.parentId || null,
        isLeaf: true,
        ruleFlag: r.ruleFlag,
        scopedSlots: r.ruleFlag === 1 ? { title: 'hasDatarule' } : null,
        menuType: r.menuType,
        permsType: r.menuType === 2 ? r.permsType : null,
        children: [],
      },
    ]),
  );
  const roots: PermissionTreeModel[] = [];
  for (const r of rows) {
    const n = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent && parent !== n) parent.children!.push(n);
    else roots.push(n);
  }
  for (const n of nodes.values()) {
    n.isLeaf = n.children!.length === 0;
    if (n.isLeaf) delete n.children;
  }
  return roots;
}

/**
 * GET /sys/sysDepartPermission/queryTreeListForDeptRole: the permission tree limited to the department's
 * permissions (a permission whose parent the department lacks is a root), and all their ids.
 */
export async function deptRolePermissionTree(
  db: Db,
  departId: string,
): Promise<{ treeList: PermissionTreeModel[]; ids: string[] }> {
  const rows = await repo.findDepartPermissionRows(db, departId);
  return { treeList: treeOf(rows), ids: rows.map((r) => r.id) };
}

// ---- department roles ------------------------------------------------------------------------------------

function roleRecord(r: repo.DepartRoleRow): DepartRoleRecord {
  return { ...r, createTime: toWireTime(r.createTime), updateTime: toWireTime(r.updateTime) };
}

async function requireRole(db: Db, id: string): Promise<repo.DepartRoleRow> {
  const [role] = await repo.findRolesByIds(db, [id]);
  if (!role) throw AppError.business(DEPART_TEXT.roleNotFound);
  return role;
}

/** GET /sys/sysDepartRole/list?deptId: a page of department roles, newest first. */
export async function listDepartRoles(db: Db, q: DepartRoleListQuery): Promise<PageOf<DepartRoleRecord>> {
  const filter = { departId: q.deptId, roleName: q.roleName, roleCode: q.roleCode };
  const [total, rows] = await Promise.all([
    repo.countRoles(db, filter),
    repo.pageRoles(db, filter, offsetOf(q), q.pageSize),
  ]);
  return pageOf(rows.map(roleRecord), total, q);
}

export async function departRoleById(db: Db, id: string): Promise<DepartRoleRecord> {
  return roleRecord(await requireRole(db, id));
}

async function uniqueCode<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    // Another request took the code between the check and the write.
    if (isUniqueViolation(err)) throw AppError.business(DEPART_TEXT.roleCodeTaken);
    throw err;
  }
}

export async function addDepartRole(db: Db, writer: DepartWriter, body: DepartRoleAddBody): Promise<DepartRoleRecord> {
  const id = newId();
  await uniqueCode(() =>
    db.transaction().execute(async (trx) => {
      await requireLiveDepart(trx, body.departId);
      if (await repo.roleCodeTaken(trx, body.departId, body.roleCode)) {
        throw AppError.business(DEPART_TEXT.roleCodeTaken);
      }
      await repo.insertRole(trx, {
        id,
        departId: body.departId,
        roleName: body.roleName,
        roleCode: body.roleCode,
        description: body.description ?? null,
        createBy: writer.username,
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      });
    }),
  );
  return departRoleById(db, id);
}

export async function editDepartRole(
  db: Db,
  writer: DepartWriter,
  body: DepartRoleEditBody,
): Promise<DepartRoleRecord> {
  await uniqueCode(() =>
    db.transaction().execute(async (trx) => {
      const role = await requireRole(trx, body.id);
      if (body.departId !== undefined && body.departId !== role.departId) {
        throw AppError.business(DEPART_TEXT.roleDepartChange);
      }
      if (await repo.roleCodeTaken(trx, role.departId, body.roleCode, role.id)) {
        throw AppError.business(DEPART_TEXT.roleCodeTaken);
      }
      await repo.updateRole(trx, role.id, {
        roleName: body.roleName,
        roleCode: body.roleCode,
        description: body.description,
        updateBy: writer.username,
        updateTime: nowIso(),
      });
    }),
  );
  return departRoleById(db, body.id);
}

/** DELETE delete / deleteBatch: the roles with their grants and user links; unknown ids are skipped. */
export async function deleteDepartRoles(db: Db, ids: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const roles = await repo.findRolesByIds(trx, ids);
    if (roles.length === 0) throw AppError.business(DEPART_TEXT.roleNotFound);
    await repo.deleteRoles(
      trx,
      roles.map((r) => r.id),
    );
  });
  await invalidatePermissions(db);
}

/** GET getDeptRoleList?departId: the department's roles. */
export async function rolesOfDepart(db: Db, departId: string): Promise<DepartRoleRecord[]> {
  return (await repo.findRolesOfDepart(db, departId)).map(roleRecord);
}

/** GET getDeptRoleByUserId?userId&departId: the user's links to the department's roles. */
export function userRoleLinks(db: Db, userId: string, departId: string): Promise<DepartRoleUserRecord[]> {
  return repo.findRoleUserLinks(db, userId, departId);
}

/**
 * POST deptRoleUserAdd: the roles of newRoleId are given to the user, those of oldRoleId no longer ticked taken
 * away (lib/grant-diff.ts).
 * Every role given must exist and belong to a live department the user is a member of.
 */
export async function setUserDepartRoles(db: Db, body: DeptRoleUserAddBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, body.userId);
    if (!user || user.delFlag !== 0) throw AppError.business(DEPART_TEXT.userNotFound);
    const held = await repo.heldRoleIds(trx, body.userId, [...body.newRoleId, ...body.oldRoleId]);
    const { toAdd, toRemove } = grantDiff(held, body.newRoleId, body.oldRoleId);
    const roles = await repo.findRolesByIds(trx, toAdd);
    if (roles.length !== toAdd.length) throw AppError.business(DEPART_TEXT.roleNotFound);
    for (const departId of new Set(roles.map((r) => r.departId))) {
      const dep = await requireLiveDepart(trx, departId);
      if (!(await repo.isMember(trx, body.userId, departId))) {
        throw AppError.business(DEPART_TEXT.userNotMember(dep.departName));
      }
    }
    await repo.deleteRoleUsers(trx, body.userId, toRemove);
    await repo.insertRoleUsers(
      trx,
      toAdd.map((droleId) => ({ id: newId(), userId: body.userId, droleId })),
    );
  });
  await invalidatePermissions(db);
}

// ---- department role grants ------------------------------------------------------------------------------

/** GET /sys/sysDepartPermission/queryDeptRolePermission?roleId. */
export function deptRolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  return repo.findRolePermissionIds(db, roleId);
}

/**
 * POST /sys/sysDepartPermission/saveDeptRolePermission: diff-based; a permission the role's department does not
 * hold refuses the whole save.
 */
export async function saveDeptRolePermissions(db: Db, body: SaveDeptRolePermissionBody, ip: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, body.roleId);
    await requireLiveDepart(trx, role.departId);
    const granted = await repo.findRolePermissionIds(trx, role.id);
    const { toAdd, toRemove } = grantDiff(granted, body.permissionIds, body.lastpermissionIds);
    const departHolds = new Set(await repo.findDepartPermissionIds(trx, role.departId));
    if (toAdd.some((id) => !departHolds.has(id))) throw AppError.business(DEPART_TEXT.permissionNotHeld);
    await repo.deleteRolePermissions(trx, role.id, toRemove);
    const at = nowIso();
    await repo.insertRolePermissions(
      trx,
      toAdd.map((permissionId) => ({
        id: newId(),
        departId: role.departId,
        roleId: role.id,
        permissionId,
        dataRuleIds: null,
        operateDate: at,
        operateIp: ip.slice(0, 100),
      })),
    );
  });
  await invalidatePermissions(db);
}

/** Takes every department role from these users (the users' recycle bin's 彻底删除); the caller invalidates. */
export function removeUsersFromDepartRoles(db: Db, userIds: readonly string[]): Promise<void> {
  return repo.deleteRoleUsersOfUsers(db, userIds);
}

// ---- data rules of the department's and its roles' grants -------------------------------------------------

const ruleIdsOf = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const joinedOrNull = (ids: readonly string[]): string | null => (ids.length > 0 ? ids.join(',') : null);

/**
 * GET /sys/sysDepartPermission/datarule/{permissionId}/{departId}: every rule of the menu, and those chosen for the
 * department (the ones its roles may choose among).
 */
export async function departDataRules(db: Db, permissionId: string, departId: string): Promise<RoleDataRuleResult> {
  const rules = await rulesOfMenu(db, permissionId);
  if (rules.length === 0) throw AppError.business(MENU_TEXT.menuHasNoRules);
  return dataRuleChoice(rules, (await repo.findDepartPermissionLink(db, departId, permissionId))?.dataRuleIds);
}

/**
 * POST /sys/sysDepartPermission/datarule: the department's rules on a menu it holds; its roles keep only the rules
 * still among them.
 */
export async function saveDepartDataRules(db: Db, body: DepartDataRuleBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireLiveDepart(trx, body.departId);
    const link = await repo.findDepartPermissionLink(trx, body.departId, body.permissionId);
    if (!link) throw AppError.business(MENU_TEXT.departNoMenu);
    const known = new Set((await rulesOfMenu(trx, body.permissionId)).map((r) => r.id));
    if (!body.dataRuleIds.every((id) => known.has(id))) throw AppError.business(MENU_TEXT.ruleNotOfMenu);
    await repo.setDepartPermissionRules(trx, link.id, joinedOrNull(body.dataRuleIds));
    const kept = new Set(body.dataRuleIds);
    for (const roleLink of await repo.findRoleRuleLinksOfDepart(trx, body.departId, body.permissionId)) {
      const before = ruleIdsOf(roleLink.dataRuleIds);
      const after = before.filter((id) => kept.has(id));
      if (after.length !== before.length) await repo.setRolePermissionRules(trx, roleLink.id, joinedOrNull(after));
    }
  });
  await invalidatePermissions(db);
}

/** The department role, which must be of `departId` when one is named. */
async function roleOfDepart(db: Db, roleId: string, departId: string | undefined): Promise<repo.DepartRoleRow> {
  const role = await requireRole(db, roleId);
  if (departId !== undefined && role.departId !== departId) throw AppError.business(MENU_TEXT.deptRoleNotOfDepart);
  return role;
}

/** The rules of the menu chosen for the role's department: what its roles may choose among. */
async function departRulesOf(db: Db, departId: string, permissionId: string) {
  const link = await repo.findDepartPermissionLink(db, departId, permissionId);
  const held = new Set(ruleIdsOf(link?.dataRuleIds));
  return (await rulesOfMenu(db, permissionId)).filter((r) => held.has(r.id));
}

/** GET /sys/sysDepartRole/datarule/{permissionId}/{departId}/{roleId}: the department's rules, and the role's. */
export async function deptRoleDataRules(
  db: Db,
  permissionId: string,
  departId: string,
  roleId: string,
): Promise<RoleDataRuleResult> {
  const role = await roleOfDepart(db, roleId, departId);
  const rules = await departRulesOf(db, role.departId, permissionId);
  if (rules.length === 0) throw AppError.business(MENU_TEXT.departRulesNone);
  return dataRuleChoice(rules, (await repo.findRolePermissionLink(db, role.id, permissionId))?.dataRuleIds);
}

/** POST /sys/sysDepartRole/datarule: a department role's rules on a menu it holds, among its department's. */
export async function saveDeptRoleDataRules(db: Db, body: DeptRoleDataRuleBody): Promise<void> {
  const role = await roleOfDepart(db, body.roleId, body.departId);
  const link = await repo.findRolePermissionLink(db, role.id, body.permissionId);
  if (!link) throw AppError.business(MENU_TEXT.roleNoMenu);
  if (body.dataRuleIds.length > 0) {
    const held = new Set((await departRulesOf(db, role.departId, body.permissionId)).map((r) => r.id));
    if (!body.dataRuleIds.every((id) => held.has(id))) throw AppError.business(MENU_TEXT.departRuleNotHeld);
  }
  await repo.setRolePermissionRules(db, link.id, joinedOrNull(body.dataRuleIds));
  await invalidatePermissions(db);
}
