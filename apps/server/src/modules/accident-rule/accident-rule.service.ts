/** The demo accident rules: the business-record picker's list, category and level with their dictionary texts. */
import {
  ACCIDENT_CATEGORY_DICT,
  ACCIDENT_LEVEL_DICT,
  type AccidentRule,
  type AccidentRuleListQuery,
} from '@houtai/shared/contract/pickers';
import type { Db } from '../../db/connection.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import * as repo from './accident-rule.repository.ts';
import { superQueryWhere } from '../../registry/index.ts';

export async function listAccidentRules(db: Db, q: AccidentRuleListQuery): Promise<PageOf<AccidentRule>> {
  const filter = {
    title: q.title,
    category: q.category,
    level: q.level,
    where: superQueryWhere('demo_adverse_accident_rule', q),
  };
  const [total, rows, categories, levels] = await Promise.all([
    repo.countAccidentRules(db, filter),
    repo.pageAccidentRules(db, filter, { column: q.column, order: q.order }, offsetOf(q), q.pageSize),
    dictItemsByCode(db, ACCIDENT_CATEGORY_DICT),
    dictItemsByCode(db, ACCIDENT_LEVEL_DICT),
  ]);
  const categoryText = new Map(categories.map((d) => [d.value, d.text]));
  const levelText = new Map(levels.map((d) => [d.value, d.text]));
  return pageOf(
    rows.map((r) => ({
      ...r,
      category_dictText: categoryText.get(r.category) ?? null,
      level_dictText: levelText.get(r.level) ?? null,
    })),
    total,
    q,
  );
}
