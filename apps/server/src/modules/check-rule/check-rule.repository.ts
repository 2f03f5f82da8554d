/** SQL over sys_check_rule. */
import type { Db } from '../../db/connection.ts';

export function findRuleByCode(db: Db, ruleCode: string) {
  return db
    .selectFrom('sysCheckRule')
    .select(['ruleCode', 'ruleJson'])
    .where('ruleCode', '=', ruleCode)
    .executeTakeFirst();
}
