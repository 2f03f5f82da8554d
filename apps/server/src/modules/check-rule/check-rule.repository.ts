/** SQL over sys_check_rule. Bound values only; sorts from an allow-list. */
import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { SysCheckRuleTable } from '../../db/schema.ts';
import { like } from '../../lib/like.ts';

export function findRuleByCode(db: Db, ruleCode: string) {
  return db
    .selectFrom('sysCheckRule')
    .select(['ruleCode', 'ruleJson'])
    .where('ruleCode', '=', ruleCode)
    .executeTakeFirst();
}

// ---- Administration ----

export interface RuleFilter {
  ruleName?: string | undefined;
  ruleCode?: string | undefined;
}

/** The columns a list may be sorted by: API name (camel or snake) → column. */
export const RULE_SORTS = {
  ruleName: 'ruleName',
  rule_name: 'ruleName',
  ruleCode: 'ruleCode',
  rule_code: 'ruleCode',
  createTime: 'createTime',
  create_time: 'createTime',
  updateTime: 'updateTime',
  update_time: 'updateTime',
} as const;
export type RuleSortColumn = (typeof RULE_SORTS)[keyof typeof RULE_SORTS];

const RULE_COLUMNS = [
  'id',
  'ruleName',
  'ruleCode',
  'ruleJson',
  'ruleDescription',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'version',
] as const;

function filtered(db: Db, f: RuleFilter) {
  return db.selectFrom('sysCheckRule').where((eb) => {
    const preds: Expression<SqlBool>[] = [];
    if (f.ruleName) preds.push(like(eb.ref('ruleName'), f.ruleName));
    if (f.ruleCode) preds.push(like(eb.ref('ruleCode'), f.ruleCode));
    return preds.length > 0 ? eb.and(preds) : sql<SqlBool>`1 = 1`;
  });
}

export async function countRules(db: Db, f: RuleFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageRules(
  db: Db,
  f: RuleFilter,
  sort: { column: RuleSortColumn; order: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  return filtered(db, f)
    .select(RULE_COLUMNS)
    .orderBy(sort.column, sort.order)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findRule(db: Db, id: string) {
  return db.selectFrom('sysCheckRule').select(RULE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type RuleRow = NonNullable<Awaited<ReturnType<typeof findRule>>>;

/** The id of the rule holding `ruleCode` (other than `exceptId`), if any. */
export async function codeTakenBy(db: Db, ruleCode: string, exceptId?: string): Promise<string | null> {
  let q = db.selectFrom('sysCheckRule').select('id').where('ruleCode', '=', ruleCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id ?? null;
}

export async function insertRule(db: Db, row: Insertable<SysCheckRuleTable>): Promise<void> {
  await db.insertInto('sysCheckRule').values(row).execute();
}

/** Updates a rule (at `version` when given), bumping the version; answers the rows changed (0: gone or stale). */
export async function updateRule(
  db: Db,
  id: string,
  version: number | undefined,
  values: Updateable<SysCheckRuleTable>,
): Promise<number> {
  let q = db
    .updateTable('sysCheckRule')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteRules(db: Db, ids: readonly string[]): Promise<number> {
  const r = await db.deleteFrom('sysCheckRule').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
