/**
 * Seed step '0018-table-dict-registry': the table dictionaries that were allowed before 表字典登记 existed (the
 * registry's code-only list), now rows of sys_table_dict that an administrator may disable or extend. A frozen
 * snapshot: later changes go into a new step. Inserted when missing, never overwritten.
 */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export const SEEDED_TABLE_DICTS: readonly (readonly [
  table: string,
  text: string,
  value: string,
  description: string,
])[] = [
  ['lg_base_settlement_org', 'name', 'id', '结算组织（按主键）'],
  ['lg_base_settlement_org', 'name', 'code', '结算组织（按编码）'],
  ['ledger', 'name', 'id', '账套'],
  ['sys_user', 'realname', 'username', '用户（按登录账号）'],
  ['sys_user', 'realname', 'id', '用户（按主键）'],
  ['sys_depart', 'depart_name', 'id', '部门（按主键）'],
  ['sys_depart', 'depart_name', 'org_code', '部门（按机构编码）'],
  ['sys_position', 'name', 'code', '职务'],
  ['sys_category', 'name', 'id', '分类字典（按主键）'],
  ['sys_category', 'name', 'code', '分类字典（按编码）'],
  ['hr_attendance_shift', 'name', 'id', '班次'],
  ['demo_adverse_accident_rule', 'title', 'id', '不良事件规则'],
];

export async function seedTableDicts(db: Db): Promise<void> {
  for (const [tableName, textField, valueField, description] of SEEDED_TABLE_DICTS) {
    const exists = await db
      .selectFrom('sysTableDict')
      .select('id')
      .where('tableName', '=', tableName)
      .where('textField', '=', textField)
      .where('valueField', '=', valueField)
      .executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('sysTableDict')
      .values({
        id: newId(),
        tableName,
        textField,
        valueField,
        description,
        status: 1,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'table-dict')
    .execute();
}
