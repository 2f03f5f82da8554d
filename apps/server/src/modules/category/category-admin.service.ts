/**
 * The category dictionary administration (issue 14, contract §2.5 "Admin"): paged top level and search (rootList),
 * children (childList, getChildListBatch), add with a generated hierarchical code (category-code.ts), edit and move
 * (a subtree's codes follow its new parent's; a parent among the category's own descendants is refused), delete
 * refused while sub-categories remain (not JeecgBoot's silent cascade: see /work/briefs/decisions-category.md), and
 * checkCode. has_child is kept right on both the old and the new parent. The picker reads (category.service.ts) go
 * to the same table without a cache, so they see every write at once.
 */
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  CATEGORY_CODE_PATTERN,
  CATEGORY_LIMITS,
  CATEGORY_ROOT_PID,
  CATEGORY_TEXT,
  type CategoryAddBody,
  type CategoryCheckCodeQuery,
  type CategoryEditBody,
  type CategoryRecord,
  type CategoryRootListQuery,
} from '@houtai/shared/contract/category';
import type { Page } from '@houtai/shared/contract/common';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf } from '../../lib/page.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import * as repo from './category-admin.repository.ts';
import { nextCategoryCode } from './category-code.ts';

/** Who writes: stamped on the rows (sys_org_code of a new category is the writer's department). */
export interface CategoryWriter {
  username: string;
  orgCode: string | null;
}

/** Ancestors walked at most (a deeper chain is a corrupted cycle). */
const MAX_DEPTH = 64;
/** childList / getChildListBatch answer at most this many rows. */
const CHILD_MAX = 5000;
/** Attempts of a write whose generated code another request took first. */
const CODE_ATTEMPTS = 3;

export function toRecord(r: repo.CategoryRow): CategoryRecord {
  return {
    id: r.id,
    pid: r.pid,
    name: r.name,
    code: r.code,
    sysOrgCode: r.sysOrgCode,
    hasChild: r.hasChild === '1' ? '1' : '0',
    createBy: r.createBy,
    createTime: toWireTime(r.createTime),
    updateBy: r.updateBy,
    updateTime: toWireTime(r.updateTime),
    version: r.version,
  };
}

/** GET rootList. */
export async function rootList(db: Db, q: CategoryRootListQuery): Promise<Page<CategoryRecord>> {
  const filter: repo.ListFilter = { pid: q.pid ?? CATEGORY_ROOT_PID, name: q.name, code: q.code };
  const [total, rows] = await Promise.all([
    repo.countPage(db, filter),
    repo.page(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
  ]);
  return pageOf(rows.map(toRecord), total, q);
}

/** GET childList?pid. */
export async function childList(db: Db, pid: string): Promise<CategoryRecord[]> {
  return (await repo.findChildren(db, [pid], CHILD_MAX)).map(toRecord);
}

/** GET getChildListBatch?parentIds: JeecgBoot answers an IPage holding all of them. */
export async function childListBatch(db: Db, parentIds: readonly string[]): Promise<Page<CategoryRecord>> {
  const rows = (await repo.findChildren(db, parentIds, CHILD_MAX)).map(toRecord);
  return { records: rows, total: rows.length, size: rows.length, current: 1, pages: 1 };
}

export async function categoryById(db: Db, id: string): Promise<CategoryRecord> {
  return toRecord(await existing(db, id));
}

async function existing(db: Db, id: string): Promise<repo.CategoryRow> {
  const row = await repo.findCategory(db, id);
  if (!row) throw AppError.business(ADMIN_TEXT.notFound);
  return row;
}

/** The parent a write names: existing, or the refusal. Undefined for the top level. */
async function parentOf(db: Db, pid: string | undefined): Promise<repo.CategoryRow | undefined> {
  if (pid === undefined || pid === CATEGORY_ROOT_PID) return undefined;
  const parent = await repo.findCategory(db, pid);
  if (!parent) throw AppError.business(CATEGORY_TEXT.parentNotFound);
  return parent;
}

/** Ids of a category's ancestors, nearest first (bounded: a corrupted cycle stops the walk). */
async function ancestorIds(db: Db, start: repo.CategoryRow): Promise<string[]> {
  const ids = [start.id];
  let current = start;
  while (current.pid !== CATEGORY_ROOT_PID && ids.length < MAX_DEPTH) {
    const parent = await repo.findCategory(db, current.pid);
    if (!parent || ids.includes(parent.id)) break;
    ids.push(parent.id);
    current = parent;
  }
  return ids;
}

/** Why `code` cannot be a child code of `parent` (null when it can); uniqueness is checked apart. */
function codeProblem(code: string, parent: repo.CategoryRow | undefined): string | null {
  if (!CATEGORY_CODE_PATTERN.test(code)) return CATEGORY_TEXT.codeInvalid;
  if (code.length > CATEGORY_LIMITS.code) return CATEGORY_TEXT.codeTooLong;
  const parentCode = parent?.code ?? '';
  if (parentCode === '') return null;
  if (!code.startsWith(parentCode)) return CATEGORY_TEXT.codePrefix(parentCode);
  if (code === parentCode) return CATEGORY_TEXT.codeSameAsParent;
  return null;
}

/** A generated code for a new child of `parent`. */
async function generateCode(db: Db, parent: repo.CategoryRow | undefined, exceptId?: string): Promise<string> {
  const code = await nextCategoryCode(
    parent?.code ?? '',
    await repo.siblingCodes(db, parent?.id ?? CATEGORY_ROOT_PID),
    (candidate) => repo.codePrefixUsed(db, candidate, exceptId),
    CATEGORY_LIMITS.code,
  );
  if (code === null) throw AppError.business(CATEGORY_TEXT.codeExhausted);
  return code;
}

/** Runs a write again when a generated code was taken by another request meanwhile. */
async function withCodeRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= CODE_ATTEMPTS) throw AppError.business(CATEGORY_TEXT.codeBusy);
    }
  }
}

/** POST add: the code typed (it must continue the parent's and be free) or generated. */
export async function addCategory(db: Db, writer: CategoryWriter, body: CategoryAddBody): Promise<CategoryRecord> {
  const id = newId();
  await withCodeRetry(() =>
    db.transaction().execute(async (trx) => {
      const parent = await parentOf(trx, body.pid);
      let code: string;
      if (body.code !== undefined) {
        const problem = codeProblem(body.code, parent);
        if (problem) throw AppError.business(problem);
        if (await repo.codeTaken(trx, body.code)) throw AppError.business(CATEGORY_TEXT.codeTaken);
        code = body.code;
      } else {
        code = await generateCode(trx, parent);
      }
      await repo.insertCategory(trx, {
        id,
        pid: parent?.id ?? CATEGORY_ROOT_PID,
        name: body.name,
        code,
        sysOrgCode: writer.orgCode,
        hasChild: '0',
        createBy: writer.username,
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      });
      if (parent) await repo.setHasChild(trx, parent.id, '1');
    }),
  );
  return toRecord(await existing(db, id));
}

/** Every descendant of a category (by pid links, bounded depth) with its code. */
async function descendants(db: Db, id: string): Promise<{ id: string; code: string | null }[]> {
  const out: { id: string; code: string | null }[] = [];
  const seen = new Set([id]);
  let frontier = [id];
  for (let depth = 0; frontier.length > 0 && depth < MAX_DEPTH; depth++) {
    const children = (await repo.findChildCodes(db, frontier)).filter((c) => !seen.has(c.id));
    for (const c of children) seen.add(c.id);
    out.push(...children);
    frontier = children.map((c) => c.id);
  }
  return out;
}

/**
 * PUT|POST edit. A new pid moves the category: a parent among its own descendants (or itself) is refused. The code:
 * a typed new code must continue the parent's and be free; on a move with the code left as it was, a code that no
 * longer continues the new parent's is generated again. When the code changes, the descendants' codes that
 * continued the old one continue the new one.
 */
export async function editCategory(db: Db, writer: CategoryWriter, body: CategoryEditBody): Promise<CategoryRecord> {
  await withCodeRetry(() =>
    db.transaction().execute(async (trx) => {
      const row = await existing(trx, body.id);
      if (body.version !== undefined && body.version !== row.version) throw AppError.business(ADMIN_TEXT.stale);
      const pid = body.pid ?? row.pid;
      const moved = pid !== row.pid;
      const parent = await parentOf(trx, pid);
      if (parent && (await ancestorIds(trx, parent)).includes(row.id)) {
        throw AppError.business(CATEGORY_TEXT.parentCycle);
      }
      const wanted = body.code ?? row.code;
      const typed = wanted !== row.code;
      let code = row.code;
      if (typed && wanted !== null) {
        const problem = codeProblem(wanted, parent);
        if (problem) throw AppError.business(problem);
        if (await repo.codeTaken(trx, wanted, row.id)) throw AppError.business(CATEGORY_TEXT.codeTaken);
        code = wanted;
      } else if (moved && (row.code === null || codeProblem(row.code, parent) !== null)) {
        code = await generateCode(trx, parent, row.id);
      }
      const saved = await repo.updateCategory(
        trx,
        row.id,
        {
          pid: parent?.id ?? CATEGORY_ROOT_PID,
          name: body.name,
          code,
          updateBy: writer.username,
          updateTime: nowIso(),
        },
        body.version,
      );
      if (!saved) throw AppError.business(ADMIN_TEXT.stale);
      if (code !== row.code && row.code !== null && code !== null) {
        const oldCode = row.code;
        for (const d of await descendants(trx, row.id)) {
          if (d.code !== null && d.code.startsWith(oldCode)) {
            const next = code + d.code.slice(oldCode.length);
            if (next.length > CATEGORY_LIMITS.code) throw AppError.business(CATEGORY_TEXT.codeTooLong);
            // A descendant's new code some other category has: refused (the transaction rolls back).
            if (await repo.codeTaken(trx, next, d.id)) throw AppError.business(CATEGORY_TEXT.codeTaken);
            await repo.setCode(trx, d.id, next);
          }
        }
      }
      if (moved) {
        if (parent) await repo.setHasChild(trx, parent.id, '1');
        if (row.pid !== CATEGORY_ROOT_PID && (await repo.countChildren(trx, row.pid)) === 0) {
          await repo.setHasChild(trx, row.pid, '0');
        }
      }
    }),
  );
  return toRecord(await existing(db, body.id));
}

/**
 * DELETE delete / deleteBatch: all or nothing, refused (naming the category) while it has children that the same
 * call does not delete. Ids naming no category are skipped; when none is left the answer is not-found. Parents left
 * without children get has_child '0'.
 */
export async function deleteCategories(db: Db, ids: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await repo.findCategories(trx, ids);
    if (rows.length === 0) throw AppError.business(ADMIN_TEXT.notFound);
    const deleting = rows.map((r) => r.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const r = byId.get(id);
      if (r && (await repo.countChildren(trx, r.id, deleting)) > 0) {
        throw AppError.business(CATEGORY_TEXT.hasChildren(r.name));
      }
    }
    await repo.deleteCategories(trx, deleting);
    const parents = new Set(rows.map((r) => r.pid).filter((p) => p !== CATEGORY_ROOT_PID && !byId.has(p)));
    for (const p of parents) {
      if ((await repo.countChildren(trx, p)) === 0) await repo.setHasChild(trx, p, '0');
    }
  });
}

/** GET checkCode: the code continues the parent's code and no other category has it. */
export async function checkCode(db: Db, q: CategoryCheckCodeQuery): Promise<void> {
  if (q.code === undefined) throw AppError.business(CATEGORY_TEXT.codeEmpty);
  const parent = await parentOf(db, q.pid);
  const problem = codeProblem(q.code, parent);
  if (problem) throw AppError.business(problem);
  if (await repo.codeTaken(db, q.code, q.id)) throw AppError.business(CATEGORY_TEXT.codeTaken);
}
