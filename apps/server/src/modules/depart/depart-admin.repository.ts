/**
 * SQL of the department administration (issue 14): departments' writes and the reads they need, department
 * permissions, department roles with their grants and users. Every value is bound; no identifier comes from input.
 * Reads of sys_user, sys_user_depart and sys_permission are joins or lookups only (decisions.md "Walls": a join never
 * writes); sys_user is written through the user module's service.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type {
  SysDepartPermissionTable,
  SysDepartRolePermissionTable,
  SysDepartRoleTable,
  SysDepartTable,
} from '../../db/schema.ts';
import { like } from '../../lib/like.ts';
import { DEPART_READ_MAX } from './depart.repository.ts';

const DEPART_COLUMNS = [
  'id',
  'parentId',
  'departName',
  'departNameEn',
  'departNameAbbr',
  'departOrder',
  'description',
  'orgCategory',
  'orgType',
  'orgCode',
  'mobile',
  'fax',
  'address',
  'memo',
  'status',
  'delFlag',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
] as const;

/** Live departments (del_flag '0'), all or those of `ids`, in tree order (depart_order, then org code). */
export function findLiveDeparts(db: Db, ids?: readonly string[]) {
  let q = db
    .selectFrom('sysDepart')
    .select([...DEPART_COLUMNS])
    .where('delFlag', '=', '0');
  if (ids !== undefined) q = q.where('id', 'in', ids.length ? [...ids] : ['']);
  return q.orderBy('departOrder').orderBy('orgCode').limit(DEPART_READ_MAX).execute();
}

export type DepartFullRow = Awaited<ReturnType<typeof findLiveDeparts>>[number];

/** One department (deleted ones too: the caller checks delFlag). */
export function findDepart(db: Db, id: string): Promise<DepartFullRow | undefined> {
  return db
    .selectFrom('sysDepart')
    .select([...DEPART_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Departments by org code (deleted ones too). */
export function findDepartsByOrgCodes(db: Db, orgCodes: readonly string[]): Promise<DepartFullRow[]> {
  if (orgCodes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart')
    .select([...DEPART_COLUMNS])
    .where('orgCode', 'in', [...orgCodes])
    .execute();
}

/** Every org code starting with `prefix` (deleted departments' too: the column is unique over all rows). */
export async function findOrgCodesWithPrefix(db: Db, prefix: string): Promise<string[]> {
  let q = db.selectFrom('sysDepart').select('orgCode');
  if (prefix !== '') q = q.where((eb) => like(eb.ref('orgCode'), prefix, 'prefix'));
  return (await q.execute()).map((r) => r.orgCode);
}

/** Children (deleted ones too) of some departments: id, parent, code. */
export function findChildren(db: Db, parentIds: readonly string[]) {
  if (parentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart')
    .select(['id', 'parentId', 'orgCode', 'delFlag'])
    .where('parentId', 'in', [...parentIds])
    .execute();
}

export async function insertDepart(db: Db, row: Insertable<SysDepartTable>): Promise<void> {
  await db.insertInto('sysDepart').values(row).execute();
}

export async function updateDepart(db: Db, id: string, values: Updateable<SysDepartTable>): Promise<void> {
  await db
    .updateTable('sysDepart')
    .set({ ...values, version: (eb) => eb('version', '+', 1) })
    .where('id', '=', id)
    .execute();
}

export async function setDepartCode(db: Db, id: string, orgCode: string, orgType: string): Promise<void> {
  await db.updateTable('sysDepart').set({ orgCode, orgType }).where('id', '=', id).execute();
}

/** Live children of a department that are not among `except`. */
export async function countLiveChildren(db: Db, id: string, except: readonly string[]): Promise<number> {
  let q = db
    .selectFrom('sysDepart')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('parentId', '=', id)
    .where('delFlag', '=', '0');
  if (except.length) q = q.where('id', 'not in', [...except]);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Live users (del_flag 0) linked to a department. */
export async function countLiveMembers(db: Db, departId: string): Promise<number> {
  const row = await db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysUser as u', 'u.id', 'ud.userId')
    .select((eb) => eb.fn.count<number | string>('ud.userId').distinct().as('n'))
    .where('ud.depId', '=', departId)
    .where('u.delFlag', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function markDeparts(db: Db, ids: readonly string[], by: string, at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('sysDepart')
    .set({ delFlag: '1', updateBy: by, updateTime: at, version: (eb) => eb('version', '+', 1) })
    .where('id', 'in', [...ids])
    .execute();
}

/** Users whose current department (sys_user.org_code) is one of these departments: id and code. */
export function findUsersOnDepartCodes(db: Db, departIds: readonly string[]) {
  if (departIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepart as d')
    .innerJoin('sysUser as u', 'u.orgCode', 'd.orgCode')
    .select(['u.id', 'd.id as departId'])
    .where('d.id', 'in', [...departIds])
    .execute();
}

/** Ids of the users linked to a department. */
export async function findMemberUserIds(db: Db, departId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUserDepart')
    .select('userId')
    .where('depId', '=', departId)
    .orderBy('userId')
    .execute();
  return rows.map((r) => r.userId);
}

/** Whether a user is linked to a department. */
export async function isMember(db: Db, userId: string, departId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUserDepart')
    .select('id')
    .where('userId', '=', userId)
    .where('depId', '=', departId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- permissions (sys_permission is read only) --------------------------------------------------------------

/** Those of `ids` that name a permission row that is not deleted. */
export async function findExistingPermissionIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sysPermission')
    .select('id')
    .where('id', 'in', [...ids])
    .where('delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

// ---- department permissions --------------------------------------------------------------------------------

export async function findDepartPermissionIds(db: Db, departId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysDepartPermission')
    .select('permissionId')
    .where('departId', '=', departId)
    .orderBy('permissionId')
    .execute();
  return rows.map((r) => r.permissionId);
}

export async function insertDepartPermissions(
  db: Db,
  rows: readonly Insertable<SysDepartPermissionTable>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('sysDepartPermission')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Removes permissions from a department, and from its roles' grants. */
export async function deleteDepartPermissions(db: Db, departId: string, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db
      .deleteFrom('sysDepartPermission')
      .where('departId', '=', departId)
      .where('permissionId', 'in', chunk)
      .execute();
    await db
      .deleteFrom('sysDepartRolePermission')
      .where('departId', '=', departId)
      .where('permissionId', 'in', chunk)
      .execute();
  }
}

/** The department's permissions as tree rows (not deleted), in sort order. */
export function findDepartPermissionRows(db: Db, departId: string) {
  return db
    .selectFrom('sysDepartPermission as dp')
    .innerJoin('sysPermission as p', 'p.id', 'dp.permissionId')
    .select(['p.id', 'p.parentId', 'p.name', 'p.icon', 'p.ruleFlag', 'p.menuType', 'p.permsType'])
    .where('dp.departId', '=', departId)
    .where('p.delFlag', '=', 0)
    .orderBy('p.sortNo')
    .orderBy('p.id')
    .execute();
}

export type DepartPermissionRow = Awaited<ReturnType<typeof findDepartPermissionRows>>[number];

// ---- department roles ------------------------------------------------------------------------------------

const ROLE_COLUMNS = [
  'id',
  'departId',
  'roleName',
  'roleCode',
  'description',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
] as const;

export interface RoleFilter {
  departId?: string | undefined;
  roleName?: string | undefined;
  roleCode?: string | undefined;
}

function filteredRoles(db: Db, f: RoleFilter) {
  let q = db.selectFrom('sysDepartRole');
  if (f.departId !== undefined) q = q.where('departId', '=', f.departId);
  if (f.roleName !== undefined) q = q.where((eb) => like(eb.ref('roleName'), f.roleName ?? '', 'contains'));
  if (f.roleCode !== undefined) q = q.where((eb) => like(eb.ref('roleCode'), f.roleCode ?? '', 'contains'));
  return q;
}

export async function countRoles(db: Db, f: RoleFilter): Promise<number> {
  const row = await filteredRoles(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageRoles(db: Db, f: RoleFilter, offset: number, limit: number) {
  return filteredRoles(db, f)
    .select([...ROLE_COLUMNS])
    .orderBy('createTime', 'desc')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export type DepartRoleRow = Awaited<ReturnType<typeof pageRoles>>[number];

export function findRolesByIds(db: Db, ids: readonly string[]): Promise<DepartRoleRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysDepartRole')
    .select([...ROLE_COLUMNS])
    .where('id', 'in', [...ids])
    .execute();
}

export function findRolesOfDepart(db: Db, departId: string): Promise<DepartRoleRow[]> {
  return db
    .selectFrom('sysDepartRole')
    .select([...ROLE_COLUMNS])
    .where('departId', '=', departId)
    .orderBy('createTime')
    .orderBy('id')
    .execute();
}

export async function roleCodeTaken(db: Db, departId: string, roleCode: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sysDepartRole').select('id').where('departId', '=', departId).where('roleCode', '=', roleCode);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Db, row: Insertable<SysDepartRoleTable>): Promise<void> {
  await db.insertInto('sysDepartRole').values(row).execute();
}

export async function updateRole(db: Db, id: string, values: Updateable<SysDepartRoleTable>): Promise<void> {
  await db
    .updateTable('sysDepartRole')
    .set({ ...values, version: (eb) => eb('version', '+', 1) })
    .where('id', '=', id)
    .execute();
}

/** Deletes roles with their grants and user links. */
export async function deleteRoles(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('sysDepartRoleUser')
    .where('droleId', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('sysDepartRolePermission')
    .where('roleId', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('sysDepartRole')
    .where('id', 'in', [...ids])
    .execute();
}

export async function findRolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysDepartRolePermission')
    .select('permissionId')
    .where('roleId', '=', roleId)
    .orderBy('permissionId')
    .execute();
  return rows.map((r) => r.permissionId);
}

export async function insertRolePermissions(
  db: Db,
  rows: readonly Insertable<SysDepartRolePermissionTable>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('sysDepartRolePermission')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export async function deleteRolePermissions(db: Db, roleId: string, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .deleteFrom('sysDepartRolePermission')
      .where('roleId', '=', roleId)
      .where('permissionId', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

/** A user's links to roles of a department. */
export function findRoleUserLinks(db: Db, userId: string, departId: string) {
  return db
    .selectFrom('sysDepartRoleUser as dru')
    .innerJoin('sysDepartRole as dr', 'dr.id', 'dru.droleId')
    .select(['dru.id', 'dru.userId', 'dru.droleId'])
    .where('dru.userId', '=', userId)
    .where('dr.departId', '=', departId)
    .orderBy('dru.id')
    .execute();
}

/** Which of `roleIds` the user holds. */
export async function heldRoleIds(db: Db, userId: string, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sysDepartRoleUser')
    .select('droleId')
    .where('userId', '=', userId)
    .where('droleId', 'in', [...roleIds])
    .execute();
  return rows.map((r) => r.droleId);
}

export async function insertRoleUsers(db: Db, rows: readonly { id: string; userId: string; droleId: string }[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('sysDepartRoleUser')
    .values([...rows])
    .execute();
}

export async function deleteRoleUsers(db: Db, userId: string, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .deleteFrom('sysDepartRoleUser')
    .where('userId', '=', userId)
    .where('droleId', 'in', [...roleIds])
    .execute();
}

/** Every department-role link of these users (an account removed for good). */
export async function deleteRoleUsersOfUsers(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('sysDepartRoleUser')
    .where('userId', 'in', [...userIds])
    .execute();
}

// ---- data rules chosen on the department's and its roles' grants (sys_depart_permission, sys_depart_role_permission)

/** The department's grant of a menu, with the data rules chosen on it. */
export function findDepartPermissionLink(db: Db, departId: string, permissionId: string) {
  return db
    .selectFrom('sysDepartPermission')
    .select(['id', 'dataRuleIds'])
    .where('departId', '=', departId)
    .where('permissionId', '=', permissionId)
    .executeTakeFirst();
}

export async function setDepartPermissionRules(db: Db, linkId: string, dataRuleIds: string | null): Promise<void> {
  await db.updateTable('sysDepartPermission').set({ dataRuleIds }).where('id', '=', linkId).execute();
}

/** A department role's grant of a menu, with the data rules chosen on it. */
export function findRolePermissionLink(db: Db, roleId: string, permissionId: string) {
  return db
    .selectFrom('sysDepartRolePermission')
    .select(['id', 'dataRuleIds'])
    .where('roleId', '=', roleId)
    .where('permissionId', '=', permissionId)
    .executeTakeFirst();
}

/** The grants of a menu by the department's roles that chose rules (to narrow them with the department's). */
export function findRoleRuleLinksOfDepart(db: Db, departId: string, permissionId: string) {
  return db
    .selectFrom('sysDepartRolePermission')
    .select(['id', 'dataRuleIds'])
    .where('departId', '=', departId)
    .where('permissionId', '=', permissionId)
    .where('dataRuleIds', 'is not', null)
    .execute();
}

export async function setRolePermissionRules(db: Db, linkId: string, dataRuleIds: string | null): Promise<void> {
  await db.updateTable('sysDepartRolePermission').set({ dataRuleIds }).where('id', '=', linkId).execute();
}
