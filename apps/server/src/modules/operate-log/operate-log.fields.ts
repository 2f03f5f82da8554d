/**
 * The operate log as the field registry knows it: the sorting and advanced query of its list (no dictionary pairs, no
 * duplicate checks). operate_time is an ISO instant, compared as text (no date `format`).
 */
import { stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

export const OPERATE_LOG_FIELDS: EntityDef = {
  names: ['operate_log'],
  label: '操作日志',
  table: 'operate_log',
  columns: {
    id: stringField('id', '主键', { sort: true }),
    operate_time: stringField('operate_time', '操作时间', { filter: true, sort: true }),
    operate_type: stringField('operate_type', '操作类型', { filter: true, sort: true, dict: 'operate_type' }),
    username: stringField('username', '操作人账号', { filter: true, sort: true }),
    // The list shows 'realname(username)' as `user`; sorting by it sorts by account.
    user: stringField('username', '操作人', { sort: true }),
    content: stringField('content', '操作内容', { filter: true, sort: true }),
    relate_id: stringField('relate_id', '关联记录', { filter: true, sort: true }),
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [
    ['operate_time', 'desc'],
    ['id', 'desc'],
  ],
};
