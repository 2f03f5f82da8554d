/** Attendance shifts (班次) as the field registry knows them: the shift picker's list filters and sorting. */
import { AUDIT_FIELDS, numberField, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

export const SHIFT_FIELDS: EntityDef = {
  names: ['hr_attendance_shift'],
  label: '班次',
  table: 'hr_attendance_shift',
  columns: {
    id: stringField('id', '主键', { filter: true, sort: true }),
    name: stringField('name', '班次名称', { filter: true, sort: true }),
    am_start: stringField('am_start', '上午上班', { filter: true, sort: true }),
    am_end: stringField('am_end', '上午下班', { filter: true, sort: true }),
    pm_start: stringField('pm_start', '下午上班', { filter: true, sort: true }),
    pm_end: stringField('pm_end', '下午下班', { filter: true, sort: true }),
    sort_order: numberField('sort_order', '排序', { sort: true }),
    del_flag: numberField('del_flag', '删除状态', { filter: true, dict: 'del_flag' }),
    ...AUDIT_FIELDS,
  },
  dictPairs: [['name', 'id']],
  baseFilter: [{ field: 'del_flag', op: '=', value: 0 }],
  defaultOrder: [
    ['sort_order', 'asc'],
    ['name', 'asc'],
  ],
};
