/** SQL behind the current user's menu tree and button rules (contract §2.2). */
import type { Db } from '../../db/connection.ts';
import { departRoleGrants, roleGrants } from './permission-codes.repository.ts';

/** The columns a menu node or an auth entry is built from. */
const MENU_COLUMNS = [
  'p.id',
  'p.parentId',
  'p.name',
  'p.url',
  'p.component',
  'p.componentName',
  'p.redirect',
  'p.menuType',
  'p.perms',
  'p.permsType',
  'p.alwaysShow',
  'p.icon',
  'p.isRoute',
  'p.keepAlive',
  'p.hidden',
  'p.hideTab',
  'p.hiddenHeaderContent',
  'p.status',
  'p.internalOrExternal',
] as const;

export interface MenuRow {
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
  alwaysShow: number;
  icon: string | null;
  isRoute: number;
  keepAlive: number;
  hidden: number;
  hideTab: number;
  hiddenHeaderContent: number;
  status: string;
  internalOrExternal: number;
}

/** Rows (menus and buttons, not deleted) reachable through the user's roles and department roles, in sort order. */
export function findUserPermissionRows(db: Db, userId: string): Promise<MenuRow[]> {
  return db
    .selectFrom('sysPermission as p')
    .select(MENU_COLUMNS)
    .where('p.delFlag', '=', 0)
    .where('p.id', 'in', roleGrants(db, userId).union(departRoleGrants(db, userId)))
    .orderBy('p.sortNo')
    .orderBy('p.id')
    .execute();
}

/** The row named 首页 (prepended for users whose roles lack it). */
export function findHomeRow(db: Db, name: string): Promise<MenuRow | undefined> {
  return db
    .selectFrom('sysPermission as p')
    .select(MENU_COLUMNS)
    .where('p.name', '=', name)
    .where('p.delFlag', '=', 0)
    .where('p.menuType', 'in', [0, 1])
    .orderBy('p.sortNo')
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirst();
}

/** Every button and field rule of the system (allAuth). */
export function findAllRules(db: Db) {
  return db
    .selectFrom('sysPermission')
    .select(['perms', 'permsType', 'status', 'name'])
    .where('menuType', '=', 2)
    .where('delFlag', '=', 0)
    .where('perms', 'is not', null)
    .orderBy('sortNo')
    .orderBy('id')
    .execute();
}
