/**
 * The department administration (issue 14, contract §2.9): the tree of live departments (queryTreeList), add and
 * edit with server-made org codes (depart-org-code.ts), moving a department under another parent (its subtree's
 * codes and levels follow, and so do the users whose current department is among them), logical delete refused
 * while live sub-departments or live users depend on it, and the small reads (queryAllParentId, getDepartName,
 * getUsersByDepartId).
 */
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  DEPART_TEXT,
  type DepartAddBody,
  type DepartEditBody,
  type DepartRecord,
  type DepartTreeModel,
} from '@houtai/shared/contract/admin-depart';
import type { PickerUser } from '@houtai/shared/contract/pickers';
import { MULTI_USER_MAX } from '@houtai/shared/contract/pickers';
import type { Db } from '../../db/connection.ts';
import { restampOrgCodes } from '../../db/org-code-stamp.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { invalidatePermissions } from '../permission/permission-codes.service.ts';
import { setLoginOrgCode } from '../user/user.service.ts';
import { multiUser, type UserPickerViewer } from '../user/user-picker.service.ts';
import * as repo from './depart-admin.repository.ts';
import { nextOrgCode } from './depart-org-code.ts';

/** Who writes: stamped on the rows. */
export interface DepartWriter {
  username: string;
}

/** Ancestors walked at most (a deeper chain is a corrupted cycle; org codes cannot be that deep anyway). */
const MAX_DEPTH = 64;
/** Attempts of an add or move whose generated code another request took first. */
const CODE_ATTEMPTS = 3;

export function toRecord(r: repo.DepartFullRow): DepartRecord {
  return {
    id: r.id,
    parentId: r.parentId || null,
    departName: r.departName,
    departNameEn: r.departNameEn,
    departNameAbbr: r.departNameAbbr,
    departOrder: r.departOrder,
    description: r.description,
    orgCategory: r.orgCategory,
    orgType: r.orgType,
    orgCode: r.orgCode,
    mobile: r.mobile,
    fax: r.fax,
    address: r.address,
    memo: r.memo,
    status: r.status,
    delFlag: r.delFlag,
    qywxIdentifier: null,
    createBy: r.createBy,
    createTime: toWireTime(r.createTime),
    updateBy: r.updateBy,
    updateTime: toWireTime(r.updateTime),
    directorUserIds: null,
  };
}

/** Nests rows (in tree order): a row whose parent is not among them is a root; leaves carry children null. */
function nestTree(rows: readonly repo.DepartFullRow[]): DepartTreeModel[] {
  const nodes = new Map<string, DepartTreeModel>(
    rows.map((r) => [
      r.id,
      { key: r.id, value: r.id, title: r.departName, isLeaf: true, ...toRecord(r), children: [] },
    ]),
  );
  const roots: DepartTreeModel[] = [];
  for (const r of rows) {
    const n = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent && parent !== n) parent.children!.push(n);
    else roots.push(n);
  }
  for (const n of nodes.values()) {
    n.isLeaf = n.children!.length === 0;
    if (n.isLeaf) n.children = null;
  }
  return roots;
}

/** GET /sys/sysDepart/queryTreeList: the live departments as a tree (of `ids` only, nested among themselves). */
export async function departTreeList(db: Db, ids: readonly string[]): Promise<DepartTreeModel[]> {
  return nestTree(await repo.findLiveDeparts(db, ids.length ? ids : undefined));
}

/** A live department, or the not-found refusal. */
async function liveDepart(db: Db, id: string): Promise<repo.DepartFullRow> {
  const d = await repo.findDepart(db, id);
  if (!d || d.delFlag !== '0') throw AppError.business(ADMIN_TEXT.notFound);
  return d;
}

/** The department and its ancestors, nearest first (bounded: a corrupted cycle stops the walk). */
async function chainOf(db: Db, start: repo.DepartFullRow): Promise<repo.DepartFullRow[]> {
  const chain = [start];
  let current = start;
  while (current.parentId && chain.length < MAX_DEPTH) {
    const parent = await repo.findDepart(db, current.parentId);
    if (!parent || chain.some((c) => c.id === parent.id)) break;
    chain.push(parent);
    current = parent;
  }
  return chain;
}

/** The parent a write names: live, or the refusal. Undefined for the top level. */
async function parentOf(db: Db, parentId: string | undefined): Promise<repo.DepartFullRow | undefined> {
  if (parentId === undefined) return undefined;
  const parent = await repo.findDepart(db, parentId);
  if (!parent || parent.delFlag !== '0') throw AppError.business(DEPART_TEXT.parentNotFound);
  return parent;
}

async function newCode(db: Db, parentCode: string): Promise<string> {
  const code = nextOrgCode(parentCode, await repo.findOrgCodesWithPrefix(db, parentCode));
  if (code === null) throw AppError.business(DEPART_TEXT.orgCodeTooLong);
  return code;
}

/** Runs a write that generates codes again when another request took the generated one first. */
async function withCodeRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= CODE_ATTEMPTS) throw AppError.business(DEPART_TEXT.orgCodeBusy);
    }
  }
}

/** The written fields of an add: what the body leaves out is empty (order 0, enabled, category by level). */
function addValues(body: DepartAddBody, parent: repo.DepartFullRow | undefined) {
  return {
    departName: body.departName,
    departNameEn: body.departNameEn ?? null,
    departNameAbbr: body.departNameAbbr ?? null,
    departOrder: body.departOrder ?? 0,
    description: body.description ?? null,
    orgCategory: body.orgCategory ?? (parent ? '2' : '1'),
    mobile: body.mobile ?? null,
    fax: body.fax ?? null,
    address: body.address ?? null,
    memo: body.memo ?? null,
    status: body.status ?? '1',
  };
}

/** The written fields of an edit: only those the body carries (undefined ones are left out of the update). */
function editValues(body: DepartEditBody) {
  return {
    departName: body.departName,
    departNameEn: body.departNameEn,
    departNameAbbr: body.departNameAbbr,
    departOrder: body.departOrder,
    description: body.description,
    orgCategory: body.orgCategory,
    mobile: body.mobile,
    fax: body.fax,
    address: body.address,
    memo: body.memo,
    status: body.status,
  };
}

/** POST /sys/sysDepart/add. */
export async function addDepart(db: Db, writer: DepartWriter, body: DepartAddBody): Promise<DepartRecord> {
  const id = newId();
  await withCodeRetry(() =>
    db.transaction().execute(async (trx) => {
      const parent = await parentOf(trx, body.parentId);
      const level = parent ? (await chainOf(trx, parent)).length + 1 : 1;
      await repo.insertDepart(trx, {
        id,
        parentId: parent?.id ?? null,
        ...addValues(body, parent),
        orgCode: await newCode(trx, parent?.orgCode ?? ''),
        orgType: String(level),
        createBy: writer.username,
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      });
    }),
  );
  return toRecord((await repo.findDepart(db, id))!);
}

/**
 * Moves a department's subtree (by parent links, deleted descendants too) to a new code: each descendant's code
 * keeps its part below the moved department, its level follows; users whose current department is among them
 * and business rows stamped with their codes (sys_org_code) follow the new code.
 */
async function recode(db: Db, dep: repo.DepartFullRow, code: string, level: number): Promise<void> {
  const all: { id: string; orgCode: string; level: number }[] = [{ id: dep.id, orgCode: dep.orgCode, level }];
  let frontier = [dep.id];
  const seen = new Set(frontier);
  for (let depth = 1; frontier.length && depth < MAX_DEPTH; depth++) {
    const children = (await repo.findChildren(db, frontier)).filter((c) => !seen.has(c.id));
    for (const c of children) {
      seen.add(c.id);
      all.push({ id: c.id, orgCode: c.orgCode, level: level + depth });
    }
    frontier = children.map((c) => c.id);
  }
  const users = await repo.findUsersOnDepartCodes(
    db,
    all.map((d) => d.id),
  );
  const newCodes = new Map<string, string>();
  const moves = new Map<string, string>();
  for (const d of all) {
    // A descendant whose code does not continue the moved one's (older data) keeps it; its level still follows.
    const next = d.orgCode.startsWith(dep.orgCode) ? code + d.orgCode.slice(dep.orgCode.length) : d.orgCode;
    newCodes.set(d.id, next);
    moves.set(d.orgCode, next);
    await repo.setDepartCode(db, d.id, next, String(d.level));
  }
  for (const u of users) await setLoginOrgCode(db, u.id, newCodes.get(u.departId) ?? null);
  // Business rows stamped with a moved department's code follow it.
  await restampOrgCodes(db, moves);
}

/** PUT|POST /sys/sysDepart/edit: the fields; a new parent moves the department with its subtree. */
export async function editDepart(db: Db, writer: DepartWriter, body: DepartEditBody): Promise<DepartRecord> {
  await withCodeRetry(() =>
    db.transaction().execute(async (trx) => {
      const dep = await liveDepart(trx, body.id);
      const parentId = body.parentId === undefined ? dep.parentId || undefined : (body.parentId ?? undefined);
      const parent = await parentOf(trx, parentId);
      const parentChain = parent ? await chainOf(trx, parent) : [];
      if (parentChain.some((a) => a.id === dep.id)) throw AppError.business(ADMIN_TEXT.parentCycle);
      await repo.updateDepart(trx, dep.id, {
        ...editValues(body),
        parentId: parent?.id ?? null,
        updateBy: writer.username,
        updateTime: nowIso(),
      });
      if ((parent?.id ?? null) !== (dep.parentId || null)) {
        const code = await newCode(trx, parent?.orgCode ?? '');
        await recode(trx, dep, code, parentChain.length + 1);
      }
    }),
  );
  // A move changes org codes, which data rules and the session's department read.
  await invalidatePermissions(db);
  return toRecord((await repo.findDepart(db, body.id))!);
}

/**
 * DELETE delete / deleteBatch: logical delete, all or nothing. Refused, naming the department, while it has live
 * sub-departments not deleted in the same call, or live users. Ids naming no live department are skipped; when
 * none is left the answer is not-found.
 */
export async function deleteDeparts(db: Db, writer: DepartWriter, ids: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const live = await repo.findLiveDeparts(trx, ids);
    if (live.length === 0) throw AppError.business(ADMIN_TEXT.notFound);
    const byId = new Map(live.map((d) => [d.id, d]));
    const ordered = ids.map((id) => byId.get(id)).filter((d): d is repo.DepartFullRow => d !== undefined);
    const deleting = ordered.map((d) => d.id);
    for (const d of ordered) {
      if ((await repo.countLiveChildren(trx, d.id, deleting)) > 0) {
        throw AppError.business(DEPART_TEXT.hasChildren(d.departName));
      }
      const users = await repo.countLiveMembers(trx, d.id);
      if (users > 0) throw AppError.business(DEPART_TEXT.hasUsers(d.departName, users));
    }
    await repo.markDeparts(trx, deleting, writer.username, nowIso());
  });
  // The deleted departments' roles stop granting.
  await invalidatePermissions(db);
}

export interface ParentIds {
  parentIds: string[];
  parentMap: Record<string, DepartRecord>;
}

/**
 * GET queryAllParentId: per department (by id, or by org code) its ancestors' ids from the top down and their
 * records. A key naming no department answers empty lists.
 */
export async function allParentIds(
  db: Db,
  q: { departId: string[]; orgCode: string[] },
): Promise<Record<string, ParentIds>> {
  if (q.departId.length === 0 && q.orgCode.length === 0) throw AppError.business(DEPART_TEXT.parentQueryRequired);
  const out: Record<string, ParentIds> = {};
  const byCode = q.departId.length === 0;
  const keys = byCode ? q.orgCode : q.departId;
  const found = byCode
    ? new Map((await repo.findDepartsByOrgCodes(db, keys)).map((d) => [d.orgCode, d]))
    : new Map(
        (await Promise.all(keys.map((k) => repo.findDepart(db, k))))
          .filter((d): d is repo.DepartFullRow => d !== undefined)
          .map((d) => [d.id, d]),
      );
  for (const key of keys) {
    const entry: ParentIds = { parentIds: [], parentMap: {} };
    const dep = found.get(key);
    if (dep) {
      const ancestors = (await chainOf(db, dep)).slice(1).reverse();
      for (const a of ancestors) {
        entry.parentIds.push(a.id);
        entry.parentMap[a.id] = toRecord(a);
      }
    }
    out[key] = entry;
  }
  return out;
}

/** GET getDepartName?orgCode: the name of the (live) department with that code. */
export async function departNameOf(db: Db, orgCode: string): Promise<string> {
  const [dep] = await repo.findDepartsByOrgCodes(db, [orgCode]);
  if (!dep || dep.delFlag !== '0') throw AppError.business(ADMIN_TEXT.notFound);
  return dep.departName;
}

/** GET getUsersByDepartId?id: the live users linked to the department (not its sub-departments). */
export async function usersOfDepart(db: Db, departId: string, viewer: UserPickerViewer): Promise<PickerUser[]> {
  await liveDepart(db, departId);
  const ids = await repo.findMemberUserIds(db, departId);
  const out: PickerUser[] = [];
  for (let i = 0; i < ids.length; i += MULTI_USER_MAX) {
    out.push(...(await multiUser(db, { id: ids.slice(i, i + MULTI_USER_MAX).join(','), store: 'id' }, viewer)));
  }
  return out;
}

/** A live department (for the role and permission calls); not-found refusal otherwise. */
export function requireLiveDepart(db: Db, id: string): Promise<repo.DepartFullRow> {
  return liveDepart(db, id);
}
