import type { Db } from '../../db/connection.ts';
import { executeCompiled } from '../../lib/compiled-query.ts';

/** Codes (perms) of every enabled permission row reachable from the user's roles. */
export async function findPermissionCodes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysPermission as p')
    .innerJoin('sysRolePermission as rp', 'rp.permissionId', 'p.id')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('p.perms')
    .distinct()
    .where('ur.userId', '=', userId)
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
