/** Pure helpers over the menu tree the server answers: table rows, expand-all keys, the parent picker's nodes. */
import type { SysPermissionTree } from '@houtai/shared/contract/admin-menu';

/** A node as the tree table reads it: `children` only when there are some (antd draws no expander then). */
export type MenuRow = Omit<SysPermissionTree, 'children'> & { children?: MenuRow[] };

export function toRows(tree: readonly SysPermissionTree[]): MenuRow[] {
  return tree.map(({ children, ...node }) =>
    children && children.length > 0 ? { ...node, children: toRows(children) } : node,
  );
}

/** The ids of every node that has children: 展开全部. */
export function expandableKeys(rows: readonly MenuRow[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly MenuRow[]) => {
    for (const r of list) {
      if (r.children) {
        out.push(r.id);
        walk(r.children);
      }
    }
  };
  walk(rows);
  return out;
}

export interface ParentNode {
  value: string;
  title: string;
  children?: ParentNode[];
}

/**
 * The nodes a menu may hang under: menus only (never a button), and never the node being edited or one of its
 * descendants (the server refuses both too).
 */
export function parentNodes(rows: readonly MenuRow[], selfId: string | null): ParentNode[] {
  const out: ParentNode[] = [];
  for (const r of rows) {
    if (r.menuType === 2 || r.id === selfId) continue;
    const kids = r.children ? parentNodes(r.children, selfId) : [];
    out.push(kids.length > 0 ? { value: r.id, title: r.name, children: kids } : { value: r.id, title: r.name });
  }
  return out;
}
