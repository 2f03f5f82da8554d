/**
 * Announcements (系统通告) as the field registry knows them: what the advanced query of the administration list, of
 * 我的消息 and of the bell's listByUser may name. Sorting stays with the module's own allow-lists
 * (announcement.repository.ts); content, recipients and bus ids are not queryable. Times are the stored
 * 'YYYY-MM-DD HH:mm:ss'.
 */
import { stringField } from '../../registry/fields.ts';
import type { EntityDef } from '../../registry/types.ts';

/** The registry's name of announcements (the advanced query's entity). */
export const ANNOUNCEMENT_ENTITY = 'sys_announcement';

export const ANNOUNCEMENT_FIELDS: EntityDef = {
  names: [ANNOUNCEMENT_ENTITY],
  label: '系统通告',
  table: 'sys_announcement',
  columns: {
    id: stringField('id', '主键'),
    titile: stringField('titile', '标题', { filter: true }),
    sender: stringField('sender', '发布人', { filter: true }),
    priority: stringField('priority', '优先级', { filter: true, dict: 'priority' }),
    msg_category: stringField('msg_category', '消息类型', { filter: true, dict: 'msg_category' }),
    msg_type: stringField('msg_type', '通告对象类型', { filter: true, dict: 'msg_type' }),
    send_status: stringField('send_status', '发布状态', { filter: true, dict: 'send_status' }),
    start_time: stringField('start_time', '开始时间', { filter: true, format: 'datetime' }),
    end_time: stringField('end_time', '结束时间', { filter: true, format: 'datetime' }),
    send_time: stringField('send_time', '发布时间', { filter: true, format: 'datetime' }),
    cancel_time: stringField('cancel_time', '撤销时间', { filter: true, format: 'datetime' }),
    create_time: stringField('create_time', '创建时间', { filter: true, format: 'datetime' }),
    create_by: stringField('create_by', '创建人', { filter: true }),
  },
  dictPairs: [],
  baseFilter: [],
  defaultOrder: [
    ['create_time', 'desc'],
    ['id', 'desc'],
  ],
};
