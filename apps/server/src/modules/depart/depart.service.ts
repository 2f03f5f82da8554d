/**
 * The department module's published API: department names for other modules, and the trees the department and
 * user pickers read (queryDepartTreeSync, queryIdTree, queryTreeListByLength, searchBy, queryMyDeptTreeList).
 * Deleted departments (delFlag '1') are answered with their flag: the picker hides or disables them
 * (showDelDepart / selectedDelDepart), and a stored value naming one still shows its name.
 */
import type {
  DepartNode,
  DepartSearchQuery,
  DepartTreeByLengthQuery,
  DepartTreeQuery,
  DepartTreeSyncQuery,
} from '@houtai/shared/contract/pickers';
import type { Db } from '../../db/connection.ts';
import * as repo from './depart.repository.ts';

/** Department names by org code, for the codes that exist (a user's department full names are built from them). */
export async function departNamesByCodes(db: Db, orgCodes: readonly string[]): Promise<Map<string, string>> {
  return new Map((await repo.findDepartsByCodes(db, orgCodes)).map((d) => [d.orgCode, d.departName]));
}

/** Department names by id, for the ids that exist (deleted ones included: a stored value still shows its name). */
export async function departNamesByIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await repo.findOrgCodesByIds(db, ids)).map((d) => [d.id, d.departName]));
}

function node(r: repo.DepartTreeRow, children: DepartNode[] | null): DepartNode {
  return {
    id: r.id,
    key: r.id,
    value: r.id,
    title: r.departName,
    parentId: r.parentId,
    departName: r.departName,
    orgCode: r.orgCode,
    orgCategory: r.orgCategory,
    orgType: r.orgType,
    departOrder: r.departOrder,
    status: r.status,
    delFlag: r.delFlag,
    isLeaf: Number(r.childCount ?? 0) === 0,
    children,
  };
}

/** Nests flat rows (already in tree order): a row whose parent is not among them is a root. */
function nest(rows: readonly repo.DepartTreeRow[]): DepartNode[] {
  const nodes = new Map(rows.map((r) => [r.id, node(r, [])]));
  const roots: DepartNode[] = [];
  for (const r of rows) {
    const n = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children!.push(n);
    else roots.push(n);
  }
  // Leaves carry children null as JeecgBoot's trees do; isLeaf stays what the database says.
  for (const n of nodes.values()) if (n.children!.length === 0) n.children = null;
  return roots;
}

const splitList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 500);

/** One level: children of pid; the roots (or the department of orgCode); or the departments named by ids. */
export async function departTreeSync(db: Db, q: DepartTreeSyncQuery): Promise<DepartNode[]> {
  let rows: repo.DepartTreeRow[];
  if (q.ids !== undefined) {
    const keys = splitList(q.ids);
    rows = await repo.findDeparts(db, q.primaryKey === 'orgCode' ? { orgCodes: keys } : { ids: keys });
  } else if (q.pid !== undefined) {
    rows = await repo.findDeparts(db, { parentId: q.pid });
  } else if (q.orgCode !== undefined) {
    rows = await repo.findDeparts(db, { orgCodes: [q.orgCode] });
  } else {
    rows = await repo.findDeparts(db, { parentId: '' });
  }
  return rows.map((r) => node(r, []));
}

/** The whole tree (or the subtree of orgCode). */
export async function departIdTree(db: Db, q: DepartTreeQuery): Promise<DepartNode[]> {
  return nest(await repo.findDeparts(db, { orgCodePrefix: q.orgCode }));
}

/** The tree down to `len` levels (org codes of at most 3 × len characters). */
export async function departTreeByLength(db: Db, q: DepartTreeByLengthQuery): Promise<DepartNode[]> {
  return nest(await repo.findDeparts(db, { orgCodePrefix: q.orgCode, maxCodeLength: q.len * 3 }));
}

/** Departments whose name contains the keyword, flat; myDeptSearch '1' keeps the caller's own subtrees. */
export async function searchDeparts(db: Db, q: DepartSearchQuery, userId: string): Promise<DepartNode[]> {
  const rows = await repo.findDeparts(db, { keyword: q.keyWord, orgCodePrefix: q.orgCode });
  if (q.myDeptSearch !== '1') return rows.map((r) => node(r, null));
  const mine = await myOrgCodes(db, userId);
  return rows.filter((r) => mine.some((c) => r.orgCode.startsWith(c))).map((r) => node(r, null));
}

async function myOrgCodes(db: Db, userId: string): Promise<string[]> {
  const own = await repo.findOrgCodesByIds(db, await repo.findMemberDepartIds(db, userId));
  return own.map((d) => d.orgCode);
}

/** The caller's departments with their sub-departments, as a tree. */
export async function myDepartTree(db: Db, userId: string): Promise<DepartNode[]> {
  const codes = await myOrgCodes(db, userId);
  // A department under another of the caller's is already in that one's subtree.
  const tops = codes.filter((c) => !codes.some((o) => o !== c && c.startsWith(o)));
  const rows = (await Promise.all(tops.map((c) => repo.findDeparts(db, { orgCodePrefix: c })))).flat();
  return nest(rows);
}

/** Ids of a department and all its descendants (empty when the id names no department). */
export async function departSubtreeIds(db: Db, departId: string): Promise<string[]> {
  const [dep] = await repo.findOrgCodesByIds(db, [departId]);
  if (!dep) return [];
  return (await repo.findDeparts(db, { orgCodePrefix: dep.orgCode })).map((r) => r.id);
}

export interface Membership {
  departIds: string[];
  departNames: string[];
}

/** The departments of each user (ids and names, in org-code order). */
export async function membershipsOf(db: Db, userIds: readonly string[]): Promise<Map<string, Membership>> {
  const out = new Map<string, Membership>();
  for (const m of await repo.findMemberships(db, userIds)) {
    const e = out.get(m.userId) ?? { departIds: [], departNames: [] };
    e.departIds.push(m.id);
    e.departNames.push(m.departName);
    out.set(m.userId, e);
  }
  return out;
}
