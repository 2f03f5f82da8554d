/** Departments as the field registry knows them (a tree by parent_id; the administration screens come later). */
import { AUDIT_FIELDS, numberField, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

export const DEPART_FIELDS: EntityDef = {
  names: ['sys_depart'],
  label: '部门',
  table: 'sys_depart',
  columns: {
    id: stringField('id', '主键', { filter: true, sort: true }),
    parent_id: stringField('parent_id', '上级部门', { filter: true, dict: 'sys_depart,depart_name,id' }),
    depart_name: stringField('depart_name', '部门名称', { filter: true, sort: true }),
    org_code: stringField('org_code', '机构编码', { filter: true, sort: true, unique: true }),
    org_category: stringField('org_category', '机构类型', { filter: true, dict: 'org_category' }),
    org_type: stringField('org_type', '机构层级', { filter: true }),
    depart_order: numberField('depart_order', '排序', { sort: true }),
    status: stringField('status', '状态', { filter: true, dict: 'depart_status' }),
    del_flag: stringField('del_flag', '删除状态', { filter: true, dict: 'del_flag' }),
    ...AUDIT_FIELDS,
  },
  dictPairs: [
    ['depart_name', 'id'],
    ['depart_name', 'org_code'],
  ],
  baseFilter: [{ field: 'del_flag', op: '=', value: '0' }],
  defaultOrder: [
    ['depart_order', 'asc'],
    ['org_code', 'asc'],
  ],
  tree: { pidField: 'parent_id', parentKey: 'id' },
};
