import type { Db } from '../../db/connection.ts';
import { executeCompiled } from '../../lib/compiled-query.ts';

/**
 * Ids of the permissions a user's department roles grant (issue 14): roles of a live department the user still
 * belongs to (sys_user_depart), so that leaving or deleting a department ends its roles' grants.
 */
export function departRoleGrants(db: Db, userId: string) {
  return departRoleGrantRows(db, userId).select('drp.permissionId');
}

/** The rows (`drp`: sys_depart_role_permission) of those grants, for reads that need more of them (data rules). */
export function departRoleGrantRows(db: Db, userId: string) {
  return db
    .selectFrom('sysDepartRolePermission as drp')
    .innerJoin('sysDepartRoleUser as dru', 'dru.droleId', 'drp.roleId')
    .innerJoin('sysDepartRole as dr', 'dr.id', 'drp.roleId')
    .innerJoin('sysDepart as d', 'd.id', 'dr.departId')
    .innerJoin('sysUserDepart as ud', (j) =>
      j.onRef('ud.depId', '=', 'dr.departId').onRef('ud.userId', '=', 'dru.userId'),
    )
    .where('dru.userId', '=', userId)
    .where('d.delFlag', '=', '0');
}

/** Ids of the permissions a user's roles grant. */
export function roleGrants(db: Db, userId: string) {
  return db
    .selectFrom('sysRolePermission as rp')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('rp.permissionId')
    .where('ur.userId', '=', userId);
}

/** Codes (perms) of every enabled permission row reachable from the user's roles and department roles. */
export async function findPermissionCodes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysPermission as p')
    .select('p.perms')
    .distinct()
    .where('p.id', 'in', roleGrants(db, userId).union(departRoleGrants(db, userId)))
    .where('p.delFlag', '=', 0)
    .where('p.status', '=', '1')
    .where('p.perms', 'is not', null)
    .execute();
  return rows.map((r) => r.perms).filter((p): p is string => !!p);
}

/** Runs on every permission-checked request: compiled once (lib/compiled-query.ts). */
export async function readEpoch(db: Db, name: string): Promise<number> {
  const result = await executeCompiled(
    db,
    'readEpoch',
    (n) => db.selectFrom('sysCacheEpoch').select('epoch').where('name', '=', n),
    [name],
  );
  return result.rows[0]?.epoch ?? 0;
}

export async function bumpEpoch(db: Db, name: string): Promise<void> {
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', name)
    .execute();
}
