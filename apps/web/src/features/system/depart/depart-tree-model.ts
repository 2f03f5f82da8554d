/** Pure helpers over the department tree the server answers (queryTreeList). */
import type { DepartTreeModel } from '@houtai/shared/contract/admin-depart';

/** The department with that id anywhere in the tree. */
export function findDepart(nodes: readonly DepartTreeModel[] | null, id: string): DepartTreeModel | undefined {
  for (const n of nodes ?? []) {
    if (n.id === id) return n;
    const found = findDepart(n.children, id);
    if (found) return found;
  }
  return undefined;
}

/** Ids of the department and all its descendants. */
export function subtreeIds(node: DepartTreeModel): string[] {
  return [node.id, ...(node.children ?? []).flatMap(subtreeIds)];
}

export interface DepartOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: DepartOption[];
}

/** The tree as parent choices; `excluded` (a department's own subtree: no cycles) cannot be chosen. */
export function parentOptions(nodes: readonly DepartTreeModel[] | null, excluded: ReadonlySet<string>): DepartOption[] {
  return (nodes ?? []).map((n) => {
    const option: DepartOption = { value: n.id, title: n.departName };
    if (excluded.has(n.id)) option.disabled = true;
    if (n.children?.length) option.children = parentOptions(n.children, excluded);
    return option;
  });
}
