/** Category dictionary (contract §2.5): trees by pid under a code, lookups and translations. */
import { TEXT } from '@houtai/shared/constants';
import type { DictModel, TreeSelectModel } from '@houtai/shared/contract/dict';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { toWireTime } from '../../lib/time.ts';
import { jsonConditionWhere } from '../../registry/index.ts';
import { dictModel } from '../dict/dict.service.ts';
import * as repo from './category.repository.ts';

export const ROOT_PID = '0';
/** Recursion depth of a synchronous tree load (async=false). */
const MAX_DEPTH = 10;
const MAX_IDS = 500;

interface NodeRow {
  id: string;
  pid: string;
  name: string;
  code: string | null;
  hasChild: string;
}

function node(r: NodeRow): TreeSelectModel {
  return {
    key: r.id,
    title: r.name,
    code: r.code,
    leaf: r.hasChild !== '1',
    parentId: r.pid,
    value: r.id,
    icon: null,
    children: null,
  };
}

/** Id of the category with that code; unknown (or not unique) → business failure. */
async function idOfCode(db: Db, code: string): Promise<string> {
  const rows = await repo.findByCode(db, code);
  if (rows.length !== 1 || !rows[0]) throw AppError.business(TEXT.categoryUnknown);
  return rows[0].id;
}

/** Children of `pid`; when `recursive`, their descendants too (level by level, bounded depth). */
async function subtree(db: Db, pid: string, recursive: boolean): Promise<TreeSelectModel[]> {
  const roots = (await repo.findChildren(db, [pid])).map(node);
  if (!recursive) return roots;
  let level = roots;
  for (let depth = 1; depth < MAX_DEPTH && level.length > 0; depth++) {
    const byParent = new Map<string, TreeSelectModel[]>();
    for (const row of await repo.findChildren(
      db,
      level.map((n) => n.key),
    )) {
      const list = byParent.get(row.pid) ?? [];
      list.push(node(row));
      byParent.set(row.pid, list);
    }
    const next: TreeSelectModel[] = [];
    for (const n of level) {
      const children = byParent.get(n.key);
      if (children) {
        n.children = children;
        n.leaf = false;
        next.push(...children);
      }
    }
    level = next;
  }
  return roots;
}

/** loadTreeRoot: the children of the category with code `pcode` (roots when empty). */
export async function loadTreeRoot(db: Db, async: boolean, pcode: string | undefined): Promise<TreeSelectModel[]> {
  const code = pcode?.trim() ?? '';
  const pid = code === '' ? ROOT_PID : await idOfCode(db, code);
  return subtree(db, pid, !async);
}

export async function loadTreeChildren(db: Db, pid: string): Promise<TreeSelectModel[]> {
  return subtree(db, pid.trim(), false);
}

/** Fields loadOne may look up by (contract §2.5); the request names one, the column comes from this list. */
const LOOKUP_FIELDS = ['code', 'name', 'id'] as const;

/** loadOne: the single category whose `field` (code, name or id) equals `val`. */
export async function loadOne(db: Db, field: string, val: string) {
  const column = LOOKUP_FIELDS.find((f) => f === field.trim());
  if (!column) throw AppError.business(TEXT.conditionInvalid);
  const rows = await repo.findByField(db, column, val);
  if (rows.length === 0) throw AppError.business(TEXT.queryNoResult);
  if (rows.length > 1 || !rows[0]) throw AppError.business(TEXT.queryAmbiguous);
  const r = rows[0];
  return { ...r, createTime: toWireTime(r.createTime), updateTime: toWireTime(r.updateTime) };
}

/** loadTreeData: children of pid (or of the category with code pcode, '0' = roots) matching the condition. */
export async function loadTreeData(
  db: Db,
  pid: string | undefined,
  pcode: string | undefined,
  condition: string | undefined,
): Promise<TreeSelectModel[]> {
  let parent = pid?.trim() ?? '';
  if (parent === '') {
    const code = pcode?.trim() ?? '';
    if (code === '') throw AppError.business(TEXT.categoryParamMissing);
    parent = code === ROOT_PID ? ROOT_PID : await idOfCode(db, code);
  }
  const where = jsonConditionWhere('sys_category', condition);
  return (await repo.findChildren(db, [parent], where)).map(node);
}

/** loadDictItem: names for a comma list of ids, in the order given. */
export async function loadDictItem(db: Db, ids: string | undefined, delNotExist: boolean): Promise<string[]> {
  const list = (ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .slice(0, MAX_IDS);
  const names = new Map((await repo.findNamesByIds(db, list)).map((r) => [r.id, r.name]));
  const out: string[] = [];
  for (const id of list) {
    const name = names.get(id);
    if (name !== undefined) out.push(name);
    else if (!delNotExist) out.push(id);
  }
  return out;
}

/** loadAllData: every category whose code starts with `code` ('0' or empty = all) as DictModel {value: id}. */
export async function loadAllData(db: Db, code: string | undefined): Promise<DictModel[]> {
  const c = code?.trim() ?? '';
  const rows = await repo.findByCodePrefix(db, c === '' || c === ROOT_PID ? null : c);
  return rows.map((r) => dictModel(r.id, r.name));
}

/** A category and whether it has children (no other code extends its code). */
export interface CategoryNode {
  code: string;
  name: string;
  leaf: boolean;
}

/** The category `code` and everything under it, ordered by code (e.g. the business sources under A01). */
export async function categoriesUnder(db: Db, code: string): Promise<CategoryNode[]> {
  const rows = (await repo.findByCodePrefix(db, code)).flatMap((r) =>
    r.code === null ? [] : [{ code: r.code, name: r.name }],
  );
  return rows.map((r) => ({
    ...r,
    leaf: !rows.some((c) => c.code.length > r.code.length && c.code.startsWith(r.code)),
  }));
}
