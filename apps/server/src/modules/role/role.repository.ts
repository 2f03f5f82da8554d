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
