/** The operate log as the field registry knows it: the sorting of its list (no dictionary pairs, no duplicate checks). */
import { stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

export const OPERATE_LOG_FIELDS: EntityDef = {
  names: ['operate_log'],
  label: '操作日志',
  table: 'operate_log',
  columns: {
    id: stringField('id', '主键', { sort: true }),
    operate_time: stringField('operate_time', '操作时间', { sort: true }),
    operate_type: stringField('operate_type', '操作类型', { sort: true, dict: 'operate_type' }),
    username: stringField('username', '操作人账号', { sort: true }),
    // The list shows 'realname(username)' as `user`; sorting by it sorts by account.
    user: stringField('username', '操作人', { sort: true }),
    content: stringField('content', '操作内容', { sort: true }),
    relate_id: stringField('relate_id', '关联记录', { sort: true }),
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [
    ['operate_time', 'desc'],
    ['id', 'desc'],
  ],
};
