/**
 * The chart of accounts administration (会计科目, issue 15): /voucher/accSubject/list (the whole chart as a tree,
 * filtered by keyword and status), add, edit and delete. The rules an accountant expects under 企业会计准则:
 * - a sub-account's code is its parent's plus 2 digits; the parent must exist, and it inherits the parent's category;
 * - entries stay on leaf subjects: no sub-account under a subject that vouchers, balances or templates already use;
 * - an enabled subject never sits under a disabled one (disable the children first, enable the parent first);
 * - a subject a voucher template uses is neither disabled nor deleted (the template is named); one with vouchers,
 *   balances or sub-accounts is not deleted (it may be disabled); the code and the category never change.
 */
import {
  SUBJECT_DIRECTION_TEXT,
  SUBJECT_STATUS_TEXT,
  SUBJECT_TEXT,
  parentCodeOf,
  subjectLevel,
  type SubjectAddBody,
  type SubjectEditBody,
  type SubjectListQuery,
  type SubjectTreeNode,
} from '@houtai/shared/contract/accounting-subject';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import * as repo from './subject.repository.ts';

export interface SubjectActor {
  username: string;
}

type SubjectRow = NonNullable<Awaited<ReturnType<typeof repo.findSubjectById>>>;

const label = (s: { code: string; name: string }) => `${s.code} ${s.name}`;

function present(row: SubjectRow, leaf: boolean, matched: boolean): SubjectTreeNode {
  const direction = row.direction === 'C' ? 'C' : 'D';
  const status = row.status === '0' ? '0' : '1';
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    parentCode: row.parentCode,
    direction,
    direction_dictText: SUBJECT_DIRECTION_TEXT[direction],
    category: row.category,
    level: row.level,
    leaf,
    status,
    status_dictText: SUBJECT_STATUS_TEXT[status],
    matched,
    createBy: row.createBy,
    createTime: toWireTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: toWireTime(row.updateTime),
    version: row.version,
    children: [],
  };
}

function matches(row: SubjectRow, q: SubjectListQuery): boolean {
  if (q.status !== undefined && row.status !== q.status) return false;
  if (q.keyword === undefined) return true;
  const k = q.keyword.toLowerCase();
  return row.code.includes(k) || row.name.toLowerCase().includes(k);
}

/**
 * The chart as a tree in code order. With a filter: the matching subjects and their ancestors (so each match is
 * shown where it sits); `leaf` always speaks of the whole chart.
 */
export async function listSubjectTree(db: Db, q: SubjectListQuery): Promise<SubjectTreeNode[]> {
  const rows = await repo.allSubjects(db);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const parents = new Set(rows.map((r) => r.parentCode).filter((c): c is string => c !== null));
  const shown = new Map<string, boolean>();
  for (const r of rows) {
    if (!matches(r, q)) continue;
    shown.set(r.code, true);
    for (let p = r.parentCode; p !== null && !shown.has(p); p = byCode.get(p)?.parentCode ?? null) {
      if (!byCode.has(p)) break;
      shown.set(p, false);
    }
  }
  const nodes = new Map<string, SubjectTreeNode>();
  const roots: SubjectTreeNode[] = [];
  for (const r of rows) {
    const matched = shown.get(r.code);
    if (matched === undefined) continue;
    const node = present(r, !parents.has(r.code), matched);
    nodes.set(r.code, node);
    const parent = r.parentCode === null ? undefined : nodes.get(r.parentCode);
    // Rows come in code order, so a parent is placed before its children; an orphan shows at the top.
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

async function requireSubject(db: Db, id: string): Promise<SubjectRow> {
  const s = await repo.findSubjectById(db, id);
  if (!s) throw AppError.business(SUBJECT_TEXT.notFound);
  return s;
}

async function presentOne(db: Db, id: string): Promise<SubjectTreeNode> {
  const s = await requireSubject(db, id);
  const { all } = await repo.countChildren(db, s.code);
  return present(s, all === 0, true);
}

/** What already carries entries on the subject, for the parent check of an add; null when nothing. */
async function usageOf(db: Db, code: string): Promise<string | null> {
  const templates = await repo.templateNamesUsing(db, code);
  if (templates.length > 0) return `凭证模板「${templates.join('、')}」`;
  if ((await repo.countVoucherLines(db, code)) > 0) return '凭证分录';
  if (await repo.hasBalances(db, code)) return '账簿余额';
  return null;
}

export async function addSubject(db: Db, actor: SubjectActor, body: SubjectAddBody): Promise<SubjectTreeNode> {
  const level = subjectLevel(body.code)!;
  const parentCode = parentCodeOf(body.code);
  const status = body.status ?? '1';
  const id = newId();
  await db.transaction().execute(async (trx) => {
    if (await repo.findSubjectByCode(trx, body.code)) throw AppError.business(SUBJECT_TEXT.codeTaken);
    let category = body.category as string | undefined;
    if (parentCode !== null) {
      const parent = await repo.findSubjectByCode(trx, parentCode);
      if (!parent) throw AppError.business(SUBJECT_TEXT.parentMissing(parentCode));
      if (parent.status === '0' && status === '1') throw AppError.business(SUBJECT_TEXT.parentDisabled(label(parent)));
      const used = await usageOf(trx, parent.code);
      if (used !== null) throw AppError.business(SUBJECT_TEXT.parentUsed(label(parent), used));
      category = parent.category;
    }
    try {
      await repo.insertSubject(trx, {
        id,
        code: body.code,
        name: body.name,
        parentCode,
        direction: body.direction,
        category: category!,
        level,
        status,
        createBy: actor.username,
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.business(SUBJECT_TEXT.codeTaken);
      throw err;
    }
  });
  return presentOne(db, id);
}

export async function editSubject(db: Db, actor: SubjectActor, body: SubjectEditBody): Promise<SubjectTreeNode> {
  await db.transaction().execute(async (trx) => {
    const s = await requireSubject(trx, body.id);
    const status = body.status ?? (s.status === '0' ? '0' : '1');
    if (status === '0' && s.status !== '0') {
      const { enabled } = await repo.countChildren(trx, s.code);
      if (enabled > 0) throw AppError.business(SUBJECT_TEXT.disableEnabledChildren(label(s), enabled));
      const templates = await repo.templateNamesUsing(trx, s.code);
      if (templates.length > 0) {
        throw AppError.business(SUBJECT_TEXT.disableUsedByTemplates(label(s), templates.join('、')));
      }
    }
    if (status === '1' && s.status === '0' && s.parentCode !== null) {
      const parent = await repo.findSubjectByCode(trx, s.parentCode);
      if (parent && parent.status === '0') throw AppError.business(SUBJECT_TEXT.parentDisabled(label(parent)));
    }
    const changed = await repo.updateSubject(trx, s.id, body.version, {
      name: body.name,
      direction: body.direction,
      status,
      updateBy: actor.username,
      updateTime: nowIso(),
    });
    if (changed === 0) throw AppError.business(body.version === undefined ? SUBJECT_TEXT.notFound : SUBJECT_TEXT.stale);
  });
  return presentOne(db, body.id);
}

/** Refused, with the reason, while sub-accounts, voucher lines, ledger balances or template lines use it. */
export async function deleteSubject(db: Db, id: string): Promise<SubjectRow> {
  return db.transaction().execute(async (trx) => {
    const s = await requireSubject(trx, id);
    const name = label(s);
    const { all } = await repo.countChildren(trx, s.code);
    if (all > 0) throw AppError.business(SUBJECT_TEXT.hasChildren(name, all));
    const lines = await repo.countVoucherLines(trx, s.code);
    if (lines > 0) throw AppError.business(SUBJECT_TEXT.usedByVouchers(name, lines));
    if (await repo.hasBalances(trx, s.code)) throw AppError.business(SUBJECT_TEXT.usedByBalances(name));
    const templates = await repo.templateNamesUsing(trx, s.code);
    if (templates.length > 0) throw AppError.business(SUBJECT_TEXT.usedByTemplates(name, templates.join('、')));
    if ((await repo.deleteLeafSubject(trx, s.id, s.code)) === 0) {
      const again = await repo.countChildren(trx, s.code);
      throw AppError.business(again.all > 0 ? SUBJECT_TEXT.hasChildren(name, again.all) : SUBJECT_TEXT.notFound);
    }
    return s;
  });
}
