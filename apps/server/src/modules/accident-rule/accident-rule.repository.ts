/** SQL of the demo accident rules (demo_adverse_accident_rule): the business-record picker's page. */
import type { Expression, SqlBool, RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { like } from '../../lib/like.ts';
import { sortFor } from '../../registry/index.ts';

export interface AccidentRuleFilter {
  /** The advanced query (superQueryParams), compiled by the registry; bound values only. */
  where?: RawBuilder<SqlBool> | null;
  title?: string | undefined;
  category?: string | undefined;
  level?: string | undefined;
}

/** The where-clause: a list of predicates, each bound. */
function filtered(db: Db, f: AccidentRuleFilter) {
  return db.selectFrom('demoAdverseAccidentRule').where((eb) => {
    const preds: Expression<SqlBool>[] = [eb('delFlag', '=', 0)];
    if (f.title !== undefined) preds.push(like(eb.ref('title'), f.title));
    if (f.category !== undefined) preds.push(eb('category', '=', f.category));
    if (f.level !== undefined) preds.push(eb('level', '=', f.level));
    if (f.where) preds.push(f.where);
    return eb.and(preds);
  });
}

export async function countAccidentRules(db: Db, f: AccidentRuleFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageAccidentRules(
  db: Db,
  f: AccidentRuleFilter,
  sort: { column: string | undefined; order: string | undefined },
  offset: number,
  limit: number,
) {
  return filtered(db, f)
    .select(['id', 'category', 'level', 'title', 'ruleDesc'])
    .orderBy(sortFor('demo_adverse_accident_rule', sort.column, sort.order))
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}
