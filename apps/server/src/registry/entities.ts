/**
 * The field registry: every table and column a request may name (security design §2.1, architecture §8), assembled
 * from the declarations of the modules that own the entities (`<module>.fields.ts`). Dictionaries, trees, duplicate
 * checks, conditions, sorting, exports and imports resolve names here; anything not listed does not exist for the
 * API. Secrets (sys_user.password, settings, tokens) are simply never listed.
 */
import { ACC_BIZ_RECORD_FIELDS, ACC_BIZ_RECORD_TRANSFER_FIELDS } from '../modules/accounting/accounting.fields.ts';
import { ANNOUNCEMENT_FIELDS } from '../modules/announcement/announcement.fields.ts';
import { ASYNC_TASK_FIELDS } from '../modules/async-task/async-task.fields.ts';
import { ACCIDENT_RULE_FIELDS } from '../modules/accident-rule/accident-rule.fields.ts';
import { CATEGORY_FIELDS } from '../modules/category/category.fields.ts';
import { DEPART_FIELDS } from '../modules/depart/depart.fields.ts';
import { DICT_FIELDS } from '../modules/dict/dict.fields.ts';
import { OPERATE_LOG_FIELDS } from '../modules/operate-log/operate-log.fields.ts';
import { POSITION_FIELDS } from '../modules/position/position.fields.ts';
import { QUARTZ_FIELDS } from '../modules/quartz/quartz.fields.ts';
import { ROLE_FIELDS } from '../modules/role/role.fields.ts';
import { SHIFT_FIELDS } from '../modules/shift/shift.fields.ts';
import { LEDGER_FIELDS, SETTLEMENT_ORG_FIELDS } from '../modules/settlement/settlement.fields.ts';
import { USER_FIELDS, USER_TRANSFER_FIELDS } from '../modules/user/user.fields.ts';
import { WORK_ORDER_FIELDS } from '../modules/work-order/work-order.fields.ts';
import type { EntityDef } from './types.ts';

export const ENTITIES: readonly EntityDef[] = [
  SETTLEMENT_ORG_FIELDS,
  LEDGER_FIELDS,
  USER_FIELDS,
  DEPART_FIELDS,
  POSITION_FIELDS,
  CATEGORY_FIELDS,
  ROLE_FIELDS,
  DICT_FIELDS,
  OPERATE_LOG_FIELDS,
  WORK_ORDER_FIELDS,
  ANNOUNCEMENT_FIELDS,
  ASYNC_TASK_FIELDS,
  SHIFT_FIELDS,
  ACCIDENT_RULE_FIELDS,
  QUARTZ_FIELDS,
  ACC_BIZ_RECORD_FIELDS,
  // After USER_FIELDS: online reports read sys_user through the first entity of the table.
  USER_TRANSFER_FIELDS,
  ACC_BIZ_RECORD_TRANSFER_FIELDS,
];

/**
 * Refuses declarations that could not work, when the registry is loaded (a server with a broken declaration does not
 * start): a name used by two entities, or a base filter, default order, tree or dictionary pair naming no field.
 */
export function checkEntities(entities: readonly EntityDef[]): void {
  const names = new Set<string>();
  for (const e of entities) {
    const has = (field: string) => Object.hasOwn(e.columns, field);
    const problem = (what: string) => new Error(`registry: ${e.table}: ${what}`);
    for (const name of e.names) {
      if (names.has(name)) throw problem(`the name ${name} is taken by another entity`);
      names.add(name);
    }
    const internal = [
      ...e.baseFilter.map((c) => c.field),
      ...e.defaultOrder.map(([field]) => field),
      ...e.dictPairs.flat(),
      ...(e.tree ? [e.tree.pidField, e.tree.parentKey, ...(e.tree.hasChildField ? [e.tree.hasChildField] : [])] : []),
    ];
    for (const field of internal) if (!has(field)) throw problem(`no field ${field}`);
  }
}
