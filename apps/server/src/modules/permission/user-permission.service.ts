/**
 * The current user's menu tree, button grants and the system's button/field rules
 * (GET /sys/permission/getUserPermissionByToken, contract §2.2).
 *
 * The result depends only on the user's roles and the menu table, so it is computed once per user and
 * kept until the 'permission' epoch moves (every change to menus, roles or their links bumps it). A request
 * then costs one indexed epoch read; the result is kept already serialised (and gzip-compressed) so it is
 * neither re-encoded nor re-compressed per request.
 */
import type { MenuMeta, MenuNode, PermissionEntry } from '@houtai/shared/contract/permission';
import type { Db } from '../../db/connection.ts';
import { md5Hex } from '../../lib/ids.ts';
import { PrecompressedEnvelope } from '../../lib/precompressed-envelope.ts';
import { readEpoch } from './permission-codes.repository.ts';
import { PERMISSION_EPOCH } from './permission-codes.service.ts';
import { findAllRules, findHomeRow, findUserPermissionRows, type MenuRow } from './user-permission.repository.ts';
import { rowsForClient, type MenuClient } from './client-menu.ts';

export type { MenuRow };

export const HOME_MENU_NAME = '首页';

/** The contract's quirk replaces a node's meta by this when every child is hidden. */
export interface HiddenMenuMeta {
  hideMenu: true;
}

/** A node as sent: like the shared MenuNode, except that meta may be the quirk's bare {hideMenu:true}. */
export type WireMenuNode = Omit<MenuNode, 'meta' | 'children'> & {
  meta: MenuMeta | HiddenMenuMeta;
  children?: WireMenuNode[];
};

export interface WirePermissionResult {
  menu: WireMenuNode[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  sysSafeMode: boolean;
}

/** http(s) links and '{{ … }}' placeholders are not router paths: the client gets their md5 as path and the raw url in meta. */
function isExternalUrl(url: string): boolean {
  return url.startsWith('http://') || url.startsWith('https://') || url.startsWith('{{');
}

/** '/isystem/user' → 'isystem-user'; ':' becomes '@' so that params stay legal in a route name. */
export function urlToRouteName(url: string): string {
  return (url.startsWith('/') ? url.slice(1) : url).replace(/\//g, '-').replace(/:/g, '@');
}

function lastSegment(component: string): string {
  const parts = component.split('/');
  return parts[parts.length - 1] ?? '';
}

function toNode(row: MenuRow, topLevel: boolean, children: WireMenuNode[] | undefined): WireMenuNode {
  const url = row.url ?? '';
  const external = isExternalUrl(url);
  const component = row.component ?? 'layouts/RouteView';
  const meta: MenuMeta = {
    title: row.name,
    keepAlive: row.keepAlive === 1,
    internalOrExternal: row.internalOrExternal === 1,
    componentName: row.componentName || lastSegment(component),
  };
  if (row.icon) meta.icon = row.icon;
  if (external) meta.url = url;
  if (row.perms)
    meta.permissionList = [{ action: row.perms, type: row.permsType, status: row.status, describe: row.name }];
  if (row.hiddenHeaderContent === 1) meta.hiddenHeaderContent = true;
  if (row.hideTab === 1) meta.hideTab = true;
  const node: WireMenuNode = {
    id: row.id,
    route: row.isRoute === 1 ? '1' : '0',
    path: external ? md5Hex(url) : url,
    name: row.componentName || urlToRouteName(url),
    component,
    meta,
  };
  if (topLevel) node.redirect = row.redirect;
  if (row.hidden === 1) node.hidden = true;
  if (row.alwaysShow === 1) node.alwaysShow = true;
  if (children && children.length > 0) node.children = children;
  return node;
}

/**
 * Builds the tree from rows in sort order. Only menu rows (type 0/1) become nodes; a row whose parent is
 * not among them is left out, as the user cannot reach it. A top-level node whose children are all hidden
 * is itself hidden, with meta {hideMenu:true} (the contract's quirk).
 */
export function buildMenuTree(rows: readonly MenuRow[]): WireMenuNode[] {
  const menus = rows.filter((r) => r.menuType === 0 || r.menuType === 1);
  const byParent = new Map<string, MenuRow[]>();
  const roots: MenuRow[] = [];
  for (const r of menus) {
    if (!r.parentId) {
      roots.push(r);
      continue;
    }
    const list = byParent.get(r.parentId);
    if (list) list.push(r);
    else byParent.set(r.parentId, [r]);
  }
  const build = (row: MenuRow, topLevel: boolean, seen: ReadonlySet<string>): WireMenuNode => {
    // `seen` guards against a parent cycle in hand-edited data.
    const next = new Set(seen).add(row.id);
    const kids = (byParent.get(row.id) ?? []).filter((c) => !next.has(c.id)).map((c) => build(c, false, next));
    return toNode(row, topLevel, kids);
  };
  return roots.map((root) => {
    const node = build(root, true, new Set());
    if (node.children && node.children.every((c) => c.hidden === true)) {
      node.hidden = true;
      node.meta = { hideMenu: true };
    }
    return node;
  });
}

/** The result for one client (client-menu.ts): our web app by default. */
export async function computePermissionResult(
  db: Db,
  userId: string,
  client: MenuClient = 'houtai',
): Promise<WirePermissionResult> {
  const [rows, rules] = await Promise.all([findUserPermissionRows(db, userId), findAllRules(db)]);
  if (!rows.some((r) => r.name === HOME_MENU_NAME)) {
    const home = await findHomeRow(db, HOME_MENU_NAME);
    if (home) rows.unshift(home);
  }
  const auth: PermissionEntry[] = rows
    .filter((r) => r.menuType === 2 && r.status === '1' && r.perms)
    .map((r) => ({ action: r.perms ?? '', type: r.permsType, describe: r.name }));
  const allAuth: PermissionEntry[] = rules.map((r) => ({
    action: r.perms ?? '',
    status: r.status,
    type: r.permsType,
    describe: r.name,
  }));
  return { menu: buildMenuTree(rowsForClient(rows, client)), auth, allAuth, sysSafeMode: false };
}

interface Entry {
  epoch: number;
  /** The success envelope around the result, serialised, encoded and compressed once. */
  envelope: PrecompressedEnvelope;
}

const MAX_ENTRIES = 10_000;

/** Per-user and per-client results, exact as long as the 'permission' epoch has not moved. */
export class UserPermissionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly db: Db) {}

  /**
   * The success envelope of a user's result. `epoch` is the one the request's session read with its token; the
   * epoch is read before computing, so a change during the computation leaves an entry that is already stale.
   */
  async envelope(userId: string, knownEpoch?: number, client: MenuClient = 'houtai'): Promise<PrecompressedEnvelope> {
    const epoch = knownEpoch ?? (await readEpoch(this.db, PERMISSION_EPOCH));
    const key = `${client}:${userId}`;
    const hit = this.entries.get(key);
    if (hit && hit.epoch === epoch) return hit.envelope;
    const json = Buffer.from(JSON.stringify(await computePermissionResult(this.db, userId, client)), 'utf8');
    const envelope = new PrecompressedEnvelope(json);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { epoch, envelope });
    return envelope;
  }
}
