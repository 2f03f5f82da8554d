/** Scheduled jobs (sys_quartz_job) as the field registry knows them: the list's sorting and filters. */
import { AUDIT_FIELDS, numberField, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

export const QUARTZ_FIELDS: EntityDef = {
  names: ['sys_quartz_job'],
  label: '定时任务',
  table: 'sys_quartz_job',
  columns: {
    id: stringField('id', '主键', { sort: true }),
    job_class_name: stringField('job_class_name', '任务类型', { filter: true, sort: true }),
    cron_expression: stringField('cron_expression', 'Cron表达式', { sort: true }),
    description: stringField('description', '描述', { sort: true }),
    status: numberField('status', '状态', { filter: true, sort: true, dict: 'quartz_status' }),
    last_fire_time: stringField('last_fire_time', '上次执行', { sort: true }),
    next_fire_time: stringField('next_fire_time', '下次执行', { sort: true }),
    del_flag: numberField('del_flag', '删除状态', { dict: 'del_flag' }),
    ...AUDIT_FIELDS,
  },
  dictPairs: [],
  baseFilter: [{ field: 'del_flag', op: '=', value: 0 }],
  defaultOrder: [['create_time', 'desc']],
};
