/** SQL of roles and of the links that give users their roles (sys_role, sys_user_role), and the role list. */
import type { Expression, SqlBool, RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../lib/ids.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

function roleIdQuery(db: Db, roleCode: string) {
  return db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode);
}

export function findRoleIdByCode(db: Db, roleCode: string) {
  return roleIdQuery(db, roleCode).executeTakeFirst();
}

/** Like findRoleIdByCode, but a missing role throws Kysely's NoResultError. */
export function getRoleIdByCode(db: Db, roleCode: string) {
  return roleIdQuery(db, roleCode).executeTakeFirstOrThrow();
}

export function findUserRoleLink(db: Db, userId: string, roleId: string) {
  return db
    .selectFrom('sysUserRole')
    .select('id')
    .where('userId', '=', userId)
    .where('roleId', '=', roleId)
    .executeTakeFirst();
}

export function insertUserRoleLink(db: Db, userId: string, roleId: string) {
  return db.insertInto('sysUserRole').values({ id: newId(), userId, roleId }).execute();
}

export interface RoleFilter {
  /** The advanced query (superQueryParams), compiled by the registry; bound values only. */
  where?: RawBuilder<SqlBool> | null;
  roleName?: string | undefined;
  roleCode?: string | undefined;
}

/** The role list's where-clause: a list of predicates, each bound. */
function filteredRoles(db: Db, f: RoleFilter) {
  return db.selectFrom('sysRole').where((eb) => {
    const preds: Expression<SqlBool>[] = [];
    if (f.roleName !== undefined) preds.push(like(eb.ref('roleName'), f.roleName));
    if (f.roleCode !== undefined) preds.push(like(eb.ref('roleCode'), f.roleCode));
    if (f.where) preds.push(f.where);
    return eb.and(preds);
  });
}

export async function countRoles(db: Db, f: RoleFilter): Promise<number> {
  const row = await filteredRoles(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageRoles(
  db: Db,
  f: RoleFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
) {
  return filteredRoles(db, f)
    .select(['id', 'roleCode', 'roleName', 'description', 'createTime'])
    .orderBy(sortFor('sys_role', sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

// ---- Administration (issue 14): the role rows ------------------------------------------------------------

const ROLE_RECORD_COLUMNS = [
  'id',
  'roleName',
  'roleCode',
  'description',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

export function findRoleById(db: Db, id: string) {
  return db.selectFrom('sysRole').select(ROLE_RECORD_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findRolesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sysRole')
    .select(['id', 'roleCode'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Every role, by code (queryall: the user form's role choice). */
export function findAllRoles(db: Db) {
  return db.selectFrom('sysRole').select(ROLE_RECORD_COLUMNS).orderBy('roleCode').orderBy('id').execute();
}

/** A role other than `exceptId` whose code equals `roleCode` ignoring case. */
export function findRoleByCodeIgnoringCase(db: Db, roleCode: string, exceptId?: string) {
  let q = db
    .selectFrom('sysRole')
    .select('id')
    .where((eb) => eb(eb.fn('lower', [eb.ref('roleCode')]), '=', roleCode.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export interface RoleValues {
  roleName: string;
  roleCode: string;
  description: string | null;
}

export async function insertRole(
  db: Db,
  row: RoleValues & { id: string; createBy: string; createTime: string },
): Promise<void> {
  await db
    .insertInto('sysRole')
    .values({ ...row, updateBy: null, updateTime: null })
    .execute();
}

/** Updates a role (at `version` when given), bumping the version; the number of rows changed. */
export async function updateRole(
  db: Db,
  id: string,
  version: number | undefined,
  values: RoleValues & { updateBy: string; updateTime: string },
): Promise<number> {
  let q = db
    .updateTable('sysRole')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Deletes roles and their user links (the caller removes their permission links through the permission module). */
export async function deleteRoles(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('sysUserRole')
    .where('roleId', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('sysRole')
    .where('id', 'in', [...ids])
    .execute();
}

// ---- Administration (issue 14): users of a role ------------------------------------------------------------

export interface RoleUserFilter {
  roleId: string;
  username?: string | undefined;
  realname?: string | undefined;
}

/** Live users (not deleted) holding the role; a read join of sys_user (decisions.md "Walls"). */
function roleUsers(db: Db, f: RoleUserFilter) {
  return db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysUser as u', 'u.id', 'ur.userId')
    .where((eb) => {
      const preds: Expression<SqlBool>[] = [eb('ur.roleId', '=', f.roleId), eb('u.delFlag', '=', 0)];
      if (f.username !== undefined) preds.push(like(eb.ref('u.username'), f.username));
      if (f.realname !== undefined) preds.push(like(eb.ref('u.realname'), f.realname));
      return eb.and(preds);
    });
}

export async function countRoleUsers(db: Db, f: RoleUserFilter): Promise<number> {
  const row = await roleUsers(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the ids of the role's users, newest account first. */
export async function pageRoleUserIds(db: Db, f: RoleUserFilter, offset: number, limit: number): Promise<string[]> {
  const rows = await roleUsers(db, f)
    .select('u.id')
    .orderBy('u.createTime', 'desc')
    .orderBy('u.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Which of these users hold the role already. */
export async function findLinkedUserIds(db: Db, roleId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('sysUserRole')
    .select('userId')
    .where('roleId', '=', roleId)
    .where('userId', 'in', [...userIds])
    .execute();
  return rows.map((r) => r.userId);
}

export async function insertUserRoleLinks(db: Db, roleId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('sysUserRole')
    .values(userIds.map((userId) => ({ id: newId(), userId, roleId })))
    .execute();
}

export async function deleteUserRoleLinks(db: Db, roleId: string, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const res = await db
    .deleteFrom('sysUserRole')
    .where('roleId', '=', roleId)
    .where('userId', 'in', [...userIds])
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Role ids of a live user (sys_user_role read through a join on the user), by role code. */
export async function findRoleIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysUser as u', 'u.id', 'ur.userId')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('ur.roleId')
    .where('ur.userId', '=', userId)
    .where('u.delFlag', '=', 0)
    .orderBy('r.roleCode')
    .execute();
  return rows.map((r) => r.roleId);
}

/** Removes some of a user's role links. */
export async function deleteRoleLinksOfUser(db: Db, userId: string, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .deleteFrom('sysUserRole')
    .where('userId', '=', userId)
    .where('roleId', 'in', [...roleIds])
    .execute();
}

/** Every role link of these users (an account removed for good). */
export async function deleteAllRoleLinksOfUsers(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('sysUserRole')
    .where('userId', 'in', [...userIds])
    .execute();
}
