/**
 * SQL of the menu administration (sys_permission and the rows that hang on a menu: its data rules, the role links).
 * Bound values only; the caller runs the writes of one call in one transaction.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysPermissionTable } from '../../db/schema.ts';
import { like } from '../../lib/like.ts';

const COLUMNS = [
  'id',
  'parentId',
  'name',
  'url',
  'component',
  'componentName',
  'redirect',
  'menuType',
  'perms',
  'permsType',
  'sortNo',
  'alwaysShow',
  'icon',
  'isRoute',
  'isLeaf',
  'keepAlive',
  'hidden',
  'hideTab',
  'description',
  'delFlag',
  'ruleFlag',
  'status',
  'internalOrExternal',
  'version',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
] as const;

export interface MenuRecord {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  permsType: string;
  sortNo: number;
  alwaysShow: number;
  icon: string | null;
  isRoute: number;
  isLeaf: number;
  keepAlive: number;
  hidden: number;
  hideTab: number;
  description: string | null;
  delFlag: number;
  ruleFlag: number;
  status: string;
  internalOrExternal: number;
  version: number;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** Every live row (not deleted), in menu order. */
export function findAllMenus(db: Db): Promise<MenuRecord[]> {
  return db
    .selectFrom('sysPermission')
    .select(COLUMNS)
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .orderBy('id')
    .execute();
}

/** Live rows whose name contains `name` (escaped, bound). */
export function findMenusByName(db: Db, name: string): Promise<MenuRecord[]> {
  return db
    .selectFrom('sysPermission')
    .select(COLUMNS)
    .where('delFlag', '=', 0)
    .where((eb) => like(eb.ref('name'), name))
    .orderBy('sortNo')
    .orderBy('id')
    .execute();
}

export function findMenu(db: Db, id: string): Promise<MenuRecord | undefined> {
  return db
    .selectFrom('sysPermission')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}

/** id, parent and codes of every live row: the tree's shape for cycle, subtree and code checks. */
export function findShape(
  db: Db,
): Promise<{ id: string; parentId: string | null; perms: string | null; url: string | null; menuType: number }[]> {
  return db
    .selectFrom('sysPermission')
    .select(['id', 'parentId', 'perms', 'url', 'menuType'])
    .where('delFlag', '=', 0)
    .execute();
}

export async function insertMenu(db: Db, row: Insertable<SysPermissionTable>): Promise<void> {
  await db.insertInto('sysPermission').values(row).execute();
}

/** Updates the row if its version is still `version`; answers whether it did (and bumps the version). */
export async function updateMenu(
  db: Db,
  id: string,
  version: number,
  set: Updateable<SysPermissionTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('sysPermission')
    .set({ ...set, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** is_leaf of `id` from whether a live child exists now. */
export async function refreshLeaf(db: Db, id: string): Promise<void> {
  const child = await db
    .selectFrom('sysPermission')
    .select('id')
    .where('parentId', '=', id)
    .where('delFlag', '=', 0)
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('sysPermission')
    .set({ isLeaf: child ? 0 : 1 })
    .where('id', '=', id)
    .execute();
}

export async function setRuleFlag(db: Db, id: string, ruleFlag: 0 | 1): Promise<void> {
  await db.updateTable('sysPermission').set({ ruleFlag }).where('id', '=', id).execute();
}

/** Removes the rows and everything that hangs on them: data rules, role links, department and department-role links. */
export async function deleteMenus(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  let deleted = 0;
  // Chunks keep the bound-parameter count well below the drivers' limits.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.deleteFrom('sysPermissionDataRule').where('permissionId', 'in', chunk).execute();
    await db.deleteFrom('sysRolePermission').where('permissionId', 'in', chunk).execute();
    // What departments may hand out, and what their department roles grant (migration 0013).
    await db.deleteFrom('sysDepartRolePermission').where('permissionId', 'in', chunk).execute();
    await db.deleteFrom('sysDepartPermission').where('permissionId', 'in', chunk).execute();
    const r = await db.deleteFrom('sysPermission').where('id', 'in', chunk).executeTakeFirst();
    deleted += Number(r.numDeletedRows);
  }
  return deleted;
}
