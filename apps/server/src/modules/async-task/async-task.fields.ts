/**
 * The caller's tasks of the task centre as the field registry knows them: what the advanced query of
 * /task/asyncTask/list/mine may name (the list is always limited to the caller's own tasks). Times are stored as ISO
 * instants and compared as text; params, files and URLs are not queryable.
 */
import { ASYNC_TASK_STATUS_DICT } from '@houtai/shared/contract/async-task';
import { numberField, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

/** The registry's name of tasks. */
export const ASYNC_TASK_ENTITY = 'async_task';

export const ASYNC_TASK_FIELDS: EntityDef = {
  names: [ASYNC_TASK_ENTITY],
  label: '任务',
  table: 'async_task',
  columns: {
    id: stringField('id', '主键'),
    title: stringField('title', '任务名称', { filter: true }),
    business_type: stringField('business_type', '业务类型', { filter: true }),
    status: stringField('status', '状态', { filter: true, dict: ASYNC_TASK_STATUS_DICT }),
    progress: numberField('progress', '进度', { filter: true }),
    duration: numberField('duration', '耗时', { filter: true }),
    start_time: stringField('start_time', '开始时间', { filter: true }),
    end_time: stringField('end_time', '结束时间', { filter: true }),
    create_time: stringField('create_time', '创建时间', { filter: true }),
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [
    ['create_time', 'desc'],
    ['id', 'desc'],
  ],
};
