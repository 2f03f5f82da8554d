/** The demo accident rules (不良事件规则) as the field registry knows them: the business-record picker's demo list. */
import { ACCIDENT_CATEGORY_DICT, ACCIDENT_LEVEL_DICT } from '@houtai/shared/contract/pickers';
import { AUDIT_FIELDS, numberField, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

export const ACCIDENT_RULE_FIELDS: EntityDef = {
  names: ['demo_adverse_accident_rule'],
  label: '不良事件规则',
  table: 'demo_adverse_accident_rule',
  columns: {
    id: stringField('id', '主键', { filter: true, sort: true }),
    category: stringField('category', '事件类别', { filter: true, sort: true, dict: ACCIDENT_CATEGORY_DICT }),
    level: stringField('level', '事件等级', { filter: true, sort: true, dict: ACCIDENT_LEVEL_DICT }),
    title: stringField('title', '规则标题', { filter: true, sort: true }),
    rule_desc: stringField('rule_desc', '规则说明', { filter: true }),
    sort_order: numberField('sort_order', '排序', { sort: true }),
    del_flag: numberField('del_flag', '删除状态', { filter: true, dict: 'del_flag' }),
    ...AUDIT_FIELDS,
  },
  dictPairs: [['title', 'id']],
  baseFilter: [{ field: 'del_flag', op: '=', value: 0 }],
  defaultOrder: [
    ['sort_order', 'asc'],
    ['title', 'asc'],
  ],
};
