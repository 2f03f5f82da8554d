/**
 * The pure rules of the permission-tree drawer: an index of the tree (parents, children, kinds), ticking with or
 * without parent-child linkage (父子关联), and the search filter. The drawer's antd Tree always runs in
 * checkStrictly mode and shows exactly the set these functions compute.
 */
import type { PermissionTreeNode } from '@houtai/shared/contract/admin-role';

/** menuType of a button or field rule (0 top menu, 1 sub menu). */
export const MENU_TYPE_BUTTON = 2;

export interface PermissionTreeIndex {
  nodes: Map<string, PermissionTreeNode>;
  parentOf: Map<string, string>;
  /** Every key, tree order. */
  keys: string[];
  /** Keys of nodes with children (what 展开所有 opens). */
  branchKeys: string[];
}

export function indexTree(treeList: readonly PermissionTreeNode[]): PermissionTreeIndex {
  const nodes = new Map<string, PermissionTreeNode>();
  const parentOf = new Map<string, string>();
  const keys: string[] = [];
  const branchKeys: string[] = [];
  const walk = (list: readonly PermissionTreeNode[], parent: string | null) => {
    for (const node of list) {
      // A key met twice (a broken answer) is placed once.
      if (nodes.has(node.key)) continue;
      nodes.set(node.key, node);
      keys.push(node.key);
      if (parent !== null) parentOf.set(node.key, parent);
      const kids = node.children ?? [];
      if (kids.length > 0) {
        branchKeys.push(node.key);
        walk(kids, node.key);
      }
    }
  };
  walk(treeList, null);
  return { nodes, parentOf, keys, branchKeys };
}

/** The node's descendants' keys (not the node). */
export function descendantKeys(index: PermissionTreeIndex, key: string): string[] {
  const out: string[] = [];
  const walk = (node: PermissionTreeNode | undefined) => {
    for (const kid of node?.children ?? []) {
      out.push(kid.key);
      walk(kid);
    }
  };
  walk(index.nodes.get(key));
  return out;
}

/** The node's ancestors' keys, nearest first. */
export function ancestorKeys(index: PermissionTreeIndex, key: string): string[] {
  const out: string[] = [];
  let parent = index.parentOf.get(key);
  while (parent !== undefined && !out.includes(parent)) {
    out.push(parent);
    parent = index.parentOf.get(parent);
  }
  return out;
}

/**
 * The ticked keys after the user ticks (`tick`) or unticks a node. Without linkage only that node changes (a parent
 * can be granted alone, as JeecgBoot's default 层级独立). With linkage, ticking takes the node's descendants and the
 * menus above it (a button is no use without its menu); unticking drops the node and its descendants.
 */
export function toggleKey(
  index: PermissionTreeIndex,
  checked: readonly string[],
  key: string,
  tick: boolean,
  linked: boolean,
): string[] {
  const changed = new Set([key, ...(linked ? descendantKeys(index, key) : [])]);
  if (tick) {
    if (linked) for (const k of ancestorKeys(index, key)) changed.add(k);
    const out = [...checked];
    const has = new Set(checked);
    for (const k of changed) if (!has.has(k)) out.push(k);
    return out;
  }
  return checked.filter((k) => !changed.has(k));
}

/** A menu whose children, if any, are only buttons: where a per-menu action (数据规则) belongs. */
export function isLeafMenu(node: PermissionTreeNode): boolean {
  if (node.menuType === MENU_TYPE_BUTTON) return false;
  return (node.children ?? []).every((kid) => kid.menuType === MENU_TYPE_BUTTON);
}

export interface FilteredTree {
  tree: PermissionTreeNode[];
  /** Ancestors of the matches: what to open so every match shows. */
  expandKeys: string[];
}

/**
 * The nodes whose title contains `text` (case-insensitive), with the menus above them and everything below them;
 * blank text keeps the whole tree.
 */
export function filterTree(treeList: readonly PermissionTreeNode[], text: string): FilteredTree {
  const needle = text.trim().toLowerCase();
  if (needle === '') return { tree: [...treeList], expandKeys: [] };
  const expandKeys: string[] = [];
  const visit = (list: readonly PermissionTreeNode[]): PermissionTreeNode[] => {
    const out: PermissionTreeNode[] = [];
    for (const node of list) {
      if (node.title.toLowerCase().includes(needle)) {
        out.push(node);
        continue;
      }
      const kids = visit(node.children ?? []);
      if (kids.length > 0) {
        expandKeys.push(node.key);
        out.push({ ...node, children: kids });
      }
    }
    return out;
  };
  return { tree: visit(treeList), expandKeys };
}
