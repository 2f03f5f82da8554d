/**
 * Work orders as the field registry knows them: the list's sorting and advanced query (`filter`: what 高级查询 may
 * name; people are ids, times the stored 'YYYY-MM-DD HH:mm:ss'), and the columns of the export (工单导出) and the
 * import template (工单导入), in this order. The `*_dictText` names the list shows sort by the stored code (the
 * suffix is stripped); the people columns sort by id. No dictionary pairs, no duplicate checks.
 */
import {
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_PRIORITY_DICT,
  WORK_ORDER_STATUS_DICT,
} from '@houtai/shared/contract/work-order-rules';
import { numberField, stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

/** People are user ids, shown by name. */
const USER_DICT = 'sys_user,realname,id';

export const WORK_ORDER_FIELDS: EntityDef = {
  names: ['bi_work_order'],
  label: '工单',
  table: 'bi_work_order',
  columns: {
    id: stringField('id', '主键', { sort: true }),
    // The business key: an import row that carries one is reported, never imported as a twin (work-order.tasks.ts).
    order_no: stringField('order_no', '工单号', { filter: true, sort: true, export: { width: 18 }, import: true }),
    title: stringField('title', '标题', {
      filter: true,
      sort: true,
      export: { width: 30 },
      import: { required: true },
    }),
    content: stringField('content', '内容', { filter: true, export: { width: 40 }, import: true }),
    priority: stringField('priority', '优先级', {
      filter: true,
      sort: true,
      dict: WORK_ORDER_PRIORITY_DICT,
      export: true,
      // The dictionary is shared with announcements; a work order takes only its own three.
      import: { values: WORK_ORDER_PRIORITIES },
    }),
    status: stringField('status', '状态', { filter: true, sort: true, dict: WORK_ORDER_STATUS_DICT, export: true }),
    reporter_id: stringField('reporter_id', '提交人', { filter: true, sort: true, dict: USER_DICT, export: true }),
    assignee_id: stringField('assignee_id', '处理人', { filter: true, sort: true, dict: USER_DICT, export: true }),
    create_time: stringField('create_time', '创建时间', {
      filter: true,
      format: 'datetime',
      sort: true,
      export: { width: 20 },
    }),
    closed_by: stringField('closed_by', '关闭人', { dict: USER_DICT, export: true }),
    closed_time: stringField('closed_time', '关闭时间', {
      filter: true,
      format: 'datetime',
      sort: true,
      export: { width: 20 },
    }),
    create_by: stringField('create_by', '创建人', { filter: true, sort: true }),
    update_by: stringField('update_by', '更新人', { sort: true }),
    update_time: stringField('update_time', '更新时间', { filter: true, format: 'datetime', sort: true }),
    // No flags: requests cannot filter or sort by it; the SQL of an online report may (onl_cgreport, 工单选择).
    del_flag: numberField('del_flag', '删除状态'),
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [
    ['create_time', 'desc'],
    ['id', 'desc'],
  ],
};
