/** The category dictionary (a tree by pid that keeps a has-child flag) as the field registry knows it. */
import { AUDIT_FIELDS, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

export const CATEGORY_FIELDS: EntityDef = {
  names: ['sys_category'],
  label: '分类字典',
  table: 'sys_category',
  columns: {
    id: stringField('id', '主键', { filter: true, sort: true }),
    pid: stringField('pid', '父级节点', { filter: true, dict: 'sys_category,name,id' }),
    name: stringField('name', '分类名称', { filter: true, sort: true }),
    code: stringField('code', '分类编码', { filter: true, sort: true, unique: true }),
    sys_org_code: stringField('sys_org_code', '所属部门', { filter: true }),
    has_child: stringField('has_child', '是否有子节点'),
    ...AUDIT_FIELDS,
  },
  dictPairs: [
    ['name', 'id'],
    ['name', 'code'],
  ],
  baseFilter: [],
  defaultOrder: [['code', 'asc']],
  tree: { pidField: 'pid', parentKey: 'id', hasChildField: 'has_child' },
};
