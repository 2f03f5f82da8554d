/**
 * 编码校验规则 administration: list (paged, ruleName / ruleCode contains-filters), add, edit, delete, deleteBatch and
 * queryById. The rule JSON arrives already checked by the shared schema (every pattern compiles, is bounded and
 * nests no repeats); ruleCode is unique (checked here, and by the table's unique index under a race).
 */
import { TEXT } from '@houtai/shared/constants';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  CHECK_RULE_ADMIN_TEXT,
  type CheckRuleAddBody,
  type CheckRuleEditBody,
  type CheckRuleListQuery,
  type CheckRuleRecord,
} from '@houtai/shared/contract/check-rule';
import type { Page } from '@houtai/shared/contract/common';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageOf } from '../../lib/page.ts';
import { toWireTime } from '../../lib/time.ts';
import * as repo from './check-rule.repository.ts';

export interface CheckRuleActor {
  username: string;
}

function present(row: repo.RuleRow): CheckRuleRecord {
  return {
    id: row.id,
    ruleName: row.ruleName,
    ruleCode: row.ruleCode,
    ruleJson: row.ruleJson,
    ruleDescription: row.ruleDescription,
    createBy: row.createBy,
    createTime: toWireTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: toWireTime(row.updateTime),
    version: row.version,
  };
}

/** JeecgBoot's list sends `*text*` for contains-filters; the stars are not part of the text. */
function filterText(v: string | undefined): string | undefined {
  const t = v?.replace(/^\*+|\*+$/g, '').trim();
  return t ? t : undefined;
}

function sortOf(q: CheckRuleListQuery): { column: repo.RuleSortColumn; order: 'asc' | 'desc' } {
  if (!q.column) return { column: 'createTime', order: 'desc' };
  const column = Object.hasOwn(repo.RULE_SORTS, q.column)
    ? repo.RULE_SORTS[q.column as keyof typeof repo.RULE_SORTS]
    : undefined;
  if (!column) throw AppError.business(TEXT.sortInvalid);
  return { column, order: q.order ?? 'asc' };
}

export async function listRules(db: Db, q: CheckRuleListQuery): Promise<Page<CheckRuleRecord>> {
  const filter = { ruleName: filterText(q.ruleName), ruleCode: filterText(q.ruleCode) };
  const sort = sortOf(q);
  const [total, rows] = await Promise.all([
    repo.countRules(db, filter),
    repo.pageRules(db, filter, sort, offsetOf(q), q.pageSize),
  ]);
  return pageOf(rows.map(present), total, q);
}

export async function queryRule(db: Db, id: string): Promise<CheckRuleRecord> {
  const row = await repo.findRule(db, id);
  if (!row) throw AppError.business(ADMIN_TEXT.notFound);
  return present(row);
}

async function assertCodeFree(db: Db, ruleCode: string, exceptId?: string): Promise<void> {
  if (await repo.codeTakenBy(db, ruleCode, exceptId)) throw AppError.business(CHECK_RULE_ADMIN_TEXT.codeTaken);
}

export async function addRule(db: Db, actor: CheckRuleActor, body: CheckRuleAddBody, now: string): Promise<string> {
  await assertCodeFree(db, body.ruleCode);
  const id = newId();
  try {
    await repo.insertRule(db, {
      id,
      ruleName: body.ruleName,
      ruleCode: body.ruleCode,
      ruleJson: body.ruleJson,
      ruleDescription: body.ruleDescription ?? null,
      createBy: actor.username,
      createTime: now,
      updateBy: null,
      updateTime: null,
    });
  } catch (e) {
    // Two adds of one code at once: the unique index refuses the second.
    if (await repo.codeTakenBy(db, body.ruleCode)) throw AppError.business(CHECK_RULE_ADMIN_TEXT.codeTaken);
    throw e;
  }
  return id;
}

export async function editRule(db: Db, actor: CheckRuleActor, body: CheckRuleEditBody, now: string): Promise<void> {
  const current = await repo.findRule(db, body.id);
  if (!current) throw AppError.business(ADMIN_TEXT.notFound);
  await assertCodeFree(db, body.ruleCode, body.id);
  let changed: number;
  try {
    changed = await repo.updateRule(db, body.id, body.version, {
      ruleName: body.ruleName,
      ruleCode: body.ruleCode,
      ruleJson: body.ruleJson,
      ruleDescription: body.ruleDescription === undefined ? current.ruleDescription : body.ruleDescription,
      updateBy: actor.username,
      updateTime: now,
    });
  } catch (e) {
    if (await repo.codeTakenBy(db, body.ruleCode, body.id)) throw AppError.business(CHECK_RULE_ADMIN_TEXT.codeTaken);
    throw e;
  }
  if (changed === 0) throw AppError.conflict(ADMIN_TEXT.stale);
}

export async function deleteRules(db: Db, ids: readonly string[]): Promise<number> {
  const n = await repo.deleteRules(db, ids);
  if (n === 0) throw AppError.business(ADMIN_TEXT.notFound);
  return n;
}
