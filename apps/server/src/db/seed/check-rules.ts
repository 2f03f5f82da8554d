/**
 * Base check rules (sys_check_rule, contract §2.6/§5): `common` and `order_no`. rule_json is an array of
 * {digits, pattern, message}; digits '*' checks the whole value, N the next N characters. Inserted by code
 * when missing, never overwritten.
 */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export interface CheckRuleSeed {
  code: string;
  name: string;
  description: string;
  rules: readonly { digits: string; pattern: string; message: string }[];
}

export const CHECK_RULES: readonly CheckRuleSeed[] = [
  {
    code: 'common',
    name: '通用编码规则',
    description: '首位必须是字母，只能包含字母、数字和下划线，长度3到12位',
    rules: [
      { digits: '1', pattern: '[A-Za-z]', message: '首位必须是字母' },
      { digits: '*', pattern: '[A-Za-z0-9_]*', message: '只能输入字母、数字和下划线' },
      { digits: '*', pattern: '.{3,12}', message: '长度必须在3到12位之间' },
    ],
  },
  {
    code: 'order_no',
    name: '单据编号规则',
    description: '前两位为大写字母，随后8位日期（yyyyMMdd），最后4位流水号',
    rules: [
      { digits: '2', pattern: '[A-Z]{2}', message: '前两位必须是大写字母' },
      { digits: '8', pattern: '\\d{8}', message: '第3到10位必须是8位日期数字' },
      { digits: '4', pattern: '\\d{4}', message: '第11到14位必须是4位流水号' },
      { digits: '*', pattern: '.{14}', message: '单据编号必须是14位' },
    ],
  },
];

export async function seedCheckRules(db: Db): Promise<void> {
  for (const r of CHECK_RULES) {
    const exists = await db.selectFrom('sysCheckRule').select('id').where('ruleCode', '=', r.code).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('sysCheckRule')
      .values({
        id: newId(),
        ruleName: r.name,
        ruleCode: r.code,
        ruleJson: JSON.stringify(r.rules),
        ruleDescription: r.description,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
}
