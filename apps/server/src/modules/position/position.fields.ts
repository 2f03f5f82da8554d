/** Positions (职务) as the field registry knows them: the sort and filter allow-list of /sys/position/list. */
import { AUDIT_FIELDS, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

export const POSITION_FIELDS: EntityDef = {
  names: ['sys_position'],
  label: '职务',
  table: 'sys_position',
  columns: {
    id: stringField('id', '主键', { filter: true, sort: true }),
    code: stringField('code', '职务编码', { filter: true, sort: true, unique: true }),
    name: stringField('name', '职务名称', { filter: true, sort: true }),
    post_rank: stringField('post_rank', '职级', { filter: true, sort: true, dict: 'position_rank' }),
    ...AUDIT_FIELDS,
  },
  dictPairs: [['name', 'code']],
  baseFilter: [],
  defaultOrder: [['code', 'asc']],
};
