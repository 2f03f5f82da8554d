/**
 * Menu administration (contract §2.8 /sys/permission/*): the tree and flat lists of the menu editor, the lazy
 * top-level and sub-menu reads, add / edit with is_leaf upkeep on the old and the new parent, and physical delete of
 * a node with its descendants and everything hanging on them. Refused: a parent among the node itself or its
 * descendants, an unknown parent or a button as parent, a button code another node carries, and any change that
 * would lock the administrators out of menu and role administration (LOCKOUT_CODES). Every change bumps the
 * permission epoch, so every signed-in user on every instance gets it at the next permission load.
 */
import type { Updateable } from 'kysely';
import { ADMIN_PERMISSIONS, ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  MENU_TEXT,
  type CheckPermQuery,
  type MenuAddBody,
  type MenuEditBody,
  type SysPermissionTree,
} from '@houtai/shared/contract/admin-menu';
import type { Db } from '../../db/connection.ts';
import type { SysPermissionTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { invalidatePermissions } from './permission-codes.service.ts';
import * as repo from './menu-admin.repository.ts';

/**
 * The codes without which no administrator could repair menus or grants any more: a node carrying one cannot be
 * deleted (nor any ancestor, since a delete takes the descendants), disabled, or lose the code.
 */
export const LOCKOUT_CODES: readonly string[] = [
  ADMIN_PERMISSIONS.menu.list,
  ADMIN_PERMISSIONS.menu.edit,
  ADMIN_PERMISSIONS.role.list,
  ADMIN_PERMISSIONS.role.authorize,
];

export interface MenuActor {
  username: string;
}

const codesOf = (perms: string | null | undefined): string[] =>
  (perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');

// ---------------------------------------------------------------------------------------------------------
// Reading

function toTree(r: repo.MenuRecord, isLeaf: boolean): SysPermissionTree {
  return {
    id: r.id,
    key: r.id,
    title: r.name,
    parentId: r.parentId,
    name: r.name,
    perms: r.perms,
    permsType: r.permsType,
    icon: r.icon,
    component: r.component,
    componentName: r.componentName,
    url: r.url,
    redirect: r.redirect,
    sortNo: Number(r.sortNo),
    menuType: Number(r.menuType),
    isLeaf,
    route: r.isRoute === 1,
    keepAlive: r.keepAlive === 1,
    description: r.description,
    delFlag: Number(r.delFlag),
    createBy: r.createBy,
    createTime: toWireTime(r.createTime),
    updateBy: r.updateBy,
    updateTime: toWireTime(r.updateTime),
    alwaysShow: r.alwaysShow === 1,
    hidden: r.hidden === 1,
    hideTab: r.hideTab === 1,
    status: r.status,
    internalOrExternal: r.internalOrExternal === 1,
    ruleFlag: Number(r.ruleFlag),
    version: Number(r.version),
    // JeecgBoot's SysPermissionTree: a parent carries a (possibly not yet loaded) list, so that the Vue2 table
    // shows its expand arrow; a leaf carries none.
    children: isLeaf ? null : [],
  };
}

function childrenByParent(rows: readonly repo.MenuRecord[]): Map<string, repo.MenuRecord[]> {
  const ids = new Set(rows.map((r) => r.id));
  const map = new Map<string, repo.MenuRecord[]>();
  for (const r of rows) {
    // A row whose parent is gone is shown at the top, so that an administrator can see and fix it.
    const key = r.parentId && ids.has(r.parentId) ? r.parentId : '';
    const list = map.get(key);
    if (list) list.push(r);
    else map.set(key, [r]);
  }
  return map;
}

function buildTree(rows: readonly repo.MenuRecord[]): SysPermissionTree[] {
  const byParent = childrenByParent(rows);
  const seen = new Set<string>();
  const build = (r: repo.MenuRecord): SysPermissionTree => {
    seen.add(r.id);
    const kids = (byParent.get(r.id) ?? []).filter((k) => !seen.has(k.id));
    const node = toTree(r, kids.length === 0);
    if (kids.length > 0) node.children = kids.map(build);
    return node;
  };
  return (byParent.get('') ?? []).map(build);
}

/** GET list: the whole tree; with `name`, the matching rows flat (each a leaf), as JeecgBoot answers. */
export async function listMenus(db: Db, q: { name?: string | undefined }): Promise<SysPermissionTree[]> {
  if (q.name !== undefined) return (await repo.findMenusByName(db, q.name)).map((r) => toTree(r, true));
  return buildTree(await repo.findAllMenus(db));
}

/** Children of each live row's id, for the lazy reads' isLeaf. */
async function withLeafInfo(db: Db): Promise<{ rows: repo.MenuRecord[]; hasChild: Set<string> }> {
  const rows = await repo.findAllMenus(db);
  return { rows, hasChild: new Set(rows.map((r) => r.parentId).filter((p): p is string => !!p)) };
}

/** GET getSystemMenuList: the top-level menus (type 0), their children not loaded (`[]` on a parent). */
export async function systemMenuList(db: Db): Promise<SysPermissionTree[]> {
  const { rows, hasChild } = await withLeafInfo(db);
  return rows.filter((r) => r.menuType === 0).map((r) => toTree(r, !hasChild.has(r.id)));
}

/** GET getSystemSubmenuBatch: {parentId: children[]} for every asked parent (an empty list when it has none). */
export async function systemSubmenus(
  db: Db,
  parentIds: readonly string[],
): Promise<Record<string, SysPermissionTree[]>> {
  const { rows, hasChild } = await withLeafInfo(db);
  const result: Record<string, SysPermissionTree[]> = {};
  for (const id of parentIds) {
    result[id] = rows.filter((r) => r.parentId === id).map((r) => toTree(r, !hasChild.has(r.id)));
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Checks

type Shape = Awaited<ReturnType<typeof repo.findShape>>;

/** The node and every descendant (a cycle already in the data cannot loop). */
function subtree(shape: Shape, rootId: string): Set<string> {
  const kids = new Map<string, string[]>();
  for (const r of shape) {
    if (!r.parentId) continue;
    const list = kids.get(r.parentId);
    if (list) list.push(r.id);
    else kids.set(r.parentId, [r.id]);
  }
  const out = new Set<string>([rootId]);
  const queue = [rootId];
  for (let cur = queue.pop(); cur !== undefined; cur = queue.pop()) {
    for (const k of kids.get(cur) ?? []) {
      if (!out.has(k)) {
        out.add(k);
        queue.push(k);
      }
    }
  }
  return out;
}

/** A code of `perms` already carried by another live node. */
function takenCode(shape: Shape, perms: string | undefined, exceptId: string | null): boolean {
  const mine = new Set(codesOf(perms));
  if (mine.size === 0) return false;
  return shape.some((r) => r.id !== exceptId && codesOf(r.perms).some((c) => mine.has(c)));
}

function checkParent(shape: Shape, parentId: string | null, selfId: string | null): void {
  if (!parentId) return;
  if (selfId && subtree(shape, selfId).has(parentId)) throw AppError.business(ADMIN_TEXT.parentCycle);
  const parent = shape.find((r) => r.id === parentId);
  if (!parent) throw AppError.business(MENU_TEXT.parentNotFound);
  if (parent.menuType === 2) throw AppError.business(MENU_TEXT.parentIsButton);
}

const flag = (v: boolean | undefined, fallback: number): number => (v === undefined ? fallback : v ? 1 : 0);

/** The columns an add or edit writes from the body; text fields not sent (or blank) are cleared. */
function columnsOf(body: MenuAddBody, prev: repo.MenuRecord | null): Updateable<SysPermissionTable> {
  return {
    parentId: body.menuType === 0 ? null : (body.parentId ?? null),
    name: body.name,
    url: body.url ?? null,
    component: body.component ?? null,
    componentName: body.componentName ?? null,
    redirect: body.redirect ?? null,
    menuType: body.menuType,
    perms: body.perms ?? null,
    permsType: body.permsType ?? prev?.permsType ?? '1',
    status: body.status ?? prev?.status ?? '1',
    sortNo: body.sortNo ?? prev?.sortNo ?? 1,
    icon: body.icon ?? null,
    isRoute: flag(body.route, prev?.isRoute ?? 1),
    keepAlive: flag(body.keepAlive, prev?.keepAlive ?? 0),
    hidden: flag(body.hidden, prev?.hidden ?? 0),
    hideTab: flag(body.hideTab, prev?.hideTab ?? 0),
    alwaysShow: flag(body.alwaysShow, prev?.alwaysShow ?? 0),
    internalOrExternal: flag(body.internalOrExternal, prev?.internalOrExternal ?? 0),
    description: body.description ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writing

/** POST add: answers the new id. */
export async function addMenu(db: Db, actor: MenuActor, body: MenuAddBody): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const shape = await repo.findShape(trx);
    const cols = columnsOf(body, null);
    const parentId = cols.parentId ?? null;
    checkParent(shape, parentId, null);
    if (takenCode(shape, body.perms, null)) throw AppError.business(MENU_TEXT.permsTaken);
    await repo.insertMenu(trx, {
      ...cols,
      id,
      name: body.name,
      menuType: body.menuType,
      isLeaf: 1,
      hiddenHeaderContent: 0,
      delFlag: 0,
      ruleFlag: 0,
      version: 1,
      createBy: actor.username,
      createTime: nowIso(),
      updateBy: null,
      updateTime: null,
    });
    if (parentId) await repo.refreshLeaf(trx, parentId);
  });
  await invalidatePermissions(db);
  return id;
}

/** PUT|POST edit. */
export async function editMenu(db: Db, actor: MenuActor, body: MenuEditBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const prev = await repo.findMenu(trx, body.id);
    if (!prev) throw AppError.business(ADMIN_TEXT.notFound);
    if (body.version !== undefined && body.version !== Number(prev.version)) throw AppError.business(ADMIN_TEXT.stale);
    const shape = await repo.findShape(trx);
    const cols = columnsOf(body, prev);
    const parentId = cols.parentId ?? null;
    checkParent(shape, parentId, prev.id);
    const prevCodes = codesOf(prev.perms);
    const nextCodes = new Set(codesOf(body.perms));
    const guarded = prevCodes.filter((c) => LOCKOUT_CODES.includes(c));
    if (guarded.length > 0 && (guarded.some((c) => !nextCodes.has(c)) || cols.status === '0')) {
      throw AppError.business(MENU_TEXT.protectedCode);
    }
    if (takenCode(shape, body.perms, prev.id)) throw AppError.business(MENU_TEXT.permsTaken);
    const done = await repo.updateMenu(trx, prev.id, Number(prev.version), {
      ...cols,
      updateBy: actor.username,
      updateTime: nowIso(),
    });
    if (!done) throw AppError.business(ADMIN_TEXT.stale);
    if (prev.parentId !== parentId) {
      if (parentId) await repo.refreshLeaf(trx, parentId);
      if (prev.parentId) await repo.refreshLeaf(trx, prev.parentId);
    }
  });
  await invalidatePermissions(db);
}

/** DELETE delete / deleteBatch: the nodes with all their descendants; answers how many rows went. */
export async function deleteMenus(db: Db, ids: readonly string[]): Promise<number> {
  const deleted = await db.transaction().execute(async (trx) => {
    const shape = await repo.findShape(trx);
    const byId = new Map(shape.map((r) => [r.id, r]));
    const roots = ids.filter((id) => byId.has(id));
    if (roots.length === 0) throw AppError.business(ADMIN_TEXT.notFound);
    const doomed = new Set<string>();
    for (const id of roots) for (const d of subtree(shape, id)) doomed.add(d);
    const locked = [...doomed].some((id) => codesOf(byId.get(id)?.perms).some((c) => LOCKOUT_CODES.includes(c)));
    if (locked) throw AppError.business(MENU_TEXT.protectedEntry);
    const n = await repo.deleteMenus(trx, [...doomed]);
    const parents = new Set(
      roots.map((id) => byId.get(id)?.parentId).filter((p): p is string => !!p && !doomed.has(p)),
    );
    for (const p of parents) await repo.refreshLeaf(trx, p);
    return n;
  });
  await invalidatePermissions(db);
  return deleted;
}

/** GET checkPermDuplication: whether the code (or the url of a menu) is free for node `id`. */
export async function checkPermDuplication(db: Db, q: CheckPermQuery): Promise<void> {
  const shape = await repo.findShape(db);
  const except = q.id ?? null;
  if (q.perms !== undefined && takenCode(shape, q.perms, except)) throw AppError.business(MENU_TEXT.permsTaken);
  if (q.url !== undefined && shape.some((r) => r.id !== except && r.menuType !== 2 && r.url === q.url)) {
    throw AppError.business(MENU_TEXT.urlTaken);
  }
}

/** Whether a live menu row exists (for the data rules). */
export async function menuExists(db: Db, id: string): Promise<boolean> {
  return (await repo.findMenu(db, id)) !== undefined;
}

export async function markRuleFlag(db: Db, id: string, hasRules: boolean): Promise<void> {
  await repo.setRuleFlag(db, id, hasRules ? 1 : 0);
}
