/**
 * What a tree loader answered, as the flat nodes of the tree select: TreeSelectModel (key, title, leaf, children)
 * and the category-tree node of spec §3 (key or value, title or label, leaf or isLeaf, children). Anything else is
 * '返回数据类型不识别' (spec §8). A synchronous tree (children given) is flattened.
 */
export const TREE_DATA_UNKNOWN = '返回数据类型不识别';
export const TREE_CONDITION_INVALID = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

export interface FlatNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

function text(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return null;
}

export function toFlatNodes(data: unknown, parent: string): FlatNode[] {
  if (!Array.isArray(data)) throw new Error(TREE_DATA_UNKNOWN);
  const out: FlatNode[] = [];
  for (const item of data as unknown[]) {
    if (typeof item !== 'object' || item === null) throw new Error(TREE_DATA_UNKNOWN);
    const n = item as Record<string, unknown>;
    const id = text(n.key) ?? text(n.value) ?? text(n.id);
    const title = text(n.title) ?? text(n.label) ?? text(n.text);
    if (id === null || title === null) throw new Error(TREE_DATA_UNKNOWN);
    const leaf = n.isLeaf ?? n.leaf;
    const children = Array.isArray(n.children) && n.children.length > 0 ? toFlatNodes(n.children, id) : [];
    out.push({ id, pId: parent, value: id, title, isLeaf: children.length === 0 && leaf !== false });
    out.push(...children);
  }
  return out;
}

/** A condition is a JSON object in a string (e.g. '{"code":"A01A01"}'); blank means none. */
export function isConditionValid(condition: string | undefined): boolean {
  if (condition === undefined || condition.trim() === '') return true;
  try {
    const parsed: unknown = JSON.parse(condition);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}
