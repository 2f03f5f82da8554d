/**
 * Voucher template administration (凭证模板, issue 15): every business source leaf under A01 with its template, the
 * subjects a line may use (active leaves), save (create or replace with the lines, in one transaction) and delete.
 * A template is refused unless it balances — the posting service's own rule (templateBalances), so what is saved
 * here is what generation accepts.
 */
import { ACCOUNTING_LIMITS } from '@houtai/shared/contract/accounting';
import {
  TEMPLATE_TEXT,
  type AmountKind,
  type TemplateLineRecord,
  type TemplateSaveBody,
  type TemplateSourceRecord,
  type TemplateSubjectOption,
  type TemplateSide,
} from '@houtai/shared/contract/accounting-template';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso, toWireTime } from '../../lib/time.ts';
import { categoriesUnder, type CategoryNode } from '../category/category.service.ts';
import { templateBalances } from './posting.service.ts';
import * as repo from './template.repository.ts';

export interface TemplateActor {
  username: string;
}

const STATUS: Readonly<Record<string, string>> = { '1': '启用', '0': '停用' };

/** The business source leaves under A01, each with the names of its ancestors below A01. */
async function sourceLeaves(db: Db): Promise<{ leaf: CategoryNode; parentNames: string[] }[]> {
  const all = await categoriesUnder(db, ACCOUNTING_LIMITS.sourceRoot);
  const byCode = new Map(all.map((c) => [c.code, c]));
  return all
    .filter((c) => c.leaf && c.code !== ACCOUNTING_LIMITS.sourceRoot)
    .map((leaf) => {
      const parentNames: string[] = [];
      for (let len = ACCOUNTING_LIMITS.sourceRoot.length + 3; len < leaf.code.length; len += 3) {
        const p = byCode.get(leaf.code.slice(0, len));
        if (p) parentNames.push(p.name);
      }
      return { leaf, parentNames };
    });
}

/** Active leaf subjects, and every subject's name. */
async function subjectIndex(db: Db): Promise<{ leaves: TemplateSubjectOption[]; names: Map<string, string> }> {
  const rows = await repo.subjectsForTemplates(db);
  const parents = new Set(rows.map((r) => r.parentCode).filter((c): c is string => c !== null));
  return {
    leaves: rows.filter((r) => r.status === '1' && !parents.has(r.code)).map((r) => ({ code: r.code, name: r.name })),
    names: new Map(rows.map((r) => [r.code, r.name])),
  };
}

/** GET voucherTemplate/list */
export async function listTemplates(db: Db): Promise<TemplateSourceRecord[]> {
  const [leaves, templates, lines, subjects] = await Promise.all([
    sourceLeaves(db),
    repo.allTemplates(db),
    repo.allTemplateLines(db),
    subjectIndex(db),
  ]);
  const linesOf = new Map<string, TemplateLineRecord[]>();
  for (const l of lines) {
    const list = linesOf.get(l.templateId) ?? [];
    list.push({
      lineNo: l.lineNo,
      side: l.side as TemplateSide,
      subjectCode: l.subjectCode,
      subjectName: subjects.names.get(l.subjectCode) ?? '',
      amountKind: l.amountKind as AmountKind,
      summary: l.summary,
    });
    linesOf.set(l.templateId, list);
  }
  const bySource = new Map(templates.map((t) => [t.dataSource, t]));
  return leaves.map(({ leaf, parentNames }) => {
    const t = bySource.get(leaf.code);
    return {
      dataSource: leaf.code,
      sourceName: leaf.name,
      parentNames,
      template: t
        ? {
            id: t.id,
            name: t.name,
            status: t.status === '0' ? '0' : '1',
            status_dictText: STATUS[t.status] ?? t.status,
            lines: linesOf.get(t.id) ?? [],
            updateBy: t.updateBy,
            updateTime: toWireTime(t.updateTime),
            version: t.version,
          }
        : null,
    };
  });
}

/** GET voucherTemplate/subjects */
export async function templateSubjects(db: Db): Promise<TemplateSubjectOption[]> {
  return (await subjectIndex(db)).leaves;
}

/** POST voucherTemplate/save: creates or replaces the source's template and its lines; answers the source's row. */
export async function saveTemplate(
  db: Db,
  actor: TemplateActor,
  body: TemplateSaveBody,
): Promise<TemplateSourceRecord> {
  const leaves = await sourceLeaves(db);
  if (!leaves.some((l) => l.leaf.code === body.dataSource)) throw AppError.business(TEMPLATE_TEXT.sourceInvalid);
  const { leaves: subjects } = await subjectIndex(db);
  const usable = new Set(subjects.map((s) => s.code));
  const wrong = body.lines.find((l) => !usable.has(l.subjectCode));
  if (wrong) throw AppError.business(TEMPLATE_TEXT.subjectNotLeaf(wrong.subjectCode));
  const defs = body.lines.map((l) => ({
    side: l.side,
    subjectCode: l.subjectCode,
    kind: l.amountKind,
    summary: l.summary ?? null,
  }));
  if (!templateBalances(defs)) throw AppError.business(TEMPLATE_TEXT.unbalanced);

  const at = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await repo.findTemplate(trx, body.dataSource);
      let id: string;
      if (existing) {
        const changed = await repo.updateTemplate(trx, existing.id, body.version, {
          name: body.name,
          status: body.status,
          updateBy: actor.username,
          updateTime: at,
        });
        if (changed === 0) throw AppError.business(TEMPLATE_TEXT.stale);
        id = existing.id;
      } else {
        // A version sent for a template that is gone: someone deleted it meanwhile.
        if (body.version !== undefined) throw AppError.business(TEMPLATE_TEXT.stale);
        id = newId();
        await repo.insertTemplate(trx, {
          id,
          dataSource: body.dataSource,
          name: body.name,
          status: body.status,
          createBy: actor.username,
          createTime: at,
          updateBy: actor.username,
          updateTime: at,
        });
      }
      await repo.replaceLines(
        trx,
        id,
        body.lines.map((l, i) => ({
          id: newId(),
          templateId: id,
          lineNo: i + 1,
          side: l.side,
          subjectCode: l.subjectCode,
          amountKind: l.amountKind,
          summary: l.summary ?? null,
        })),
      );
    });
  } catch (err) {
    // Two first saves of one source at the same moment: the second loses on data_source unique.
    if (isUniqueViolation(err)) throw AppError.business(TEMPLATE_TEXT.stale);
    throw err;
  }
  const row = (await listTemplates(db)).find((r) => r.dataSource === body.dataSource);
  return row!;
}

/** DELETE voucherTemplate/delete: generation then refuses the source (ACCOUNTING_TEXT.noTemplate). */
export async function deleteTemplate(db: Db, dataSource: string): Promise<void> {
  const t = await repo.findTemplate(db, dataSource);
  if (!t) throw AppError.business(TEMPLATE_TEXT.notFound);
  const n = await db.transaction().execute((trx) => repo.deleteTemplate(trx, t.id));
  if (n === 0) throw AppError.business(TEMPLATE_TEXT.notFound);
}
